// Types for the TypeScript test that loads the floors (apps/api/test/api-boundaries.test.ts).
import type { Linter } from 'eslint';

export declare const API_FLOORS: readonly { floor: string; units: readonly string[] }[];
/** The config blocks for these units of apps/api/src (by default, those on disk). */
export declare function apiBoundaryConfigs(units?: readonly string[]): Linter.Config[];
declare const configs: Linter.Config[];
export default configs;

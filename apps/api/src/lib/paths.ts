import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The api package root, found by walking up from this module: the same code runs from
 * src/ (tsx, tests) and from the bundled dist/server.js, which sit at different depths. */
export function apiRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (existsSync(path.join(dir, 'drizzle', 'meta', '_journal.json'))) return dir;
    dir = path.dirname(dir);
  }
  throw new Error('No se encontró la carpeta de migraciones (apps/api/drizzle).');
}

export const migrationsDir = (): string => path.join(apiRoot(), 'drizzle');
export const defaultWebDistDir = (): string => path.resolve(apiRoot(), '..', 'web', 'dist');

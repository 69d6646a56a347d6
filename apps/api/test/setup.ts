import { afterAll } from 'vitest';
import { closeLeftovers } from './test-app';

// Runs before every API test file. Files share their worker (isolate: false, decision 0079), so
// whatever one leaves open is closed here, after its own afterAll hooks, before the next starts.
afterAll(closeLeftovers);

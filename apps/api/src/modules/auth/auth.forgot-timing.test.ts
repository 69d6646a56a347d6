import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, uniqueEmail } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { createTestUser } from '../../../test/users';

// Decision 0005: forgot-password must not tell whether an address has an account, by its time
// either. The real service against PGlite, each case many times, compared by median.
const RUNS = 17;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function timed(email: string): Promise<number> {
  const start = performance.now();
  const res = await post(t.app, '/api/auth/forgot-password', { email });
  const ms = performance.now() - start;
  expect(res.statusCode).toBe(200);
  return ms;
}

describe('forgot-password timing', () => {
  it('an existing account answers about as fast as an unknown address', async () => {
    const known = await Promise.all(
      Array.from({ length: RUNS }, () => createTestUser(t.database.db)),
    );
    const existing: number[] = [];
    const unknown: number[] = [];
    await timed(uniqueEmail('warm')); // first call compiles the route
    for (let i = 0; i < RUNS; i++) {
      // Interleaved, so a slow moment of the machine hits both cases alike.
      existing.push(await timed(known[i]!.email));
      unknown.push(await timed(uniqueEmail('nadie')));
    }
    expect(
      median(existing),
      `existing ${existing.join(',')} unknown ${unknown.join(',')}`,
    ).toBeLessThanOrEqual(median(unknown) * 1.5 + 3);
  });
});

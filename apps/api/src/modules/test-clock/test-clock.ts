import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock';

const WEEK_MS = 7 * 86_400_000;

export type TestClock = { now: Clock; setOffset(ms: number): void };

/** The real time moved by an offset the browser journeys set: they cannot wait for a kick-off. */
export function createTestClock(base: Clock): TestClock {
  let offset = 0;
  return {
    now: () => new Date(base().getTime() + offset),
    setOffset(ms) {
      offset = ms;
    },
  };
}

const ZClockRequest = z.object({ offsetMs: z.number().int().min(0).max(WEEK_MS) });

/** PUT /api/test/clock: only registered with TEST_CLOCK=true, which production refuses
 * (config.ts). Moves forward only, up to a week, and never back before the real time. */
export async function testClockRoutes(app: FastifyInstance, opts: { clock: TestClock }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .put('/api/test/clock', { schema: { hide: true, body: ZClockRequest } }, async (request) => {
      opts.clock.setOffset(request.body.offsetMs);
      return { success: true, now: opts.clock.now().toISOString() };
    });
}

import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/app-error';

/** Far enough for a referral's 14 days to settle (decision 0119) in a browser journey. */
const MAX_AHEAD_MS = 30 * 86_400_000;

export const CLOCK_BACKWARDS = 'El reloj de pruebas solo avanza: no puede volver atrás.';

export type TestClock = {
  now: Clock;
  offset(): number;
  /** False when `ms` is below the current offset: the clock never goes back. */
  setOffset(ms: number): boolean;
};

/** The real time moved by an offset the browser journeys set: they cannot wait for a kick-off.
 * It only moves forward, as time does: the ledger never lets an entry's time go back (it keeps
 * the later time), so a clock moved back would make the server count a bet as published before
 * its kick-off while the ledger says after it, and the verifier would rightly fail. */
export function createTestClock(base: Clock): TestClock {
  let offset = 0;
  return {
    now: () => new Date(base().getTime() + offset),
    offset: () => offset,
    setOffset(ms) {
      if (ms < offset) return false;
      offset = ms;
      return true;
    },
  };
}

const ZClockRequest = z.object({ offsetMs: z.number().int().min(0).max(MAX_AHEAD_MS) });

/** GET and PUT /api/test/clock: only registered with TEST_CLOCK=true, which production refuses
 * (config.ts). Moves forward only, up to 30 days ahead of the real time. */
export async function testClockRoutes(app: FastifyInstance, opts: { clock: TestClock }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const answer = () => ({
    success: true,
    now: opts.clock.now().toISOString(),
    offsetMs: opts.clock.offset(),
  });
  r.get('/api/test/clock', { schema: { hide: true } }, async () => answer());
  r.put('/api/test/clock', { schema: { hide: true, body: ZClockRequest } }, async (request) => {
    if (!opts.clock.setOffset(request.body.offsetMs)) throw AppError.badRequest(CLOCK_BACKWARDS);
    return answer();
  });
}

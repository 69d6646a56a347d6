import { api } from './api';

type ClockAnswer = { now: string; offsetMs: number };

async function readClock(): Promise<ClockAnswer> {
  const { status, body } = await api('/test/clock');
  if (status !== 200) throw new Error(`GET /api/test/clock: ${status}`);
  return body as unknown as ClockAnswer;
}

/** The e2e server's time (TEST_CLOCK, decision 0038): ahead of the real time once a journey has
 * moved it, so journeys date their matches from it, never from their own clock. */
export async function serverNow(): Promise<Date> {
  return new Date((await readClock()).now);
}

/**
 * Moves the e2e server's clock `ms` further ahead, so a journey can pass a kick-off without
 * waiting for it. It never goes back (decision 0089): the ledger keeps its times moving forward,
 * and a clock put back would leave the server and the ledger disagreeing on which bets were
 * published before their kick-off, which the last journey's verifier would rightly refuse.
 */
export async function advanceServerClock(ms: number): Promise<void> {
  const { offsetMs } = await readClock();
  const { status } = await api('/test/clock', {
    method: 'PUT',
    body: { offsetMs: offsetMs + ms },
  });
  if (status !== 200) throw new Error(`PUT /api/test/clock: ${status}`);
}

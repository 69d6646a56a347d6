import { api } from './api';

/**
 * Moves the e2e server's clock `offsetMs` ahead of the real time (TEST_CLOCK, decision 0038), so a
 * journey can pass a kick-off without waiting for it. 0 puts it back. Journeys run one file at a
 * time, and every file that moves it puts it back when it ends.
 */
export async function setServerClockOffset(offsetMs: number): Promise<void> {
  const { status } = await api('/test/clock', { method: 'PUT', body: { offsetMs } });
  if (status !== 200) throw new Error(`PUT /api/test/clock: ${status}`);
}

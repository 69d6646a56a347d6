import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Files that move the server's clock ahead (support/clock.ts): it never comes back, so they run
 * after every journey that dates things from the real time. */
const movesTheClock = (file: string) => readFileSync(file, 'utf8').includes('advanceServerClock(');

/** Journeys that move it by days (a referral settles after 14): after those that move it by
 * minutes, whose seeded matches must still be ahead of the server's time. */
const movesItByDays = (file: string) => file.endsWith('referrals.e2e.ts');

/** The journey that checks the whole record runs last, over what every other journey wrote. */
const checksTheRecord = (file: string) => file.endsWith('verify-record.e2e.ts');

/** Vitest's order (slowest first from its cache), then the clock movers, then the verifier. */
export default class ClockLastSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) =>
      checksTheRecord(spec.moduleId)
        ? 3
        : movesItByDays(spec.moduleId)
          ? 2
          : movesTheClock(spec.moduleId)
            ? 1
            : 0;
    // Array.prototype.sort is stable: each group keeps the base order.
    return [...(await super.sort(files))].sort((a, b) => rank(a) - rank(b));
  }
}

import { describe, expect, it } from 'vitest';
import { MSG } from './messages';
import { parseVerificationPeriod, VERIFICATION_MSG } from './verification';

describe('parseVerificationPeriod', () => {
  it('reads whole UTC days, the end day included', () => {
    expect(parseVerificationPeriod('2026-06-01', '2026-06-10')).toEqual({
      ok: true,
      start: new Date('2026-06-01T00:00:00.000Z'),
      end: new Date('2026-06-10T23:59:59.999Z'),
    });
  });

  it('accepts ISO instants with an offset', () => {
    const period = parseVerificationPeriod('2026-06-01T08:00:00+02:00', '2026-06-01T09:00:00Z');
    expect(period).toEqual({
      ok: true,
      start: new Date('2026-06-01T06:00:00.000Z'),
      end: new Date('2026-06-01T09:00:00.000Z'),
    });
  });

  it.each([
    [undefined, '2026-06-01', MSG.periodDates],
    ['2026-06-01', null, MSG.periodDates],
    ['  ', '2026-06-01', MSG.periodDates],
    ['2026-02-29', '2026-03-01', VERIFICATION_MSG.invalidDate],
    ['01/06/2026', '2026-06-10', VERIFICATION_MSG.invalidDate],
    ['2026-06-10', '2026-06-09', VERIFICATION_MSG.startAfterEnd],
    ['2025-01-01', '2026-01-02', VERIFICATION_MSG.periodTooLong],
  ])('(%s, %s) → %s', (start, end, message) => {
    expect(parseVerificationPeriod(start, end)).toEqual({ ok: false, message });
  });

  it('a leap day is a real day, and 366 days is allowed', () => {
    expect(parseVerificationPeriod('2028-02-29', '2028-02-29').ok).toBe(true);
    expect(parseVerificationPeriod('2025-01-01', '2026-01-01').ok).toBe(true);
  });
});

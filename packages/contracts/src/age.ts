export const MINIMUM_AGE = 21;

/**
 * Whole years between a birth date (YYYY-MM-DD) and today, counted on the calendar.
 * SPEC.md describes the age with 365.25-day years; that approximation can be a day off
 * either way around a birthday, so the calendar count is used: a person can register on
 * their 21st birthday and not the day before (docs/decisions/0001-age-rule.md).
 */
export function ageOn(dateOfBirth: string, today: Date): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const birth = new Date(Date.UTC(y, m - 1, d));
  if (birth.getUTCFullYear() !== y || birth.getUTCMonth() !== m - 1 || birth.getUTCDate() !== d) {
    return null;
  }
  const ty = today.getUTCFullYear();
  const tm = today.getUTCMonth() + 1;
  const td = today.getUTCDate();
  let age = ty - y;
  if (tm < m || (tm === m && td < d)) age -= 1;
  return age;
}

export function isOldEnough(dateOfBirth: string, today: Date): boolean {
  const age = ageOn(dateOfBirth, today);
  return age !== null && age >= MINIMUM_AGE;
}

/** No one alive was born earlier; older years are typing slips ("0001-01-01"), not ages. */
export const EARLIEST_BIRTH_YEAR = 1900;

/** A real calendar date (YYYY-MM-DD) from EARLIEST_BIRTH_YEAR on. */
export function isValidBirthDate(dateOfBirth: string): boolean {
  return (
    ageOn(dateOfBirth, new Date()) !== null &&
    Number(dateOfBirth.slice(0, 4)) >= EARLIEST_BIRTH_YEAR
  );
}

/** MagoTips publishes no tips on matches before this year; earlier years are typing slips
 * that the database would store mangled ("0001-01-01" came back as 2001). */
export const EARLIEST_MATCH_YEAR = 2000;

/** The year of an ISO date or date-time ("2026-06-01", "2026-06-01T18:00:00Z"), when it has one. */
export function isValidMatchYear(isoDate: string): boolean {
  const year = /^\s*(\d{4})-/.exec(isoDate)?.[1];
  return year === undefined || Number(year) >= EARLIEST_MATCH_YEAR;
}

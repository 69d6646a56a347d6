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

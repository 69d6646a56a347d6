// Plain functions, no Zod: the registration form's three date fields (día, mes, año) and the
// YYYY-MM-DD text the contract's date-of-birth rule (auth.ts) judges.

export type BirthDateParts = { day: string; month: string; year: string };

export const EMPTY_BIRTH_DATE_PARTS: BirthDateParts = { day: '', month: '', year: '' };

/** Spanish month names, January first, for the month selector. */
export const MONTHS_ES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const;

const digits = (value: string) => value.replace(/\D/g, '');

/**
 * The date the three fields spell, as YYYY-MM-DD. All empty gives '' (the rule then says the
 * date is required). A partial or impossible date gives text the rule refuses as not valid
 * (a missing part counts as zero), never something it could read as a different real date.
 */
export function birthDateFromParts(parts: BirthDateParts): string {
  const day = digits(parts.day);
  const month = digits(parts.month);
  const year = digits(parts.year);
  if (!day && !month && !year) return '';
  // Longer than the field allows: keep it impossible rather than cutting it into a real date.
  if (day.length > 2 || month.length > 2 || year.length > 4) return '0000-00-00';
  return `${year.padStart(4, '0')}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/** The three fields of a YYYY-MM-DD date (to show a kept date again); empty fields otherwise. */
export function birthDatePartsOf(value: string): BirthDateParts {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return EMPTY_BIRTH_DATE_PARTS;
  // A zero part stands for a field left empty (birthDateFromParts).
  const shown = (part = '') => (Number(part) === 0 ? '' : String(Number(part)));
  return {
    day: shown(match[3]),
    month: shown(match[2]),
    year: Number(match[1]) === 0 ? '' : (match[1] ?? ''),
  };
}

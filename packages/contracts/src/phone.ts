// Plain functions, no Zod: the schema that uses them is in new-password.ts.

/** SPEC.md §5: an optional plus, a digit 1 to 9, then up to 15 more digits. */
export const PHONE_PATTERN = /^\+?[1-9]\d{0,15}$/;

// What people type between digits: spaces (also the non-breaking ones phones paste), dashes,
// dots and brackets around a prefix.
const SEPARATORS = /[\s\u00a0\u2000-\u200b\u202f\u2010-\u2015\-.()]/g;

/**
 * The phone as the rule reads it: "600 12 34 56" → "600123456", "+34 600-123-456" →
 * "+34600123456". Only separators go; a missing "+" stays missing (the rule allows it) and a
 * leading 0 stays, so SPEC.md's message still tells whoever really starts with 0.
 */
export function normalizePhone(raw: string): string {
  return raw.replace(SEPARATORS, '');
}

export function isValidPhone(raw: string): boolean {
  return PHONE_PATTERN.test(normalizePhone(raw));
}

import { MSG } from './messages';

// Plain functions, no Zod: the account form and the route both call checkTaxId (receipts.ts
// wraps it in the schema), so one rule decides what a buyer's tax id may be.

/** Countries whose tax id a receipt can carry (issue 30 item 6), with the id's local name. */
export const TAX_ID_COUNTRIES = ['ES', 'MX', 'AR', 'CO'] as const;
export type TaxIdCountry = (typeof TAX_ID_COUNTRIES)[number];

export const TAX_ID_LABELS: Record<TaxIdCountry, { country: string; id: string; example: string }> =
  {
    ES: { country: 'España', id: 'NIF', example: '12345678Z' },
    MX: { country: 'México', id: 'RFC', example: 'GODE561231GR8' },
    AR: { country: 'Argentina', id: 'CUIT', example: '20-12345678-6' },
    CO: { country: 'Colombia', id: 'NIT', example: '900123456-8' },
  };

export const TAX_ID_MESSAGES: Record<TaxIdCountry, string> = {
  ES: MSG.taxIdEs,
  MX: MSG.taxIdMx,
  AR: MSG.taxIdAr,
  CO: MSG.taxIdCo,
};

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

/** NIF of a person (DNI), foreigner (NIE) or company (CIF-style NIF), with its control
 * character: the official mod-23 letter, or the company NIF's Luhn-like digit or letter. */
function spanishNif(raw: string): string | null {
  const id = raw.replace(/[\s.-]/g, '').toUpperCase();
  const person = /^([XYZ]?)(\d{7,8})([A-Z])$/.exec(id);
  if (person) {
    const [, prefix = '', digits = '', letter] = person;
    if (prefix === '' && digits.length !== 8) return null;
    if (prefix !== '' && digits.length !== 7) return null;
    const number = Number(`${prefix === '' ? '' : 'XYZ'.indexOf(prefix)}${digits}`);
    return DNI_LETTERS[number % 23] === letter ? id : null;
  }
  const company = /^([ABCDEFGHJNPQRSUVW])(\d{7})([0-9A-J])$/.exec(id);
  if (!company) return null;
  const [, kind = '', digits = '', control = ''] = company;
  let sum = 0;
  for (const [i, ch] of [...digits].entries()) {
    const d = Number(ch);
    if (i % 2 === 1) sum += d;
    else sum += Math.floor((d * 2) / 10) + ((d * 2) % 10);
  }
  const digit = (10 - (sum % 10)) % 10;
  const letter = 'JABCDEFGHI'[digit];
  // Some company kinds take only a letter, some only a digit, the rest either.
  if ('PQRSNW'.includes(kind)) return control === letter ? id : null;
  if ('ABEH'.includes(kind)) return control === String(digit) ? id : null;
  return control === String(digit) || control === letter ? id : null;
}

/** Mexico's RFC has a check character whose algorithm SAT does not publish as a rule for every
 * case (homonyms, foreigners): its shape and date are checked, as SAT's own forms do. */
function mexicanRfc(raw: string): string | null {
  const id = raw.replace(/[\s-]/g, '').toUpperCase();
  const m = /^[A-ZÑ&]{3,4}(\d{2})(\d{2})(\d{2})[A-Z0-9]{2}[0-9A]$/.exec(id);
  if (!m) return null;
  const month = Number(m[2]);
  const day = Number(m[3]);
  // The year has two digits: 29 February is allowed for any year whose 2000s or 1900s twin is leap.
  const days = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  if (!days || day < 1 || day > days) return null;
  return id;
}

const CUIT_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

function argentineCuit(raw: string): string | null {
  const id = raw.replace(/[\s.-]/g, '');
  if (!/^(20|23|24|25|26|27|30|33|34)\d{9}$/.test(id)) return null;
  const sum = CUIT_WEIGHTS.reduce((acc, w, i) => acc + w * Number(id[i]), 0);
  const rest = 11 - (sum % 11);
  const check = rest === 11 ? 0 : rest;
  return check !== 10 && check === Number(id[10]) ? id : null;
}

const NIT_WEIGHTS = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71];

/** The DIAN's check digit (módulo 11 with prime weights from the right). */
export function nitCheckDigit(base: string): number {
  const digits = [...base].reverse();
  const sum = digits.reduce((acc, d, i) => acc + Number(d) * (NIT_WEIGHTS[i] ?? 0), 0);
  const rest = sum % 11;
  return rest > 1 ? 11 - rest : rest;
}

function colombianNit(raw: string): string | null {
  const id = raw.replace(/[\s.]/g, '');
  const m = /^(\d{6,15})-?(\d)$/.exec(id);
  if (!m) return null;
  const [, base = '', check] = m;
  return nitCheckDigit(base) === Number(check) ? `${base}-${check}` : null;
}

const CHECKS: Record<TaxIdCountry, (raw: string) => string | null> = {
  ES: spanishNif,
  MX: mexicanRfc,
  AR: argentineCuit,
  CO: colombianNit,
};

/** The id as stored (upper case, no separators but NIT's dash), or null when it is not valid. */
export function checkTaxId(country: TaxIdCountry, raw: string): string | null {
  if (raw.length > 40) return null;
  return CHECKS[country](raw.trim());
}

/** The id as printed: CUIT with its dashes, the others as stored. */
export function formatTaxId(country: TaxIdCountry, id: string): string {
  if (country === 'AR' && id.length === 11)
    return `${id.slice(0, 2)}-${id.slice(2, 10)}-${id.slice(10)}`;
  return id;
}

export function isTaxIdCountry(value: unknown): value is TaxIdCountry {
  return typeof value === 'string' && (TAX_ID_COUNTRIES as readonly string[]).includes(value);
}

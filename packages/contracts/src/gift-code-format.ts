// Plain functions, no Zod: the account page's prefill and the server's hashing both use them.

/** Crockford's base32: digits and letters without I, L, O and U (easily misread or rude). */
export const GIFT_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const GIFT_CODE_PREFIX = 'MAGO';
/** 16 symbols of 5 bits: 80 bits of randomness, written as four groups of four. */
export const GIFT_CODE_SYMBOLS = 16;
export const GIFT_CODE_BYTES = 10;
/** What an input may hold before it is not worth looking at (dashes and spaces included). */
export const GIFT_CODE_INPUT_MAX = 64;

/** The person-facing form of 10 random bytes: `MAGO-XXXX-XXXX-XXXX-XXXX`. */
export function encodeGiftCode(bytes: Uint8Array): string {
  if (bytes.length !== GIFT_CODE_BYTES) throw new Error(`gift code needs ${GIFT_CODE_BYTES} bytes`);
  let bits = 0;
  let value = 0;
  let symbols = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      symbols += GIFT_CODE_ALPHABET[(value >> bits) & 31];
    }
    value &= (1 << bits) - 1;
  }
  return `${GIFT_CODE_PREFIX}-${groups(symbols)}`;
}

function groups(symbols: string): string {
  return (symbols.match(/.{1,4}/g) ?? []).join('-');
}

/**
 * The 16 symbols a typed code stands for, or null when it cannot be one. Any case, with or
 * without dashes and spaces, with or without the MAGO prefix; as Crockford's decoding does, an
 * I or L is read as 1 and an O as 0, so a code copied by hand from paper still works.
 */
export function normalizeGiftCode(input: string): string | null {
  const compact = input.toUpperCase().replace(/[\s\-‐-―_]+/g, '');
  const body =
    compact.length === GIFT_CODE_PREFIX.length + GIFT_CODE_SYMBOLS &&
    compact.startsWith(GIFT_CODE_PREFIX)
      ? compact.slice(GIFT_CODE_PREFIX.length)
      : compact;
  // Our codes never hold an O: a leading "MAGO" that was not stripped is the prefix of a code
  // with a group missing, not four symbols of one.
  if (body.length !== GIFT_CODE_SYMBOLS || body.startsWith(GIFT_CODE_PREFIX)) return null;
  const read = body.replace(/[IL]/g, '1').replace(/O/g, '0');
  for (const c of read) if (!GIFT_CODE_ALPHABET.includes(c)) return null;
  return read;
}

/** A normalized code written back as people see it. */
export function displayGiftCode(normalized: string): string {
  return `${GIFT_CODE_PREFIX}-${groups(normalized)}`;
}

/** The account page's query parameter the gift e-mail links with: /panel/cuenta?regalo=CODE. */
export const GIFT_REDEEM_PARAM = 'regalo';

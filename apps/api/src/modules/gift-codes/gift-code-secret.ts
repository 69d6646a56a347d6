import { createHash, randomBytes } from 'node:crypto';
import { encodeGiftCode, GIFT_CODE_BYTES } from '@magotips/contracts/gift-code-format';

/** A fresh code: what the person reads, and what the database keeps of it. */
export type MintedGiftCode = { plain: string; hash: string; hint: string };

/** SHA-256 of the 16 normalized symbols. 80 random bits make a plain hash enough: nobody can
 * walk 2^80 candidates, so no per-code salt or slow hash is needed to keep a leaked table safe,
 * and the lookup stays one index probe. */
export function hashGiftCode(normalized: string): string {
  return createHash('sha256').update(`gift:${normalized}`).digest('hex');
}

export function mintGiftCode(): MintedGiftCode {
  const plain = encodeGiftCode(randomBytes(GIFT_CODE_BYTES));
  const normalized = plain.slice('MAGO-'.length).replaceAll('-', '');
  return { plain, hash: hashGiftCode(normalized), hint: normalized.slice(-4) };
}

import { createHmac } from 'node:crypto';
import { encodeGiftCode, GIFT_CODE_BYTES } from '@magotips/contracts/gift-code-format';
import { hashGiftCode, type MintedGiftCode } from '../gift-codes/gift-code-secret';

/**
 * The code a paid gift checkout gives, derived from a server secret and the transaction id
 * (decision 0054). Only its hash is stored, as for any code; deriving it again after the commit
 * lets the e-mails and the buyer's result page show it even if the process died right after
 * fulfilment. 80 bits of an HMAC: without the secret it is as unguessable as a random code.
 */
export function purchaseGiftCode(secret: string, transactionId: string): MintedGiftCode {
  const mac = createHmac('sha256', secret)
    .update(`magotips:gift-purchase:${transactionId}`)
    .digest();
  const plain = encodeGiftCode(mac.subarray(0, GIFT_CODE_BYTES));
  const normalized = plain.slice('MAGO-'.length).replaceAll('-', '');
  return { plain, hash: hashGiftCode(normalized), hint: normalized.slice(-4) };
}

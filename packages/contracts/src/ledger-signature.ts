// Ed25519 checks of the ledger's signatures for the verifiers. The platform's WebCrypto does it
// natively where it can (Node 20, current browsers): about 10x faster than JavaScript, which is
// what lets a reader check 100 000 entries in seconds. @noble/curves (audited, kept) is the same
// check where WebCrypto lacks Ed25519.
import { ed25519 } from '@noble/curves/ed25519.js';
import { hexToBytes } from '@noble/hashes/utils.js';

/** Answers whether `sigHex` is the ledger key's signature of the 32 bytes of `hashHex`. */
export type SignatureCheck = (hashHex: string, sigHex: string) => Promise<boolean>;

const HEX_64 = /^[0-9a-f]{64}$/;
const HEX_128 = /^[0-9a-f]{128}$/;

function nobleCheck(publicKey: Uint8Array): SignatureCheck {
  return async (hashHex, sigHex) => {
    if (!HEX_64.test(hashHex) || !HEX_128.test(sigHex)) return false;
    try {
      return ed25519.verify(hexToBytes(sigHex), hexToBytes(hashHex), publicKey);
    } catch {
      return false;
    }
  };
}

/** The checker for one public key (32 bytes, hex). */
export async function signatureCheck(
  publicKeyHex: string,
  options: { preferNative?: boolean } = {},
): Promise<SignatureCheck> {
  if (!HEX_64.test(publicKeyHex)) throw new Error('Clave pública Ed25519 no válida');
  const publicKey = hexToBytes(publicKeyHex);
  const subtle = globalThis.crypto?.subtle;
  if (options.preferNative === false || !subtle) return nobleCheck(publicKey);
  let key: Awaited<ReturnType<typeof subtle.importKey>>;
  try {
    key = await subtle.importKey('raw', publicKey, { name: 'Ed25519' }, false, ['verify']);
  } catch {
    return nobleCheck(publicKey);
  }
  return async (hashHex, sigHex) => {
    if (!HEX_64.test(hashHex) || !HEX_128.test(sigHex)) return false;
    try {
      return await subtle.verify('Ed25519', key, hexToBytes(sigHex), hexToBytes(hashHex));
    } catch {
      return false;
    }
  };
}

import { createPrivateKey, createPublicKey, type KeyObject, sign } from 'node:crypto';

/** PKCS#8's fixed prefix of an Ed25519 private key: what a 32-byte seed needs to become one. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export type LedgerKey = {
  /** The 32-byte public key, hex (GET /api/track-record/ledger/key). */
  publicKeyHex: string;
  publicKeyPem: string;
  /** Ed25519 signature of a hash's 32 bytes, hex. */
  signHash(hashHex: string): string;
};

function privateKeyOf(configured: string): KeyObject {
  const text = configured.trim();
  if (text.includes('BEGIN PRIVATE KEY')) {
    // Deployment tools often keep a PEM on one line with literal "\n".
    return createPrivateKey(text.replace(/\\n/g, '\n'));
  }
  const seed = Buffer.from(text, 'base64url');
  if (seed.length !== 32) throw new Error('LEDGER_PRIVATE_KEY: la semilla debe tener 32 bytes');
  return createPrivateKey({
    key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  });
}

/** The ledger's signing key from the configuration (config.ts refuses a start without one in
 * production and generates one into DATA_DIR elsewhere). Signing uses Node's native Ed25519. */
export function loadLedgerKey(configured: string): LedgerKey {
  const privateKey = privateKeyOf(configured);
  if (privateKey.asymmetricKeyType !== 'ed25519')
    throw new Error('LEDGER_PRIVATE_KEY debe ser una clave Ed25519');
  const publicKey = createPublicKey(privateKey);
  // The raw key is the last 32 bytes of its SubjectPublicKeyInfo.
  const spki = publicKey.export({ format: 'der', type: 'spki' });
  return {
    publicKeyHex: spki.subarray(spki.length - 32).toString('hex'),
    publicKeyPem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    signHash: (hashHex) => sign(null, Buffer.from(hashHex, 'hex'), privateKey).toString('hex'),
  };
}

import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signatureCheck } from '@magotips/contracts/ledger-signature';
import { nodeSignatureCheck } from './node-signature-check';
import { sodiumSignatureCheck } from './sodium-signature-check';

// The command line's two signature checks must judge exactly as the contracts' own (WebCrypto
// or @noble/curves): a valid signature passes, any changed byte or malformed text fails.
const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const publicHex = Buffer.from(publicKey.export({ format: 'jwk' }).x ?? '', 'base64url').toString('hex');

function signed(n: number) {
  return Array.from({ length: n }, () => {
    const hash = randomBytes(32);
    return { hash: hash.toString('hex'), sig: sign(null, hash, privateKey).toString('hex') };
  });
}
const flip = (hex: string, at: number) =>
  hex.slice(0, at) + (hex[at] === '0' ? '1' : '0') + hex.slice(at + 1);

describe("the command line's signature checks", () => {
  it('libsodium on workers, Node crypto and the contracts agree on valid, altered and malformed signatures', async () => {
    const sodium = await sodiumSignatureCheck(publicHex);
    expect(sodium).not.toBeNull();
    const checks = [sodium!, await nodeSignatureCheck(publicHex), await signatureCheck(publicHex)];
    // More than one page's worth at once: the batches split across the workers.
    const good = signed(1200);
    const cases = [
      ...good.map((e) => ({ ...e, want: true })),
      { ...good[0]!, sig: flip(good[0]!.sig, 5), want: false },
      { ...good[1]!, sig: flip(good[1]!.sig, 100), want: false },
      { ...good[2]!, hash: flip(good[2]!.hash, 63), want: false },
      { hash: good[3]!.hash, sig: good[4]!.sig, want: false },
      { hash: good[5]!.hash, sig: 'zz'.repeat(64), want: false },
      { hash: good[6]!.hash, sig: good[6]!.sig.slice(0, 126), want: false },
    ];
    for (const check of checks) {
      const got = await Promise.all(cases.map((c) => check(c.hash, c.sig)));
      expect(got).toEqual(cases.map((c) => c.want));
    }
  });
});

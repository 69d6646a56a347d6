import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type PushRequest = {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
};

/**
 * A browser's side of a Web Push subscription: the P-256 key pair and auth secret a browser
 * makes, the JSON it would hand to the site, and the decryption it would do (RFC 8291 over
 * RFC 8188 aes128gcm), written here from the RFCs rather than with the library under test.
 */
export function browserSubscription(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    endpoint,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const senderPublic = body.subarray(21, 21 + idLength);
      const records = body.subarray(21 + idLength);
      const shared = ecdh.computeSecret(senderPublic);
      const keyInfo = Buffer.concat([
        Buffer.from('WebPush: info\0'),
        ecdh.getPublicKey(),
        senderPublic,
      ]);
      const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32));
      const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(records.subarray(records.length - 16));
      const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
      // The last record ends with the delimiter 0x02, then optional zero padding.
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end--;
      if (padded[end] !== 2) throw new Error('not a last record');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}

/** Checks a VAPID Authorization header (RFC 8292): `vapid t=<JWT ES256>, k=<public key>`.
 * Answers the JWT's claims when the signature verifies with k, else null. */
export function verifyVapid(header: string | undefined): { aud: string; exp: number; sub: string; k: string } | null {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) return null;
  const [, token, k] = match as unknown as [string, string, string];
  const [head, claims, signature] = token.split('.') as [string, string, string];
  const raw = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const ok = verify('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!ok) return null;
  return { ...(JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { aud: string; exp: number; sub: string }), k };
}

/** A push service on loopback: keeps every request, answers 201, or the status set for a path. */
export async function startPushService() {
  const requests: PushRequest[] = [];
  const statusFor = new Map<string, { status: number; headers?: Record<string, string> }>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      requests.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      const answer = statusFor.get(path) ?? { status: 201 };
      res.writeHead(answer.status, answer.headers);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    requests,
    /** A new device on this service. */
    subscribe: (device: string) => browserSubscription(`${url}/push/${device}`),
    answer(device: string, status: number, headers?: Record<string, string>) {
      statusFor.set(`/push/${device}`, { status, headers });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

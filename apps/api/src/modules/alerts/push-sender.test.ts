import { createECDH } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPushService, verifyVapid } from '../../../test/push-double';
import { p256PrivateKey } from '../../config/config';
import { RetryLater } from '../jobs/job-runner';
import { isAllowedPushEndpoint, PushError, sendPush, type VapidIdentity } from './push-sender';

let service: Awaited<ReturnType<typeof startPushService>>;
let vapid: VapidIdentity;

beforeAll(async () => {
  service = await startPushService();
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  vapid = {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: p256PrivateKey(ecdh.getPrivateKey()),
    subject: 'mailto:soporte@magotips.com',
  };
});
afterAll(() => service.close());

describe('Web Push sending', () => {
  it('one encrypted aes128gcm POST with a VAPID header the device can read', async () => {
    const device = service.subscribe('phone');
    const payload = JSON.stringify({ title: 'Nuevo tip gratis: Betis vs. Sevilla', url: '/tip/1' });
    expect(await sendPush(vapid, device, payload)).toBe('sent');
    const request = service.requests.at(-1)!;
    expect(request.path).toBe('/push/phone');
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(request.headers.urgency).toBe('high');
    expect(Number(request.headers.ttl)).toBeGreaterThan(0);
    const claims = verifyVapid(String(request.headers.authorization));
    expect(claims).toMatchObject({
      aud: service.url,
      sub: 'mailto:soporte@magotips.com',
      k: vapid.publicKey,
    });
    expect(claims!.exp * 1000).toBeGreaterThan(Date.now());
    // The body is not the payload in clear: only the device's keys open it.
    expect(request.body.toString('utf8')).not.toContain('Betis');
    expect(device.decrypt(request.body)).toBe(payload);
    expect(() => service.subscribe('other').decrypt(request.body)).toThrow();
  });

  it('404 and 410 say the subscription is gone', async () => {
    for (const status of [404, 410]) {
      const device = service.subscribe(`gone-${status}`);
      service.answer(`gone-${status}`, status);
      expect(await sendPush(vapid, device, '{}')).toBe('gone');
    }
  });

  it('429 waits as long as Retry-After says; other refusals are errors', async () => {
    const limited = service.subscribe('limited');
    service.answer('limited', 429, { 'retry-after': '120' });
    const err = await sendPush(vapid, limited, '{}').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RetryLater);
    expect((err as RetryLater).delayMs).toBe(120_000);

    const broken = service.subscribe('broken');
    service.answer('broken', 500);
    const refused = await sendPush(vapid, broken, '{}').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PushError);
    expect((refused as Error).message).not.toContain('127.0.0.1');
  });
});

describe('push endpoints the server will call', () => {
  it('only the known push services over https, loopback and private addresses never', () => {
    const ok = [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://db5p.notify.windows.com/w/?token=abc',
      'https://web.push.apple.com/abc',
    ];
    for (const endpoint of ok) expect(isAllowedPushEndpoint(endpoint), endpoint).toBe(true);
    const refused = [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://169.254.169.254/latest/meta-data',
      'https://evilfcm.googleapis.com.attacker.net/x',
      'https://localhost/x',
      'http://127.0.0.1:5432/x',
      'no es una url',
    ];
    for (const endpoint of refused)
      expect(isAllowedPushEndpoint(endpoint), endpoint).toBe(false);
    expect(isAllowedPushEndpoint('http://127.0.0.1:5555/push/a')).toBe(false);
  });
});

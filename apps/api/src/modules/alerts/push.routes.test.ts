import { PUSH_MSG } from '@magotips/contracts/alerts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSubscription } from '../../../test/push-double';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { createTestUser, type TestUser } from '../../../test/users';
import { pushSubscriptions } from '../../db/schema';
import { MAX_DEVICES_PER_USER } from './push-subscriptions.repository';

let t: TestApp;
let reader: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  reader = await createTestUser(t.database.db);
  other = await createTestUser(t.database.db);
});
afterAll(() => t.close());

const FCM = 'https://fcm.googleapis.com/fcm/send';

function subscribe(user: TestUser, body: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/alerts/push/subscriptions',
    headers: { authorization: user.authorization },
    payload: body as object,
  });
}

function devicesOf(userId: string) {
  return t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

describe('Web Push devices', () => {
  it('hands out the VAPID public key without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/alerts/push/public-key' });
    expect(res.statusCode).toBe(200);
    expect(res.json().publicKey).toMatch(/^[\w-]{87}$/);
  });

  it('stores a browser subscription once per endpoint, and forgets it on DELETE', async () => {
    const device = browserSubscription(`${FCM}/device-a`);
    const res = await subscribe(reader, { ...device, expirationTime: null });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ success: true, message: PUSH_MSG.subscribed });
    expect((await subscribe(reader, device)).statusCode).toBe(201);
    const stored = await devicesOf(reader.id);
    expect(stored.map((d) => d.endpoint)).toEqual([device.endpoint]);
    expect(stored[0]).toMatchObject({ p256dh: device.keys.p256dh, auth: device.keys.auth });

    const gone = await t.app.inject({
      method: 'DELETE',
      url: '/api/alerts/push/subscriptions',
      headers: { authorization: reader.authorization },
      payload: { endpoint: device.endpoint },
    });
    expect(gone.json()).toEqual({ success: true, message: PUSH_MSG.unsubscribed });
    expect(await devicesOf(reader.id)).toEqual([]);
  });

  it('a browser signed into another account moves to that account; nobody deletes another reader’s device', async () => {
    const device = browserSubscription(`${FCM}/shared-browser`);
    await subscribe(reader, device);
    const notMine = await t.app.inject({
      method: 'DELETE',
      url: '/api/alerts/push/subscriptions',
      headers: { authorization: other.authorization },
      payload: { endpoint: device.endpoint },
    });
    expect(notMine.statusCode).toBe(200);
    expect((await devicesOf(reader.id)).map((d) => d.endpoint)).toContain(device.endpoint);

    await subscribe(other, device);
    expect((await devicesOf(reader.id)).map((d) => d.endpoint)).not.toContain(device.endpoint);
    expect((await devicesOf(other.id)).map((d) => d.endpoint)).toEqual([device.endpoint]);
  });

  it(`keeps the newest ${MAX_DEVICES_PER_USER} devices of a reader`, async () => {
    const many = await createTestUser(t.database.db);
    for (let i = 0; i <= MAX_DEVICES_PER_USER; i++) {
      expect((await subscribe(many, browserSubscription(`${FCM}/many-${i}`))).statusCode).toBe(201);
    }
    const kept = (await devicesOf(many.id)).map((d) => d.endpoint);
    expect(kept).toHaveLength(MAX_DEVICES_PER_USER);
    expect(kept).not.toContain(`${FCM}/many-0`);
  });

  it('refuses an endpoint that is not a known push service, and malformed subscriptions, in Spanish', async () => {
    const internal = await subscribe(reader, browserSubscription('https://169.254.169.254/latest'));
    expect(internal.statusCode).toBe(400);
    expect(internal.json().message).toBe(PUSH_MSG.serviceRefused);
    const device = browserSubscription(`${FCM}/bad`);
    for (const body of [
      {},
      { endpoint: 'no es una url', keys: device.keys },
      { endpoint: device.endpoint },
      { endpoint: device.endpoint, keys: { p256dh: 'corta', auth: device.keys.auth } },
      { endpoint: device.endpoint, keys: { p256dh: device.keys.p256dh, auth: 'x' } },
      { endpoint: `${FCM}/${'x'.repeat(1000)}`, keys: device.keys },
    ]) {
      const res = await subscribe(reader, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(PUSH_MSG.subscriptionInvalid);
    }
  });

  it('refuses loopback, private and link-local endpoints in development and test too (decision 0085)', async () => {
    for (const endpoint of [
      'https://127.0.0.1/push/a',
      'http://127.0.0.1:5555/push/a',
      'https://localhost/push/a',
      'http://localhost:8080/push/a',
      'http://10.0.0.7/push/a',
      'https://192.168.1.20/push/a',
      'https://[::1]/push/a',
      'https://169.254.169.254/latest/meta-data',
      'https://[fe80::1]/push/a',
      'https://[fd00::1]/push/a',
    ]) {
      const res = await subscribe(reader, browserSubscription(endpoint));
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().message, endpoint).toBe(PUSH_MSG.serviceRefused);
    }
    expect(await devicesOf(reader.id)).toEqual([]);
  });

  it('needs a session to add or remove a device', async () => {
    const device = browserSubscription(`${FCM}/anon`);
    for (const method of ['POST', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: '/api/alerts/push/subscriptions',
        payload: device,
      });
      expect(res.statusCode).toBe(401);
    }
  });
});

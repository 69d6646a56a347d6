import { ALERT_MSG } from '@magotips/contracts/alerts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AlertsKit, startAlertsKit, unsubscribeUrl } from '../../../test/alerts';
import { randomIp } from '../../../test/auth';
import { alertDeliveries, alertPreferences, jobs } from '../../db/schema';

let kit: AlertsKit;

beforeAll(async () => {
  kit = await startAlertsKit(new Date('2031-03-15T12:00:00Z'));
});
afterAll(() => kit.close());
beforeEach(() => kit.reset());

/** A reader who got one alert: its List-Unsubscribe address. */
async function alertedReader(opts: { subscriber?: boolean } = {}) {
  const u = await kit.reader({ free: true, vip: true, ...opts });
  await kit.createTip();
  await kit.t.app.jobs.runDue();
  return { u, url: unsubscribeUrl(kit.mailsTo(u)[0]) };
}

const oneClick = (url: URL, contentType: string, payload: string) =>
  kit.t.app.inject({
    method: 'POST',
    url: `${url.pathname}${url.search}`,
    headers: { 'content-type': contentType },
    payload,
    remoteAddress: randomIp(),
  });

describe('the one-click unsubscribe (RFC 8058)', () => {
  it('a form POST to the link unsubscribes without a session; the next tips send nothing', async () => {
    const { u, url } = await alertedReader({ subscriber: true });
    const stays = await kit.reader({ free: true });
    const res = await oneClick(
      url,
      'application/x-www-form-urlencoded',
      'List-Unsubscribe=One-Click',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe(ALERT_MSG.unsubscribed);
    expect(await kit.preferencesOf(u.id)).toMatchObject({ emailFree: false, emailVip: false });

    kit.reset();
    await kit.createTip({ title: 'Valencia vs. Villarreal' });
    await kit.createTip({ title: 'Madrid vs. Barça', category: 'premium' });
    await kit.t.app.jobs.runDue();
    expect(kit.mailsTo(u)).toHaveLength(0);
    // Others still get them.
    expect(kit.mailsTo(stays)).toHaveLength(1);
  });

  it('accepts the body as multipart/form-data too, and a second click answers the same', async () => {
    const { u, url } = await alertedReader();
    const boundary = '----magotips';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
    for (let i = 0; i < 2; i++) {
      const res = await oneClick(url, `multipart/form-data; boundary=${boundary}`, body);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await kit.preferencesOf(u.id)).toMatchObject({ emailFree: false });
  });

  it('a forged or missing token is a 400 in plain text, and changes nothing', async () => {
    const { u, url } = await alertedReader();
    const other = await kit.reader({ free: true });
    const forged = new URL(url.href.replace(u.id, other.id));
    const res = await oneClick(
      forged,
      'application/x-www-form-urlencoded',
      'List-Unsubscribe=One-Click',
    );
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe(ALERT_MSG.unsubscribeInvalid);
    const bare = await oneClick(
      new URL(`${url.origin}${url.pathname}`),
      'application/x-www-form-urlencoded',
      '',
    );
    expect(bare.statusCode).toBe(400);
    expect(await kit.preferencesOf(other.id)).toMatchObject({ emailFree: true });
    expect(await kit.preferencesOf(u.id)).toMatchObject({ emailFree: true });
  });

  it('GET of the link is the web page (it asks for a click), not an unsubscribe', async () => {
    const { u, url } = await alertedReader();
    const res = await kit.t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(await kit.preferencesOf(u.id)).toMatchObject({ emailFree: true });
  });
});

describe('POST /api/alerts/unsubscribe', () => {
  it('the page sends the token as JSON; a bad or forged token is a 400', async () => {
    const { u, url } = await alertedReader();
    const token = url.searchParams.get('token') ?? '';
    const post = (t: string, ip = randomIp()) =>
      kit.t.app.inject({
        method: 'POST',
        url: '/api/alerts/unsubscribe',
        payload: { token: t },
        remoteAddress: ip,
      });
    const ok = await post(token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, message: ALERT_MSG.unsubscribed });
    expect(await kit.preferencesOf(u.id)).toMatchObject({ emailFree: false, emailVip: false });

    const other = await kit.reader({ free: true });
    const bad = [
      token.replace(u.id, other.id),
      `${token}x`,
      token.replace(/^email\./, 'telegram.'),
      'email.nada.nada',
      'x'.repeat(50),
    ];
    for (const t of bad) {
      const res = await post(t);
      expect(res.statusCode, t).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: ALERT_MSG.unsubscribeInvalid });
    }
    for (const payload of [{}, { token: 5 }, { token: 'corto' }]) {
      const res = await kit.t.app.inject({
        method: 'POST',
        url: '/api/alerts/unsubscribe',
        payload,
        remoteAddress: randomIp(),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: ALERT_MSG.unsubscribeInvalid });
    }
    expect(await kit.preferencesOf(other.id)).toMatchObject({ emailFree: true });
  });

  it('guessing tokens from one address is cut off (429); genuine ones do not count', async () => {
    const ip = randomIp();
    const post = (token: string) =>
      kit.t.app.inject({
        method: 'POST',
        url: '/api/alerts/unsubscribe',
        payload: { token },
        remoteAddress: ip,
      });
    const { url } = await alertedReader();
    const genuine = url.searchParams.get('token') ?? '';
    for (let i = 0; i < 12; i++) expect((await post(genuine)).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await post(`${genuine}x`)).statusCode).toBe(400);
    expect((await post(`${genuine}x`)).statusCode).toBe(429);
  });
});

describe('an alert still queued when its reader leaves', () => {
  it('is withdrawn, not sent', async () => {
    const a = await kit.reader({ free: true });
    const tipId = await kit.createTip();
    // As a fan-out leaves it: the delivery row and its job, not yet run.
    await kit.db
      .update(jobs)
      .set({ state: 'done' })
      .where(eq(jobs.dedupeKey, `alerts.fanout:${tipId}`));
    const [row] = await kit.db
      .insert(alertDeliveries)
      .values({ tipId, userId: a.id, channel: 'email' })
      .returning({ id: alertDeliveries.id });
    await kit.t.app.jobs.enqueue(kit.db, {
      kind: 'alerts.deliver',
      payload: { deliveryId: row?.id },
    });
    await kit.db
      .update(alertPreferences)
      .set({ emailFree: false })
      .where(eq(alertPreferences.userId, a.id));
    await kit.t.app.jobs.runDue();
    expect(kit.mailsTo(a)).toHaveLength(0);
    expect(await kit.deliveriesOf(tipId)).toEqual([]);
  });
});

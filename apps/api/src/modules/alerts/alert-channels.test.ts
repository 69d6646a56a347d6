import { responsiblePlayLine } from '@magotips/contracts/help-resources';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AlertsKit, ALERTS_APP_URL, startAlertsKit } from '../../../test/alerts';
import { startPushService, verifyVapid } from '../../../test/push-double';
import { startTelegramDouble } from '../../../test/telegram-double';
import { alertPreferences, jobs, pushSubscriptions } from '../../db/schema';
import { createPushSubscriptionsRepository } from './push-subscriptions.repository';

const TOKEN = '123456:AAbbCCddEEffGGhhIIjjKKll-_mm';
let kit: AlertsKit;
let telegram: Awaited<ReturnType<typeof startTelegramDouble>>;
let pushService: Awaited<ReturnType<typeof startPushService>>;

beforeAll(async () => {
  telegram = await startTelegramDouble({ token: TOKEN });
  pushService = await startPushService();
  kit = await startAlertsKit(new Date('2031-05-10T12:00:00Z'), {
    TELEGRAM_BOT_TOKEN: TOKEN,
    TELEGRAM_CHANNEL_ID: '@magotips_test',
    TELEGRAM_API_URL: telegram.url,
  });
});
afterAll(async () => {
  await kit.close();
  await telegram.close();
  await pushService.close();
});
beforeEach(() => {
  kit.reset();
  telegram.posts.length = 0;
  telegram.rateLimitNext(0, 0);
  pushService.requests.length = 0;
});

/** A reader with push switches on and one device at the local push service. */
async function pushReader(name: string, opts: { vip?: boolean; subscriber?: boolean } = {}) {
  const u = await kit.reader({ subscriber: opts.subscriber });
  await kit.db
    .insert(alertPreferences)
    .values({ userId: u.id, pushFree: true, pushVip: opts.vip ?? false });
  const device = pushService.subscribe(name);
  await createPushSubscriptionsRepository(kit.db).save(
    u.id,
    { endpoint: device.endpoint, p256dh: device.keys.p256dh, auth: device.keys.auth },
    kit.now(),
  );
  return { user: u, device };
}

const pushesTo = (name: string) => pushService.requests.filter((r) => r.path === `/push/${name}`);

describe('the public Telegram channel', () => {
  it('gets one post per free tip, whole, and never a second one', async () => {
    const tipId = await kit.createTip({ title: 'Getafe vs. Celta' });
    await kit.t.app.jobs.runDue();
    expect(telegram.posts).toHaveLength(1);
    expect(telegram.posts[0]?.chatId).toBe('@magotips_test');
    expect(telegram.posts[0]?.text).toContain('Nuevo tip gratis: Getafe vs. Celta');
    expect(telegram.posts[0]?.text).toContain('Pronóstico: Gana el Betis · cuota 1,85 · stake 3 u');
    expect(telegram.posts[0]?.text).toContain(`${ALERTS_APP_URL}/tip/${tipId}`);

    await kit.setPublished(tipId, false);
    await kit.setPublished(tipId, true);
    await kit.editTip(tipId, { title: 'Getafe vs. Celta (editado)' });
    await kit.t.app.jobs.runDue();
    expect(telegram.posts).toHaveLength(1);
    const rows = (await kit.deliveriesOf(tipId)).filter((d) => d.channel === 'telegram');
    expect(rows.map((d) => [d.userId, d.state])).toEqual([[null, 'sent']]);
  });

  it('gets a VIP tip as a teaser: no pick, odds or analysis', async () => {
    await kit.createTip({ title: 'Olympiacos vs. Real Madrid', category: 'premium' });
    await kit.t.app.jobs.runDue();
    expect(telegram.posts).toHaveLength(1);
    const text = telegram.posts[0]?.text ?? '';
    expect(text).toContain('Nuevo tip VIP: Olympiacos vs. Real Madrid');
    expect(text).toContain(`Hazte VIP en ${ALERTS_APP_URL}/subscription`);
    expect(text).not.toMatch(/Gana el Betis|1,85|stake|Análisis/);
  });

  it('a 429 waits retry_after seconds, and meanwhile the readers get their e-mail', async () => {
    const reader = await kit.reader({ free: true });
    telegram.rateLimitNext(1, 30);
    const tipId = await kit.createTip({ title: 'Osasuna vs. Alavés' });
    await kit.t.app.jobs.runDue();
    expect(telegram.posts).toHaveLength(0);
    expect(kit.mailsTo(reader)).toHaveLength(1);
    const [post] = (await kit.deliveriesOf(tipId)).filter((d) => d.channel === 'telegram');
    expect(post?.state).toBe('failed');
    expect(post?.lastError).toContain('429');

    kit.advance(29_000);
    await kit.t.app.jobs.runDue();
    expect(telegram.posts).toHaveLength(0);
    kit.advance(2_000);
    await kit.t.app.jobs.runDue();
    expect(telegram.posts).toHaveLength(1);
    expect(telegram.posts[0]?.text).toContain('Osasuna vs. Alavés');
    const [after] = (await kit.deliveriesOf(tipId)).filter((d) => d.channel === 'telegram');
    expect(after?.state).toBe('sent');
  });
});

describe('Web Push alerts', () => {
  it('one encrypted, VAPID-signed message per device of each reader who wants it; the device reads the tip', async () => {
    const first = await pushReader('lector-1');
    const other = await pushReader('lector-2');
    await kit.db
      .update(alertPreferences)
      .set({ pushFree: false })
      .where(eq(alertPreferences.userId, other.user.id));

    const tipId = await kit.createTip({ title: 'Sevilla vs. Valencia' });
    await kit.t.app.jobs.runDue();
    expect(pushesTo('lector-2')).toHaveLength(0);
    const requests = pushesTo('lector-1');
    expect(requests).toHaveLength(1);
    const request = requests[0]!;
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    const vapid = verifyVapid(String(request.headers.authorization));
    const key = await kit.t.app.inject({ url: '/api/alerts/push/public-key' });
    expect(vapid).toMatchObject({
      aud: pushService.url,
      k: key.json<{ publicKey: string }>().publicKey,
    });
    const payload = JSON.parse(first.device.decrypt(request.body)) as Record<string, string>;
    expect(payload).toEqual({
      title: 'Nuevo tip gratis: Sevilla vs. Valencia',
      body: expect.stringContaining('Fútbol · ') as unknown as string,
      url: `/tip/${tipId}`,
      tag: `tip-${tipId}`,
    });
    expect(payload.body).toContain('Gana el Betis a 1,85, stake 3 u');
    expect(payload.body).toMatch(/\nLos resultados pasados no garantizan resultados futuros\.\n/);
    // A reader from before the choice: Spain's clock and help (decision 0114).
    expect(payload.body).toContain('(hora de España)');
    expect(String(payload.body).split('\n').at(-1)).toBe(responsiblePlayLine('ES'));
    const rows = (await kit.deliveriesOf(tipId)).filter((d) => d.channel === 'push');
    expect(rows.map((d) => [d.userId, d.state])).toEqual([[first.user.id, 'sent']]);
  });

  it('a VIP tip reaches by push only readers entitled to it', async () => {
    await pushReader('vip-suscriptor', { vip: true, subscriber: true });
    await pushReader('vip-sin-acceso', { vip: true });
    await kit.createTip({ title: 'Barça vs. Inter', category: 'premium' });
    await kit.t.app.jobs.runDue();
    expect(pushesTo('vip-suscriptor')).toHaveLength(1);
    expect(pushesTo('vip-sin-acceso')).toHaveLength(0);
  });

  it('a device the push service no longer knows (410) is removed and the alert not counted', async () => {
    const { user } = await pushReader('gone-device');
    pushService.answer('gone-device', 410);
    const tipId = await kit.createTip({ title: 'Mallorca vs. Girona' });
    await kit.t.app.jobs.runDue();
    expect(pushesTo('gone-device')).toHaveLength(1);
    expect(
      await kit.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id)),
    ).toEqual([]);
    // Withdrawn, not counted; the earlier tests' readers got theirs.
    const pushes = (await kit.deliveriesOf(tipId)).filter((d) => d.channel === 'push');
    expect(pushes.filter((d) => d.userId === user.id)).toEqual([]);
    expect(pushes.length).toBeGreaterThan(0);
    expect(pushes.every((d) => d.state === 'sent')).toBe(true);
    expect(
      (await kit.db.select().from(jobs).where(eq(jobs.state, 'dead'))).map((j) => [
        j.kind,
        j.lastError,
      ]),
    ).toEqual([]);
  });

  it('"Enviar aviso de prueba" reaches the reader’s devices too, leading to their account', async () => {
    const { user, device } = await pushReader('prueba');
    const res = await kit.t.app.inject({
      method: 'POST',
      url: '/api/alerts/test',
      headers: { authorization: user.authorization },
    });
    expect(res.statusCode, res.body).toBe(202);
    await kit.t.app.jobs.runDue();
    const [request] = pushesTo('prueba');
    expect(JSON.parse(device.decrypt(request!.body))).toMatchObject({
      title: 'Aviso de prueba de MagoTips',
      url: '/panel/cuenta',
    });
    expect(kit.mailsTo(user)).toHaveLength(1);
  });
});

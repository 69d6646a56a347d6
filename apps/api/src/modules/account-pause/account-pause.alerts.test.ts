import { PAUSE_TEXT } from '@magotips/contracts/pause';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AlertsKit, draftTip, packHolding, startAlertsKit } from '../../../test/alerts';
import { decodeMail } from '../../../test/mail';
import { startPushService } from '../../../test/push-double';
import { startTelegramDouble, type TelegramDouble } from '../../../test/telegram-double';
import { givePack } from '../../../test/users';
import { alertPreferences, telegramLinks, users } from '../../db/schema';
import { hashPassword } from '../../lib/password';
import { createPushSubscriptionsRepository } from '../alerts/push-subscriptions.repository';

// Decision 0116: from the moment of pausing, no alert on any channel (e-mail, push, the bot's
// private VIP posts); everyone else still gets theirs.

const TOKEN = '123456:AAbbCCddEEffGGhhIIjjKKll-_mm';
const PASSWORD = 'Clave-De-Pausa-9';
let kit: AlertsKit;
let telegram: TelegramDouble;
let pushService: Awaited<ReturnType<typeof startPushService>>;
let nextTelegramId = 700_000_001;

beforeAll(async () => {
  telegram = await startTelegramDouble({ token: TOKEN });
  pushService = await startPushService();
  kit = await startAlertsKit(new Date('2031-05-10T12:00:00Z'), {
    TELEGRAM_BOT_TOKEN: TOKEN,
    TELEGRAM_WEBHOOK_SECRET: `${'s'.repeat(40)}_-0123456789`,
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
  telegram.botCalls.length = 0;
  pushService.requests.length = 0;
});

/** A reader on every channel: e-mail and push for free and VIP tips, one device, and a linked
 * Telegram account (its private chat id is its Telegram user id). */
async function everyChannelReader(name: string) {
  const u = await kit.reader();
  await kit.db
    .update(users)
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where(eq(users.id, u.id));
  await kit.db.insert(alertPreferences).values({
    userId: u.id,
    emailFree: true,
    emailVip: true,
    pushFree: true,
    pushVip: true,
  });
  const device = pushService.subscribe(name);
  await createPushSubscriptionsRepository(kit.db).save(
    u.id,
    { endpoint: device.endpoint, p256dh: device.keys.p256dh, auth: device.keys.auth },
    kit.now(),
  );
  const chatId = nextTelegramId++;
  await kit.db
    .insert(telegramLinks)
    .values({ userId: u.id, telegramUserId: chatId, chatId, linkedAt: kit.now() });
  return { ...u, name, chatId };
}

const pushesTo = (name: string) => pushService.requests.filter((r) => r.path === `/push/${name}`);
const dmsTo = (chatId: number) =>
  telegram.botCalls.filter((c) => c.method === 'sendMessage' && c.params.chat_id === chatId);

describe('alerts to a paused reader', () => {
  it('stop on every channel at once; other readers still get theirs', async () => {
    const paused = await everyChannelReader('pausado');
    const active = await everyChannelReader('activo');
    const res = await kit.t.app.inject({
      method: 'POST',
      url: '/api/account/pause',
      headers: { authorization: paused.authorization },
      payload: { months: 1, password: PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    await kit.t.app.jobs.runDue();
    // The pause's own e-mail is the last thing the paused reader hears.
    const confirmation = kit.mailsTo(paused).map((m) => decodeMail(m.raw));
    expect(confirmation).toHaveLength(1);
    expect(confirmation[0]).toContain('Tu cuenta queda en pausa hasta el 10 de junio de 2031.');
    expect(res.json().message).toBe(PAUSE_TEXT.confirmed('10 de junio de 2031'));
    kit.reset();

    // A free tip, and a VIP tip in a pack both bought.
    await kit.createTip({ title: 'Getafe vs. Celta' });
    const vipId = await draftTip(kit.db, kit.now(), {
      category: 'premium',
      title: 'Betis vs. Sevilla',
    });
    const packId = await packHolding(kit.db, [vipId]);
    for (const u of [paused, active]) await givePack(kit.db, u.id, packId);
    await kit.setPublished(vipId, true);
    await kit.t.app.jobs.runDue();

    expect(kit.mailsTo(active)).toHaveLength(2);
    expect(pushesTo(active.name)).toHaveLength(2);
    expect(dmsTo(active.chatId)).toHaveLength(1);

    expect(kit.mailsTo(paused)).toHaveLength(0);
    expect(pushesTo(paused.name)).toHaveLength(0);
    expect(dmsTo(paused.chatId)).toHaveLength(0);
  });
});

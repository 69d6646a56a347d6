import { audienceHelpLine, responsiblePlayLine } from '@magotips/contracts/help-resources';
import { kickOffText } from '@magotips/contracts/kick-off-text';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AlertsKit, startAlertsKit } from '../../../test/alerts';
import { decodeMail } from '../../../test/mail';
import { startPushService } from '../../../test/push-double';
import { startTelegramDouble } from '../../../test/telegram-double';
import { alertPreferences, users } from '../../db/schema';
import { createPushSubscriptionsRepository } from './push-subscriptions.repository';

// Issue 32 items 1 and 2 (decisions 0114, 0115), the done-when: one tip, readers in Madrid,
// Mexico City and Buenos Aires, each told the kick-off on their own clock, named, with their
// country's help; the public channel, which has no single reader, in the audience's zones.

const TOKEN = '123456:AAbbCCddEEffGGhhIIjjKKll-_mm';
// 20:00 UTC on a November Thursday: 21:00 in Madrid (CET), 14:00 in Mexico City (no summer
// time since 2022), 17:00 in Buenos Aires; Chile is on summer time, with Argentina.
const KICK_OFF = '2031-11-20T20:00:00.000Z';

let kit: AlertsKit;
let telegram: Awaited<ReturnType<typeof startTelegramDouble>>;
let pushService: Awaited<ReturnType<typeof startPushService>>;

beforeAll(async () => {
  telegram = await startTelegramDouble({ token: TOKEN });
  pushService = await startPushService();
  kit = await startAlertsKit(new Date('2031-11-19T12:00:00Z'), {
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
  pushService.requests.length = 0;
});

const READERS = [
  { name: 'madrid', country: 'ES', timeZone: 'Europe/Madrid', shown: '21:00 (hora de España)' },
  {
    name: 'cdmx',
    country: 'MX',
    timeZone: 'America/Mexico_City',
    shown: '14:00 (hora de Ciudad de México)',
  },
  {
    name: 'baires',
    country: 'AR',
    timeZone: 'America/Argentina/Buenos_Aires',
    shown: '17:00 (hora de Buenos Aires)',
  },
] as const;

/** A reader with e-mail and push alerts of free tips on, one device, living in `zone`. */
async function readerIn(r: (typeof READERS)[number]) {
  const user = await kit.reader({ free: true });
  await kit.db
    .update(users)
    .set({ country: r.country, timeZone: r.timeZone })
    .where(eq(users.id, user.id));
  await kit.db
    .update(alertPreferences)
    .set({ pushFree: true })
    .where(eq(alertPreferences.userId, user.id));
  const device = pushService.subscribe(r.name);
  await createPushSubscriptionsRepository(kit.db).save(
    user.id,
    { endpoint: device.endpoint, p256dh: device.keys.p256dh, auth: device.keys.auth },
    kit.now(),
  );
  return { ...r, user, device };
}

describe("one tip, three readers' clocks", () => {
  it('each reader gets one e-mail and one push with their own kick-off, zone and help line', async () => {
    const readers = [];
    for (const r of READERS) readers.push(await readerIn(r));

    await kit.createTip({ title: 'Boca vs. América', matchDate: KICK_OFF });
    await kit.t.app.jobs.runDue();

    for (const r of readers) {
      const others = READERS.filter((o) => o.name !== r.name);
      const mails = kit.mailsTo(r.user);
      expect(mails, r.name).toHaveLength(1);
      const text = decodeMail(mails[0]?.raw ?? '');
      expect(text).toContain(`Partido: ${kickOffText(new Date(KICK_OFF), r.timeZone)}.`);
      expect(text).toContain(r.shown);
      expect(text).toContain(responsiblePlayLine(r.country));
      for (const o of others) {
        expect(text).not.toContain(o.shown);
        expect(text).not.toContain(responsiblePlayLine(o.country));
      }

      const pushes = pushService.requests.filter((p) => p.path === `/push/${r.name}`);
      expect(pushes, r.name).toHaveLength(1);
      const payload = JSON.parse(r.device.decrypt(pushes[0]!.body)) as { body: string };
      expect(payload.body).toContain(r.shown);
      expect(payload.body.split('\n').at(-1)).toBe(responsiblePlayLine(r.country));
      for (const o of others) expect(payload.body).not.toContain(o.shown);
    }
    // The help lines themselves: each country's own resource.
    expect(responsiblePlayLine('ES')).toContain('Jugar Bien (DGOJ)');
    expect(responsiblePlayLine('MX')).toContain('Línea de la Vida');
    expect(responsiblePlayLine('AR')).toContain('Lotería de la Provincia de Buenos Aires');
  });

  it("the public channel's post gives the kick-off in the audience's zones and their help", async () => {
    await kit.createTip({ title: 'River vs. Chivas', matchDate: KICK_OFF });
    await kit.t.app.jobs.runDue();
    expect(telegram.posts).toHaveLength(1);
    const lines = (telegram.posts[0]?.text ?? '').split('\n');
    expect(lines).toContain(
      'Fútbol · 21:00 España · 14:00 México · 15:00 Colombia/Perú · 17:00 Argentina/Chile',
    );
    expect(lines.at(-1)).toBe(audienceHelpLine());
  });
});

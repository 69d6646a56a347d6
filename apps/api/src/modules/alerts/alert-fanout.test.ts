import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ALERTS_APP_URL,
  type AlertsKit,
  mailHeader,
  packHolding,
  startAlertsKit,
  TIP_ANALYSIS,
} from '../../../test/alerts';
import { decodeMail } from '../../../test/mail';
import { givePack } from '../../../test/users';
import { jobs } from '../../db/schema';

let kit: AlertsKit;

beforeAll(async () => {
  kit = await startAlertsKit(new Date('2031-03-15T12:00:00Z'));
});
afterAll(() => kit.close());
beforeEach(() => kit.reset());

const BET_LINE = 'Gana el Betis · cuota 1,85 · stake 3 u';
const fanoutJobsOf = (tipId: string) =>
  kit.db
    .select()
    .from(jobs)
    .where(eq(jobs.dedupeKey, `alerts.fanout:${tipId}`));

describe('a free tip, published', () => {
  it('sends exactly one e-mail to each opted-in verified reader, with both unsubscribe headers', async () => {
    const a = await kit.reader({ free: true });
    const b = await kit.reader({ free: true, vip: true });
    const vipOnly = await kit.reader({ vip: true });
    const off = await kit.reader({ free: false, vip: false });
    const noRow = await kit.reader();
    const unverified = await kit.reader({ free: true, verified: false });

    const tipId = await kit.createTip();
    // The publish call only enqueued the fan-out: nothing is sent on the request path.
    expect(kit.smtp.received).toHaveLength(0);
    await kit.t.app.jobs.runDue();

    for (const u of [a, b]) expect(kit.mailsTo(u)).toHaveLength(1);
    for (const u of [vipOnly, off, noRow, unverified, kit.editor])
      expect(kit.mailsTo(u)).toHaveLength(0);

    const raw = kit.mailsTo(a)[0]?.raw ?? '';
    expect(mailHeader(raw, 'List-Unsubscribe')).toMatch(
      new RegExp(`^<${ALERTS_APP_URL}/avisos/baja\\?token=email\\.${a.id}\\.[A-Za-z0-9_-]{43}>$`),
    );
    expect(mailHeader(raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(mailHeader(raw, 'Subject')).toContain('Betis vs. Sevilla');
    const text = decodeMail(raw);
    expect(text).toContain('Fútbol');
    // 2031-03-16T18:00Z is 19:00 in Madrid (CET).
    expect(text).toContain('domingo, 16 de marzo, 19:00 (hora de España)');
    expect(text).toContain(`${ALERTS_APP_URL}/tip/${tipId}`);
    expect(text).toContain(BET_LINE);
    expect(text).not.toContain(TIP_ANALYSIS);
    // The proof issue: the ledger's head as it stood, in the reader's inbox (this tip's entry).
    const head = JSON.parse(
      (await kit.t.app.inject({ url: '/api/track-record/ledger/head' })).body,
    ) as { seq: number; hash: string };
    expect(head.seq).toBeGreaterThan(0);
    expect(text).toContain(
      `Registro público del historial en el momento de este aviso: #${head.seq} · ${head.hash.slice(0, 16)}`,
    );

    const rows = await kit.deliveriesOf(tipId);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({
        channel: 'email',
        state: 'sent',
        attempts: 1,
        sentAt: kit.now(),
      });
    }
  });

  it('publishing again, editing, hiding and showing it again send nothing more', async () => {
    const a = await kit.reader({ free: true });
    const tipId = await kit.createTip();
    await kit.t.app.jobs.runDue();
    expect(kit.mailsTo(a)).toHaveLength(1);

    await kit.setPublished(tipId, true);
    await kit.editTip(tipId, { title: 'Betis vs. Sevilla (editado)' });
    await kit.setPublished(tipId, false);
    await kit.setPublished(tipId, true);
    await kit.t.app.jobs.runDue();
    expect(kit.mailsTo(a)).toHaveLength(1);
    expect(await fanoutJobsOf(tipId)).toHaveLength(1);
  });

  it('a draft announces nothing until it is first published (PUT or the toggle), then once', async () => {
    const a = await kit.reader({ free: true });
    const viaToggle = await kit.createTip({ isPublished: false });
    const viaPut = await kit.createTip({ isPublished: false, title: 'Real vs. Atleti' });
    await kit.t.app.jobs.runDue();
    expect(kit.mailsTo(a)).toHaveLength(0);
    expect(await fanoutJobsOf(viaToggle)).toEqual([]);

    await kit.setPublished(viaToggle, true);
    await kit.editTip(viaPut, { title: 'Real vs. Atleti', isPublished: true });
    await kit.t.app.jobs.runDue();
    const subjects = kit.mailsTo(a).map((m) => mailHeader(m.raw, 'Subject'));
    expect(subjects).toHaveLength(2);
    expect(subjects.filter((s) => s?.includes('Real vs. Atleti'))).toHaveLength(1);
  });

  it('a draft first published after its kick-off announces nothing (issue 29)', async () => {
    const a = await kit.reader({ free: true });
    const late = await kit.createTip({ isPublished: false });
    kit.advance(31 * 3_600_000);
    await kit.setPublished(late, true);
    await kit.t.app.jobs.runDue();
    expect(kit.mailsTo(a)).toHaveLength(0);
    expect(await fanoutJobsOf(late)).toEqual([]);
  });

  it('a tip hidden before its fan-out runs is announced to nobody', async () => {
    const a = await kit.reader({ free: true });
    const tipId = await kit.createTip();
    await kit.setPublished(tipId, false);
    await kit.t.app.jobs.runDue();
    expect(kit.mailsTo(a)).toHaveLength(0);
    expect(await kit.deliveriesOf(tipId)).toEqual([]);
  });

  it('a fan-out run again (its instance died before finishing) adds nothing', async () => {
    const a = await kit.reader({ free: true });
    const tipId = await kit.createTip();
    await kit.t.app.jobs.runDue();
    expect(kit.mailsTo(a)).toHaveLength(1);
    const before = (await kit.deliveriesOf(tipId)).length;

    // As if its instance had died once the batches committed: the job runs again.
    await kit.db
      .update(jobs)
      .set({ state: 'queued', runAt: kit.now() })
      .where(eq(jobs.dedupeKey, `alerts.fanout:${tipId}`));
    expect(await kit.t.app.jobs.runDue()).toBe(1);
    expect(await kit.deliveriesOf(tipId)).toHaveLength(before);
    expect(kit.mailsTo(a)).toHaveLength(1);
  });
});

describe('a VIP tip, published', () => {
  it('reaches only entitled readers with the VIP switch on, with the bet and never the analysis', async () => {
    const draft = await kit.createTip({ category: 'premium', isPublished: false });
    const subscriber = await kit.reader({ vip: true, subscriber: true });
    const buyer = await kit.reader({ vip: true });
    await givePack(kit.db, buyer.id, await packHolding(kit.db, [draft]));
    const otherBuyer = await kit.reader({ vip: true });
    const otherTip = await kit.createTip({ isPublished: false, category: 'premium' });
    await givePack(kit.db, otherBuyer.id, await packHolding(kit.db, [otherTip]));
    const editor = await kit.reader({ vip: true, roles: ['editor'] });
    const admin = await kit.reader({ vip: true, roles: ['admin'] });
    const notEntitled = await kit.reader({ free: true, vip: true });
    const subscriberFreeOnly = await kit.reader({ free: true, subscriber: true });

    await kit.setPublished(draft, true);
    await kit.t.app.jobs.runDue();

    for (const u of [subscriber, buyer, editor, admin]) {
      expect(kit.mailsTo(u)).toHaveLength(1);
      const text = decodeMail(kit.mailsTo(u)[0]?.raw ?? '');
      expect(text).toContain(BET_LINE);
      expect(text).not.toContain(TIP_ANALYSIS);
    }
    for (const u of [otherBuyer, notEntitled, subscriberFreeOnly])
      expect(kit.mailsTo(u)).toHaveLength(0);
    expect(kit.smtp.received).toHaveLength(4);
  });
});

import { ALERT_MSG, alertsRetriedMessage } from '@magotips/contracts/alerts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AlertsKit, mailHeader, startAlertsKit } from '../../../test/alerts';
import { authorizationAt, createTestUser } from '../../../test/users';
import { alertDeliveries, jobs } from '../../db/schema';

const HOUR = 3_600_000;
let kit: AlertsKit;

beforeAll(async () => {
  kit = await startAlertsKit(new Date('2031-03-15T12:00:00Z'));
});
afterAll(() => kit.close());
beforeEach(() => kit.reset());

describe('POST /api/alerts/test', () => {
  it('queues a sample e-mail to the reader, 3 per 10 minutes', async () => {
    const u = await kit.reader();
    const send = () =>
      kit.t.app.inject({
        method: 'POST',
        url: '/api/alerts/test',
        headers: { authorization: u.authorization },
      });
    const first = await send();
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ success: true, message: ALERT_MSG.testQueued });
    await kit.t.app.jobs.runDue();
    expect(kit.mailsTo(u)).toHaveLength(1);
    const raw = kit.mailsTo(u)[0]?.raw ?? '';
    expect(mailHeader(raw, 'Subject')).toMatch(/Prueba/);
    expect(mailHeader(raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect((await send()).statusCode).toBe(202);
    expect((await send()).statusCode).toBe(202);
    expect((await send()).statusCode).toBe(429);
  });
});

describe('failed deliveries, dead ones and the admin', () => {
  it('a refused address retries, ends dead, shows in the counts and an admin puts it back', async () => {
    const admin = await createTestUser(kit.db, { now: kit.now(), roles: ['admin'] });
    const ok = await kit.reader({ free: true });
    const bounced = await kit.reader({ free: true });
    kit.refused.add(bounced.email);
    const tipId = await kit.createTip({ title: 'Osasuna vs. Getafe' });
    await kit.t.app.jobs.runDue();
    expect(kit.mailsTo(ok)).toHaveLength(1);
    const bouncedRow = async () =>
      (
        await kit.db
          .select()
          .from(alertDeliveries)
          .where(and(eq(alertDeliveries.tipId, tipId), eq(alertDeliveries.userId, bounced.id)))
      )[0];
    expect(await bouncedRow()).toMatchObject({ state: 'failed', attempts: 1 });
    // The SMTP answer is kept, without the address it quotes.
    expect((await bouncedRow())?.lastError).not.toContain(bounced.email);

    // The queue's backoff (an hour at most) on the app's clock, until the job gives up.
    for (let i = 0; i < 10; i++) {
      kit.advance(2 * HOUR);
      await kit.t.app.jobs.runDue();
    }
    expect(await bouncedRow()).toMatchObject({ state: 'dead', attempts: 8 });

    const headers = { authorization: await authorizationAt(kit.db, admin.id, kit.now()) };
    const list = await kit.t.app.inject({
      method: 'GET',
      url: '/api/admin/alerts?page=1&limit=50',
      headers,
    });
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json<{ tips: { tipId: string }[]; pagination: { total: number } }>();
    const sent = (await kit.deliveriesOf(tipId)).filter((d) => d.state === 'sent').length;
    expect(body.tips.find((x) => x.tipId === tipId)).toMatchObject({
      title: 'Osasuna vs. Getafe',
      category: 'free',
      publishedAt: expect.any(String),
      queued: 0,
      sent,
      failed: 0,
      dead: 1,
    });
    expect(body.pagination).toMatchObject({ page: 1, limit: 50, total: body.tips.length });

    kit.refused.clear();
    const retry = () =>
      kit.t.app.inject({ method: 'POST', url: `/api/admin/alerts/${tipId}/retry`, headers });
    const first = await retry();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ success: true, retried: 1, message: alertsRetriedMessage(1) });
    expect(await bouncedRow()).toMatchObject({ state: 'queued' });
    await kit.t.app.jobs.runDue();
    expect(kit.mailsTo(bounced)).toHaveLength(1);
    expect(await bouncedRow()).toMatchObject({ state: 'sent' });
    expect(kit.mailsTo(ok)).toHaveLength(1);

    expect((await retry()).json()).toMatchObject({ retried: 0 });
    const waiting = await kit.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'alerts.deliver'), eq(jobs.state, 'queued')));
    expect(waiting).toEqual([]);
  });

  it('an unknown or malformed tip id is a 404; bad paging is a 400', async () => {
    const admin = await createTestUser(kit.db, { now: kit.now(), roles: ['admin'] });
    for (const id of ['no-es-un-id', '00000000-0000-4000-8000-000000000000']) {
      const res = await kit.t.app.inject({
        method: 'POST',
        url: `/api/admin/alerts/${id}/retry`,
        headers: { authorization: admin.authorization },
      });
      expect(res.statusCode).toBe(404);
    }
    for (const query of ['page=0', 'limit=500', 'page=x']) {
      const res = await kit.t.app.inject({
        method: 'GET',
        url: `/api/admin/alerts?${query}`,
        headers: { authorization: admin.authorization },
      });
      expect(res.statusCode, query).toBe(400);
    }
  });
});

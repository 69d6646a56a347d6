import { MSG } from '@magotips/contracts/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AlertsKit, startAlertsKit } from '../../../test/alerts';
import { authorizationAt, type TestUser } from '../../../test/users';
import { jobs, tips } from '../../db/schema';
import { TIP_PUBLISH_JOB } from './tip-jobs';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let kit: AlertsKit;

beforeAll(async () => {
  kit = await startAlertsKit(new Date('2031-05-10T08:00:00Z'));
});
afterAll(() => kit.close());
beforeEach(() => kit.reset());

const inHours = (h: number) => new Date(kit.now().getTime() + h * HOUR).toISOString();

async function tipRow(id: string) {
  const [row] = await kit.db.select().from(tips).where(eq(tips.id, id));
  if (!row) throw new Error('tip missing');
  return row;
}

async function publishJobsOf(tipId: string) {
  const rows = await kit.db.select().from(jobs).where(eq(jobs.kind, TIP_PUBLISH_JOB));
  return rows.filter((j) => (j.payload as { tipId?: string }).tipId === tipId);
}

/** Moves the clock by `ms` and runs what fell due. */
async function passAndRun(ms: number) {
  kit.advance(ms);
  await kit.t.app.jobs.runDue();
}

/** What a reader gets for the tip: 404 while it is not public. */
async function readerStatus(reader: TestUser, tipId: string): Promise<number> {
  const authorization = await authorizationAt(kit.db, reader.id, kit.now());
  const res = await kit.t.app.inject({
    method: 'GET',
    url: `/api/tips/${tipId}`,
    headers: { authorization },
  });
  return res.statusCode;
}

/** The alerts this tip sent `reader` (other tests' schedules fall due in between too). */
async function alertsTo(reader: TestUser, tipId: string) {
  return (await kit.deliveriesOf(tipId)).filter((d) => d.userId === reader.id);
}

describe('a scheduled publication', () => {
  it('keeps the tip hidden until its time, then publishes it once and announces it once', async () => {
    const reader = await kit.reader({ free: true });
    const publishAt = inHours(2);
    const res = await kit.asEditor(
      'POST',
      '/api/tips',
      kit.tipBody({ isPublished: false, publishAt }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const tip = res.json<{ tip: { _id: string; isPublished: boolean; publishAt: string | null } }>()
      .tip;
    expect(tip).toMatchObject({ isPublished: false, publishAt });

    await passAndRun(HOUR);
    expect(await readerStatus(reader, tip._id)).toBe(404);
    expect(await alertsTo(reader, tip._id)).toHaveLength(0);

    await passAndRun(HOUR);
    const row = await tipRow(tip._id);
    expect(row).toMatchObject({ isPublished: true, publishAt: null });
    // Its publication time is the scheduled one, before kick-off: it counts in the track record.
    expect(row.publishedAt).toEqual(new Date(publishAt));
    expect(await readerStatus(reader, tip._id)).toBe(200);
    await kit.t.app.jobs.runDue();
    expect(await alertsTo(reader, tip._id)).toHaveLength(1);
    expect(kit.mailsTo(reader)).toHaveLength(1);

    await passAndRun(HOUR);
    expect(await alertsTo(reader, tip._id)).toHaveLength(1);
  });

  it('a body with a time and no "isPublished" is a schedule, stored as a job due then', async () => {
    const publishAt = inHours(3);
    const body = { ...kit.tipBody({ publishAt }), isPublished: undefined };
    const res = await kit.asEditor('POST', '/api/tips', body);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ tip: { _id: string } }>().tip._id;
    expect(await tipRow(id)).toMatchObject({ isPublished: false, publishAt: new Date(publishAt) });
    // In the database, not in memory: a restart or another instance runs it (decision 0042).
    const [job] = await publishJobsOf(id);
    expect(job).toMatchObject({ state: 'queued', runAt: new Date(publishAt) });
  });

  it.each([
    ['in the past', { isPublished: false, publishAt: 'past' }, MSG.publishAtFuture],
    ['at kick-off', { isPublished: false, publishAt: 'kickoff' }, MSG.publishAtBeforeMatch],
    ['on a published tip', { isPublished: true, publishAt: 'soon' }, MSG.publishAtWhilePublished],
    ['not a date', { isPublished: false, publishAt: 'mañana' }, MSG.publishAtInvalid],
  ])('refuses a time %s with a 400 in Spanish', async (_name, over, message) => {
    const body = kit.tipBody();
    const when: Record<string, string> = {
      past: inHours(-1),
      kickoff: body.matchDate,
      soon: inHours(1),
    };
    const res = await kit.asEditor('POST', '/api/tips', {
      ...body,
      ...over,
      publishAt: when[over.publishAt] ?? over.publishAt,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(message);
  });

  it('moved later, it publishes at the new time only', async () => {
    const reader = await kit.reader({ free: true });
    const id = await kit.createTip({ isPublished: false, publishAt: inHours(1) });
    await kit.editTip(id, { isPublished: false, publishAt: inHours(3) });
    expect(await publishJobsOf(id)).toHaveLength(2);

    await passAndRun(HOUR);
    expect(await tipRow(id)).toMatchObject({ isPublished: false });
    await passAndRun(2 * HOUR);
    await kit.t.app.jobs.runDue();
    expect(await tipRow(id)).toMatchObject({ isPublished: true, publishAt: null });
    expect(await alertsTo(reader, id)).toHaveLength(1);
  });

  it('a PUT that leaves the time out keeps it; one that moves the match before it is refused', async () => {
    const publishAt = inHours(2);
    const id = await kit.createTip({ isPublished: false, publishAt });
    await kit.editTip(id, { isPublished: false, title: 'Betis vs. Sevilla (previa)' });
    expect((await tipRow(id)).publishAt).toEqual(new Date(publishAt));

    const res = await kit.asEditor(
      'PUT',
      `/api/tips/${id}`,
      kit.tipBody({ isPublished: false, matchDate: inHours(1) }),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(MSG.publishAtBeforeMatch);
  });

  it('cancelled (null), the tip stays a draft', async () => {
    const id = await kit.createTip({ isPublished: false, publishAt: inHours(1) });
    await kit.editTip(id, { isPublished: false, publishAt: null });
    await passAndRun(2 * HOUR);
    expect(await tipRow(id)).toMatchObject({ isPublished: false, publishAt: null });
  });

  it('published by hand first, it is announced once and the schedule ends', async () => {
    const reader = await kit.reader({ free: true });
    const id = await kit.createTip({ isPublished: false, publishAt: inHours(1) });
    await kit.setPublished(id, true);
    expect((await tipRow(id)).publishAt).toBeNull();
    await passAndRun(2 * HOUR);
    await kit.t.app.jobs.runDue();
    expect(await alertsTo(reader, id)).toHaveLength(1);
  });

  it('switched off ("Publicado" off on the draft), the schedule ends', async () => {
    const id = await kit.createTip({ isPublished: false, publishAt: inHours(1) });
    const res = await kit.asEditor('PATCH', `/api/tips/${id}`, { isPublished: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ tip: { publishAt: string | null } }>().tip.publishAt).toBeNull();
    await passAndRun(2 * HOUR);
    expect(await tipRow(id)).toMatchObject({ isPublished: false });
  });

  it('a tip deleted before its time leaves the job nothing to do', async () => {
    const id = await kit.createTip({ isPublished: false, publishAt: inHours(1) });
    const del = await kit.asEditor('DELETE', `/api/tips/${id}`);
    expect(del.statusCode, del.body).toBe(200);
    await passAndRun(2 * HOUR);
    const [job] = await publishJobsOf(id);
    expect(job?.state).toBe('done');
  });
});

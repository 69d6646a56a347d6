import { ALERT_MSG } from '@magotips/contracts/alerts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, registration } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { createTestUser, givePack } from '../../../test/users';
import { draftTip, packHolding } from '../../../test/alerts';
import { alertPreferences, users } from '../../db/schema';

const now = new Date('2031-03-15T12:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ clock: () => now });
});
afterAll(() => t.close());

async function registeredId(body: Record<string, unknown>): Promise<string> {
  const res = await post(t.app, '/api/auth/register', body);
  expect(res.statusCode).toBe(201);
  const [row] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, String(body.email)));
  return row!.id;
}

const prefsOf = (userId: string) =>
  t.database.db.select().from(alertPreferences).where(eq(alertPreferences.userId, userId));

const getPrefs = (authorization: string) =>
  t.app.inject({ method: 'GET', url: '/api/alerts/preferences', headers: { authorization } });
const putPrefs = (authorization: string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/alerts/preferences',
    headers: { authorization, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

const ALL_OFF = { email: { free: false, vip: false }, push: { free: false, vip: false } };

describe('consent at sign-up', () => {
  it('acceptsNews stores the consent with the server clock and turns on free e-mail alerts', async () => {
    const id = await registeredId(registration({ acceptsNews: true }));
    expect(await prefsOf(id)).toEqual([
      expect.objectContaining({
        emailFree: true,
        emailVip: false,
        pushFree: false,
        pushVip: false,
        newsConsentAt: now,
      }),
    ]);
  });

  it('without acceptsNews (or false) there is no row: nothing is sent', async () => {
    expect(await prefsOf(await registeredId(registration()))).toEqual([]);
    expect(await prefsOf(await registeredId(registration({ acceptsNews: false })))).toEqual([]);
  });
});

describe('GET/PUT /api/alerts/preferences', () => {
  it('no row reads as all off; PUT saves and answers the saved switches', async () => {
    const u = await createTestUser(t.database.db, { now });
    const first = await getPrefs(u.authorization);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, preferences: ALL_OFF, vipEligible: false });

    const wanted = { email: { free: true, vip: true }, push: { free: false, vip: true } };
    const saved = await putPrefs(u.authorization, wanted);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      success: true,
      preferences: wanted,
      vipEligible: false,
      message: ALERT_MSG.preferencesSaved,
    });
    expect((await getPrefs(u.authorization)).json()).toMatchObject({ preferences: wanted });
  });

  it('PUT keeps the consent given at sign-up', async () => {
    const u = await createTestUser(t.database.db, { now });
    await t.database.db
      .insert(alertPreferences)
      .values({ userId: u.id, emailFree: true, newsConsentAt: now });
    await putPrefs(u.authorization, ALL_OFF);
    expect(await prefsOf(u.id)).toEqual([
      expect.objectContaining({ emailFree: false, newsConsentAt: now }),
    ]);
  });

  it('vipEligible: subscribers, pack buyers, editors and admins', async () => {
    const db = t.database.db;
    const subscriber = await createTestUser(db, { now, subscriber: true });
    const buyer = await createTestUser(db, { now });
    await givePack(
      db,
      buyer.id,
      await packHolding(db, [await draftTip(db, now, { category: 'premium' })]),
    );
    const editor = await createTestUser(db, { now, roles: ['editor'] });
    const admin = await createTestUser(db, { now, roles: ['admin'] });
    for (const u of [subscriber, buyer, editor, admin]) {
      expect((await getPrefs(u.authorization)).json()).toMatchObject({ vipEligible: true });
    }
  });

  it.each([
    ['an empty object', {}],
    ['a missing channel', { email: { free: true, vip: false } }],
    ['a missing switch', { email: { free: true }, push: { free: false, vip: false } }],
    ['a string for a boolean', { email: { free: 'yes', vip: false }, push: ALL_OFF.push }],
    ['a number for a channel', { email: 1, push: ALL_OFF.push }],
    ['null', null],
    ['an array', [true, false]],
    ['a string', 'true'],
  ])('PUT with %s → 400 with the form text, never a 500', async (_label, body) => {
    const u = await createTestUser(t.database.db, { now });
    const res = await putPrefs(u.authorization, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: ALERT_MSG.preferencesInvalid });
  });
});

import { ATTRIBUTION_COOKIE, ATTRIBUTION_MAX_AGE_SECONDS } from '@magotips/contracts/attribution';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, registration, uniqueEmail } from '../../test/auth';
import { bearerAt, buildPaymentsApp, type PaymentsTestApp } from '../../test/payments';
import { createTestUser } from '../../test/users';
import { transactions, users } from '../db/schema';

// Decision 0118: the first visit's origin, kept by the server in a first-party cookie.
let t: PaymentsTestApp;

beforeAll(async () => {
  t = await buildPaymentsApp({ stripe: false });
});
afterAll(() => t.close());

const visit = (url: string, cookies?: Record<string, string>) =>
  t.app.inject({ method: 'GET', url, ...(cookies ? { cookies } : {}) });

const setCookieOf = (res: { headers: Record<string, unknown> }): string[] => {
  const raw = res.headers['set-cookie'];
  const all = raw === undefined ? [] : Array.isArray(raw) ? raw : [String(raw)];
  return all.map(String).filter((c) => c.startsWith(`${ATTRIBUTION_COOKIE}=`));
};

describe('the mt_origen cookie on page requests', () => {
  it('is set on a first visit with utm parameters, httpOnly, Lax, for 30 days', async () => {
    const res = await visit('/?utm_source=x&utm_medium=y&utm_campaign=z');
    expect(res.statusCode).toBeLessThan(500);
    const [cookie] = setCookieOf(res);
    expect(cookie).toBe(
      `${ATTRIBUTION_COOKIE}=utm_source=x&utm_medium=y&utm_campaign=z; Max-Age=${ATTRIBUTION_MAX_AGE_SECONDS}; Path=/; HttpOnly; SameSite=Lax`,
    );
  });

  it('keeps a ref alone, on a deep link', async () => {
    const [cookie] = setCookieOf(await visit('/planes?ref=ANA-21'));
    expect(cookie).toMatch(/^mt_origen=ref=ANA-21;/);
  });

  it('is never overwritten: a request carrying it gets no new one', async () => {
    const res = await visit('/?utm_source=otra', { [ATTRIBUTION_COOKIE]: 'utm_source=x' });
    expect(setCookieOf(res)).toEqual([]);
  });

  it('is not set without parameters, on API calls or on files', async () => {
    expect(setCookieOf(await visit('/'))).toEqual([]);
    expect(setCookieOf(await visit('/?page=2'))).toEqual([]);
    expect(setCookieOf(await visit('/api/health?utm_source=x'))).toEqual([]);
    expect(setCookieOf(await visit('/robots.txt?utm_source=x'))).toEqual([]);
  });

  it('cleans garbage, drops what is left empty, and never fails the page', async () => {
    const long = 'a'.repeat(300);
    const res = await visit(
      `/?utm_source=%3Cscript%3Ego%3B%20x&utm_medium=%22%3B%3B&utm_campaign=${long}&ref=${'r'.repeat(50)}`,
    );
    expect(res.statusCode).toBeLessThan(500);
    const [cookie] = setCookieOf(res);
    expect(cookie).toBe(
      `${ATTRIBUTION_COOKIE}=utm_source=scriptgox&utm_campaign=${'a'.repeat(100)}&ref=${'r'.repeat(32)}; Max-Age=${ATTRIBUTION_MAX_AGE_SECONDS}; Path=/; HttpOnly; SameSite=Lax`,
    );
    const broken = await visit('/?utm_source=%E0%A4%A&utm_medium=%');
    expect(broken.statusCode).toBeLessThan(500);
    expect(setCookieOf(await visit('/?utm_source=%20%3C%3E%20'))).toEqual([]);
  });
});

describe('the origin stored on the account and on the transaction', () => {
  it('register keeps the cookie on the new user, cleaned again', async () => {
    const email = uniqueEmail('origen');
    const res = await post(t.app, '/api/auth/register', registration({ email }), {
      cookies: { [ATTRIBUTION_COOKIE]: 'utm_source=news<b>&utm_campaign=mundial&ref=ANA' },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({
      utmSource: 'newsb',
      utmMedium: null,
      utmCampaign: 'mundial',
      refCode: 'ANA',
    });
  });

  it('register without the cookie stores nothing', async () => {
    const email = uniqueEmail('directo');
    await post(t.app, '/api/auth/register', registration({ email }));
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
      refCode: null,
    });
  });

  async function checkout(userId: string, cookies?: Record<string, string>) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/packs/create-payment-stripe',
      headers: await bearerAt(t.database.db, userId, t.time.now()),
      ...(cookies ? { cookies } : {}),
      payload: {
        packId: t.ids.packEurope,
        amount: 19.99,
        currency: 'USD',
        immediateAccessConsent: true,
        paymentMethod: 'stripe',
      },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.userId, userId));
    return row;
  }

  it("a checkout stores the cookie's origin on its transaction", async () => {
    const u = await createTestUser(t.database.db, { now: t.time.now() });
    const row = await checkout(u.id, { [ATTRIBUTION_COOKIE]: 'utm_source=tw&utm_medium=social' });
    expect(row).toMatchObject({ utmSource: 'tw', utmMedium: 'social', utmCampaign: null });
  });

  it("without the cookie, the transaction takes the account's origin", async () => {
    const u = await createTestUser(t.database.db, { now: t.time.now() });
    await t.database.db
      .update(users)
      .set({ utmSource: 'ig', refCode: 'PEPE' })
      .where(eq(users.id, u.id));
    const row = await checkout(u.id);
    expect(row).toMatchObject({ utmSource: 'ig', utmMedium: null, refCode: 'PEPE' });
  });
});

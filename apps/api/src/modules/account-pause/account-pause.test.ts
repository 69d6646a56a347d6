import { ERROR_CODES } from '@magotips/contracts/http-errors';
import { PAUSE_TEXT } from '@magotips/contracts/pause';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeMail, readOutbox } from '../../../test/mail';
import { paymentCalls } from '../../../test/payment-calls';
import { bearerAt, buildPaymentsApp, type PaymentsTestApp } from '../../../test/payments';
import { createTestUser } from '../../../test/users';
import { subscriptions, transactions, users } from '../../db/schema';
import { hashPassword } from '../../lib/password';

const PASSWORD = 'Clave-De-Pausa-9';
let t: PaymentsTestApp;
let passwordHash: string;

beforeAll(async () => {
  t = await buildPaymentsApp({ stripe: true });
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(() => t.close());

const calls = paymentCalls(() => t);

/** A reader with a password (Google-only with `google`), signed in at the app's clock. */
async function reader(
  opts: { google?: boolean; roles?: ('admin' | 'editor')[]; subscriber?: boolean } = {},
) {
  const u = await createTestUser(t.database.db, {
    now: t.time.now(),
    subscriber: opts.subscriber,
    passwordHash: opts.google ? undefined : passwordHash,
    roles: opts.roles,
  });
  return {
    id: u.id,
    email: u.email,
    headers: async () => bearerAt(t.database.db, u.id, t.time.now()),
  };
}
type Reader = Awaited<ReturnType<typeof reader>>;

async function post(u: Reader | null, url: string, payload: object) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: u ? await u.headers() : {},
    payload,
  });
}
const pause = (u: Reader | null, months: number | null, password = PASSWORD) =>
  post(u, '/api/account/pause', { months, password });
const lift = (u: Reader, password = PASSWORD) => post(u, '/api/account/pause/lift', { password });

function expectError(
  res: Awaited<ReturnType<typeof post>>,
  status: number,
  message: string,
  code?: string,
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ success: false, message, ...(code ? { code } : {}) });
}

async function checkoutsOf(userId: string) {
  return t.database.db.select().from(transactions).where(eq(transactions.userId, userId));
}

describe('POST /api/account/pause: what it accepts', () => {
  it('a visitor gets 401; bad months and a missing password get 400 with the Spanish text', async () => {
    expect((await pause(null, 1)).statusCode).toBe(401);
    const u = await reader();
    expectError(
      await post(u, '/api/account/pause', { months: 2, password: PASSWORD }),
      400,
      PAUSE_TEXT.monthsInvalid,
    );
    expectError(
      await post(u, '/api/account/pause', { months: 1 }),
      400,
      PAUSE_TEXT.passwordRequired,
    );
    expectError(
      await post(u, '/api/account/pause', { months: 1, password: '' }),
      400,
      PAUSE_TEXT.passwordRequired,
    );
    expectError(
      await post(u, '/api/account/pause', { password: PASSWORD }),
      400,
      PAUSE_TEXT.monthsInvalid,
    );
  });

  it('a wrong password is 400 INVALID_PASSWORD; a Google-only account is 400 NO_PASSWORD; nothing is paused', async () => {
    const u = await reader();
    expectError(
      await pause(u, 1, 'otra-cosa'),
      400,
      PAUSE_TEXT.passwordWrong,
      ERROR_CODES.invalidPassword,
    );
    const google = await reader({ google: true });
    expectError(await pause(google, 1), 400, PAUSE_TEXT.noPassword, ERROR_CODES.noPassword);
    const rows = await t.database.db.select().from(users).where(eq(users.id, u.id));
    expect(rows[0]?.pausedAt).toBeNull();
  });
});

describe('a dated pause', () => {
  it('cancels the Stripe renewal, refuses every purchase and gift with 409 PAUSED, and cannot be lifted or renewed early', async () => {
    const u = await reader();
    const { sessionId } = await calls.subscribe(u);
    const session = t.double?.pay(sessionId);
    if (!session) throw new Error('no double');
    await calls.send('checkout.session.completed', session);
    const subscriptionId = String(session.subscription);
    expect(t.double?.subscriptions.get(subscriptionId)?.cancel_at_period_end).toBe(false);

    // 2026-06-01T12:00Z + 3 months, as Madrid's calendar has it.
    const res = await pause(u, 3);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: PAUSE_TEXT.confirmed('1 de septiembre de 2026'),
      user: {
        paused: true,
        pausedAt: '2026-06-01T12:00:00.000Z',
        pausedUntil: '2026-09-01T12:00:00.000Z',
        pauseLiftableFrom: null,
      },
    });

    // The renewal and the e-mail are jobs committed with the pause.
    await t.app.jobs.runDue();
    expect(t.double?.subscriptions.get(subscriptionId)?.cancel_at_period_end).toBe(true);
    const me = await post(u, '/api/auth/me_verify', {});
    expect(me.json().user.subscription).toMatchObject({
      isRecurring: false,
      hasActiveSubscription: true,
    });
    const mail = readOutbox(t.dataDir)
      .map((m) => decodeMail(m.raw))
      .find((m) => m.includes(u.email));
    expect(mail).toContain('Tu cuenta queda en pausa hasta el 1 de septiembre de 2026.');
    expect(mail).toContain('Ayuda: Jugar Bien');

    const refused = PAUSE_TEXT.refused('1 de septiembre de 2026');
    expectError(await pause(u, 1), 409, PAUSE_TEXT.alreadyPaused, ERROR_CODES.paused);
    expectError(await lift(u), 409, PAUSE_TEXT.cannotLift(null));
    expectError(await post(u, '/api/subscriptions/resume', {}), 409, refused, ERROR_CODES.paused);
    expect(t.double?.subscriptions.get(subscriptionId)?.cancel_at_period_end).toBe(true);

    const before = (await checkoutsOf(u.id)).length;
    const sessionsBefore = t.double?.sessions.size;
    expectError(
      await post(u, '/api/packs/create-payment-stripe', {
        packId: t.ids.packEurope,
        amount: 19.99,
        currency: 'USD',
        immediateAccessConsent: true,
      }),
      409,
      refused,
      ERROR_CODES.paused,
    );
    expectError(
      await post(u, '/api/subscriptions/create-payment-stripe', {
        plan: 'premium',
        amount: 19.99,
        currency: 'USD',
        recurring: true,
        immediateAccessConsent: true,
      }),
      409,
      refused,
      ERROR_CODES.paused,
    );
    expectError(
      await post(u, '/api/gifts/create-payment-stripe', {
        type: 'pack',
        packId: t.ids.packEurope,
        recipientEmail: 'amigo-de-pausa@example.com',
        immediateAccessConsent: true,
      }),
      409,
      refused,
      ERROR_CODES.paused,
    );
    expectError(
      await post(u, '/api/subscriptions/change/preview', { plan: 'premium', yearly: true }),
      409,
      refused,
      ERROR_CODES.paused,
    );
    // Nothing offered to buy either; a visitor still sees the offers.
    const offers = async (who: Reader | null) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/tips/${t.ids.tipInEurope}/offers`,
          headers: who ? await who.headers() : {},
        })
      ).json();
    expect(await offers(u)).toEqual({ success: true, packs: [], plans: [] });
    expect((await offers(null)).packs.length).toBeGreaterThan(0);
    // Refused before any provider call: no checkout row, no Stripe session.
    expect(await checkoutsOf(u.id)).toHaveLength(before);
    expect(t.double?.sessions.size).toBe(sessionsBefore);
  });
});

describe('a simulated subscription', () => {
  it('stops renewing when its reader pauses: the renewals pass it by', async () => {
    const u = await reader({ subscriber: true });
    expect((await pause(u, 1)).statusCode).toBe(200);
    await t.app.jobs.runDue();
    const [sub] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, u.id));
    expect(sub).toMatchObject({ provider: 'simulated', isRecurring: false });
  });
});

describe('an indefinite pause', () => {
  it('is lifted on request only after 6 months, 7 days later; then the reader buys again', async () => {
    const u = await reader();
    const res = await pause(u, null);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: PAUSE_TEXT.confirmed(null),
      user: { paused: true, pausedUntil: null, pauseLiftableFrom: '2026-12-01T12:00:00.000Z' },
    });
    expectError(
      await post(u, '/api/packs/create-payment-stripe', {
        packId: t.ids.packEurope,
        amount: 19.99,
        currency: 'USD',
        immediateAccessConsent: true,
      }),
      409,
      PAUSE_TEXT.refused(null),
      ERROR_CODES.paused,
    );
    expectError(await lift(u), 409, PAUSE_TEXT.cannotLift('1 de diciembre de 2026'));
    expectError(await lift(u, 'otra-cosa'), 400, PAUSE_TEXT.passwordWrong);

    t.time.set(new Date('2026-12-01T12:00:00Z'));
    const lifted = await lift(u);
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json()).toMatchObject({
      message: PAUSE_TEXT.liftRequested('8 de diciembre de 2026'),
      user: { paused: true, pausedUntil: '2026-12-08T12:00:00.000Z', pauseLiftableFrom: null },
    });
    // Now a dated pause: it runs to its end.
    expectError(await lift(u), 409, PAUSE_TEXT.liftAlreadyRequested('8 de diciembre de 2026'));

    t.time.set(new Date(new Date('2026-12-08T12:00:00Z').getTime() + 1));
    const me = await post(u, '/api/auth/me_verify', {});
    expect(me.json().user).toMatchObject({ paused: false, pausedUntil: null });
    expectError(await lift(u), 409, PAUSE_TEXT.notPaused);
    // The demo's packs are over by now: a plan is what there is to buy.
    const bought = await post(u, '/api/subscriptions/create-payment-stripe', {
      plan: 'premium',
      amount: 19.99,
      currency: 'USD',
      recurring: true,
      immediateAccessConsent: true,
    });
    expect(bought.statusCode, bought.body).toBe(201);
  });
});

describe('admins', () => {
  it("see a reader's pause and cannot lift it: the reader routes act on the caller's own account", async () => {
    const u = await reader();
    expect((await pause(u, 6)).statusCode).toBe(200);
    const admin = await reader({ roles: ['admin'] });
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/admin/all-users?exact=${encodeURIComponent(u.email)}`,
      headers: await admin.headers(),
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const shown = listed.json().users.find((x: { _id: string }) => x._id === u.id);
    expect(shown).toMatchObject({ paused: true, pausedUntil: expect.any(String) });

    expectError(await lift(admin), 409, PAUSE_TEXT.notPaused);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, u.id));
    expect(row?.pausedUntil?.toISOString()).toBe(shown.pausedUntil);
  });
});

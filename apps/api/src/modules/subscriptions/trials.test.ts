import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLERS, type Callers, createCallers } from '../../../test/callers';
import { decodeMail, readOutbox } from '../../../test/mail';
import {
  bearerAt,
  buildPaymentsApp,
  type PaymentsTestApp,
  sessionIdOf,
  subscriptionOf,
  transactionRow,
} from '../../../test/payments';
import { createTestUser } from '../../../test/users';
import { subscriptions, transactions, trialUses, users } from '../../db/schema';
import { hashPassword } from '../../lib/password';
import { runPaymentMaintenance } from '../payments/payment-jobs';
import { normaliseEmail, trialEmailHash } from './trial-uses';

/** Free trials on the simulated provider (decision 0098): the demo's monthly plan of every VIP
 * tip offers 7 days; one trial per person, per account and per e-mail. */

let t: PaymentsTestApp;
const DAY = 86_400_000;
const START = new Date('2026-06-01T12:00:00Z');
const form = { 'content-type': 'application/x-www-form-urlencoded' };

beforeAll(async () => {
  t = await buildPaymentsApp({ stripe: false, trials: true, start: START });
});
afterAll(() => t.close());

async function user(email?: string) {
  const u = await createTestUser(t.database.db, { now: t.time.now(), ...(email ? { email } : {}) });
  return { ...u, headers: async () => bearerAt(t.database.db, u.id, t.time.now()) };
}
type U = Awaited<ReturnType<typeof user>>;

async function eligible(u: U): Promise<boolean> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/subscriptions/trial-eligibility',
    headers: await u.headers(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().eligible as boolean;
}

/** Checks out the monthly plan of every VIP tip and pays on the simulated page. */
async function subscribeAndPay(u: U) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/subscriptions/create-payment-stripe',
    headers: await u.headers(),
    payload: {
      plan: 'premium',
      amount: 19.99,
      currency: 'USD',
      recurring: true,
      immediateAccessConsent: true,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const url = new URL(res.json().payment.stripeCheckoutUrl as string);
  const page = await t.app.inject({ method: 'GET', url: url.pathname });
  const pay = await t.app.inject({
    method: 'POST',
    url: `${url.pathname}/pay`,
    headers: form,
    payload: '',
  });
  expect(pay.statusCode, pay.body).toBe(303);
  const transactionId = res.json().payment.transactionId as string;
  return { transactionId, page: page.body, sessionId: sessionIdOf(url.pathname) };
}

async function me(u: U) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/me_verify',
    headers: await u.headers(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().user.subscription as Record<string, unknown>;
}

const reminders = (email: string) =>
  readOutbox(t.dataDir).filter(
    (m) => m.raw.includes(email) && decodeMail(m.raw).includes('Tu prueba gratuita termina'),
  );

async function cancel(u: U) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/subscriptions/cancel',
    headers: await u.headers(),
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('a free trial on the simulated provider', () => {
  it('lists the trial with the plan, and what each plan grants', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/subscriptions/plans' });
    const byKey = Object.fromEntries((res.json().data as { key: string }[]).map((p) => [p.key, p]));
    expect(byKey.premium).toMatchObject({ trialDays: 7, grantsAllVipTips: true });
    expect(byKey.basic).toMatchObject({
      trialDays: 0,
      grantsAllVipTips: false,
      includesPacks: true,
    });
  });

  it('starts trialing for 7 days with nothing charged, and me_verify carries trialEndsAt', async () => {
    const u = await user();
    expect(await eligible(u)).toBe(true);
    const { transactionId, page } = await subscribeAndPay(u);
    expect(page).toContain('Prueba gratuita de 7 días: hoy no se cobra nada');
    expect(page).toContain('$19.99 USD');
    const tx = await transactionRow(t.database.db, transactionId);
    expect(tx).toMatchObject({
      status: 'completed',
      amountCents: 0,
      trialDays: 7,
      trialThenCents: 1999,
    });
    const trialEnd = new Date(START.getTime() + 7 * DAY).toISOString();
    expect(await me(u)).toMatchObject({
      hasActiveSubscription: true,
      isRecurring: true,
      endDate: trialEnd,
      trialEndsAt: trialEnd,
      trialThenAmount: 19.99,
      grantsAllVipTips: true,
      includesPacks: true,
    });
    // The sign-in answers the same subscription.
    await t.database.db
      .update(users)
      .set({ passwordHash: await hashPassword('clave-de-prueba-1') })
      .where(eq(users.id, u.id));
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.email, password: 'clave-de-prueba-1' },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().user.subscription).toMatchObject({
      trialEndsAt: trialEnd,
      trialThenAmount: 19.99,
    });
    expect(await eligible(u)).toBe(false);
  });

  it('e-mails the reminder once, 3 days before the end, then charges through the renewal job', async () => {
    const u = await user();
    await subscribeAndPay(u);
    const trialEnd = START.getTime() + 7 * DAY;
    try {
      t.time.set(new Date(trialEnd - 3 * DAY - 60_000));
      await t.app.jobs.runDue();
      expect(reminders(u.email)).toHaveLength(0);
      t.time.set(new Date(trialEnd - 3 * DAY + 60_000));
      await t.app.jobs.runDue();
      await t.app.jobs.runDue();
      const sent = reminders(u.email);
      expect(sent).toHaveLength(1);
      expect(decodeMail(sent[0]?.raw ?? '')).toContain('se cobrarán $19.99 USD');
      t.time.set(new Date(trialEnd + 3_600_000));
      await runPaymentMaintenance(t.app.payments, t.database.db);
      await t.app.jobs.runDue();
      expect(reminders(u.email)).toHaveLength(1);
      const paid = await t.database.db
        .select()
        .from(transactions)
        .where(eq(transactions.userId, u.id));
      expect(paid.map((p) => p.amountCents).sort((a, b) => a - b)).toEqual([0, 1999]);
      expect(await me(u)).toMatchObject({ hasActiveSubscription: true, trialEndsAt: null });
    } finally {
      t.time.set(START);
    }
  });

  it('cancelling during the trial charges nothing, sends no reminder, and access ends with it', async () => {
    const u = await user();
    await subscribeAndPay(u);
    await cancel(u);
    const trialEnd = START.getTime() + 7 * DAY;
    try {
      t.time.set(new Date(trialEnd - DAY));
      await t.app.jobs.runDue();
      expect(await me(u)).toMatchObject({ hasActiveSubscription: true, isRecurring: false });
      t.time.set(new Date(trialEnd + 3_600_000));
      await runPaymentMaintenance(t.app.payments, t.database.db);
      await t.app.jobs.runDue();
      expect(reminders(u.email)).toHaveLength(0);
      const paid = await t.database.db
        .select()
        .from(transactions)
        .where(eq(transactions.userId, u.id));
      expect(paid.map((p) => p.amountCents)).toEqual([0]);
      expect(await me(u)).toMatchObject({ hasActiveSubscription: false, plan: 'free' });
      const sub = await subscriptionOf(t.database.db, u.id);
      expect(sub?.endDate.getTime()).toBe(trialEnd);
    } finally {
      t.time.set(START);
    }
  });

  it('gives one trial per account: the second subscription is charged at checkout', async () => {
    const u = await user();
    await subscribeAndPay(u);
    await cancel(u);
    try {
      t.time.set(new Date(START.getTime() + 8 * DAY));
      expect(await eligible(u)).toBe(false);
      const again = await subscribeAndPay(u);
      expect(again.page).not.toContain('Prueba gratuita');
      expect(await transactionRow(t.database.db, again.transactionId)).toMatchObject({
        amountCents: 1999,
        trialDays: null,
      });
      expect(await me(u)).toMatchObject({ hasActiveSubscription: true, trialEndsAt: null });
    } finally {
      t.time.set(START);
    }
  });

  it('gives one trial per e-mail: a deleted and recreated account gets none', async () => {
    const email = `prueba.unica-${Date.now()}@gmail.com`;
    const first = await user(email);
    await subscribeAndPay(first);
    await cancel(first);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/me',
      headers: await first.headers(),
      payload: { confirm: 'ELIMINAR' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const [kept] = await t.database.db
      .select()
      .from(trialUses)
      .where(eq(trialUses.emailHash, trialEmailHash(email)));
    expect(kept).toMatchObject({ userId: null });
    // The same inbox, written another way (case, dots and a +tag, as Gmail delivers them).
    const again = await user(
      email.replace('prueba.unica', 'PruebaUnica').replace('@', '+otra@').toUpperCase(),
    );
    expect(await eligible(again)).toBe(false);
    const { transactionId } = await subscribeAndPay(again);
    expect(await transactionRow(t.database.db, transactionId)).toMatchObject({
      amountCents: 1999,
      trialDays: null,
    });
  });

  it('gives no trial while a subscription still runs: it would cut the period short', async () => {
    const u = await user();
    await t.database.db.insert(subscriptions).values({
      userId: u.id,
      planKey: 'premium',
      endDate: new Date(START.getTime() + 20 * DAY),
      isRecurring: false,
      provider: 'gift',
    });
    expect(await eligible(u)).toBe(false);
    const { transactionId } = await subscribeAndPay(u);
    expect(await transactionRow(t.database.db, transactionId)).toMatchObject({
      amountCents: 1999,
      trialDays: null,
    });
    const sub = await subscriptionOf(t.database.db, u.id);
    expect(sub?.endDate.getTime()).toBeGreaterThan(START.getTime() + 45 * DAY);
  });

  it('normalises e-mails as one person', () => {
    expect(normaliseEmail(' Ana.Perez+promo@GoogleMail.com ')).toBe('anaperez@gmail.com');
    expect(normaliseEmail('ana.perez+x@example.com')).toBe('ana.perez@example.com');
  });
});

describe('GET /api/subscriptions/trial-eligibility by role', () => {
  let who: Callers;
  beforeAll(async () => {
    who = await createCallers(t.database.db, t.time.now(), t.ids.packUsa);
  });
  it.each(CALLERS)('%s', async (caller) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/subscriptions/trial-eligibility',
      headers: who[caller].headers,
    });
    if (caller === 'visitor') {
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toMatch(/[áéíóúñ¿¡]|sesión|token/i);
    } else {
      expect(res.statusCode, res.body).toBe(200);
      // The subscriber's subscription runs: a trial would cut it short.
      expect(res.json()).toEqual(
        caller === 'subscriber'
          ? { success: true, eligible: false, reason: 'running' }
          : { success: true, eligible: true, reason: null },
      );
    }
  });
});

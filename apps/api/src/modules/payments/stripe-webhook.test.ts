import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeMail, readOutbox } from '../../../test/mail';
import {
  buildPaymentsApp,
  type PaymentsTestApp,
  subscriptionOf,
  transactionRow,
} from '../../../test/payments';
import { type Buyer, paymentCalls } from '../../../test/payment-calls';
import type { StripeDouble } from '../../../test/stripe-double';
import { packPurchases, paymentEvents, subscriptions, transactions } from '../../db/schema';

let t: PaymentsTestApp;
let double: StripeDouble;

beforeAll(async () => {
  t = await buildPaymentsApp({ stripe: true });
  if (!t.double) throw new Error('no double');
  double = t.double;
});
afterAll(() => t.close());

const { user, buyEurope, subscribe, deliver, send, receiptsFor } = paymentCalls(() => t);
type U = Buyer;

const purchasesOf = (userId: string) =>
  t.database.db.select().from(packPurchases).where(eq(packPurchases.userId, userId));
async function tipStatus(u: U) {
  return (
    await t.app.inject({
      method: 'GET',
      url: `/api/tips/${t.ids.tipInEurope}`,
      headers: await u.headers(),
    })
  ).statusCode;
}

describe('webhook signature', () => {
  it('refuses a missing, wrong or tampered signature with a Spanish 400 and changes nothing', async () => {
    const u = await user();
    const { transactionId, sessionId } = await buyEurope(u);
    const good = double.event('checkout.session.completed', double.pay(sessionId));
    const expected = {
      success: false,
      code: 'INVALID_SIGNATURE',
      message: 'Firma del webhook de Stripe inválida.',
    };

    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: good.payload,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual(expected);
    const wrongSecret = double.event('checkout.session.completed', double.sessionJson(sessionId), {
      secret: 'whsec_not_ours',
    });
    expect((await deliver(wrongSecret)).json()).toEqual(expected);
    const tampered = await deliver({
      payload: good.payload.replace('"paid"', '"paid" '),
      signature: good.signature,
    });
    expect(tampered.statusCode).toBe(400);
    expect((await deliver({ payload: good.payload, signature: 'garbage' })).statusCode).toBe(400);

    expect((await transactionRow(t.database.db, transactionId)).status).toBe('pending');
    expect(await purchasesOf(u.id)).toHaveLength(0);
    // The genuine delivery still works afterwards.
    expect((await deliver(good)).statusCode).toBe(200);
    expect((await transactionRow(t.database.db, transactionId)).status).toBe('completed');
  });

  it('answers 200 to event types it does not act on', async () => {
    const res = await send('customer.created', { id: 'cus_x', object: 'customer' });
    expect(res.json()).toEqual({ received: true });
  });
});

describe('checkout.session.completed', () => {
  it('fulfils a paid pack once, even delivered twice, concurrently, or with a new event id', async () => {
    const u = await user();
    const { transactionId, sessionId } = await buyEurope(u);
    expect(await tipStatus(u)).toBe(403);
    const session = double.pay(sessionId);
    const delivery = double.event('checkout.session.completed', session);
    const [a, b] = await Promise.all([deliver(delivery), deliver(delivery)]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect((await deliver(delivery)).statusCode).toBe(200);
    await send('checkout.session.completed', session);

    const tx = await transactionRow(t.database.db, transactionId);
    expect(tx).toMatchObject({ status: 'completed', providerPaymentId: session.payment_intent });
    expect(await purchasesOf(u.id)).toHaveLength(1);
    expect(await receiptsFor(transactionId)).toHaveLength(1);
    expect(await tipStatus(u)).toBe(200);
    const events = await t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.type, 'checkout.session.completed'));
    expect(events.filter((e) => e.id === JSON.parse(delivery.payload).id)).toHaveLength(1);
  });

  it('fulfils once when the webhook and the success page verify at the same moment', async () => {
    const u = await user();
    const { transactionId, sessionId } = await buyEurope(u);
    const delivery = double.event('checkout.session.completed', double.pay(sessionId));
    const headers = await u.headers();
    const results = await Promise.all([
      deliver(delivery),
      t.app.inject({ method: 'GET', url: `/api/packs/verify-session/${sessionId}`, headers }),
      t.app.inject({ method: 'GET', url: `/api/packs/check-payment/${transactionId}`, headers }),
      deliver(delivery),
    ]);
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    expect(await purchasesOf(u.id)).toHaveLength(1);
    expect(await receiptsFor(transactionId)).toHaveLength(1);
    const check = await t.app.inject({
      method: 'GET',
      url: `/api/packs/check-payment/${transactionId}`,
      headers,
    });
    expect(check.json().transaction.status).toBe('completed');
  });

  it('lets the success page fulfil on its own when the webhook is late', async () => {
    const u = await user();
    const { transactionId, sessionId } = await buyEurope(u);
    double.pay(sessionId);
    const verify = await t.app.inject({
      method: 'GET',
      url: `/api/packs/verify-session/${sessionId}`,
      headers: await u.headers(),
    });
    expect(verify.json()).toMatchObject({
      success: true,
      message: 'Pago completado correctamente.',
      transaction: { transactionId, status: 'completed' },
    });
    // The webhook arriving afterwards changes nothing.
    await send('checkout.session.completed', double.sessionJson(sessionId));
    expect(await purchasesOf(u.id)).toHaveLength(1);
    expect(await receiptsFor(transactionId)).toHaveLength(1);
  });

  it('waits for an asynchronous payment, then fulfils on async_payment_succeeded or fails', async () => {
    const u = await user();
    const { transactionId, sessionId } = await buyEurope(u);
    await send('checkout.session.completed', double.pay(sessionId, { paid: false }));
    expect((await transactionRow(t.database.db, transactionId)).status).toBe('pending');
    // Still being collected: a second checkout is refused, the user is told to wait.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/packs/create-payment-stripe',
      headers: await u.headers(),
      payload: {
        packId: t.ids.packEurope,
        amount: 19.99,
        currency: 'USD',
        immediateAccessConsent: true,
      },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('PENDING_TRANSACTION');
    const session = double.sessions.get(sessionId);
    if (session) session.payment_status = 'paid';
    await send('checkout.session.async_payment_succeeded', double.sessionJson(sessionId));
    expect((await transactionRow(t.database.db, transactionId)).status).toBe('completed');
    expect(await purchasesOf(u.id)).toHaveLength(1);

    const other = await user();
    const second = await buyEurope(other);
    await send('checkout.session.completed', double.pay(second.sessionId, { paid: false }));
    await send('checkout.session.async_payment_failed', double.sessionJson(second.sessionId));
    expect((await transactionRow(t.database.db, second.transactionId)).status).toBe('failed');
    expect(await purchasesOf(other.id)).toHaveLength(0);
  });
});

describe('checkout.session.expired', () => {
  it('expires the pending transaction so the pack can be bought again', async () => {
    const u = await user();
    const { transactionId, sessionId } = await buyEurope(u);
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/packs/create-payment-stripe',
      headers: await u.headers(),
      payload: {
        packId: t.ids.packEurope,
        amount: 19.99,
        currency: 'USD',
        immediateAccessConsent: true,
      },
    });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().code).toBe('ACTIVE_STRIPE_SESSION');
    await send('checkout.session.expired', double.expire(sessionId));
    expect((await transactionRow(t.database.db, transactionId)).status).toBe('expired');
    await buyEurope(u);
  });

  it('never undoes a payment when it arrives late', async () => {
    const u = await user();
    const { transactionId, sessionId } = await buyEurope(u);
    const paid = double.pay(sessionId);
    await send('checkout.session.completed', paid);
    await send('checkout.session.expired', { ...paid, status: 'expired' });
    expect((await transactionRow(t.database.db, transactionId)).status).toBe('completed');
    expect(await tipStatus(u)).toBe(200);
  });

  it('unblocks the pack without any webhook once Stripe says the session expired', async () => {
    const u = await user();
    const { transactionId, sessionId } = await buyEurope(u);
    double.expire(sessionId);
    await buyEurope(u);
    expect((await transactionRow(t.database.db, transactionId)).status).toBe('expired');
  });
});

describe('subscriptions: invoice.paid and checkout.session.completed in any order', () => {
  it('extends once when invoice.paid comes before checkout.session.completed, then renews per invoice', async () => {
    const u = await user();
    const now = t.time.now();
    const { transactionId, sessionId } = await subscribe(u);
    const session = double.pay(sessionId);
    const subscriptionId = String(session.subscription);
    const first = double.invoice(subscriptionId, 'subscription_create');
    expect(first.json.id).toBe(session.invoice);

    await send('invoice.paid', first.json);
    let sub = await subscriptionOf(t.database.db, u.id);
    expect(sub).toMatchObject({
      planKey: 'premium',
      isRecurring: true,
      provider: 'stripe',
      providerSubscriptionId: subscriptionId,
    });
    expect(sub?.endDate.toISOString()).toBe('2026-07-01T12:00:00.000Z');
    await send('checkout.session.completed', session);
    await send('invoice.paid', first.json);
    sub = await subscriptionOf(t.database.db, u.id);
    expect(sub?.endDate.toISOString()).toBe('2026-07-01T12:00:00.000Z');
    expect(await transactionRow(t.database.db, transactionId)).toMatchObject({
      status: 'completed',
      providerInvoiceId: first.json.id,
      providerSubscriptionId: subscriptionId,
    });
    expect(await receiptsFor(transactionId)).toHaveLength(1);

    // A month later Stripe charges the renewal: one more month, once.
    t.time.set(new Date('2026-07-01T12:30:00Z'));
    try {
      const renewal = double.invoice(subscriptionId, 'subscription_cycle');
      const delivery = double.event('invoice.paid', renewal.json);
      expect((await deliver(delivery)).statusCode).toBe(200);
      expect((await deliver(delivery)).statusCode).toBe(200);
      await send('invoice.paid', renewal.json);
      sub = await subscriptionOf(t.database.db, u.id);
      expect(sub?.endDate.toISOString()).toBe('2026-08-01T12:30:00.000Z');
      const rows = await t.database.db
        .select()
        .from(transactions)
        .where(
          and(eq(transactions.userId, u.id), eq(transactions.providerInvoiceId, renewal.json.id)),
        );
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        status: 'completed',
        isRecurring: true,
        amountCents: 1999,
        planKey: 'premium',
      });
      const renewalMails = await receiptsFor(rows[0]?.id ?? '');
      expect(renewalMails).toHaveLength(1);
      expect(decodeMail(renewalMails[0]?.raw ?? '')).toContain('renovación');
    } finally {
      t.time.set(now);
    }
  });

  it('gives two months, not one or three, when a renewal invoice arrives before everything else', async () => {
    const u = await user();
    const { sessionId } = await subscribe(u);
    const session = double.pay(sessionId);
    const subscriptionId = String(session.subscription);
    await send('invoice.paid', double.invoice(subscriptionId, 'subscription_cycle').json);
    await send('invoice.paid', double.invoice(subscriptionId, 'subscription_create').json);
    await send('checkout.session.completed', session);
    const sub = await subscriptionOf(t.database.db, u.id);
    expect(sub?.endDate.toISOString()).toBe('2026-08-01T12:00:00.000Z');
  });

  it('e-mails the user once when a renewal charge fails', async () => {
    const u = await user();
    const { sessionId } = await subscribe(u);
    const session = double.pay(sessionId);
    await send('checkout.session.completed', session);
    const failed = double.invoice(String(session.subscription), 'subscription_cycle', {
      paid: false,
      nextPaymentAttempt: Math.floor(Date.parse('2026-07-04T12:00:00Z') / 1000),
    });
    const delivery = double.event('invoice.payment_failed', failed.json);
    await deliver(delivery);
    await deliver(delivery);
    await t.app.jobs.runDue();
    const mails = readOutbox(t.dataDir).filter(
      (m) => m.raw.includes(u.email) && decodeMail(m.raw).includes('No pudimos cobrar'),
    );
    expect(mails).toHaveLength(1);
    expect(decodeMail(mails[0]?.raw ?? '')).toContain('Todos los tips VIP');
    expect(decodeMail(mails[0]?.raw ?? '')).toContain('$19.99 USD');
  });
});

describe('two renewing subscriptions, and renewals of deleted accounts', () => {
  it('keeps one renewing Stripe subscription when two checkouts were paid, counting both payments', async () => {
    const u = await user();
    const a = await subscribe(u);
    const sessionA = double.pay(a.sessionId);
    // Our side had closed A (say, the cleanup ran while Stripe was slow), so B could be opened.
    await t.database.db
      .update(transactions)
      .set({ status: 'expired' })
      .where(eq(transactions.id, a.transactionId));
    const b = await subscribe(u);
    const sessionB = double.pay(b.sessionId);
    await send('checkout.session.completed', sessionB);
    await send('checkout.session.completed', sessionA);
    const sub = await subscriptionOf(t.database.db, u.id);
    expect(sub?.endDate.toISOString()).toBe('2026-08-01T12:00:00.000Z');
    expect(sub?.providerSubscriptionId).toBe(sessionA.subscription);
    // The older one is stopped by a job of the queue, committed with the payment (decision 0064).
    await t.app.jobs.runDue();
    expect(double.subscriptions.get(String(sessionB.subscription))?.cancel_at_period_end).toBe(
      true,
    );
    expect(double.subscriptions.get(String(sessionA.subscription))?.cancel_at_period_end).toBe(
      false,
    );
  });

  it('stops a subscription whose renewal is collected after the account was deleted', async () => {
    const u = await user();
    const { sessionId } = await subscribe(u);
    const session = double.pay(sessionId);
    await send('checkout.session.completed', session);
    // The renewal was not collected within the grace: the job ended it, so deletion was allowed.
    await t.database.db
      .update(subscriptions)
      .set({ isRecurring: false })
      .where(eq(subscriptions.userId, u.id));
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/me',
      headers: await u.headers(),
      payload: { confirm: 'ELIMINAR' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const renewal = double.invoice(String(session.subscription), 'subscription_cycle');
    await send('invoice.paid', renewal.json);
    await t.app.jobs.runDue();
    expect(double.subscriptions.get(String(session.subscription))?.cancel_at_period_end).toBe(true);
    const rows = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.providerInvoiceId, renewal.json.id));
    expect(rows).toHaveLength(0);
  });
});

describe('customer.subscription.updated and .deleted', () => {
  it('follows Stripe as it is now, whatever order the events come in', async () => {
    const u = await user();
    const { sessionId } = await subscribe(u);
    const session = double.pay(sessionId);
    const subscriptionId = String(session.subscription);
    await send('checkout.session.completed', session);
    const stale = double.subscriptionJson(subscriptionId);

    const stripeSub = double.subscriptions.get(subscriptionId);
    if (!stripeSub) throw new Error('no sub');
    stripeSub.cancel_at_period_end = true;
    const cancelled = double.subscriptionJson(subscriptionId);
    await send('customer.subscription.updated', cancelled);
    expect((await subscriptionOf(t.database.db, u.id))?.isRecurring).toBe(false);
    // An older event arriving late says "renewing", but Stripe is re-read and says otherwise.
    await send('customer.subscription.updated', stale);
    expect((await subscriptionOf(t.database.db, u.id))?.isRecurring).toBe(false);

    stripeSub.cancel_at_period_end = false;
    await send('customer.subscription.updated', cancelled);
    expect((await subscriptionOf(t.database.db, u.id))?.isRecurring).toBe(true);

    stripeSub.status = 'canceled';
    await send('customer.subscription.deleted', double.subscriptionJson(subscriptionId));
    const sub = await subscriptionOf(t.database.db, u.id);
    expect(sub?.isRecurring).toBe(false);
    // The paid period stays.
    expect(sub?.endDate.toISOString()).toBe('2026-07-01T12:00:00.000Z');
  });
});

describe('charge.refunded', () => {
  it('revokes a refunded pack: the tips lock again and the pack can be bought again', async () => {
    const u = await user();
    const { transactionId, sessionId } = await buyEurope(u);
    const session = double.pay(sessionId);
    await send('checkout.session.completed', session);
    expect(await tipStatus(u)).toBe(200);

    const partial = double.charge(String(session.payment_intent), {
      amount: 1999,
      amountRefunded: 500,
    });
    await send('charge.refunded', partial);
    expect(await tipStatus(u)).toBe(200);

    const refund = double.event(
      'charge.refunded',
      double.charge(String(session.payment_intent), { amount: 1999 }),
    );
    await deliver(refund);
    await deliver(refund);
    expect((await transactionRow(t.database.db, transactionId)).status).toBe('refunded');
    const [purchase] = await purchasesOf(u.id);
    expect(purchase?.revokedAt).not.toBeNull();
    expect(await tipStatus(u)).toBe(403);
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/packs/verify-status/${t.ids.packEurope}`,
      headers: await u.headers(),
    });
    expect(status.json().isPurchased).toBe(false);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/packs/mis-packs',
          headers: await u.headers(),
        })
      ).json().data,
    ).toEqual([]);
    const check = await t.app.inject({
      method: 'GET',
      url: `/api/packs/check-payment/${transactionId}`,
      headers: await u.headers(),
    });
    expect(check.json()).toMatchObject({
      message: 'Este pago fue reembolsado.',
      transaction: { status: 'refunded' },
    });
    await buyEurope(u);
  });

  it('pulls a refunded subscription period back from the end date', async () => {
    const u = await user();
    const { transactionId, sessionId } = await subscribe(u);
    const session = double.pay(sessionId);
    await send('checkout.session.completed', session);
    expect((await subscriptionOf(t.database.db, u.id))?.endDate.toISOString()).toBe(
      '2026-07-01T12:00:00.000Z',
    );
    // The first period was paid through its invoice: Stripe names the payment intent only.
    const first = double.invoice(String(session.subscription), 'subscription_create');
    await send('charge.refunded', double.charge(first.paymentIntent, { amount: 1999 }));
    expect((await transactionRow(t.database.db, transactionId)).status).toBe('refunded');
    const sub = await subscriptionOf(t.database.db, u.id);
    expect(sub?.endDate.toISOString()).toBe('2026-06-01T12:00:00.000Z');
    const me = await t.app.inject({
      method: 'POST',
      url: '/api/auth/me_verify',
      headers: await u.headers(),
    });
    expect(me.json().user.subscription.hasActiveSubscription).toBe(false);
  });
});

describe('renewal switch with Stripe', () => {
  it('cancels and resumes at Stripe, and a cancelled renewal lets the account be deleted', async () => {
    const u = await user();
    const { sessionId } = await subscribe(u);
    const session = double.pay(sessionId);
    const subscriptionId = String(session.subscription);
    await send('checkout.session.completed', session);

    const blocked = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/me',
      headers: await u.headers(),
      payload: { confirm: 'ELIMINAR' },
    });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().code).toBe('ACTIVE_SUBSCRIPTION');

    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/cancel',
      headers: await u.headers(),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({
      success: true,
      message:
        'Renovación automática cancelada. Conservas el acceso hasta el final del periodo pagado.',
      user: {
        subscription: {
          hasActiveSubscription: true,
          isRecurring: false,
          daysRemaining: 30,
          plan: 'premium',
        },
      },
    });
    expect(double.subscriptions.get(subscriptionId)?.cancel_at_period_end).toBe(true);

    const resume = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/resume',
      headers: await u.headers(),
    });
    expect(resume.statusCode, resume.body).toBe(200);
    expect(resume.json()).toMatchObject({
      message: 'Renovación automática reactivada.',
      user: { subscription: { isRecurring: true } },
    });
    expect(double.subscriptions.get(subscriptionId)?.cancel_at_period_end).toBe(false);

    await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/cancel',
      headers: await u.headers(),
    });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/me',
      headers: await u.headers(),
      payload: { confirm: 'ELIMINAR' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    // Payment records stay, detached from the person.
    const [kept] = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.providerSessionId, sessionId));
    expect(kept).toMatchObject({ userId: null, status: 'completed' });
  });

  it('refuses to resume a one-off payment', async () => {
    const u = await user();
    const { sessionId } = await subscribe(u, false);
    await send('checkout.session.completed', double.pay(sessionId));
    const sub = await subscriptionOf(t.database.db, u.id);
    expect(sub).toMatchObject({ isRecurring: false, providerSubscriptionId: null });
    const resume = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/resume',
      headers: await u.headers(),
    });
    expect(resume.statusCode).toBe(400);
    expect(resume.json().code).toBe('ONE_OFF_SUBSCRIPTION');
    // The account page learns it from the user, and offers no renewal it would refuse.
    const me = await t.app.inject({
      method: 'POST',
      url: '/api/auth/me_verify',
      headers: await u.headers(),
    });
    expect(me.json().user.subscription.source).toBe('one_off');
  });

  it('answers a Spanish 400 with no subscription to cancel or resume', async () => {
    const u = await user();
    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/cancel',
      headers: await u.headers(),
    });
    expect(cancel.statusCode).toBe(400);
    expect(cancel.json()).toEqual({
      success: false,
      code: 'NO_ACTIVE_SUBSCRIPTION',
      message: 'No tienes una suscripción activa.',
    });
    const resume = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/resume',
      headers: await u.headers(),
    });
    expect(resume.statusCode).toBe(400);
    expect(resume.json().code).toBe('SUBSCRIPTION_ENDED');
  });
});

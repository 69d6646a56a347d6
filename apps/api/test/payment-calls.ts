import { expect } from 'vitest';
import { decodeMail, readOutbox } from './mail';
import { bearerAt, type PaymentsTestApp, transactionRow } from './payments';
import { createTestUser } from './users';

/** The calls a payments test makes: a buyer, their checkouts and payment checks, and (with the
 * Stripe double) Stripe's webhook deliveries. `app()` is read at each call (set up in beforeAll). */
export function paymentCalls(app: () => PaymentsTestApp) {
  const double = () => {
    const d = app().double;
    if (!d) throw new Error('no Stripe double');
    return d;
  };

  async function user() {
    const t = app();
    const u = await createTestUser(t.database.db, { now: t.time.now() });
    return {
      id: u.id,
      email: u.email,
      headers: async () => bearerAt(app().database.db, u.id, app().time.now()),
    };
  }
  type U = Awaited<ReturnType<typeof user>>;

  async function checkout(
    u: U,
    body: Record<string, unknown>,
    url = '/api/packs/create-payment-stripe',
  ) {
    const t = app();
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: await u.headers(),
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(201);
    const transactionId: string = res.json().payment.transactionId;
    const tx = await transactionRow(t.database.db, transactionId);
    return { transactionId, sessionId: tx.providerSessionId ?? '' };
  }

  function deliver(delivery: { payload: string; signature: string }) {
    return app().app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': delivery.signature,
      },
      payload: delivery.payload,
    });
  }

  return {
    user,
    checkout,
    deliver,
    double,
    /** GET check-payment of a pack transaction, as its buyer. */
    async checkPack(u: U, transactionId: string) {
      const res = await app().app.inject({
        method: 'GET',
        url: `/api/packs/check-payment/${transactionId}`,
        headers: await u.headers(),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().transaction as { status: string; amount: number };
    },
    buyEurope: (u: U) =>
      checkout(u, {
        packId: app().ids.packEurope,
        amount: 19.99,
        currency: 'USD',
        immediateAccessConsent: true,
      }),
    subscribe: (u: U, recurring = true) =>
      checkout(
        u,
        {
          plan: 'premium',
          amount: 19.99,
          currency: 'USD',
          recurring,
          immediateAccessConsent: true,
        },
        '/api/subscriptions/create-payment-stripe',
      ),
    async send(type: string, object: Record<string, unknown>, id?: string) {
      const res = await deliver(double().event(type, object, id ? { id } : {}));
      expect(res.statusCode, res.body).toBe(200);
      return res;
    },
    /** The receipts e-mailed about a transaction: they are jobs of the queue (decision 0064),
     * run here as the worker of a running server would, so a second (duplicate) one is seen. */
    async receiptsFor(transactionId: string) {
      await app().app.jobs.runDue();
      return readOutbox(app().dataDir).filter((m) => decodeMail(m.raw).includes(transactionId));
    },
  };
}
export type PaymentCalls = ReturnType<typeof paymentCalls>;
export type Buyer = Awaited<ReturnType<PaymentCalls['user']>>;

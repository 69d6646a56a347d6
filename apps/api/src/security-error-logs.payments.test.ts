import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paymentCalls } from '../test/payment-calls';
import { buildPaymentsApp, type PaymentsTestApp, transactionRow } from '../test/payments';
import { runPaymentMaintenance } from './modules/payments/payment-jobs';
import { expectLoggedWithout } from '../test/log-scan';

// Issue 29 item 6 (decision 0085), payments: a fulfilment that fails, from Stripe's webhook or
// from the maintenance job, logs its error without the checkout session id (the return page's
// `session_id`), the webhook's signature, the payment's ids or the payer's address.
const raw: string[] = [];
let t: PaymentsTestApp;
const calls = paymentCalls(() => t);

beforeAll(async () => {
  t = await buildPaymentsApp({ stripe: true, env: { LOG_LEVEL: 'info' } });
  // As buildTestApp's logStream: every line of the app and its children.
  Reflect.set(t.app.log, pino.symbols.streamSym, { write: (line: string) => void raw.push(line) });
});
afterAll(() => t.close());
beforeEach(() => {
  raw.length = 0;
});

const PACK = { amount: 19.99, currency: 'USD', immediateAccessConsent: true };

/** Runs `fn` while no transaction row can be written: every fulfilment fails in the database. */
async function withTransactionsFrozen(fn: () => Promise<void>): Promise<void> {
  const db = t.database.db;
  await db.execute(
    sql.raw('alter table transactions add constraint t_frozen check (false) not valid'),
  );
  try {
    await fn();
  } finally {
    await db.execute(sql.raw('alter table transactions drop constraint t_frozen'));
  }
}

describe('a failing fulfilment is logged without its secrets', () => {
  it('from the Stripe webhook', async () => {
    const u = await calls.user();
    const { sessionId } = await calls.checkout(u, { ...PACK, packId: t.ids.packEurope });
    const session = calls.double().pay(sessionId);
    const delivery = calls.double().event('checkout.session.completed', session);
    await withTransactionsFrozen(async () => {
      expect((await calls.deliver(delivery)).statusCode).toBe(500);
    });
    const paymentIntent = String((session as { payment_intent?: unknown }).payment_intent ?? '');
    expectLoggedWithout(raw, '"level":50', [sessionId, delivery.signature, u.email, paymentIntent]);
  });

  it('from the maintenance job that reconciles a checkout whose webhook was lost', async () => {
    const u = await calls.user();
    const { sessionId, transactionId } = await calls.checkout(u, {
      ...PACK,
      packId: t.ids.packEurope,
    });
    const session = calls.double().pay(sessionId);
    const start = t.time.now();
    t.time.advance(32 * 60_000);
    try {
      await withTransactionsFrozen(async () => {
        await runPaymentMaintenance(t.app.payments, t.database.db);
      });
    } finally {
      t.time.set(start);
    }
    expect((await transactionRow(t.database.db, transactionId)).status).toBe('pending');
    const paymentIntent = String((session as { payment_intent?: unknown }).payment_intent ?? '');
    expectLoggedWithout(raw, 'no se pudo conciliar un pago pendiente', [
      sessionId,
      u.email,
      paymentIntent,
    ]);
  });
});

import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeMail, readOutbox } from '../../../test/mail';
import { type Buyer, paymentCalls } from '../../../test/payment-calls';
import {
  buildPaymentsApp,
  type PaymentsTestApp,
  sessionIdOf,
  transactionRow,
} from '../../../test/payments';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { jobs } from '../../db/schema';

// Decision 0064: a paid gift's e-mails (and a payment's receipt) are jobs of the durable queue,
// committed with the payment. These tests stop "the server" right after the commit, before any
// worker ran, and let another instance pick the work up.

let t: PaymentsTestApp;
beforeAll(async () => {
  t = await buildPaymentsApp({ stripe: false });
});
afterAll(() => t.close());

const { user } = paymentCalls(() => t);
const form = { 'content-type': 'application/x-www-form-urlencoded' };
const CODE = /MAGO-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}/;

/** Another instance on the same database and outbox: the server after a restart. */
function restarted(): Promise<TestApp> {
  return buildTestApp({
    database: t.database,
    clock: t.time.clock,
    env: { DATA_DIR: t.dataDir, APP_URL: 'https://magotips.test' },
  });
}

function mailsTo(to: string) {
  return readOutbox(t.dataDir).filter((m) =>
    new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'mi').test(m.raw),
  );
}

const messageId = (raw: string) => /^Message-ID: (.+)$/im.exec(raw)?.[1] ?? null;

function jobsOf(transactionId: string) {
  return t.database.db
    .select()
    .from(jobs)
    .where(sql`${jobs.payload}->>'transactionId' = ${transactionId}`);
}

/** Starts a checkout and pays it on the simulated page: the payment commits in that request. */
async function buyAndPay(u: Buyer, url: string, body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: await u.headers(),
    payload: { immediateAccessConsent: true, ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  const transactionId: string = res.json().payment.transactionId;
  const sessionId = sessionIdOf(res.json().payment.stripeCheckoutUrl);
  const paid = await t.app.inject({
    method: 'POST',
    url: `/api/payments/simulated/checkout/${sessionId}/pay`,
    headers: form,
    payload: '',
  });
  expect(paid.statusCode).toBe(303);
  expect((await transactionRow(t.database.db, transactionId)).status).toBe('completed');
  return transactionId;
}

describe("a paid gift's e-mails through the job queue", () => {
  it('are committed with the payment, so a crash before the send loses neither', async () => {
    const buyer = await user();
    const friend = 'regalo-en-cola@example.com';
    const transactionId = await buyAndPay(buyer, '/api/gifts/create-payment-stripe', {
      type: 'pack',
      packId: t.ids.packEurope,
      recipientEmail: friend,
      message: 'Para el finde',
    });

    // The instance stops here: the payment and its code are committed, and so are its e-mails,
    // as queued jobs that nothing has run yet.
    const queued = await jobsOf(transactionId);
    expect(queued.map((j) => [j.kind, j.state, (j.payload as { to?: string }).to]).sort()).toEqual([
      ['gifts.email', 'queued', 'buyer'],
      ['gifts.email', 'queued', 'recipient'],
    ]);
    expect(mailsTo(buyer.email)).toHaveLength(0);
    expect(mailsTo(friend)).toHaveLength(0);

    const other = await restarted();
    try {
      await other.app.jobs.runDue();
      const [toBuyer, ...moreToBuyer] = mailsTo(buyer.email);
      const [toFriend, ...moreToFriend] = mailsTo(friend);
      expect(moreToBuyer).toHaveLength(0);
      expect(moreToFriend).toHaveLength(0);
      const code = CODE.exec(decodeMail(toBuyer?.raw ?? ''))?.[0];
      expect(code).toMatch(CODE);
      expect(decodeMail(toFriend?.raw ?? '')).toContain(code);
      expect(decodeMail(toFriend?.raw ?? '')).toContain('Para el finde');
      expect((await jobsOf(transactionId)).map((j) => j.state)).toEqual(['done', 'done']);

      // Running the queue again sends nothing more.
      await other.app.jobs.runDue();
      expect(mailsTo(buyer.email)).toHaveLength(1);
      expect(mailsTo(friend)).toHaveLength(1);

      // A job run twice (its worker died after the send, before marking it done) hands over
      // the very same message: one outbox file, the same Message-ID receivers drop repeats by.
      const first = messageId(toFriend?.raw ?? '');
      expect(first).not.toBeNull();
      await t.database.db
        .update(jobs)
        .set({ state: 'queued', runAt: t.time.now() })
        .where(
          inArray(
            jobs.id,
            queued.map((j) => j.id),
          ),
        );
      expect(await other.app.jobs.runDue()).toBe(2);
      expect(mailsTo(buyer.email)).toHaveLength(1);
      expect(mailsTo(friend)).toHaveLength(1);
      expect(messageId(mailsTo(friend)[0]?.raw ?? '')).toBe(first);
      expect(first).not.toContain(transactionId);
    } finally {
      await other.close();
    }
  });

  it('a pack bought for oneself: its receipt is a job committed with the payment, sent once', async () => {
    const buyer = await user();
    const transactionId = await buyAndPay(buyer, '/api/packs/create-payment-stripe', {
      packId: t.ids.packEurope,
      amount: 19.99,
      currency: 'USD',
    });
    const [receipt, ...more] = await jobsOf(transactionId);
    expect(more).toHaveLength(0);
    expect(receipt).toMatchObject({ kind: 'payments.receipt', state: 'queued' });
    expect(mailsTo(buyer.email)).toHaveLength(0);

    const other = await restarted();
    try {
      await other.app.jobs.runDue();
      await other.app.jobs.runDue();
      const mails = mailsTo(buyer.email);
      expect(mails).toHaveLength(1);
      expect(decodeMail(mails[0]?.raw ?? '')).toContain(
        'Hemos recibido tu pago de $19.99 USD por el pack «Pack Fin de Semana Europeo»',
      );
      expect(decodeMail(mails[0]?.raw ?? '')).toContain(transactionId);
    } finally {
      await other.close();
    }
  });
});

import { GIFT_PURCHASE_MSG, type TGiftPurchaseResponse } from '@magotips/contracts/gifts';
import { GIFT_MSG } from '@magotips/contracts/gift-codes';
import { IMMEDIATE_ACCESS_CONSENT } from '@magotips/contracts/purchase-consent';
import { PAYMENT_MESSAGES } from '@magotips/contracts/payments';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeMail, readOutbox } from '../../../test/mail';
import { type Buyer, paymentCalls } from '../../../test/payment-calls';
import {
  buildPaymentsApp,
  type PaymentsTestApp,
  sessionIdOf,
  subscriptionOf,
  transactionRow,
} from '../../../test/payments';
import { giftCodeBatches, giftCodes, packPurchases, transactions } from '../../db/schema';

let t: PaymentsTestApp;
beforeAll(async () => {
  t = await buildPaymentsApp({ stripe: false });
});
afterAll(() => t.close());

const { user, buyEurope } = paymentCalls(() => t);
const form = { 'content-type': 'application/x-www-form-urlencoded' };
const CODE = /MAGO-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}/;

function createGift(u: Buyer, body: Record<string, unknown>) {
  return u.headers().then((headers) =>
    t.app.inject({
      method: 'POST',
      url: '/api/gifts/create-payment-stripe',
      headers,
      payload: { immediateAccessConsent: true, ...body },
    }),
  );
}

async function giftPack(u: Buyer, extra: Record<string, unknown> = {}) {
  const res = await createGift(u, { type: 'pack', packId: t.ids.packEurope, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  const transactionId: string = res.json().payment.transactionId;
  const url: string = res.json().payment.stripeCheckoutUrl;
  return { transactionId, sessionId: sessionIdOf(url), path: new URL(url).pathname };
}

/** Pagar on the simulated page: the same fulfilment as a Stripe webhook. */
async function pay(path: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${path}/pay`,
    headers: form,
    payload: '',
  });
  return res;
}

/** The mails sent to `to`: jobs of the queue (decision 0064), run here as a running server's
 * worker would, so that a duplicate would be seen too. */
async function mailsTo(to: string) {
  await t.app.jobs.runDue();
  return readOutbox(t.dataDir)
    .map((m) => ({ raw: m.raw, text: decodeMail(m.raw) }))
    .filter((m) => new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'mi').test(m.raw));
}

async function verify(u: Buyer, sessionId: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/gifts/verify-session/${sessionId}`,
    headers: await u.headers(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TGiftPurchaseResponse>();
}

const batchesOf = (transactionId: string) =>
  t.database.db
    .select()
    .from(giftCodeBatches)
    .where(eq(giftCodeBatches.purchaseTransactionId, transactionId));

describe('POST /api/gifts/create-payment-stripe: validation', () => {
  it('answers a Spanish 400 for bad input, never a 500', async () => {
    const u = await user();
    const cases: [Record<string, unknown>, string][] = [
      [{ packId: t.ids.packEurope }, GIFT_PURCHASE_MSG.typeRequired],
      [{ type: 'pack', packId: 'nope' }, GIFT_PURCHASE_MSG.packRequired],
      [{ type: 'plan', planKey: 'premium' }, GIFT_PURCHASE_MSG.monthsRequired],
      [{ type: 'plan', planKey: 'premium', months: 25 }, GIFT_PURCHASE_MSG.monthsRequired],
      [{ type: 'plan', planKey: '', months: 1 }, GIFT_PURCHASE_MSG.planRequired],
      [
        { type: 'pack', packId: t.ids.packEurope, recipientEmail: 'no-es-un-email' },
        GIFT_PURCHASE_MSG.recipientEmailInvalid,
      ],
      [
        { type: 'pack', packId: t.ids.packEurope, message: 'x'.repeat(301) },
        GIFT_PURCHASE_MSG.messageTooLong,
      ],
      [
        { type: 'pack', packId: t.ids.packEurope, message: 'hola\u0007' },
        GIFT_PURCHASE_MSG.messageControl,
      ],
      [
        { type: 'pack', packId: t.ids.packEurope, message: 'hola \u202Eadios' },
        GIFT_PURCHASE_MSG.messageControl,
      ],
      [
        { type: 'pack', packId: t.ids.packEurope, immediateAccessConsent: false },
        IMMEDIATE_ACCESS_CONSENT.required,
      ],
      [{ type: 'plan', planKey: 'premium', months: 13 }, GIFT_PURCHASE_MSG.monthsRequired],
      [{ type: 'plan', planKey: 'premium', months: 0 }, GIFT_PURCHASE_MSG.monthsRequired],
      [{ type: 'plan', planKey: 'premium', months: 2.5 }, GIFT_PURCHASE_MSG.monthsRequired],
    ];
    for (const [body, message] of cases) {
      const res = await createGift(u, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toBe(message);
    }
  });

  it('answers 404 for an unknown plan or pack, as the normal checkout does', async () => {
    const u = await user();
    const plan = await createGift(u, { type: 'plan', planKey: 'oro', months: 1 });
    expect(plan.statusCode).toBe(404);
    expect(plan.json().message).toBe(PAYMENT_MESSAGES.planNotFound);
    const pack = await createGift(u, {
      type: 'pack',
      packId: '00000000-0000-4000-8000-000000000000',
    });
    expect(pack.statusCode).toBe(404);
    expect(pack.json().message).toBe(PAYMENT_MESSAGES.packNotFound);
  });

  it('refuses a visitor with 401', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/gifts/create-payment-stripe',
      payload: { type: 'pack', packId: t.ids.packEurope, immediateAccessConsent: true },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('a pack given as a gift, paid on the simulated page', () => {
  it('mints exactly one code, e-mails buyer and recipient, grants the buyer nothing, and the code works once', async () => {
    const buyer = await user();
    const message = 'Feliz cumpleaños, <b>crack</b>!\n¡Que aciertes!';
    const gift = await giftPack(buyer, { recipientEmail: 'Amiga@Example.com', message });
    const row = await transactionRow(t.database.db, gift.transactionId);
    expect(row).toMatchObject({
      isGift: true,
      kind: 'pack',
      isRecurring: false,
      giftRecipientEmail: 'amiga@example.com',
      giftMessage: message,
      amountCents: 1999,
      status: 'pending',
    });

    const paid = await pay(gift.path);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toContain('type=gift');
    expect((await transactionRow(t.database.db, gift.transactionId)).status).toBe('completed');

    const batches = await batchesOf(gift.transactionId);
    expect(batches).toHaveLength(1);
    expect(batches[0]).toMatchObject({ type: 'pack', packId: t.ids.packEurope, createdBy: null });
    const codes = await t.database.db
      .select()
      .from(giftCodes)
      .where(eq(giftCodes.batchId, batches[0]?.id ?? ''));
    expect(codes).toHaveLength(1);

    // The buyer does not get the pack.
    expect(
      await t.database.db.select().from(packPurchases).where(eq(packPurchases.userId, buyer.id)),
    ).toHaveLength(0);

    const [toBuyer] = await mailsTo(buyer.email);
    const [toFriend] = await mailsTo('amiga@example.com');
    const code = CODE.exec(toBuyer?.text ?? '')?.[0] ?? '';
    expect(code).toMatch(CODE);
    expect(toBuyer?.text).toContain('Hemos enviado el código y tu mensaje a amiga@example.com');
    expect(toBuyer?.text).toContain(`https://magotips.test/panel/cuenta?regalo=${code}`);
    expect(toFriend?.text).toContain(code);
    expect(toFriend?.text).toContain('te regala el pack «Pack Fin de Semana Europeo»');
    expect(toFriend?.text).toContain('¡Que aciertes!');
    expect(toFriend?.text).toContain(`https://magotips.test/panel/cuenta?regalo=${code}`);
    // The message is text: escaped in the HTML part, never markup.
    expect(toFriend?.text).toContain('&lt;b&gt;crack&lt;/b&gt;');
    expect(toFriend?.text).not.toContain('<b>crack</b>!<');

    // The buyer's result page shows the same code.
    const result = await verify(buyer, gift.sessionId);
    expect(result.transaction.status).toBe('completed');
    expect(result.gift).toEqual({
      type: 'pack',
      itemName: 'Pack Fin de Semana Europeo',
      months: null,
      recipientEmail: 'amiga@example.com',
      code,
    });

    // Paying again, and the result page again: no second code, no second e-mails.
    expect((await pay(gift.path)).statusCode).toBeLessThan(500);
    await verify(buyer, gift.sessionId);
    expect(await batchesOf(gift.transactionId)).toHaveLength(1);
    expect(await mailsTo(buyer.email)).toHaveLength(1);
    expect(await mailsTo('amiga@example.com')).toHaveLength(1);

    // Another user redeems it once and reads the pack; a second time says it is used.
    const friend = await user();
    const redeem = () =>
      friend.headers().then((headers) =>
        t.app.inject({
          method: 'POST',
          url: '/api/gift-codes/redeem',
          headers,
          payload: { code },
          remoteAddress: '10.9.0.1',
        }),
      );
    const first = await redeem();
    expect(first.statusCode, first.body).toBe(200);
    const tip = await t.app.inject({
      method: 'GET',
      url: `/api/tips/${t.ids.tipInEurope}`,
      headers: await friend.headers(),
    });
    expect(tip.statusCode).toBe(200);
    const again = await redeem();
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(GIFT_MSG.used);
  });

  it('lets a buyer give a pack they own, and a gift checkout does not block their own', async () => {
    const buyer = await user();
    const own = await buyEurope(buyer);
    // A gift opened while their own checkout is pending: neither blocks the other.
    const gift = await giftPack(buyer);
    expect((await pay(`/api/payments/simulated/checkout/${own.sessionId}`)).statusCode).toBe(303);
    expect((await pay(gift.path)).statusCode).toBe(303);
    // Now they own it, and may still give it again.
    const second = await giftPack(buyer);
    expect((await pay(second.path)).statusCode).toBe(303);
    expect(await batchesOf(gift.transactionId)).toHaveLength(1);
    expect(await batchesOf(second.transactionId)).toHaveLength(1);
    // Without a recipient, only the buyer hears of it.
    const mails = await mailsTo(buyer.email);
    expect(mails.filter((m) => m.text.includes('Tu código de regalo'))).toHaveLength(0);
    expect(mails.filter((m) => CODE.test(m.text))).toHaveLength(2);
  });
});

describe('a gift whose pack is deleted before the payment arrives', () => {
  it('issues no code, and the result page says so instead of showing one', async () => {
    const buyer = await user();
    const gift = await giftPack(buyer, { recipientEmail: 'nadie-recibe@example.com' });
    // What deleting the pack leaves on the pending payment (ON DELETE SET NULL).
    await t.database.db
      .update(transactions)
      .set({ packId: null })
      .where(eq(transactions.id, gift.transactionId));
    expect((await pay(gift.path)).statusCode).toBe(303);
    expect(await batchesOf(gift.transactionId)).toHaveLength(0);
    const answer = await verify(buyer, gift.sessionId);
    expect(answer.transaction.status).toBe('completed');
    expect(answer.gift.code).toBeNull();
    expect(answer.message).toBe(GIFT_PURCHASE_MSG.notIssued);
    expect(await mailsTo('nadie-recibe@example.com')).toHaveLength(0);
  });
});

describe('a plan given as a gift', () => {
  it('is a one-off payment for the plan as sold, and the buyer gets no subscription', async () => {
    const buyer = await user();
    const res = await createGift(buyer, { type: 'plan', planKey: 'premium', months: 1 });
    expect(res.statusCode, res.body).toBe(201);
    const { transactionId, stripeCheckoutUrl } = res.json().payment;
    expect(await transactionRow(t.database.db, transactionId)).toMatchObject({
      kind: 'subscription',
      isGift: true,
      isRecurring: false,
      amountCents: 1999,
      planKey: 'premium',
      durationMonths: 1,
    });
    expect((await pay(new URL(stripeCheckoutUrl).pathname)).statusCode).toBe(303);
    expect(await subscriptionOf(t.database.db, buyer.id)).toBeNull();
    const [batch] = await batchesOf(transactionId);
    expect(batch).toMatchObject({ type: 'plan', planKey: 'premium', months: 1 });
    const [mail] = await mailsTo(buyer.email);
    expect(mail?.text).toContain('el plan «Todos los tips VIP» durante 1 mes');
  });

  it("does not close the buyer's own subscription checkout, nor is closed by it", async () => {
    const buyer = await user();
    const gift = await createGift(buyer, { type: 'plan', planKey: 'premium', months: 1 });
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/create-payment-stripe',
      headers: await buyer.headers(),
      payload: {
        plan: 'basic',
        amount: 9.99,
        currency: 'USD',
        recurring: false,
        immediateAccessConsent: true,
      },
    });
    expect(own.statusCode, own.body).toBe(201);
    const row = await transactionRow(t.database.db, gift.json().payment.transactionId);
    expect(row.status).toBe('pending');
  });
});

describe('GET /api/gifts/verify-session/:sessionId', () => {
  it("is 404 for someone else's gift and for a payment that is not a gift", async () => {
    const buyer = await user();
    const other = await user();
    const gift = await giftPack(buyer);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/gifts/verify-session/${gift.sessionId}`,
      headers: await other.headers(),
    });
    expect(res.statusCode).toBe(404);
    const own = await buyEurope(other);
    const notGift = await t.app.inject({
      method: 'GET',
      url: `/api/gifts/verify-session/${own.sessionId}`,
      headers: await other.headers(),
    });
    expect(notGift.statusCode).toBe(404);
    // Before payment there is no code yet.
    expect((await verify(buyer, gift.sessionId)).gift.code).toBeNull();
  });
});

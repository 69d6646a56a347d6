import { GIFT_PURCHASE_MSG, type TGiftPurchaseResponse } from '@magotips/contracts/gifts';
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
import { giftCodeBatches, transactions } from '../../db/schema';
import { addMonths } from '../subscriptions/billing-period';

// Issue 29: item 2 (a gift e-mail must not relay the buyer's links or name in its subject) and
// item 13 (plan gifts of 1 to 12 months, priced by the server).
let t: PaymentsTestApp;
beforeAll(async () => {
  t = await buildPaymentsApp({ stripe: false });
});
afterAll(() => t.close());

const { user } = paymentCalls(() => t);
const CODE = /MAGO-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}/;

async function createGift(u: Buyer, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/gifts/create-payment-stripe',
    headers: await u.headers(),
    payload: { immediateAccessConsent: true, ...body },
  });
}

/** Opens the gift and pays it on the simulated page (the same fulfilment as a webhook). */
async function paidGift(u: Buyer, body: Record<string, unknown>) {
  const res = await createGift(u, body);
  expect(res.statusCode, res.body).toBe(201);
  const transactionId: string = res.json().payment.transactionId;
  const url = new URL(res.json().payment.stripeCheckoutUrl as string);
  const paid = await t.app.inject({
    method: 'POST',
    url: `${url.pathname}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  expect(paid.statusCode).toBe(303);
  return { transactionId, sessionId: sessionIdOf(url.pathname) };
}

async function mailsTo(to: string) {
  await t.app.jobs.runDue();
  return readOutbox(t.dataDir)
    .map((m) => ({ raw: m.raw, text: decodeMail(m.raw) }))
    .filter((m) => new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'mi').test(m.raw));
}

describe('item 2: the gift e-mail is no relay', () => {
  it('refuses a message with a link with a Spanish 400 and opens no payment', async () => {
    const buyer = await user();
    const before = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.userId, buyer.id));
    for (const message of [
      'Entra en https://premio.example/login',
      'mira www.premio',
      'premio.com',
      'ejemplo.es/x',
      'escríbeme a ana@correo.es',
      'mailto:ana',
      'ｐｒｅｍｉｏ．ｃｏｍ',
      'premio。com',
    ]) {
      const res = await createGift(buyer, {
        type: 'pack',
        packId: t.ids.packEurope,
        recipientEmail: 'victima@example.com',
        message,
      });
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message, message).toBe('El mensaje no puede contener enlaces');
      expect(res.json().message).toBe(GIFT_PURCHASE_MSG.messageLink);
    }
    const after = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.userId, buyer.id));
    expect(after).toHaveLength(before.length);
  });

  it("sends the recipient a fixed subject and the buyer's message as their quotation", async () => {
    const buyer = await user();
    await paidGift(buyer, {
      type: 'pack',
      packId: t.ids.packEurope,
      recipientEmail: 'destino-asunto@example.com',
      message: '¡Feliz cumple, <b>crack</b>!\nQue aciertes.',
    });
    const [mail] = await mailsTo('destino-asunto@example.com');
    expect(mail?.raw).toMatch(/^Subject: Tienes un regalo en MagoTips\r?$/m);
    // The buyer's chosen name (createTestUser's "Prueba Usuario") stays out of the subject.
    expect(mail?.text).toContain('Prueba Usuario te regala');
    expect(mail?.text).toContain(
      'Mensaje de quien te lo regala:\n> ¡Feliz cumple, <b>crack</b>!\n> Que aciertes.',
    );
    expect(mail?.text).toMatch(
      /<blockquote[^>]*>¡Feliz cumple, &lt;b&gt;crack&lt;\/b&gt;!<br>Que aciertes\.<\/blockquote>/,
    );
  });

  it('leaves out a message with a link stored before the rule, and still sends the code', async () => {
    const buyer = await user();
    const res = await createGift(buyer, {
      type: 'pack',
      packId: t.ids.packEurope,
      recipientEmail: 'destino-antiguo@example.com',
      message: 'Hola',
    });
    const transactionId: string = res.json().payment.transactionId;
    // What an older row holds: written when the route still took links.
    await t.database.db
      .update(transactions)
      .set({ giftMessage: 'Cobra aquí: premio.example/x' })
      .where(eq(transactions.id, transactionId));
    const url = new URL(res.json().payment.stripeCheckoutUrl as string);
    await t.app.inject({
      method: 'POST',
      url: `${url.pathname}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    const [mail] = await mailsTo('destino-antiguo@example.com');
    expect(mail?.text).toMatch(CODE);
    expect(mail?.text).not.toContain('premio.example');
    expect(mail?.text).not.toContain('Mensaje de quien te lo regala');
  });
});

describe('item 13: a plan given for several months', () => {
  it("charges the plan's monthly price times the months, whatever the client says", async () => {
    const buyer = await user();
    const res = await createGift(buyer, {
      type: 'plan',
      planKey: 'premium',
      months: 3,
      // Not part of the contract: a client's price is never read.
      amount: 0.01,
      amountCents: 1,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await transactionRow(t.database.db, res.json().payment.transactionId)).toMatchObject({
      kind: 'subscription',
      isGift: true,
      isRecurring: false,
      amountCents: 3 * 1999,
      durationMonths: 3,
    });
  });

  it('issues a 3-month code, says so by e-mail and on the result page, and redeem grants 3 months', async () => {
    const buyer = await user();
    const { transactionId, sessionId } = await paidGift(buyer, {
      type: 'plan',
      planKey: 'premium',
      months: 3,
      recipientEmail: 'destino-meses@example.com',
    });
    const [batch] = await t.database.db
      .select()
      .from(giftCodeBatches)
      .where(eq(giftCodeBatches.purchaseTransactionId, transactionId));
    expect(batch).toMatchObject({ type: 'plan', planKey: 'premium', months: 3 });

    const [toBuyer] = await mailsTo(buyer.email);
    expect(toBuyer?.text).toContain('Hemos recibido tu pago de $59.97 USD');
    expect(toBuyer?.text).toContain('el plan «Todos los tips VIP» durante 3 meses');
    const [toFriend] = await mailsTo('destino-meses@example.com');
    expect(toFriend?.text).toContain('te regala el plan «Todos los tips VIP» durante 3 meses');
    const code = CODE.exec(toFriend?.text ?? '')?.[0] ?? '';

    const verified = await t.app.inject({
      method: 'GET',
      url: `/api/gifts/verify-session/${sessionId}`,
      headers: await buyer.headers(),
    });
    expect(verified.json<TGiftPurchaseResponse>().gift).toMatchObject({ months: 3, code });

    const friend = await user();
    const redeemed = await t.app.inject({
      method: 'POST',
      url: '/api/gift-codes/redeem',
      headers: await friend.headers(),
      payload: { code },
      remoteAddress: '10.9.3.1',
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect(redeemed.json().message).toContain('durante 3 meses');
    const sub = await subscriptionOf(t.database.db, friend.id);
    expect(sub).toMatchObject({ planKey: 'premium', durationMonths: 3, isRecurring: false });
    expect(sub?.endDate).toEqual(addMonths(t.time.now(), 3));
  });
});

import type { TVerificationRecord } from '@magotips/contracts/verification';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentCalls } from '../../../test/payment-calls';
import {
  bearerAt,
  buildPaymentsApp,
  type PaymentsTestApp,
  subscriptionOf,
  transactionRow,
} from '../../../test/payments';
import { createTestUser } from '../../../test/users';
import { packPurchases } from '../../db/schema';

// The simulated checkout's demo promotion code (issue 16, item 5; decision 0049): MAGO10 takes
// 10 % off, an unknown code charges nothing, and the financial verification still adds up.
let t: PaymentsTestApp;
const form = { 'content-type': 'application/x-www-form-urlencoded' };

beforeAll(async () => {
  t = await buildPaymentsApp({ stripe: false });
});
afterAll(() => t.close());

const { user, buyEurope, subscribe, checkPack } = paymentCalls(() => t);

const post = (sessionId: string, action: 'pay' | 'promotion', code?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/payments/simulated/checkout/${sessionId}/${action}`,
    headers: form,
    payload: code === undefined ? '' : new URLSearchParams({ promotionCode: code }).toString(),
  });
const purchasesOf = (userId: string) =>
  t.database.db.select().from(packPurchases).where(eq(packPurchases.userId, userId));

describe('simulated checkout: promotion codes', () => {
  it('offers a labelled code field whose Enter applies rather than pays', async () => {
    const { sessionId } = await buyEurope(await user());
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/payments/simulated/checkout/${sessionId}`,
    });
    expect(page.body).toContain('<label for="promotionCode">Código promocional</label>');
    const apply = page.body.indexOf('formaction=');
    expect(apply).toBeGreaterThan(0);
    expect(apply).toBeLessThan(page.body.indexOf('class="pay"'));
  });

  it('MAGO10, in any case and spacing, shows 10 % off and pays the discounted amount once', async () => {
    const u = await user();
    const { transactionId, sessionId } = await buyEurope(u);
    const applied = await post(sessionId, 'promotion', '  mago10 ');
    expect(applied.statusCode).toBe(200);
    expect(applied.body).toContain('Código MAGO10 aplicado: 10 % de descuento.');
    expect(applied.body).toContain('Descuento (MAGO10)');
    expect(applied.body).toContain('−$2.00 USD');
    expect(applied.body).toContain('Pagar $17.99 USD');
    expect(applied.body).toContain('value="MAGO10"');
    // Applying charges nothing.
    expect((await transactionRow(t.database.db, transactionId)).status).toBe('pending');

    const paid = await post(sessionId, 'pay', 'MAGO10');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toContain(`session_id=${sessionId}&type=pack`);
    expect((await post(sessionId, 'pay', 'MAGO10')).statusCode).toBe(303);
    expect(await transactionRow(t.database.db, transactionId)).toMatchObject({
      status: 'completed',
      amountCents: 1799,
      discountCents: 200,
      promotionCode: 'MAGO10',
    });
    expect(await purchasesOf(u.id)).toHaveLength(1);
    expect(await checkPack(u, transactionId)).toMatchObject({ status: 'completed', amount: 17.99 });
  });

  it('refuses an unknown or overlong code with a Spanish error, charging nothing', async () => {
    const u = await user();
    const { transactionId, sessionId } = await buyEurope(u);
    for (const action of ['promotion', 'pay'] as const) {
      const refused = await post(sessionId, action, 'GRATIS100');
      expect(refused.statusCode).toBe(400);
      expect(refused.headers['content-type']).toContain('text/html');
      expect(refused.body).toContain(
        'El código promocional no es válido. Revísalo o paga sin código.',
      );
      expect(refused.body).toContain('aria-invalid="true"');
      expect(refused.body).toContain('aria-describedby="promo-feedback"');
      expect(refused.body).toContain('Pagar $19.99 USD');
    }
    const long = await post(sessionId, 'pay', 'X'.repeat(101));
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('no puede tener más de 100 caracteres');
    expect(await transactionRow(t.database.db, transactionId)).toMatchObject({
      status: 'pending',
      amountCents: 1999,
    });
    expect(await purchasesOf(u.id)).toHaveLength(0);

    // Without a code (a blank field too) the full price is paid.
    expect((await post(sessionId, 'pay', '   ')).statusCode).toBe(303);
    expect(await transactionRow(t.database.db, transactionId)).toMatchObject({
      status: 'completed',
      amountCents: 1999,
      discountCents: null,
      promotionCode: null,
    });
  });

  it('a subscription paid with MAGO10 records its first month at the discounted price', async () => {
    const u = await user();
    const { transactionId, sessionId } = await subscribe(u);
    expect((await post(sessionId, 'pay', 'Mago10')).statusCode).toBe(303);
    expect(await transactionRow(t.database.db, transactionId)).toMatchObject({
      status: 'completed',
      amountCents: 1799,
      discountCents: 200,
    });
    expect(await subscriptionOf(t.database.db, u.id)).toMatchObject({ isRecurring: true });
  });

  it('the verification panel counts what was paid: charges, fees and our payments agree', async () => {
    const admin = await createTestUser(t.database.db, { now: t.time.now(), roles: ['admin'] });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/stripe-verification/summary',
      headers: await bearerAt(t.database.db, admin.id, t.time.now()),
    });
    expect(res.statusCode, res.body).toBe(200);
    const record = (res.json() as { data: TVerificationRecord }).data;
    // The demo seed's premium payment (19.99), then the tests above: 17.99 (pack, MAGO10),
    // 19.99 (pack, no code), 17.99 (plan, MAGO10).
    const line = record.reconciliation?.lines.find((l) => l.currency === 'USD');
    expect(line?.provider).toMatchObject({ chargeCount: 4, chargeAmount: 75.96 });
    expect(line?.local).toEqual(line?.provider);
    expect(record.status).toBe('success');
    // Fees are taken on the amount paid: 2.9 % + 0.30 of each, 0.88 + 0.82 + 0.88 + 0.82.
    expect(record.balanceData).toMatchObject({ totalGrossAmount: 75.96, totalFees: 3.4 });
  });
});

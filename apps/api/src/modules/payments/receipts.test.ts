import { and, asc, eq } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerAt, buildPaymentsApp, type PaymentsTestApp } from '../../../test/payments';
import { createTestUser } from '../../../test/users';
import { DEMO_SELLER } from '../../config/config';
import { receipts, transactions, users } from '../../db/schema';
import { createReceiptIssuer } from './receipt-issuer';

// Issue 30 items 5 and 6: receipts numbered in one gapless series, their PDF, the history and
// who may read them.
let t: PaymentsTestApp;

beforeAll(async () => {
  t = await buildPaymentsApp({ stripe: false });
});
afterAll(() => t.close());

async function buyer(roles: ('admin' | 'editor')[] = []) {
  const u = await createTestUser(t.database.db, { now: t.time.now(), roles });
  return { ...u, headers: () => bearerAt(t.database.db, u.id, t.time.now()) };
}
type Buyer = Awaited<ReturnType<typeof buyer>>;

/** A pack checkout of `u`, as the checkout route records it, still to be paid. */
async function pendingPack(u: Buyer): Promise<string> {
  const [row] = await t.database.db
    .insert(transactions)
    .values({
      userId: u.id,
      kind: 'pack',
      packId: t.ids.packEurope,
      itemName: 'Pack Fin de Semana Europeo',
      amountCents: 1999,
      currency: 'USD',
      provider: 'simulated',
      providerSessionId: `sim_cs_receipts_${crypto.randomUUID().replaceAll('-', '')}`,
      createdAt: t.time.now(),
    })
    .returning({ id: transactions.id });
  if (!row) throw new Error('no row');
  return row.id;
}

async function paidPack(u: Buyer): Promise<string> {
  const id = await pendingPack(u);
  const outcome = await t.app.payments.fulfilment.fulfil(id, {});
  expect(outcome.outcome).toBe('fulfilled');
  return id;
}

async function get(url: string, u: Buyer | null) {
  return t.app.inject({ method: 'GET', url, headers: u ? await u.headers() : {} });
}

async function series(year: number) {
  return t.database.db
    .select({ seq: receipts.seq, number: receipts.number })
    .from(receipts)
    .where(eq(receipts.year, year))
    .orderBy(asc(receipts.seq));
}

async function pdfText(body: Buffer): Promise<string> {
  const { text } = await extractText(new Uint8Array(body), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe('receipt numbering', () => {
  it('the demo subscriber’s payment already has the first receipt of its year', async () => {
    const [vip] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'vip@example.com'));
    const [row] = await t.database.db.select().from(receipts).where(eq(receipts.userId, vip!.id));
    expect(row?.number).toMatch(/^R-2026-\d{6}$/);
    const history = await get('/api/account/payments', {
      ...(await buyer()),
      headers: () => bearerAt(t.database.db, vip!.id, t.time.now()),
    });
    expect(history.json().payments).toEqual([
      expect.objectContaining({
        concept: 'Todos los tips VIP (1 mes)',
        amount: 19.99,
        status: 'paid',
        receiptNumber: row?.number,
        receiptUrl: expect.stringMatching(/\/receipt\.pdf$/),
      }),
    ]);
  });

  it('20 payments completed at once take 20 numbers with no gap and no repeat', async () => {
    const buyers = await Promise.all(Array.from({ length: 20 }, () => buyer()));
    const ids = await Promise.all(buyers.map(pendingPack));
    const outcomes = await Promise.all(ids.map((id) => t.app.payments.fulfilment.fulfil(id, {})));
    expect(outcomes.every((o) => o.outcome === 'fulfilled')).toBe(true);
    const rows = await series(2026);
    expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
    expect(new Set(rows.map((r) => r.number)).size).toBe(rows.length);
    expect(rows.length).toBeGreaterThanOrEqual(21);
    // Told again, a payment keeps its one receipt.
    await t.app.payments.fulfilment.fulfil(ids[0]!, {});
    expect((await series(2026)).length).toBe(rows.length);
  });

  it('a payment whose transaction rolls back gives its number back', async () => {
    const before = await series(2026);
    const u = await buyer();
    const id = await pendingPack(u);
    const [tx] = await t.database.db.select().from(transactions).where(eq(transactions.id, id));
    const issuer = createReceiptIssuer({ seller: DEMO_SELLER });
    await expect(
      t.database.db.transaction(async (db) => {
        await issuer.issue(db, { ...tx!, completedAt: t.time.now() }, t.time.now());
        throw new Error('entrega fallida');
      }),
    ).rejects.toThrow('entrega fallida');
    expect((await t.app.payments.fulfilment.fulfil(id, {})).outcome).toBe('fulfilled');
    const after = await series(2026);
    expect(after.map((r) => r.seq)).toEqual(after.map((_, i) => i + 1));
    expect(after.length).toBe(before.length + 1);
  });
});

describe('the receipt and its PDF', () => {
  it('prints every field; the tax id given later reaches only later receipts', async () => {
    const u = await buyer();
    const first = await paidPack(u);

    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/account/tax-id',
      headers: await u.headers(),
      payload: { taxId: { country: 'ES', number: '12345678A' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^El NIF no es válido/);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/account/tax-id',
      headers: await u.headers(),
      payload: { taxId: { country: 'ES', number: '12.345.678-z' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().taxId).toEqual({ country: 'ES', number: '12345678Z' });
    expect((await get('/api/account/tax-id', u)).json().taxId).toEqual(saved.json().taxId);

    const second = await paidPack(u);
    const firstDoc = (await get(`/api/account/payments/${first}/receipt`, u)).json();
    expect(firstDoc.receipt.buyer.taxId).toBeNull();
    const res = await get(`/api/account/payments/${second}/receipt`, u);
    expect(res.statusCode).toBe(200);
    const doc = res.json().receipt;
    expect(doc).toMatchObject({
      kind: 'receipt',
      seller: DEMO_SELLER,
      buyer: { name: expect.any(String), taxId: { country: 'ES', number: '12345678Z' } },
      concept: 'Pack «Pack Fin de Semana Europeo»',
      amount: 19.99,
      currency: 'USD',
      paymentMethod: 'Pasarela simulada (entorno de demostración)',
      pdfUrl: `/api/account/payments/${second}/receipt.pdf`,
    });

    const pdf = await get(`/api/account/payments/${second}/receipt.pdf`, u);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${doc.number}.pdf"`);
    const text = await pdfText(pdf.rawPayload);
    for (const field of [
      doc.number,
      DEMO_SELLER.legalName,
      DEMO_SELLER.taxId,
      DEMO_SELLER.address,
      doc.buyer.name,
      doc.buyer.email,
      'NIF 12345678Z (España)',
      'Pack «Pack Fin de Semana Europeo»',
      '19,99 USD',
      'Moneda USD',
      '01/06/2026',
      'Pasarela simulada (entorno de demostración)',
      doc.reference,
    ]) {
      expect(text).toContain(field);
    }
    // Issued receipts keep what they were issued with.
    await t.app.inject({
      method: 'PUT',
      url: '/api/account/tax-id',
      headers: await u.headers(),
      payload: { taxId: null },
    });
    expect(
      (await get(`/api/account/payments/${second}/receipt`, u)).json().receipt.buyer.taxId,
    ).toEqual({ country: 'ES', number: '12345678Z' });
  });

  it('a renewal gets its own receipt, named as a renewal', async () => {
    const [vip] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'vip@example.com'));
    const renewed = await t.app.payments.fulfilment.renew({
      userId: vip!.id,
      checkout: {
        planId: null,
        itemName: 'Plan Premium',
        planKey: 'premium',
        durationMonths: 1,
        currency: 'USD',
      },
      invoiceId: `sim_in_receipts_${crypto.randomUUID()}`,
      priceCents: 1999,
      charged: null,
      provider: 'simulated',
      subscriptionId: null,
      renews: null,
    });
    expect(renewed).toBe(true);
    const history = await get('/api/account/payments', {
      ...(await buyer()),
      headers: () => bearerAt(t.database.db, vip!.id, t.time.now()),
    });
    const renewal = history.json().payments[0];
    expect(renewal).toMatchObject({
      concept: 'Renovación: Plan Premium (1 mes)',
      receiptNumber: expect.stringMatching(/^R-2026-\d{6}$/),
    });
  });

  it('a refund issues a credit note in the same series, shown in the history', async () => {
    const u = await buyer();
    const id = await paidPack(u);
    const kit = t.app.payments;
    await kit.repo.withTransaction((r) => kit.fulfilment.refundIn(r, id, t.time.now()));
    await kit.repo.withTransaction((r) => kit.fulfilment.refundIn(r, id, t.time.now()));
    const history = (await get('/api/account/payments', u)).json().payments;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      status: 'refunded',
      creditNote: { number: expect.stringMatching(/^R-2026-/), url: expect.any(String) },
    });
    const doc = (await get(`/api/account/payments/${id}/receipt`, u)).json();
    expect(doc.creditNote).toMatchObject({
      kind: 'credit_note',
      amount: -19.99,
      correctsNumber: doc.receipt.number,
      concept: 'Abono: Pack «Pack Fin de Semana Europeo»',
    });
    const pdf = await get(`/api/account/payments/${id}/credit-note.pdf`, u);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('-19,99 USD');
    expect(text).toContain(doc.receipt.number);
    const rows = await series(2026);
    expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
    const credits = await t.database.db
      .select()
      .from(receipts)
      .where(and(eq(receipts.transactionId, id), eq(receipts.kind, 'credit_note')));
    expect(credits).toHaveLength(1);
  });

  it('another user’s receipt is a 404; its buyer and an admin read it; bad ids are a 400', async () => {
    const owner = await buyer();
    const stranger = await buyer();
    const editor = await buyer(['editor']);
    const admin = await buyer(['admin']);
    const id = await paidPack(owner);
    for (const path of ['receipt', 'receipt.pdf']) {
      const url = `/api/account/payments/${id}/${path}`;
      expect((await get(url, owner)).statusCode).toBe(200);
      expect((await get(url, admin)).statusCode).toBe(200);
      for (const other of [stranger, editor]) {
        const res = await get(url, other);
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe('Recibo no encontrado.');
      }
      expect((await get(url, null)).statusCode).toBe(401);
    }
    expect((await get(`/api/account/payments/${id}/credit-note.pdf`, owner)).statusCode).toBe(404);
    const bad = await get('/api/account/payments/nope/receipt.pdf', owner);
    expect(bad.statusCode).toBe(400);
    expect((await get('/api/account/payments', stranger)).json().payments).toEqual([]);
  });
});

import { randomUUID } from 'node:crypto';
import { MSG } from '@magotips/contracts/messages';
import type { Db } from '../src/db/database';
import { DEMO_SELLER } from '../src/config/config';
import { transactions } from '../src/db/schema';
import { createReceiptIssuer } from '../src/modules/payments/receipt-issuer';
import { CALLERS, type Caller, type Expected } from './callers';
import type { MatrixContext, MatrixRoute } from './authz-matrix';
import { createTestUser } from './users';

// The rows of issue 30's account payments and receipts (decision 0093): a receipt is read by
// its buyer and by admins; for anyone else it does not exist.

const NO_TOKEN: Expected = { status: 401, message: MSG.noToken };
const NOT_FOUND: Expected = { status: 404, message: MSG.receiptNotFound };
const signedIn = (ok: Expected) =>
  ({
    ...Object.fromEntries(CALLERS.map((c) => [c, ok])),
    visitor: NO_TOKEN,
  }) as Record<Caller, Expected>;
/** Someone else's receipt: admins read it, everyone else is told it does not exist. */
const othersReceipt: Record<Caller, Expected> = {
  visitor: NO_TOKEN,
  user: NOT_FOUND,
  subscriber: NOT_FOUND,
  buyer: NOT_FOUND,
  editor: NOT_FOUND,
  admin: 200,
  editorAdmin: 200,
};

/** A paid, receipted pack payment of a fresh account (none of the callers), refunded with
 * its credit note when asked. */
async function strangersPayment(ctx: MatrixContext, refunded = false): Promise<string> {
  const db: Db = ctx.db;
  const owner = await createTestUser(db, { now: ctx.now });
  const [row] = await db
    .insert(transactions)
    .values({
      userId: owner.id,
      kind: 'pack',
      packId: ctx.ids.openPack,
      itemName: 'Pack',
      amountCents: 999,
      status: 'completed',
      provider: 'simulated',
      providerSessionId: `sim_cs_matrix_${randomUUID().replaceAll('-', '')}`,
      completedAt: ctx.now,
    })
    .returning();
  if (!row) throw new Error('no transaction');
  const issuer = createReceiptIssuer({ seller: DEMO_SELLER });
  await issuer.issue(db, row, ctx.now);
  if (refunded) await issuer.creditNote(db, row, ctx.now);
  return row.id;
}

export const RECEIPT_ROUTES: MatrixRoute[] = [
  {
    route: 'GET /api/account/payments',
    request: () => ({ url: '/api/account/payments' }),
    expected: signedIn(200),
  },
  {
    route: 'GET /api/account/payments/:id/receipt',
    request: async (ctx) => ({
      url: `/api/account/payments/${await strangersPayment(ctx)}/receipt`,
    }),
    expected: othersReceipt,
  },
  {
    route: 'GET /api/account/payments/:id/receipt.pdf',
    request: async (ctx) => ({
      url: `/api/account/payments/${await strangersPayment(ctx)}/receipt.pdf`,
    }),
    expected: othersReceipt,
  },
  {
    route: 'GET /api/account/payments/:id/credit-note.pdf',
    request: async (ctx) => ({
      url: `/api/account/payments/${await strangersPayment(ctx, true)}/credit-note.pdf`,
    }),
    expected: othersReceipt,
  },
  {
    route: 'GET /api/account/tax-id',
    request: () => ({ url: '/api/account/tax-id' }),
    expected: signedIn(200),
  },
  {
    route: 'PUT /api/account/tax-id',
    // A valid CUIT: each caller saves its own.
    request: () => ({
      url: '/api/account/tax-id',
      payload: { taxId: { country: 'AR', number: '20-12345678-6' } },
    }),
    expected: signedIn(200),
  },
];

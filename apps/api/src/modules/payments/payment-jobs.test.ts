import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearerAt,
  buildPaymentsApp,
  type PaymentsTestApp,
  planByKey,
  subscriptionOf,
  transactionRow,
} from '../../../test/payments';
import type { StripeDouble } from '../../../test/stripe-double';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { createTestUser } from '../../../test/users';
import { subscriptions, transactions } from '../../db/schema';
import { runPaymentMaintenance } from './payment-jobs';
import type { PaymentsKit } from './payments-kit';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** The job body runs on another instance's kit (its own app on the same database), as
 * server.ts's job would on another instance. */
function otherInstance(t: PaymentsTestApp): Promise<TestApp> {
  return buildTestApp({
    database: t.database,
    clock: t.time.clock,
    env: {
      DATA_DIR: t.dataDir,
      APP_URL: 'https://magotips.test',
      ...(t.double ? t.double.env() : {}),
    },
  });
}

describe('payment job with Stripe', () => {
  let t: PaymentsTestApp;
  let double: StripeDouble;
  let other: TestApp;
  let kit: PaymentsKit;
  beforeAll(async () => {
    t = await buildPaymentsApp({ stripe: true });
    if (!t.double) throw new Error('no double');
    double = t.double;
    other = await otherInstance(t);
    kit = other.app.payments;
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  async function pendingPack() {
    const u = await createTestUser(t.database.db, { now: t.time.now() });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/packs/create-payment-stripe',
      headers: await bearerAt(t.database.db, u.id, t.time.now()),
      payload: {
        packId: t.ids.packEurope,
        amount: 19.99,
        currency: 'USD',
        immediateAccessConsent: true,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return {
      userId: u.id,
      tx: await transactionRow(t.database.db, res.json().payment.transactionId),
    };
  }

  it('expires stale checkouts Stripe expired, fulfils one paid with a lost webhook, gives up orphans', async () => {
    const start = t.time.now();
    const expired = await pendingPack();
    const paid = await pendingPack();
    const open = await pendingPack();
    double.expire(expired.tx.providerSessionId ?? '');
    double.pay(paid.tx.providerSessionId ?? '');
    const orphanUser = await createTestUser(t.database.db, { now: start });
    const [orphan] = await t.database.db
      .insert(transactions)
      .values({
        userId: orphanUser.id,
        kind: 'pack',
        packId: t.ids.packEurope,
        itemName: 'x',
        amountCents: 1999,
        provider: 'stripe',
        status: 'pending',
        createdAt: start,
        expiresAt: new Date(start.getTime() + 31 * MINUTE),
      })
      .returning();

    // Nothing is stale yet.
    expect((await runPaymentMaintenance(kit, t.database.db))?.reconciled).toEqual({
      expired: 0,
      completed: 0,
      failed: 0,
      unchanged: 0,
    });
    t.time.advance(32 * MINUTE);
    try {
      const report = await runPaymentMaintenance(kit, t.database.db);
      // The double keeps `open` open (Stripe decides, not our clock): it stays pending.
      expect(report?.reconciled).toEqual({ expired: 1, completed: 1, failed: 1, unchanged: 1 });
      expect((await transactionRow(t.database.db, expired.tx.id)).status).toBe('expired');
      expect((await transactionRow(t.database.db, paid.tx.id)).status).toBe('completed');
      expect((await transactionRow(t.database.db, orphan?.id ?? '')).status).toBe('failed');
      expect((await transactionRow(t.database.db, open.tx.id)).status).toBe('pending');
      // What stays pending is looked at again later, not every round.
      expect((await runPaymentMaintenance(kit, t.database.db))?.reconciled.unchanged).toBe(0);
      const tip = await t.app.inject({
        method: 'GET',
        url: `/api/tips/${t.ids.tipInEurope}`,
        headers: await bearerAt(t.database.db, paid.userId, t.time.now()),
      });
      expect(tip.statusCode).toBe(200);
    } finally {
      t.time.set(start);
    }
  });

  it('ends a renewing subscription whose renewal never came within the grace', async () => {
    const start = t.time.now();
    const late = await createTestUser(t.database.db, { now: start });
    const due = await createTestUser(t.database.db, { now: start });
    await t.database.db.insert(subscriptions).values([
      {
        userId: late.id,
        planKey: 'premium',
        endDate: new Date(start.getTime() - 4 * DAY),
        isRecurring: true,
        provider: 'stripe',
        providerSubscriptionId: 'sub_late',
      },
      {
        userId: due.id,
        planKey: 'premium',
        endDate: new Date(start.getTime() - 1 * DAY),
        isRecurring: true,
        provider: 'stripe',
        providerSubscriptionId: 'sub_due',
      },
    ]);
    const report = await runPaymentMaintenance(kit, t.database.db);
    expect(report?.ended).toBe(1);
    expect((await subscriptionOf(t.database.db, late.id))?.isRecurring).toBe(false);
    expect((await subscriptionOf(t.database.db, due.id))?.isRecurring).toBe(true);
    const me = await t.app.inject({
      method: 'POST',
      url: '/api/auth/me_verify',
      headers: await bearerAt(t.database.db, due.id, start),
    });
    expect(me.json().user.subscription).toMatchObject({
      hasActiveSubscription: false,
      daysRemaining: -1,
    });
    const gone = await t.app.inject({
      method: 'POST',
      url: '/api/auth/me_verify',
      headers: await bearerAt(t.database.db, late.id, start),
    });
    expect(gone.json().user.subscription).toMatchObject({
      hasActiveSubscription: false,
      daysRemaining: 0,
      isRecurring: false,
    });
  });

  it('counts both of two payments of one user fulfilled at the same moment', async () => {
    const u = await createTestUser(t.database.db, { now: t.time.now() });
    const plan = await planByKey(t.database.db, 'basic');
    const row = (status: 'pending' | 'expired') => ({
      userId: u.id,
      kind: 'subscription' as const,
      planId: plan.id,
      planKey: 'basic',
      durationMonths: 1,
      itemName: plan.name,
      amountCents: plan.priceCents,
      provider: 'stripe',
      status,
    });
    // One still pending, one our side had already closed when its late payment arrived.
    const [a] = await t.database.db.insert(transactions).values(row('pending')).returning();
    const [b] = await t.database.db.insert(transactions).values(row('expired')).returning();
    const results = await Promise.all([
      kit.fulfilment.fulfil(a?.id ?? '', {}),
      kit.fulfilment.fulfil(b?.id ?? '', {}),
      kit.fulfilment.fulfil(a?.id ?? '', {}),
    ]);
    expect(results.map((r) => r.outcome).sort()).toEqual(['already', 'fulfilled', 'fulfilled']);
    expect((await subscriptionOf(t.database.db, u.id))?.endDate.toISOString()).toBe(
      '2026-08-01T12:00:00.000Z',
    );
  });

  it('skips the round while another instance holds the lock (PostgreSQL)', async () => {
    if (t.database.kind !== 'postgres') return;
    let inner: unknown = 'not run';
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(7242010)`);
      inner = await runPaymentMaintenance(kit, t.database.db);
    });
    expect(inner).toBeNull();
  });
});

describe('payment job with the simulated provider', () => {
  let t: PaymentsTestApp;
  let other: TestApp;
  let kit: PaymentsKit;
  beforeAll(async () => {
    t = await buildPaymentsApp({ stripe: false });
    other = await otherInstance(t);
    kit = other.app.payments;
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it('renews a due simulated subscription once per period, at the plan price', async () => {
    const start = t.time.now();
    const u = await createTestUser(t.database.db, { now: start });
    const plan = await planByKey(t.database.db, 'premium');
    const endDate = new Date(start.getTime() + 2 * DAY);
    await t.database.db.insert(subscriptions).values({
      userId: u.id,
      planId: plan.id,
      planKey: 'premium',
      endDate,
      isRecurring: true,
      provider: 'simulated',
    });
    expect((await runPaymentMaintenance(kit, t.database.db))?.renewed).toBe(0);
    t.time.set(new Date(endDate.getTime() + 3_600_000));
    try {
      expect((await runPaymentMaintenance(kit, t.database.db))?.renewed).toBe(1);
      expect((await runPaymentMaintenance(kit, t.database.db))?.renewed).toBe(0);
      const sub = await subscriptionOf(t.database.db, u.id);
      // Due on June 3 12:00, collected an hour late: a month from the collection.
      expect(sub?.endDate.toISOString()).toBe('2026-07-03T13:00:00.000Z');
      expect(sub?.isRecurring).toBe(true);
      const me = await t.app.inject({
        method: 'POST',
        url: '/api/auth/me_verify',
        headers: await bearerAt(t.database.db, u.id, t.time.now()),
      });
      expect(me.json().user.subscription).toMatchObject({
        hasActiveSubscription: true,
        daysRemaining: 30,
      });
    } finally {
      t.time.set(start);
    }
  });

  it('does not renew a cancelled simulated subscription', async () => {
    const start = t.time.now();
    const u = await createTestUser(t.database.db, { now: start, subscriber: true });
    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/cancel',
      headers: await bearerAt(t.database.db, u.id, start),
    });
    expect(cancel.statusCode).toBe(200);
    t.time.set(new Date(start.getTime() + 31 * DAY));
    try {
      await runPaymentMaintenance(kit, t.database.db);
      const sub = await subscriptionOf(t.database.db, u.id);
      expect(sub?.isRecurring).toBe(false);
      expect(sub && sub.endDate.getTime() < t.time.now().getTime()).toBe(true);
    } finally {
      t.time.set(start);
    }
  });
});

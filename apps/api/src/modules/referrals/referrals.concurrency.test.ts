import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPaymentsApp, type PaymentsTestApp, subscriptionOf } from '../../../test/payments';
import { referralCalls } from '../../../test/referrals';
import { referrals } from '../../db/schema';
import { addMonths } from '../subscriptions/billing-period';

// 20 referred readers pay their first payment at once, and their settlements race 14 days later
// (decision 0119): each referrer gets exactly what is due, the one with 14 friends 12 months (the
// cap) and 2 `capped`. Run on PGlite and on PostgreSQL (DATABASE_URL=…), where the settlements of
// one referrer really run side by side and only the lock on the referrer keeps the count true.
let t: PaymentsTestApp;
beforeAll(async () => {
  t = await buildPaymentsApp({ stripe: false });
});
afterAll(() => t.close());

const calls = referralCalls(() => t);
const { referrer, friendOf, pay, settle, giftsOf, rewardMails } = calls;
const statusesOf = async (referrerId: string) =>
  (
    await t.database.db
      .select({ status: referrals.status })
      .from(referrals)
      .where(eq(referrals.referrerUserId, referrerId))
  )
    .map((r) => r.status)
    .sort();

describe('20 concurrent first payments', () => {
  it('give each referrer exactly what is due, the cap included', async () => {
    const many = await referrer();
    const few = await referrer({ subscriber: true });
    const two = await referrer();
    const before = await subscriptionOf(t.database.db, few.id);
    const plan = [
      ...Array.from({ length: 14 }, () => many),
      ...Array.from({ length: 4 }, () => few),
      ...Array.from({ length: 2 }, () => two),
    ];
    const friends = await Promise.all(plan.map((r) => friendOf(r.code)));
    const checkouts = [];
    for (const f of friends) checkouts.push(await calls.subscribe(f, false));
    // Every Pagar at once.
    await Promise.all(checkouts.map((c) => pay(c.sessionId)));
    const paidRows = await t.database.db
      .select()
      .from(referrals)
      .where(eq(referrals.status, 'pending'));
    expect(paidRows).toHaveLength(20);

    // Two workers settle side by side (a second instance): SKIP LOCKED shares the jobs.
    t.time.advance(14 * 86_400_000 + 3_600_000);
    await Promise.all([t.app.jobs.runDue(), t.app.jobs.runDue()]);
    await settle(); // anything left over (none expected)

    expect(await statusesOf(many.id)).toEqual([
      ...Array.from({ length: 2 }, () => 'capped'),
      ...Array.from({ length: 12 }, () => 'rewarded'),
    ]);
    expect(await statusesOf(few.id)).toEqual(Array.from({ length: 4 }, () => 'rewarded'));
    expect(await statusesOf(two.id)).toEqual(['rewarded', 'rewarded']);

    expect(await giftsOf(many.id)).toHaveLength(12);
    expect(await giftsOf(few.id)).toHaveLength(4);
    expect(await giftsOf(two.id)).toHaveLength(2);
    const settledAt = (
      await t.database.db
        .select({ at: referrals.settledAt })
        .from(referrals)
        .where(and(eq(referrals.referrerUserId, many.id), eq(referrals.status, 'rewarded')))
        .limit(1)
    )[0]?.at;
    // Months stack one after another: a year from the first reward.
    expect((await subscriptionOf(t.database.db, many.id))?.endDate.toISOString()).toBe(
      addMonths(settledAt ?? new Date(), 12).toISOString(),
    );
    expect((await subscriptionOf(t.database.db, few.id))?.endDate.toISOString()).toBe(
      addMonths(before?.endDate ?? new Date(), 4).toISOString(),
    );
    expect(rewardMails(many.email)).toHaveLength(12);
    expect(rewardMails(few.email)).toHaveLength(4);
    expect((await calls.me(many)).monthsLastYear).toBe(12);
  });
});

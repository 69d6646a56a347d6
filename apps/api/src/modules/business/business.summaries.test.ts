import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateHistory, insertHistory } from '../../../test/business-history';
import { buildTestApp, type TestApp } from '../../../test/test-app';

// Migration 0029's summaries (schema-business.ts) are kept by triggers on transactions. The
// figures test checks them against the definitions after one bulk insert; this one checks that
// the writes a live site makes afterwards (a refund, a renewal, a detached account, a deleted
// row, one row or many per statement) leave them exactly what recomputing everything gives.
let t: TestApp;
const rowsOf = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;

/** Every summary table, in a fixed order, numbers as text without trailing zeros. */
async function summaries() {
  const q = async (text: string) => rowsOf(await t.database.db.execute(sql.raw(text)));
  return {
    readers: await q(
      'select user_id, first_paid_at, first_charge_at, kept_mask from business_readers order by 1',
    ),
    spans: await q('select * from business_paid_spans order by user_id, starts_at'),
    readerDays: await q(
      'select user_id, day, readers, trim_scale(mrr)::text as mrr from business_reader_days order by 1, 2',
    ),
    // A day whose shares all left stays behind as zeros: the same as no row.
    days: await q(
      'select day, readers, trim_scale(mrr)::text as mrr from business_days where readers <> 0 or mrr <> 0 order by 1',
    ),
    revenue: await q('select * from business_revenue_days order by day, product'),
    paying: await q(
      'select user_id, completed_at, previous_at from business_paying_charges order by 1, 2, 3',
    ),
    trials: await q('select user_id, ends_at, converted from business_trials order by 1, 2, 3'),
    cohorts: await q('select * from business_cohort_months where size <> 0 order by month'),
  };
}

/** The summaries rebuilt from nothing, as the migration first filled them. */
async function rebuilt() {
  await t.database.db.execute(sql`truncate business_readers, business_paid_spans,
    business_reader_days, business_days, business_revenue_days, business_paying_charges,
    business_trials, business_cohort_months`);
  await t.database.db.execute(sql`select business_refresh_readers(array(
    select distinct user_id from transactions where user_id is not null))`);
  await t.database.db.execute(sql`select business_refresh_revenue(array(
    select distinct business_utc_day(completed_at) from transactions where completed_at is not null
    union select business_utc_day(greatest(updated_at, completed_at)) from transactions
      where status = 'refunded'))`);
  return summaries();
}

beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date('2026-06-15T12:00:00Z') });
  await insertHistory(t.database.db, generateHistory(300));
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('the business summaries follow every write to transactions', () => {
  it('a bulk insert fills them as a rebuild does', async () => {
    const kept = await summaries();
    expect(kept.spans.length).toBeGreaterThan(100);
    expect(kept.revenue.length).toBeGreaterThan(100);
    expect(kept.trials.length).toBeGreaterThan(10);
    expect(kept).toEqual(await rebuilt());
  });

  it('refunds, renewals, detached accounts and deleted rows, one or many per statement', async () => {
    const db = t.database.db;
    // Many refunds in one statement, days after the charge (the refund time moves the money).
    await db.execute(sql`update transactions set status = 'refunded',
      updated_at = completed_at + interval '3 days'
      where id in (select id from transactions where status = 'completed' and amount_cents > 0
        order by completed_at, id limit 25)`);
    // One reader's first paid period refunded alone: their first payment moves on.
    const first = rowsOf(
      await db.execute(sql`select id from transactions where kind = 'subscription'
        and status = 'completed' and amount_cents > 0 and not is_gift and user_id is not null
        order by completed_at desc limit 1`),
    )[0];
    await db.execute(sql`update transactions set status = 'refunded', updated_at = now()
      where id = ${first?.id}`);
    // A renewal of a reader already subscribed, inserted on its own.
    await db.execute(sql`insert into transactions (user_id, kind, item_name, plan_key,
        duration_months, amount_cents, status, provider, completed_at, created_at, updated_at)
      select user_id, 'subscription', item_name, plan_key, duration_months, amount_cents,
        'completed', 'stripe', completed_at + interval '40 days', now(), now()
      from transactions where kind = 'subscription' and status = 'completed'
        and amount_cents > 0 and not is_gift order by completed_at desc limit 3`);
    // An account deleted: its rows stay, detached.
    await db.execute(sql`update transactions set user_id = null where user_id = (
      select user_id from transactions where status = 'completed' and user_id is not null
      order by completed_at limit 1)`);
    // Rows removed outright.
    await db.execute(sql`delete from transactions where id in (select id from transactions
      where status in ('completed', 'refunded') and id not in (select transaction_id from receipts)
      order by completed_at desc limit 4)`);

    const kept = await summaries();
    expect(kept).toEqual(await rebuilt());
  });
});

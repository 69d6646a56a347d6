import { type SQL, sql } from 'drizzle-orm';
import { COHORT_MONTHS } from '@magotips/contracts/business';
import type { Db } from '../../db/database';
import {
  CONVERSION_GRACE_DAYS,
  charged,
  num,
  paidPeriod,
  periodEnd,
  periodRange,
  plusMonths,
  PRODUCT_KEY,
  REFUNDED_AT,
  rowsOf,
  SOURCE_OF_USER,
  type Span,
  spansSql,
  TERMS,
  TRIAL,
  TRIAL_END,
  ts,
} from './business-sql';

// The dashboard's SQL (docs/decisions/0117-business-dashboard.md). Every query takes the spans
// it answers for (the period, the previous one, the months beside them) and answers one row
// per span, so a request is a handful of queries however many months it shows.

export type Activity = { atStart: number; atEnd: number; lapsed: number };
export type ProductMoney = {
  product: string;
  name: string;
  charges: number;
  gross: number;
  refunds: number;
};
export type Trials = { ended: number; converted: number };
export type SourceCounts = { source: string; signups: number; firstPayments: number };
export type CohortRow = { month: string; size: number; kept: number[] };
export type RecordMonth = { month: string; settled: number; profitMilli: number; staked: number };

const byId = <T>(rows: { id: number; value: T }[]): Map<number, T> =>
  new Map(rows.map((r) => [r.id, r.value]));

export function createBusinessRepository(db: Db) {
  const all = async (query: SQL) => rowsOf(await db.execute(query));

  /** Readers with a paid period covering each span's start and end, and those covered at the
   * start but not at the end (lapsed: cancelled, unpaid or refunded, and not back). Read from
   * each reader's merged paid spans (schema-business.ts): at most one covers an instant, so the
   * readers covered are the spans begun by then less those ended by then, two index counts. */
  async function activity(spans: Span[]): Promise<Map<number, Activity>> {
    const rows = await all(sql`
      with iv as (select * from ${spansSql(spans)}),
      pts as (select a as at from iv union select b from iv),
      covered as (
        select p.at,
          (select count(*) from business_paid_spans x where x.starts_at <= p.at)
          - (select count(*) from business_paid_spans x where x.ends_at <= p.at) as n
        from pts p
      ),
      -- Covered at the start by a span that ends by the end, and by none of theirs at the end.
      lapsed as (
        select iv.id, count(*) as n from iv
        join business_paid_spans x on x.ends_at > iv.a and x.ends_at <= iv.b and x.starts_at <= iv.a
        where not exists (select 1 from business_paid_spans y where y.user_id = x.user_id
          and y.starts_at <= iv.b and y.ends_at > iv.b)
        group by iv.id
      )
      select iv.id, s.n as at_start, e.n as at_end, coalesce(l.n, 0) as lapsed
      from iv join covered s on s.at = iv.a join covered e on e.at = iv.b
      left join lapsed l on l.id = iv.id`);
    return byId(
      rows.map((r) => ({
        id: num(r.id),
        value: { atStart: num(r.at_start), atEnd: num(r.at_end), lapsed: num(r.lapsed) },
      })),
    );
  }

  /** Readers whose first paid period ever was charged in each span. */
  async function newSubscribers(spans: Span[]): Promise<Map<number, number>> {
    const rows = await all(sql`
      select iv.id, count(*) as n from ${spansSql(spans)}
      join business_readers r on r.first_paid_at >= iv.a and r.first_paid_at < iv.b
      group by iv.id`);
    return byId(rows.map((r) => ({ id: num(r.id), value: num(r.n) })));
  }

  /** Each span's money by product: charges taken in it, refunds given in it. */
  async function revenue(spans: Span[]): Promise<Map<number, ProductMoney[]>> {
    const rows = await all(sql`
      with iv as (select * from ${spansSql(spans)}),
      taken as (
        select iv.id, ${PRODUCT_KEY} as product, max(t.item_name) as name,
          count(*) as charges, sum(t.amount_cents) as gross, 0::bigint as refunds
        from iv join transactions t on ${charged('t')}
          and t.completed_at >= iv.a and t.completed_at < iv.b
        group by 1, 2
      ),
      given as (
        select iv.id, ${PRODUCT_KEY} as product, max(t.item_name) as name,
          0::bigint as charges, 0::bigint as gross, sum(t.amount_cents) as refunds
        from iv join transactions t on t.status = 'refunded' and t.amount_cents > 0
          and t.provider <> 'gift' and ${REFUNDED_AT} >= iv.a and ${REFUNDED_AT} < iv.b
        group by 1, 2
      )
      select id, product, max(name) as name, sum(charges) as charges, sum(gross) as gross,
        sum(refunds) as refunds
      from (select * from taken union all select * from given) x
      group by id, product order by id, product`);
    const out = new Map<number, ProductMoney[]>();
    for (const r of rows) {
      const id = num(r.id);
      const line = {
        product: String(r.product),
        name: String(r.name ?? ''),
        charges: num(r.charges),
        gross: num(r.gross),
        refunds: num(r.refunds),
      };
      out.set(id, [...(out.get(id) ?? []), line]);
    }
    return out;
  }

  /** Readers with a charge of money in each span that still stands (not refunded). */
  async function payingReaders(spans: Span[]): Promise<Map<number, number>> {
    const rows = await all(sql`
      select iv.id, count(distinct t.user_id) as n from ${spansSql(spans)}
      join transactions t on t.status = 'completed' and t.amount_cents > 0
        and t.provider <> 'gift' and t.completed_at >= iv.a and t.completed_at < iv.b
      group by iv.id`);
    return byId(rows.map((r) => ({ id: num(r.id), value: num(r.n) })));
  }

  /** Trials that ended in each span, and those followed by a paid period. */
  async function trials(spans: Span[]): Promise<Map<number, Trials>> {
    const rows = await all(sql`
      select iv.id, count(*) as ended,
        count(*) filter (where exists (select 1 from transactions t2
          where t2.user_id = t.user_id and ${paidPeriod('t2')}
            and t2.completed_at >= t.completed_at
            and t2.completed_at < ${TRIAL_END} + ${CONVERSION_GRACE_DAYS} * interval '24 hours'
        )) as converted
      from ${spansSql(spans)}
      join transactions t on ${TRIAL} and ${TRIAL_END} >= iv.a and ${TRIAL_END} < iv.b
      group by iv.id`);
    return byId(
      rows.map((r) => ({
        id: num(r.id),
        value: { ended: num(r.ended), converted: num(r.converted) },
      })),
    );
  }

  /** Sign-ups, and readers whose first charge ever fell in the span, by source. */
  async function sources(spans: Span[]): Promise<Map<number, SourceCounts[]>> {
    const rows = await all(sql`
      with iv as (select * from ${spansSql(spans)}),
      signed as (
        select iv.id, ${SOURCE_OF_USER} as source, count(*) as signups, 0::bigint as first_payments
        from iv join users u on u.created_at >= iv.a and u.created_at < iv.b
        group by 1, 2
      ),
      paid as (
        select iv.id, ${SOURCE_OF_USER} as source, 0::bigint as signups,
          count(*) as first_payments
        from iv join business_readers r on r.first_charge_at >= iv.a and r.first_charge_at < iv.b
        join users u on u.id = r.user_id
        group by 1, 2
      )
      select id, source, sum(signups) as signups, sum(first_payments) as first_payments
      from (select * from signed union all select * from paid) x
      group by id, source order by id, source`);
    const out = new Map<number, SourceCounts[]>();
    for (const r of rows) {
      const id = num(r.id);
      const line = {
        source: String(r.source),
        signups: num(r.signups),
        firstPayments: num(r.first_payments),
      };
      out.set(id, [...(out.get(id) ?? []), line]);
    }
    return out;
  }

  /** MRR in cents at each instant: every reader covered then, at the monthly share of the price
   * of their latest terms (a plan change's period price, or what their latest charge cost less
   * a plan change's proration it carried). Two index probes per reader covered. */
  async function mrrCents(points: { id: number; at: Date }[]) {
    const pts = sql.join(
      points.map((p) => sql`(${p.id}::int, ${ts(p.at)})`),
      sql`, `,
    );
    const rows = await all(sql`
      with pts(id, at) as (values ${pts}),
      act as (
        select distinct p.id, p.at, t.user_id from pts p
        join transactions t on ${paidPeriod('t')} and ${periodRange('t')} @> p.at
      )
      select a.id, round(sum((case when l.period_cents is not null then l.period_cents
          else l.amount_cents - case when b.period_cents is not null
            then coalesce(b.adjustment_cents, 0) else 0 end end)::numeric / l.months)) as mrr
      from act a
      cross join lateral (
        select t.id, t.completed_at, t.amount_cents, t.period_cents,
          coalesce(t.duration_months, 1) as months
        from transactions t where t.user_id = a.user_id and ${TERMS} and t.completed_at <= a.at
        order by t.completed_at desc, t.id desc limit 1
      ) l
      left join lateral (
        select t.period_cents, t.adjustment_cents
        from transactions t where t.user_id = a.user_id and ${TERMS}
          and (t.completed_at, t.id) < (l.completed_at, l.id)
        order by t.completed_at desc, t.id desc limit 1
      ) b on true
      group by a.id`);
    return byId(rows.map((r) => ({ id: num(r.id), value: num(r.mrr) })));
  }

  /** Cohorts of the months from `firstMonth` to `end`: readers whose first paid period was
   * charged in each, and how many had a paid period in each of the next months (read no later
   * than `end`). */
  async function cohorts(firstMonth: Date, end: Date): Promise<CohortRow[]> {
    const monthStart = (k: number) => plusMonths(sql`m.m`, sql.raw(String(k)));
    const kept = Array.from({ length: COHORT_MONTHS }, (_, i) => i + 1).map(
      (k) => sql`count(*) filter (where exists (select 1 from transactions t
        where t.user_id = m.user_id and ${paidPeriod('t')} and t.completed_at < ${ts(end)}
          and t.completed_at < ${monthStart(k + 1)} and ${periodEnd('t')} > ${monthStart(k)})) as ${sql.raw(`k${k}`)}`,
    );
    const rows = await all(sql`
      with firsts as (
        select r.user_id, r.first_paid_at as first_at from business_readers r
        where r.first_paid_at >= ${ts(firstMonth)} and r.first_paid_at < ${ts(end)}
      ),
      m as (
        select user_id, date_trunc('month', first_at at time zone 'UTC') at time zone 'UTC' as m
        from firsts
      )
      select to_char(m.m at time zone 'UTC', 'YYYY-MM') as month, count(*) as size,
        ${sql.join(kept, sql`, `)}
      from m group by m.m order by m.m`);
    return rows.map((r) => ({
      month: String(r.month),
      size: num(r.size),
      kept: Array.from({ length: COHORT_MONTHS }, (_, i) => num(r[`k${i + 1}`])),
    }));
  }

  /** The track record's own day sums of no filter, by month, from `from` to `to` (days). */
  async function recordMonths(from: string, toExclusive: string): Promise<RecordMonth[]> {
    const rows = await all(sql`
      select to_char(day, 'YYYY-MM') as month, sum(settled) as settled,
        sum(profit_milli) as profit_milli, sum(staked) as staked
      from track_record_days
      where category = 'all' and sport = 'all' and odds_band = 'all' and stake = 0
        and bookmaker = '' and day >= ${from}::date and day < ${toExclusive}::date
      group by 1 order by 1`);
    return rows.map((r) => ({
      month: String(r.month),
      settled: num(r.settled),
      profitMilli: num(r.profit_milli),
      staked: num(r.staked),
    }));
  }

  return {
    activity,
    newSubscribers,
    revenue,
    payingReaders,
    trials,
    sources,
    mrrCents,
    cohorts,
    recordMonths,
  };
}

export type BusinessRepository = ReturnType<typeof createBusinessRepository>;

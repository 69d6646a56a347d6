import { type SQL, sql } from 'drizzle-orm';
import { COHORT_MONTHS } from '@magotips/contracts/business';
import { REFERRAL_REWARD_MONTHS } from '@magotips/contracts/referrals';
import type { Db } from '../../db/database';
import {
  num,
  plusMonths,
  rowsOf,
  SOURCE_OF_USER,
  type Span,
  spansSql,
  ts,
} from './business-sql';
import { referralRewardLines } from './business-referrals';

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

/** The day totals answer for UTC midnights only, which every span of the dashboard starts and
 * ends at (whole days); anything else is a caller's mistake, not an answer to give wrong. */
function mustBeMidnights(instants: Date[]) {
  if (instants.some((d) => d.getTime() % 86_400_000 !== 0)) {
    throw new Error('business figures are read at UTC midnights');
  }
}

const byId = <T>(rows: { id: number; value: T }[]): Map<number, T> =>
  new Map(rows.map((r) => [r.id, r.value]));

export function createBusinessRepository(db: Db) {
  // Each query in a transaction of its own that allows it more memory than the default 4 MB
  // (cohorts and paying readers group a few hundred thousand rows, which would spill to disk)
  // and no JIT (compiling took longer than running these queries).
  const all = (query: SQL) =>
    db.transaction(async (tx) => {
      await tx.execute(
        sql`select set_config('work_mem', '32MB', true), set_config('jit', 'off', true)`,
      );
      return rowsOf(await tx.execute(query));
    });

  /** Readers with a paid period covering each span's start and end, and those covered at the
   * start but not at the end (lapsed: cancelled, unpaid or refunded, and not back). Those
   * covered at a midnight are the day totals up to it (schema-business.ts); the lapsed, a span
   * of theirs covering the start that ends by the end, and none of theirs covering the end. */
  async function activity(spans: Span[]): Promise<Map<number, Activity>> {
    for (const s of spans) mustBeMidnights([s.start, s.end]);
    const rows = await all(sql`
      with iv as (select * from ${spansSql(spans)}),
      pts as (select a as at from iv union select b from iv),
      covered as (
        select p.at,
          coalesce((select sum(d.readers) from business_days d where d.day <= p.at), 0) as n
        from pts p
      ),
      -- Their next span settles it (none or later: lapsed; covering the end: not), unless it
      -- too ended by then.
      lapsed as (
        select iv.id, count(*) as n from iv
        join business_paid_spans x on x.ends_at > iv.a and x.ends_at <= iv.b and x.starts_at <= iv.a
        where x.next_starts_at is null or x.next_starts_at > iv.b
          or (x.next_ends_at <= iv.b and not exists (select 1 from business_paid_spans y
            where y.user_id = x.user_id and y.starts_at <= iv.b and y.ends_at > iv.b))
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

  /** Each span's money by product: charges taken in it, refunds given in it, summed from the
   * day totals (schema-business.ts's business_revenue_days). */
  async function revenue(spans: Span[]): Promise<Map<number, ProductMoney[]>> {
    for (const s of spans) mustBeMidnights([s.start, s.end]);
    const rows = await all(sql`
      select iv.id, r.product, max(r.name) as name, sum(r.charges) as charges,
        sum(r.gross) as gross, sum(r.refunds) as refunds
      from ${spansSql(spans)}
      join business_revenue_days r on r.day >= iv.a and r.day < iv.b
      group by iv.id, r.product order by iv.id, r.product`);
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

  /** Readers with a charge of money in each span that still stands (not refunded): its charges
   * whose reader's previous one came before it (schema-business.ts), one per reader. */
  async function payingReaders(spans: Span[]): Promise<Map<number, number>> {
    const rows = await all(sql`
      select iv.id, count(*) as n from ${spansSql(spans)}
      join business_paying_charges c on c.completed_at >= iv.a and c.completed_at < iv.b
        and (c.previous_at is null or c.previous_at < iv.a)
      group by iv.id`);
    return byId(rows.map((r) => ({ id: num(r.id), value: num(r.n) })));
  }

  /** Trials that ended in each span, and those followed by a paid period (schema-business.ts's
   * business_trials, kept with the grace of CONVERSION_GRACE_DAYS). */
  async function trials(spans: Span[]): Promise<Map<number, Trials>> {
    const rows = await all(sql`
      select iv.id, count(*) as ended, count(*) filter (where t.converted) as converted
      from ${spansSql(spans)}
      join business_trials t on t.ends_at >= iv.a and t.ends_at < iv.b
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
    for (const s of spans) mustBeMidnights([s.start, s.end]);
    // Counted by UTC day over the whole window once, then summed per span (spans are whole
    // days), rather than every reader once per span that holds them.
    const rows = await all(sql`
      with iv as (select * from ${spansSql(spans)}),
      w as (select min(a) as lo, max(b) as hi from iv),
      signed as (
        select business_utc_day(u.created_at) as day, ${SOURCE_OF_USER} as source,
          count(*) as signups, 0::bigint as first_payments
        from w join users u on u.created_at >= w.lo and u.created_at < w.hi
        group by 1, 2
      ),
      paid as (
        select business_utc_day(r.first_charge_at) as day, ${SOURCE_OF_USER} as source,
          0::bigint as signups, count(*) as first_payments
        from w join business_readers r on r.first_charge_at >= w.lo and r.first_charge_at < w.hi
        join users u on u.id = r.user_id
        group by 1, 2
      )
      select iv.id, x.source, sum(x.signups) as signups, sum(x.first_payments) as first_payments
      from iv join (select * from signed union all select * from paid) x
        on x.day >= iv.a and x.day < iv.b
      group by iv.id, x.source order by iv.id, x.source`);
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

  /** MRR in cents at each midnight: every reader covered then, at the monthly share of the
   * price of their latest terms, summed from the day totals (schema-business.ts) and rounded. */
  async function mrrCents(points: { id: number; at: Date }[]) {
    mustBeMidnights(points.map((p) => p.at));
    const pts = sql.join(
      points.map((p) => sql`(${p.id}::int, ${ts(p.at)})`),
      sql`, `,
    );
    const rows = await all(sql`
      select p.id, round(coalesce((select sum(d.mrr) from business_days d where d.day <= p.at), 0)) as mrr
      from (values ${pts}) as p(id, at)`);
    return byId(rows.map((r) => ({ id: num(r.id), value: num(r.mrr) })));
  }

  /** Cohorts of the months from `firstMonth` to `end`: readers whose first paid period was
   * charged in each, and how many had a paid period in each of the next months (read no later
   * than `end`). */
  async function cohorts(firstMonth: Date, end: Date): Promise<CohortRow[]> {
    // Month k of a cohort read up to `end`: a paid period charged before then covering some
    // instant of [month k, min(month k + 1, end)). business_cohort_months sums each reader's
    // kept_mask, the months their spans reach; only the month `end` cuts (E) differs: its
    // readers first paid from `end` on are not in it yet, and a reader whom only a span started
    // in E at or after `end` brings into E is taken back out.
    const e = sql`business_month(${ts(end)} - interval '1 microsecond')`;
    const bits = Array.from({ length: COHORT_MONTHS }, (_, i) => i + 1);
    const rows = await all(sql`
      with early as (
        select business_month(r.first_paid_at) as fm, count(*) as size,
          ${sql.join(
            bits.map((k) => sql`count(*) filter (where r.kept_mask & ${sql.raw(String(1 << k))} <> 0) as ${sql.raw(`k${k}`)}`),
            sql`, `,
          )}
        from business_readers r
        where r.first_paid_at >= ${ts(end)}
          and r.first_paid_at < ${plusMonths(sql`date_trunc('month', ${ts(end)} - interval '1 microsecond', 'UTC')`, sql.raw('1'))}
        group by 1
      ),
      late as (
        select ${e} - business_month(r.first_paid_at) as k, count(distinct r.user_id) as n
        from business_paid_spans x join business_readers r on r.user_id = x.user_id
        where x.starts_at >= ${ts(end)} and x.start_month = ${e}
          and r.first_paid_at >= ${ts(firstMonth)} and r.first_paid_at < ${ts(end)}
          and ${e} - business_month(r.first_paid_at) between 1 and ${COHORT_MONTHS}
          and not exists (select 1 from business_paid_spans y where y.user_id = x.user_id
            and y.starts_at < ${ts(end)} and y.last_month >= ${e})
        group by 1
      )
      select to_char(make_date((c.month - 1) / 12, (c.month - 1) % 12 + 1, 1), 'YYYY-MM') as month,
        c.size - coalesce(early.size, 0) as size,
        ${sql.join(
          bits.map(
            (k) => sql`c.${sql.raw(`k${k}`)} - coalesce(early.${sql.raw(`k${k}`)}, 0)
              - coalesce((select n from late where late.k = ${sql.raw(String(k))} and ${e} - c.month = ${sql.raw(String(k))}), 0)
              as ${sql.raw(`k${k}`)}`,
          ),
          sql`, `,
        )}
      from business_cohort_months c left join early on early.fm = c.month
      where c.month >= business_month(${ts(firstMonth)}) and c.month <= ${e}
        and c.size - coalesce(early.size, 0) > 0
      order by c.month`);
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
    referralRewards: (span: { start: Date; end: Date }) =>
      referralRewardLines(db, span, REFERRAL_REWARD_MONTHS),
  };
}

export type BusinessRepository = ReturnType<typeof createBusinessRepository>;

import { type SQL, sql } from 'drizzle-orm';

// The definitions of docs/decisions/0117-business-dashboard.md as SQL fragments over the
// transactions table aliased `t`. The dashboard now reads summaries kept by migration 0029's
// triggers (schema-business.ts), whose functions repeat these fragments in plpgsql: a change to
// a definition changes both, in a new migration that rebuilds the summaries.

/** A paid period of a subscription: a completed charge of money for the reader's own plan (a
 * trial charges nothing, a gift sold is someone else's, a redeemed gift code moved no money).
 * Still 'completed': a refund (status 'refunded') takes its period back. */
export const paidPeriod = (a: 't' | 't2'): SQL =>
  sql.raw(
    `${a}.kind = 'subscription' and ${a}.status = 'completed' and ${a}.amount_cents > 0 and not ${a}.is_gift and ${a}.provider <> 'gift' and ${a}.user_id is not null`,
  );

/** A month added in UTC (Postgres adds calendar months in the session's zone otherwise), the
 * last day of a shorter month standing for a later day, as billing-period.ts's addMonths does. */
export const plusMonths = (instant: SQL, months: SQL): SQL =>
  sql`((${instant} at time zone 'UTC') + make_interval(months => ${months})) at time zone 'UTC'`;

/** The end of the period a paid charge covers: [completed_at, completed_at + its months). */
export const periodEnd = (a: 't' | 't2'): SQL =>
  plusMonths(sql.raw(`${a}.completed_at`), sql.raw(`coalesce(${a}.duration_months, 1)`));

/** The instants a paid period covers, as a range: the very expression of the index
 * transactions_paid_period_idx (db/schema.ts's PAID_PERIOD_RANGE), so `@>` finds them by it. */
export const periodRange = (a: 't' | 't2'): SQL =>
  sql`tstzrange(${sql.raw(`${a}.completed_at`)}, ${periodEnd(a)})`;

/** A charge of money, whatever it bought: completed, or refunded since. */
export const charged = (a: 't' | 't2'): SQL =>
  sql.raw(
    `${a}.status in ('completed', 'refunded') and ${a}.amount_cents > 0 and ${a}.provider <> 'gift'`,
  );

/** A row that sets what a subscriber pays each period: a paid period, or a plan change (its row
 * carries the new period's price, and may have charged nothing). */
export const TERMS = sql`t.kind = 'subscription' and t.status = 'completed' and not t.is_gift and t.provider <> 'gift' and t.user_id is not null and (t.amount_cents > 0 or t.period_cents is not null)`;

/** A free trial's start (decision 0098): its checkout, completed with nothing charged. */
export const TRIAL = sql`t.kind = 'subscription' and t.status = 'completed' and t.trial_days > 0 and not t.is_gift and t.user_id is not null`;

/** When a trial ends: its days are whole days of 24 hours from the checkout. */
export const TRIAL_END = sql`t.completed_at + t.trial_days * interval '24 hours'`;

/** A trial converts when a paid period is charged by this long after it ends (the provider
 * retries a failed first charge for some days). */
export const CONVERSION_GRACE_DAYS = 7;

/** When a refunded row was refunded: its last change (verification.repository.ts's reading). */
export const REFUNDED_AT = sql`greatest(t.updated_at, t.completed_at)`;

/** The product a charge sold: each plan and period, each pack, gifts together. */
export const PRODUCT_KEY = sql`case
  when t.is_gift then 'gift'
  when t.kind = 'pack' then 'pack:' || coalesce(t.pack_id::text, 'eliminado')
  else 'plan:' || coalesce(t.plan_key, 'premium') || ':' || coalesce(t.duration_months, 1)
end`;

/** Where a reader came from (decision 0118, over `users u`): the first visit's utm_source, else
 * 'referido' for a recommendation link's ref alone, else 'directo'. */
export const SOURCE_OF_USER = sql`coalesce(nullif(u.utm_source, ''), case when u.ref_code is not null then 'referido' end, 'directo')`;

export const ts = (instant: Date): SQL => sql`${instant.toISOString()}::timestamptz`;

export type Span = { id: number; start: Date; end: Date };

/** The spans as a VALUES list `iv(id, a, b)`, half-open [a, b). */
export const spansSql = (spans: Span[]): SQL =>
  sql`(values ${sql.join(
    spans.map((s) => sql`(${s.id}::int, ${ts(s.start)}, ${ts(s.end)})`),
    sql`, `,
  )}) as iv(id, a, b)`;

export type Row = Record<string, unknown>;

export const rowsOf = (result: unknown): Row[] => (result as { rows?: Row[] }).rows ?? [];
export const num = (value: unknown): number =>
  value === null || value === undefined ? 0 : Number(value);

import { and, count, eq, gt, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { transactions } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type {
  BalanceSnapshot,
  CurrencyAmount,
  FinancialDataSource,
  Paged,
  PayoutTotals,
  Period,
  SalesActivity,
} from './financial-data-source';

/**
 * The provider a deployment without STRIPE_SECRET_KEY has: its figures are derived from our own
 * transactions table, with the rules Stripe applies to a standard account (docs/decisions,
 * "financial verification"):
 * - every completed payment (refunded later or not) is a charge of its amount, at `completed_at`;
 * - the fee of a charge is 2.9 % of it, rounded to the cent, plus 30 ¢; a refund returns no fee;
 * - a refunded payment is also a refund of its whole amount, dated when its row last changed;
 * - a charge's net becomes available 2 days after it; a refund is taken at once;
 * - at every midnight (UTC) everything available is paid out to the bank, if the total is
 *   positive (a negative balance waits for later charges);
 * - there are no disputes, so nothing is retained.
 * Comparing it with our payments therefore always matches: it exercises the whole verification
 * on a machine with no Stripe account, it cannot find a discrepancy.
 */

export const SIMULATED_PROVIDER = 'simulated';
export const SIMULATED_FEE_PERCENT = 2.9;
export const SIMULATED_FEE_FIXED_CENTS = 30;
export const SIMULATED_AVAILABLE_AFTER_DAYS = 2;

/** The fee of a charge of `amountCents`, as the SQL below computes it. */
export function simulatedFeeCents(amountCents: number): number {
  return Math.floor((amountCents * 29 + 500) / 1000) + SIMULATED_FEE_FIXED_CENTS;
}

const t = transactions;
const DAY_MS = 86_400_000;
const fee = sql`((${t.amountCents}::bigint * 29 + 500) / 1000 + ${sql.raw(String(SIMULATED_FEE_FIXED_CENTS))})`;
// Our rows keep no refund date of their own; the last change of a refunded row is its refund.
const refundAt = sql`greatest(${t.updatedAt}, ${t.completedAt})`;
const availableDelay = sql.raw(`interval '${SIMULATED_AVAILABLE_AFTER_DAYS} days'`);
// The first UTC midnight after the money is available. Literal text only (no bound parameters),
// so the same expression can be selected and grouped by.
const chargeSweep = sql`(extract(epoch from date_trunc('day', ${t.completedAt} + ${availableDelay}, 'UTC') + interval '1 day') * 1000)::bigint`;
const refundSweep = sql`(extract(epoch from date_trunc('day', ${refundAt}, 'UTC') + interval '1 day') * 1000)::bigint`;

const num = (value: unknown) => Number(value ?? 0);

export function createSimulatedDataSource(db: Db, clock: Clock): FinancialDataSource {
  const isOurs = eq(t.provider, SIMULATED_PROVIDER);
  // A payment of 0 (a code that takes 100 % off) charges nothing, so it has no fee either.
  const wasPaid = and(
    isOurs,
    gt(t.amountCents, 0),
    inArray(t.status, ['completed', 'refunded']),
    isNotNull(t.completedAt),
  );
  const wasRefunded = and(
    isOurs,
    gt(t.amountCents, 0),
    eq(t.status, 'refunded'),
    isNotNull(t.completedAt),
  );

  /** Net movements per currency and payout midnight, for everything available by `now`. */
  async function availableByDay(now: Date) {
    const availableBy = new Date(now.getTime() - SIMULATED_AVAILABLE_AFTER_DAYS * DAY_MS);
    const charges = await db
      .select({
        currency: t.currency,
        sweep: chargeSweep,
        net: sql`sum(${t.amountCents} - ${fee})`,
      })
      .from(t)
      .where(and(wasPaid, lte(t.completedAt, availableBy)))
      .groupBy(t.currency, chargeSweep);
    const refunds = await db
      .select({ currency: t.currency, sweep: refundSweep, net: sql`-sum(${t.amountCents})` })
      .from(t)
      .where(and(wasRefunded, sql`${refundAt} <= ${now.toISOString()}::timestamptz`))
      .groupBy(t.currency, refundSweep);
    return [...charges, ...refunds].map((r) => ({
      currency: r.currency,
      sweep: num(r.sweep),
      net: num(r.net),
    }));
  }

  /** Replays the daily sweeps up to `now`: the payouts made, and what is left available. */
  async function sweeps(now: Date) {
    const swept = new Map<string, Map<number, number>>();
    const awaiting = new Map<string, number>();
    for (const row of await availableByDay(now)) {
      if (row.sweep > now.getTime()) {
        // Available since the last midnight: tonight's payout.
        awaiting.set(row.currency, (awaiting.get(row.currency) ?? 0) + row.net);
        continue;
      }
      const perDay = swept.get(row.currency) ?? new Map<number, number>();
      perDay.set(row.sweep, (perDay.get(row.sweep) ?? 0) + row.net);
      swept.set(row.currency, perDay);
    }
    const payouts: { currency: string; at: Date; amount: number }[] = [];
    const carry = new Map<string, number>();
    for (const [currency, perDay] of swept) {
      let running = 0;
      for (const [sweep, net] of [...perDay].sort((a, b) => a[0] - b[0])) {
        running += net;
        if (running > 0) {
          payouts.push({ currency, at: new Date(sweep), amount: running });
          running = 0;
        }
      }
      carry.set(currency, running);
    }
    const available: CurrencyAmount[] = [...new Set([...carry.keys(), ...awaiting.keys()])].map(
      (currency) => ({
        currency,
        amount: (carry.get(currency) ?? 0) + (awaiting.get(currency) ?? 0),
      }),
    );
    return { payouts, available };
  }

  return {
    provider: 'simulated',

    async balance(): Promise<BalanceSnapshot> {
      const now = clock();
      const availableBy = new Date(now.getTime() - SIMULATED_AVAILABLE_AFTER_DAYS * DAY_MS);
      const pendingRows = await db
        .select({ currency: t.currency, net: sql`sum(${t.amountCents} - ${fee})` })
        .from(t)
        .where(and(wasPaid, gt(t.completedAt, availableBy), lte(t.completedAt, now)))
        .groupBy(t.currency);
      const { available } = await sweeps(now);
      return {
        available,
        pending: pendingRows.map((r) => ({ currency: r.currency, amount: num(r.net) })),
      };
    },

    async salesActivity(period: Period): Promise<Paged<SalesActivity[]>> {
      const charges = await db
        .select({
          currency: t.currency,
          count: count(),
          amount: sql`sum(${t.amountCents})`,
          fees: sql`sum(${fee})`,
        })
        .from(t)
        .where(and(wasPaid, gte(t.completedAt, period.start), lte(t.completedAt, period.end)))
        .groupBy(t.currency);
      const refunds = await db
        .select({ currency: t.currency, count: count(), amount: sql`sum(${t.amountCents})` })
        .from(t)
        .where(
          and(
            wasRefunded,
            sql`${refundAt} >= ${period.start.toISOString()}::timestamptz`,
            sql`${refundAt} <= ${period.end.toISOString()}::timestamptz`,
          ),
        )
        .groupBy(t.currency);
      const byCurrency = new Map<string, SalesActivity>();
      const line = (currency: string) => {
        const existing = byCurrency.get(currency);
        if (existing) return existing;
        const created: SalesActivity = {
          currency,
          chargeCount: 0,
          chargeAmount: 0,
          chargeFees: 0,
          refundCount: 0,
          refundAmount: 0,
          refundFees: 0,
        };
        byCurrency.set(currency, created);
        return created;
      };
      for (const r of charges) {
        const l = line(r.currency);
        l.chargeCount = r.count;
        l.chargeAmount = num(r.amount);
        l.chargeFees = num(r.fees);
      }
      for (const r of refunds) {
        const l = line(r.currency);
        l.refundCount = r.count;
        l.refundAmount = num(r.amount);
      }
      return { items: [...byCurrency.values()], truncated: false };
    },

    async retainedFunds() {
      return { items: [], truncated: false };
    },

    async payouts(period: Period): Promise<Paged<PayoutTotals[]>> {
      const { payouts } = await sweeps(clock());
      const byCurrency = new Map<string, PayoutTotals>();
      for (const p of payouts) {
        if (p.at < period.start || p.at > period.end) continue;
        const line = byCurrency.get(p.currency) ?? {
          currency: p.currency,
          count: 0,
          amount: 0,
          lastArrival: null,
        };
        line.count += 1;
        line.amount += p.amount;
        if (!line.lastArrival || p.at > line.lastArrival) line.lastArrival = p.at;
        byCurrency.set(p.currency, line);
      }
      return { items: [...byCurrency.values()], truncated: false };
    },
  };
}

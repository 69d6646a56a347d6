import type Stripe from 'stripe';
import type { Clock } from '../../lib/clock';
import type {
  BalanceSnapshot,
  CurrencyAmount,
  FinancialDataSource,
  Paged,
  PayoutTotals,
  Period,
  RetainedFunds,
  SalesActivity,
} from './financial-data-source';

/** More items than this in one read and the figures are marked incomplete rather than the
 * request running for minutes (a period is at most a year; this is far above our volume). */
export const STRIPE_MAX_ITEMS = 50_000;

/** Disputes still open: the money is held (or may be) until the bank decides. */
const OPEN_DISPUTE_STATUSES: ReadonlySet<string> = new Set([
  'needs_response',
  'under_review',
  'warning_needs_response',
  'warning_under_review',
  'appeal_needs_response',
  'appeal_under_review',
]);

/** A dispute stays open for weeks, never half a year: older ones need not be paged through. */
const DISPUTE_LOOKBACK_DAYS = 180;

const CHARGE_TYPES: ReadonlySet<string> = new Set(['charge', 'payment']);
const REFUND_TYPES: ReadonlySet<string> = new Set(['refund', 'payment_refund']);

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const upper = (currency: string) => currency.toUpperCase();

function sumByCurrency(entries: { amount: number; currency: string }[]): CurrencyAmount[] {
  const totals = new Map<string, number>();
  for (const e of entries)
    totals.set(upper(e.currency), (totals.get(upper(e.currency)) ?? 0) + e.amount);
  return [...totals].map(([currency, amount]) => ({ currency, amount }));
}

/** Pages through a list with the SDK's auto-pagination, stopping at STRIPE_MAX_ITEMS. */
async function each<T>(list: AsyncIterable<T>, visit: (item: T) => void): Promise<boolean> {
  let seen = 0;
  for await (const item of list) {
    if (seen >= STRIPE_MAX_ITEMS) return true;
    visit(item);
    seen += 1;
  }
  return false;
}

export function createStripeDataSource(stripe: Stripe, clock: Clock): FinancialDataSource {
  return {
    provider: 'stripe',

    async balance(): Promise<BalanceSnapshot> {
      const balance = await stripe.balance.retrieve();
      return {
        available: sumByCurrency(balance.available),
        pending: sumByCurrency(balance.pending),
      };
    },

    async salesActivity(period: Period): Promise<Paged<SalesActivity[]>> {
      const byCurrency = new Map<string, SalesActivity>();
      const list = stripe.balanceTransactions.list({
        created: { gte: seconds(period.start), lte: seconds(period.end) },
        limit: 100,
      });
      const truncated = await each(list, (bt) => {
        const isCharge = CHARGE_TYPES.has(bt.type);
        // Payouts, transfers, dispute adjustments…: not sales; payouts are read on their own.
        if (!isCharge && !REFUND_TYPES.has(bt.type)) return;
        const currency = upper(bt.currency);
        const line = byCurrency.get(currency) ?? {
          currency,
          chargeCount: 0,
          chargeAmount: 0,
          chargeFees: 0,
          refundCount: 0,
          refundAmount: 0,
          refundFees: 0,
        };
        if (isCharge) {
          line.chargeCount += 1;
          line.chargeAmount += bt.amount;
          line.chargeFees += bt.fee;
        } else {
          line.refundCount += 1;
          // Stripe records money going back as a negative amount.
          line.refundAmount += -bt.amount;
          line.refundFees += bt.fee;
        }
        byCurrency.set(currency, line);
      });
      return { items: [...byCurrency.values()], truncated };
    },

    async retainedFunds(): Promise<Paged<RetainedFunds[]>> {
      const since = new Date(clock().getTime() - DISPUTE_LOOKBACK_DAYS * 86_400_000);
      const byCurrency = new Map<string, RetainedFunds>();
      const list = stripe.disputes.list({ created: { gte: seconds(since) }, limit: 100 });
      const truncated = await each(list, (dispute) => {
        if (!OPEN_DISPUTE_STATUSES.has(dispute.status)) return;
        const currency = upper(dispute.currency);
        const line = byCurrency.get(currency) ?? { currency, count: 0, amount: 0, reasons: [] };
        line.count += 1;
        line.amount += dispute.amount;
        if (!line.reasons.includes(dispute.reason)) line.reasons.push(dispute.reason);
        byCurrency.set(currency, line);
      });
      return { items: [...byCurrency.values()], truncated };
    },

    async payouts(period: Period): Promise<Paged<PayoutTotals[]>> {
      const byCurrency = new Map<string, PayoutTotals>();
      const list = stripe.payouts.list({
        arrival_date: { gte: seconds(period.start), lte: seconds(period.end) },
        limit: 100,
      });
      const truncated = await each(list, (payout) => {
        // A failed or cancelled payout never reached the bank.
        if (payout.status === 'failed' || payout.status === 'canceled') return;
        const currency = upper(payout.currency);
        const line = byCurrency.get(currency) ?? {
          currency,
          count: 0,
          amount: 0,
          lastArrival: null,
        };
        line.count += 1;
        line.amount += payout.amount;
        const arrival = new Date(payout.arrival_date * 1000);
        if (!line.lastArrival || arrival > line.lastArrival) line.lastArrival = arrival;
        byCurrency.set(currency, line);
      });
      return { items: [...byCurrency.values()], truncated };
    },
  };
}

import { COHORT_MONTHS } from '@magotips/contracts/business';
import { type GenTx, type History, plusMonthsUtc } from './business-history';

// The dashboard's figures computed from the generated history in plain TypeScript, straight
// from the definitions of docs/decisions/0117-business-dashboard.md, without the SQL: the
// figures the API answers must be these.

const DAY = 86_400_000;

const isPaidPeriod = (t: GenTx) =>
  t.kind === 'subscription' &&
  t.status === 'completed' &&
  t.amountCents > 0 &&
  !t.isGift &&
  t.provider !== 'gift';
const isCharge = (t: GenTx) =>
  (t.status === 'completed' || t.status === 'refunded') &&
  t.amountCents > 0 &&
  t.provider !== 'gift';
const covers = (t: GenTx, instant: number) =>
  t.completedAt.getTime() <= instant &&
  plusMonthsUtc(t.completedAt, t.durationMonths ?? 1).getTime() > instant;
const refundedAt = (t: GenTx) => Math.max(t.updatedAt.getTime(), t.completedAt.getTime());
const inSpan = (ms: number, a: number, b: number) => ms >= a && ms < b;

export type Expected = ReturnType<typeof expectedFigures>;

export function expectedFigures(h: History) {
  const paid = h.txs.filter(isPaidPeriod);
  const charges = h.txs.filter(isCharge);
  const byUser = new Map<string, GenTx[]>();
  for (const t of h.txs) byUser.set(t.userId, [...(byUser.get(t.userId) ?? []), t]);
  const firstOf = (rows: GenTx[]) => {
    const first = new Map<string, number>();
    for (const t of rows) {
      const ms = t.completedAt.getTime();
      if (ms < (first.get(t.userId) ?? Infinity)) first.set(t.userId, ms);
    }
    return first;
  };
  const firstPaid = firstOf(paid);
  const firstCharge = firstOf(charges);

  const activeAt = (instant: number) =>
    new Set(paid.filter((t) => covers(t, instant)).map((t) => t.userId));

  /** Cents × 12 (every period here is 1 or 12 months), so the sum stays exact. */
  function mrrCents(instant: number): number {
    let twelfths = 0;
    for (const userId of activeAt(instant)) {
      const terms = (byUser.get(userId) ?? [])
        .filter(
          (t) =>
            t.kind === 'subscription' &&
            t.status === 'completed' &&
            !t.isGift &&
            t.provider !== 'gift' &&
            (t.amountCents > 0 || t.periodCents !== null) &&
            t.completedAt.getTime() <= instant,
        )
        .sort((a, b) => a.completedAt.getTime() - b.completedAt.getTime());
      const last = terms[terms.length - 1]!;
      const before = terms[terms.length - 2];
      const price =
        last.periodCents ??
        last.amountCents -
          (before?.periodCents !== null && before ? (before.adjustmentCents ?? 0) : 0);
      twelfths += (price * 12) / (last.durationMonths ?? 1);
    }
    return Math.round(twelfths / 12);
  }

  function span(a: number, b: number) {
    const start = activeAt(a);
    const endSet = activeAt(b);
    const lapsed = [...start].filter((u) => !endSet.has(u)).length;
    const fresh = [...firstPaid.values()].filter((ms) => inSpan(ms, a, b)).length;
    const money = new Map<
      string,
      { name: string; charges: number; gross: number; refunds: number }
    >();
    const key = (t: GenTx) =>
      t.isGift
        ? 'gift'
        : t.kind === 'pack'
          ? `pack:${t.packId}`
          : `plan:${t.planKey}:${t.durationMonths ?? 1}`;
    const line = (t: GenTx) => {
      const k = key(t);
      const l = money.get(k) ?? { name: t.itemName, charges: 0, gross: 0, refunds: 0 };
      money.set(k, l);
      return l;
    };
    for (const t of charges) {
      if (!inSpan(t.completedAt.getTime(), a, b)) continue;
      const l = line(t);
      l.charges += 1;
      l.gross += t.amountCents;
    }
    for (const t of charges) {
      if (t.status === 'refunded' && inSpan(refundedAt(t), a, b)) line(t).refunds += t.amountCents;
    }
    const payers = new Set(
      charges
        .filter((t) => t.status === 'completed' && inSpan(t.completedAt.getTime(), a, b))
        .map((t) => t.userId),
    ).size;
    const trials = h.txs.filter(
      (t) =>
        t.kind === 'subscription' &&
        t.status === 'completed' &&
        (t.trialDays ?? 0) > 0 &&
        !t.isGift &&
        inSpan(t.completedAt.getTime() + (t.trialDays ?? 0) * DAY, a, b),
    );
    const converted = trials.filter((trial) => {
      const endsAt = trial.completedAt.getTime() + (trial.trialDays ?? 0) * DAY;
      return (byUser.get(trial.userId) ?? []).some(
        (t) =>
          isPaidPeriod(t) &&
          t.completedAt.getTime() >= trial.completedAt.getTime() &&
          t.completedAt.getTime() < endsAt + 7 * DAY,
      );
    }).length;
    const signups = h.users.filter((u) => inSpan(u.createdAt.getTime(), a, b)).length;
    const firstPayments = [...firstCharge.values()].filter((ms) => inSpan(ms, a, b)).length;
    return {
      atStart: start.size,
      atEnd: endSet.size,
      lapsed,
      fresh,
      money,
      payers,
      trialsEnded: trials.length,
      trialsConverted: converted,
      signups,
      firstPayments,
    };
  }

  /** Of those whose first paid period fell in each month (up to `end`), how many had a paid
   * period covering some instant of each of the next months (charged before `end`). */
  function cohort(monthStart: Date, end: number) {
    const next = plusMonthsUtc(monthStart, 1).getTime();
    const members = [...firstPaid.entries()]
      .filter(([, ms]) => inSpan(ms, monthStart.getTime(), Math.min(next, end)))
      .map(([u]) => u);
    const kept = Array.from({ length: COHORT_MONTHS }, (_, i) => {
      const a = plusMonthsUtc(monthStart, i + 1).getTime();
      const b = plusMonthsUtc(monthStart, i + 2).getTime();
      return members.filter((u) =>
        (byUser.get(u) ?? []).some(
          (t) =>
            isPaidPeriod(t) &&
            t.completedAt.getTime() < end &&
            t.completedAt.getTime() < b &&
            plusMonthsUtc(t.completedAt, t.durationMonths ?? 1).getTime() > a,
        ),
      ).length;
    });
    return { size: members.length, kept };
  }

  function record(month: string, end: string) {
    const days = h.days.filter((d) => d.day.startsWith(month) && d.day < end);
    if (days.length === 0) return null;
    return {
      settled: days.reduce((s, d) => s + d.settled, 0),
      profitMilli: days.reduce((s, d) => s + d.profitMilli, 0),
      staked: days.reduce((s, d) => s + d.staked, 0),
    };
  }

  return { mrrCents, span, cohort, record };
}

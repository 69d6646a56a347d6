import { ERROR_CODES } from '@magotips/contracts/http-errors';
import { fromCents, toCents } from '@magotips/contracts/money';
import {
  formatPendingFrom,
  SPEND_LIMIT_RAISE_HOURS,
  SPEND_LIMIT_TEXT,
  type TSpendLimit,
} from '@magotips/contracts/spend-limit';
import { and, eq, gt, gte, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { spendLimits, transactions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { GIFT_PROVIDER } from '../users/gift-provider';

const RAISE_MS = SPEND_LIMIT_RAISE_HOURS * 3_600_000;

type Row = typeof spendLimits.$inferSelect;
/** The limit as it stands at a moment: a loosening whose 72 hours are over is in force. */
type Standing = { limitCents: number | null; pending: { cents: number | null; from: Date } | null };

function standingAt(row: Row | undefined, now: Date): Standing {
  if (!row) return { limitCents: null, pending: null };
  if (row.pendingFrom && row.pendingFrom.getTime() <= now.getTime())
    return { limitCents: row.pendingLimitCents, pending: null };
  return {
    limitCents: row.limitCents,
    pending: row.pendingFrom ? { cents: row.pendingLimitCents, from: row.pendingFrom } : null,
  };
}

/** The calendar month holding `now`, in UTC: users carry no time zone (decision 0113). */
function monthOf(now: Date): { start: Date; end: Date } {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  return { start: new Date(Date.UTC(y, m, 1)), end: new Date(Date.UTC(y, m + 1, 1)) };
}

/**
 * The monthly spend limit (issue 32 item 4, decision 0113). What a month's spending is: the
 * buyer's charges completed in it (packs, subscriptions and their renewals, gifts bought, plan
 * changes charged today); a refund turns its row `refunded` and so gives the room back; a gift
 * received (the GIFT_PROVIDER rows) was paid by someone else.
 */
export function createSpendLimit(deps: { db: Db; clock: Clock }) {
  const { db } = deps;

  async function rowOf(userId: string): Promise<Row | undefined> {
    const [row] = await db.select().from(spendLimits).where(eq(spendLimits.userId, userId));
    return row;
  }

  async function sumCents(userId: string, now: Date, status: 'completed' | 'pending') {
    const { start, end } = monthOf(now);
    const when =
      status === 'completed'
        ? and(gte(transactions.completedAt, start), lt(transactions.completedAt, end))
        : // A checkout still open may yet be paid: two tabs must not pass the limit together.
          gt(transactions.expiresAt, now);
    const [row] = await db
      .select({ cents: sql<string>`coalesce(sum(${transactions.amountCents}), 0)` })
      .from(transactions)
      .where(
        and(
          eq(transactions.userId, userId),
          eq(transactions.status, status),
          ne(transactions.provider, GIFT_PROVIDER),
          when,
        ),
      );
    return Number(row?.cents ?? 0);
  }

  async function view(userId: string, now: Date): Promise<TSpendLimit> {
    const standing = standingAt(await rowOf(userId), now);
    const spent = await sumCents(userId, now, 'completed');
    const limit = standing.limitCents;
    return {
      monthlyLimit: limit === null ? null : fromCents(limit),
      pendingLimit:
        standing.pending?.cents === null || !standing.pending
          ? null
          : fromCents(standing.pending.cents),
      pendingFrom: standing.pending?.from.toISOString() ?? null,
      spentThisMonth: fromCents(spent),
      left: limit === null ? null : fromCents(Math.max(0, limit - spent)),
    };
  }

  return {
    view: (userId: string) => view(userId, deps.clock()),

    /** Sets (or, with null, removes) the limit: tightening applies now, loosening waits 72
     * hours. Answers the limit as it then stands and the message for the reader. */
    async set(
      userId: string,
      monthlyLimit: number | null,
    ): Promise<{ message: string; spendLimit: TSpendLimit }> {
      const now = deps.clock();
      const current = standingAt(await rowOf(userId), now).limitCents;
      const wanted = monthlyLimit === null ? null : toCents(monthlyLimit);
      const loosens = current !== null && (wanted === null || wanted > current);
      const from = new Date(now.getTime() + RAISE_MS);
      const values = loosens
        ? { limitCents: current, pendingLimitCents: wanted, pendingFrom: from }
        : { limitCents: wanted, pendingLimitCents: null, pendingFrom: null };
      await db
        .insert(spendLimits)
        .values({ userId, ...values, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: spendLimits.userId, set: { ...values, updatedAt: now } });
      const date = formatPendingFrom(from.toISOString());
      const message = !loosens
        ? wanted !== null && current !== null && wanted < current
          ? SPEND_LIMIT_TEXT.lowered
          : SPEND_LIMIT_TEXT.saved
        : wanted === null
          ? SPEND_LIMIT_TEXT.removeScheduled(date)
          : SPEND_LIMIT_TEXT.raiseScheduled(date);
      return { message, spendLimit: await view(userId, now) };
    },

    /** Refuses (409 SPEND_LIMIT) a new purchase charging `cents` today that would take the
     * month past the limit; exactly reaching it passes. Called before any provider call. */
    async ensureRoom(userId: string, cents: number): Promise<void> {
      // Nothing charged today (a free trial) passes: its later charges are renewals.
      if (cents <= 0) return;
      const now = deps.clock();
      const limit = standingAt(await rowOf(userId), now).limitCents;
      if (limit === null) return;
      const committed =
        (await sumCents(userId, now, 'completed')) + (await sumCents(userId, now, 'pending'));
      if (committed + cents <= limit) return;
      throw AppError.conflict(
        SPEND_LIMIT_TEXT.exceeded(fromCents(Math.max(0, limit - committed))),
        ERROR_CODES.spendLimit,
      );
    },
  };
}
export type SpendLimit = ReturnType<typeof createSpendLimit>;

import {
  and,
  asc,
  eq,
  exists,
  gt,
  inArray,
  isNotNull,
  isNull,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { RENEWAL_GRACE_DAYS } from '@magotips/contracts/payments';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import {
  alertPreferences,
  packPurchases,
  packPurchaseTips,
  pushSubscriptions,
  subscriptions,
  userRoles,
  users,
} from '../../db/schema';
import { notPausedAt } from '../users/paused-sql';

/** `id` null: a tip not yet written (the editor's count before publishing), which no pack holds. */
export type TipAudience = { id: string | null; category: 'free' | 'premium' };
/** The channels that reach one reader (Telegram is a public channel, not a reader's). */
export type ReaderChannel = 'email' | 'push';

/** An active subscription, at `now`, of the user in the column `userId` of the outer query. */
export function subscribedNow(db: Db, userId: AnyPgColumn, now: Date): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, userId),
          or(
            gt(subscriptions.endDate, now),
            // A failed renewal Stripe still retries keeps access (decision 0095, accessEnd).
            and(
              eq(subscriptions.isRecurring, true),
              isNotNull(subscriptions.paymentFailedAt),
              gt(
                subscriptions.nextPaymentAttemptAt,
                new Date(now.getTime() - RENEWAL_GRACE_DAYS * 86_400_000),
              ),
            ),
          ),
        ),
      ),
  );
}

/**
 * Who gets the alert of `tip` on `channel`, as a condition on `users` joined with
 * `alert_preferences`: a verified address and the channel's switch for the tip's category on
 * (and, for push, at least one device); for a VIP tip, only a reader who may read it
 * (entitlement.ts's rule: an active subscription, a standing purchase of a pack that holds it,
 * or the editor or admin role). A paused reader gets nothing on any channel (decision 0116).
 */
function wantsAlert(db: Db, tip: TipAudience, now: Date, channel: ReaderChannel): SQL {
  const one = { one: sql`1` };
  const reachable =
    channel === 'email'
      ? and(isNotNull(users.emailVerifiedAt), notPausedAt(now))!
      : and(
          isNotNull(users.emailVerifiedAt),
          notPausedAt(now),
          exists(
            db.select(one).from(pushSubscriptions).where(eq(pushSubscriptions.userId, users.id)),
          ),
        )!;
  const [freeSwitch, vipSwitch] =
    channel === 'email'
      ? [alertPreferences.emailFree, alertPreferences.emailVip]
      : [alertPreferences.pushFree, alertPreferences.pushVip];
  if (tip.category === 'free') return and(reachable, eq(freeSwitch, true))!;
  const subscribed = subscribedNow(db, users.id, now);
  const staff = exists(
    db
      .select(one)
      .from(userRoles)
      .where(and(eq(userRoles.userId, users.id), inArray(userRoles.role, ['editor', 'admin']))),
  );
  if (tip.id === null) return and(reachable, eq(vipSwitch, true), or(subscribed, staff))!;
  const bought = exists(
    db
      .select(one)
      .from(packPurchaseTips)
      .innerJoin(packPurchases, eq(packPurchases.id, packPurchaseTips.purchaseId))
      .where(
        and(
          eq(packPurchaseTips.tipId, tip.id),
          eq(packPurchases.userId, users.id),
          isNull(packPurchases.revokedAt),
        ),
      ),
  );
  return and(reachable, eq(vipSwitch, true), or(subscribed, staff, bought))!;
}

export function createAlertReadersRepository(db: Db) {
  return {
    /** One page of readers to alert, by user id after `after` (keyset: each page is an index
     * range, however many readers there are). `target` is the batch's transaction. */
    async page(
      target: Db,
      tip: TipAudience,
      channel: ReaderChannel,
      now: Date,
      after: string | null,
      limit: number,
    ): Promise<string[]> {
      // Walked along alert_preferences' primary key: only readers with a row can want an
      // alert, and there are at most as many of them as users.
      const rows = await target
        .select({ id: alertPreferences.userId })
        .from(alertPreferences)
        .innerJoin(users, eq(users.id, alertPreferences.userId))
        .where(
          and(
            wantsAlert(target, tip, now, channel),
            after ? gt(alertPreferences.userId, after) : undefined,
          ),
        )
        .orderBy(asc(alertPreferences.userId))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /** How many readers a new tip of `category` would alert, by e-mail or push (each once):
     * the fan-out's own condition, on the readers who have preferences at all. */
    async countAudience(category: TipAudience['category'], now: Date): Promise<number> {
      const tip: TipAudience = { id: null, category };
      const [row] = await db
        .select({ readers: sql<number>`count(*)::int` })
        .from(alertPreferences)
        .innerJoin(users, eq(users.id, alertPreferences.userId))
        .where(or(wantsAlert(db, tip, now, 'email'), wantsAlert(db, tip, now, 'push')));
      return row?.readers ?? 0;
    },

    /** Whether `userId` still wants (and may read) this alert: checked again just before
     * sending, so an unsubscribe or a lapsed entitlement stops the alerts still queued. */
    async stillWants(
      userId: string,
      tip: TipAudience,
      now: Date,
      channel: ReaderChannel,
    ): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .innerJoin(alertPreferences, eq(alertPreferences.userId, users.id))
        .where(and(eq(users.id, userId), wantsAlert(db, tip, now, channel)));
      return row !== undefined;
    },
  };
}
export type AlertReadersRepository = ReturnType<typeof createAlertReadersRepository>;

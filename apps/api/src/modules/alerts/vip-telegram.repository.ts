import { and, asc, eq, gt, isNull, not, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  packPurchases,
  packPurchaseTips,
  telegramLinks,
  telegramVipPosts,
  tips,
  users,
} from '../../db/schema';
import { notPausedAt } from '../users/paused-sql';
import { readerLocale, type ReaderLocale } from '../users/user-locale';
import type { AlertTip } from './alert-email';
import { subscribedNow } from './alert-readers.repository';

export type VipTip = AlertTip & { isPublished: boolean };
export type VipPost = { chatId: number; userId: string | null; messageId: number };

/**
 * What the bot's VIP posts read and write. Pack purchases are a floor above alerts
 * (eslint/api-boundaries.js), so their tables are read here directly, as
 * alert-readers.repository.ts does.
 */
export function createVipTelegramRepository(db: Db) {
  /** A standing purchase (not revoked) by the column's user of a pack that holds the tip. */
  const boughtTip = (tipId: string) =>
    and(
      eq(packPurchaseTips.tipId, tipId),
      eq(packPurchases.userId, telegramLinks.userId),
      isNull(packPurchases.revokedAt),
    );

  return {
    async tip(tipId: string): Promise<VipTip | null> {
      const [row] = await db
        .select({
          id: tips.id,
          title: tips.title,
          icon: tips.icon,
          category: tips.category,
          matchDate: tips.matchDate,
          pick: tips.pick,
          oddsCents: tips.oddsCents,
          stake: tips.stake,
          isPublished: tips.isPublished,
        })
        .from(tips)
        .where(eq(tips.id, tipId));
      return row ?? null;
    },

    /**
     * One page (by user id, after `after`) of the readers who get the tip in a private chat: a
     * linked Telegram account and a standing purchase of a pack that holds it. Subscribers are
     * left out: the group is theirs (decision 0106); paused readers too (decision 0116).
     */
    async buyers(
      tx: Db,
      tipId: string,
      now: Date,
      after: string | null,
      limit: number,
    ): Promise<string[]> {
      const rows = await tx
        .selectDistinct({ userId: telegramLinks.userId })
        .from(telegramLinks)
        .innerJoin(packPurchases, eq(packPurchases.userId, telegramLinks.userId))
        .innerJoin(packPurchaseTips, eq(packPurchaseTips.purchaseId, packPurchases.id))
        .innerJoin(users, eq(users.id, telegramLinks.userId))
        .where(
          and(
            boughtTip(tipId),
            not(subscribedNow(tx, telegramLinks.userId, now)),
            notPausedAt(now),
            after ? gt(telegramLinks.userId, after) : undefined,
          ),
        )
        .orderBy(asc(telegramLinks.userId))
        .limit(limit);
      return rows.map((r) => r.userId);
    },

    /**
     * The tips a reader is owed now in their private chat (decision 0110): VIP, published, match
     * not started, in a pack of a standing purchase of theirs, and not yet sent to the chat they
     * are linked to. None while they are unlinked, subscribed (the group is theirs) or paused.
     */
    async owedTips(userId: string, now: Date): Promise<string[]> {
      const rows = await db
        .selectDistinct({ tipId: tips.id })
        .from(telegramLinks)
        .innerJoin(packPurchases, eq(packPurchases.userId, telegramLinks.userId))
        .innerJoin(packPurchaseTips, eq(packPurchaseTips.purchaseId, packPurchases.id))
        .innerJoin(tips, eq(tips.id, packPurchaseTips.tipId))
        .innerJoin(users, eq(users.id, telegramLinks.userId))
        .where(
          and(
            eq(telegramLinks.userId, userId),
            notPausedAt(now),
            isNull(packPurchases.revokedAt),
            eq(tips.isPublished, true),
            eq(tips.category, 'premium'),
            gt(tips.matchDate, now),
            not(subscribedNow(db, telegramLinks.userId, now)),
            notExists(
              db
                .select({ one: sql`1` })
                .from(telegramVipPosts)
                .where(
                  and(
                    eq(telegramVipPosts.tipId, tips.id),
                    eq(telegramVipPosts.chatId, telegramLinks.chatId),
                  ),
                ),
            ),
          ),
        )
        .orderBy(asc(tips.id));
      return rows.map((r) => r.tipId);
    },

    /** Readers with a linked Telegram and a standing purchase of `packId`. */
    async linkedBuyersOf(packId: string): Promise<string[]> {
      const rows = await db
        .selectDistinct({ userId: packPurchases.userId })
        .from(packPurchases)
        .innerJoin(telegramLinks, eq(telegramLinks.userId, packPurchases.userId))
        .where(and(eq(packPurchases.packId, packId), isNull(packPurchases.revokedAt)));
      return rows.map((r) => r.userId);
    },

    /** The buyer's private chat, while they are linked, their purchase stands and they are not
     * paused (decision 0116: a post or a change queued before the pause is not sent); else null. */
    async buyerChat(userId: string, tipId: string, now: Date): Promise<number | null> {
      const [row] = await db
        .select({ chatId: telegramLinks.chatId })
        .from(telegramLinks)
        .innerJoin(packPurchases, eq(packPurchases.userId, telegramLinks.userId))
        .innerJoin(packPurchaseTips, eq(packPurchaseTips.purchaseId, packPurchases.id))
        .innerJoin(users, eq(users.id, telegramLinks.userId))
        .where(and(eq(telegramLinks.userId, userId), boughtTip(tipId), notPausedAt(now)))
        .limit(1);
      return row?.chatId ?? null;
    },

    /** A buyer's zone and country, for their copy's kick-off and help line (decision 0114). */
    async readerOf(userId: string): Promise<ReaderLocale> {
      const [row] = await db
        .select({ country: users.country, timeZone: users.timeZone })
        .from(users)
        .where(eq(users.id, userId));
      return readerLocale(row ?? { country: null, timeZone: null });
    },

    async postOf(tipId: string, chatId: number): Promise<VipPost | null> {
      const [row] = await db
        .select({
          chatId: telegramVipPosts.chatId,
          userId: telegramVipPosts.userId,
          messageId: telegramVipPosts.messageId,
        })
        .from(telegramVipPosts)
        .where(and(eq(telegramVipPosts.tipId, tipId), eq(telegramVipPosts.chatId, chatId)));
      return row ?? null;
    },

    /** Every message that carries the tip: what a change replies to. */
    async postsOf(tx: Db, tipId: string): Promise<VipPost[]> {
      return tx
        .select({
          chatId: telegramVipPosts.chatId,
          userId: telegramVipPosts.userId,
          messageId: telegramVipPosts.messageId,
        })
        .from(telegramVipPosts)
        .where(eq(telegramVipPosts.tipId, tipId))
        .orderBy(asc(telegramVipPosts.postedAt), asc(telegramVipPosts.chatId));
    },

    async record(tipId: string, post: VipPost, now: Date): Promise<void> {
      await db
        .insert(telegramVipPosts)
        .values({ tipId, ...post, postedAt: now })
        .onConflictDoNothing();
    },
  };
}
export type VipTelegramRepository = ReturnType<typeof createVipTelegramRepository>;

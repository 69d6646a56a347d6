import { and, eq, isNotNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { telegramLinks, telegramLinkTokens } from '../../db/schema';

export type TelegramUser = { telegramUserId: number; chatId: number; username: string | null };

/** What `/start <token>` came to: linked, or why not. */
export type LinkOutcome = 'linked' | 'expired' | 'taken';

export function createTelegramLinksRepository(db: Db) {
  return {
    async find(userId: string) {
      const [row] = await db.select().from(telegramLinks).where(eq(telegramLinks.userId, userId));
      return row ?? null;
    },

    /** Keeps a new token's hash; the account's spent and expired ones go at the same time, so
     * the table holds at most the few links a reader asked for in the last 15 minutes. */
    async saveToken(userId: string, tokenHash: string, expiresAt: Date, now: Date) {
      await db.transaction(async (tx) => {
        await tx
          .delete(telegramLinkTokens)
          .where(
            and(
              eq(telegramLinkTokens.userId, userId),
              or(isNotNull(telegramLinkTokens.usedAt), lte(telegramLinkTokens.expiresAt, now)),
            ),
          );
        await tx
          .insert(telegramLinkTokens)
          .values({ tokenHash, userId, expiresAt, createdAt: now });
      });
    },

    /**
     * Spends the token and links its account to `who`, in `tx` (the reply's job joins the same
     * transaction). The token row is locked, so two /start with one token link once. A Telegram
     * user linked to another account is refused and the token stays unspent; the account's
     * previous Telegram user, if any, gives way to this one. Two accounts racing for one Telegram
     * user meet the unique index: the caller treats that as 'taken'.
     */
    async linkWithToken(
      tx: Db,
      tokenHash: string,
      who: TelegramUser,
      now: Date,
    ): Promise<{ outcome: LinkOutcome; userId: string | null }> {
      const [token] = await tx
        .select()
        .from(telegramLinkTokens)
        .where(eq(telegramLinkTokens.tokenHash, tokenHash))
        .for('update');
      if (!token || token.usedAt !== null || token.expiresAt.getTime() <= now.getTime())
        return { outcome: 'expired', userId: null };
      const [holder] = await tx
        .select({ userId: telegramLinks.userId })
        .from(telegramLinks)
        .where(eq(telegramLinks.telegramUserId, who.telegramUserId));
      if (holder && holder.userId !== token.userId) return { outcome: 'taken', userId: null };
      await tx.delete(telegramLinks).where(eq(telegramLinks.userId, token.userId));
      await tx.insert(telegramLinks).values({ userId: token.userId, ...who, linkedAt: now });
      await tx
        .update(telegramLinkTokens)
        .set({ usedAt: now })
        .where(eq(telegramLinkTokens.tokenHash, tokenHash));
      return { outcome: 'linked', userId: token.userId };
    },

    /** "Desconectar": answers whether there was a link. */
    async unlinkAccount(userId: string): Promise<boolean> {
      const gone = await db
        .delete(telegramLinks)
        .where(eq(telegramLinks.userId, userId))
        .returning({ userId: telegramLinks.userId });
      return gone.length > 0;
    },

    /** `/stop` in the chat, in `tx`: answers whether this Telegram user was linked. */
    async unlinkTelegramUser(tx: Db, telegramUserId: number): Promise<boolean> {
      const gone = await tx
        .delete(telegramLinks)
        .where(eq(telegramLinks.telegramUserId, telegramUserId))
        .returning({ userId: telegramLinks.userId });
      return gone.length > 0;
    },
  };
}
export type TelegramLinksRepository = ReturnType<typeof createTelegramLinksRepository>;

import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { pushSubscriptions } from '../../db/schema';

/** More devices than anyone has: beyond this the oldest subscription makes room. */
export const MAX_DEVICES_PER_USER = 10;

export type StoredPushSubscription = typeof pushSubscriptions.$inferSelect;

export function createPushSubscriptionsRepository(db: Db) {
  return {
    /** This device now belongs to `userId`: a browser where another account was signed in before
     * moves to the one signed in now (one endpoint, one reader). */
    async save(
      userId: string,
      input: { endpoint: string; p256dh: string; auth: string },
      now: Date,
    ) {
      await db.transaction(async (tx) => {
        await tx
          .insert(pushSubscriptions)
          .values({ userId, ...input, createdAt: now })
          .onConflictDoUpdate({
            target: pushSubscriptions.endpoint,
            set: { userId, p256dh: input.p256dh, auth: input.auth, createdAt: now },
          });
        const mine = await tx
          .select({ id: pushSubscriptions.id })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, userId))
          .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
        const extra = mine
          .slice(0, Math.max(0, mine.length - MAX_DEVICES_PER_USER))
          .map((r) => r.id);
        if (extra.length > 0)
          await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, extra));
      });
    },

    /** Only the caller's own device: another reader's endpoint is left alone. */
    async remove(userId: string, endpoint: string): Promise<boolean> {
      const gone = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
        .returning({ id: pushSubscriptions.id });
      return gone.length > 0;
    },

    /** The push service said 404/410: the browser dropped it. */
    async removeById(id: string): Promise<void> {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    },

    listFor(userId: string): Promise<StoredPushSubscription[]> {
      return db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(asc(pushSubscriptions.createdAt));
    },

    async count(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId));
      return row?.n ?? 0;
    },
  };
}
export type PushSubscriptionsRepository = ReturnType<typeof createPushSubscriptionsRepository>;

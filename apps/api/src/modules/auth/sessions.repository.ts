import { and, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { sessions } from '../../db/schema';

export type SessionRow = typeof sessions.$inferSelect;

export function createSessionsRepository(db: Db) {
  return {
    async create(
      userId: string,
      meta: { userAgent: string | null; ip: string | null },
      now: Date,
    ): Promise<SessionRow> {
      const [row] = await db
        .insert(sessions)
        .values({ userId, createdAt: now, lastSeenAt: now, userAgent: meta.userAgent, ip: meta.ip })
        .returning();
      if (!row) throw new Error('session not inserted');
      return row;
    },
    async find(id: string): Promise<SessionRow | null> {
      const [row] = await db.select().from(sessions).where(eq(sessions.id, id)).limit(1);
      return row ?? null;
    },
    async touch(id: string, now: Date): Promise<void> {
      await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
    },
    async listForUser(userId: string): Promise<SessionRow[]> {
      return db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(desc(sessions.lastSeenAt));
    },
    /** Only one of `userId`'s own: another person's id ends nothing. */
    async end(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(sessions)
        .where(and(eq(sessions.id, id), eq(sessions.userId, userId)))
        .returning({ id: sessions.id });
      return rows.length > 0;
    },
    async endAllBut(userId: string, keep: string | null): Promise<number> {
      const where = keep
        ? and(eq(sessions.userId, userId), ne(sessions.id, keep))
        : eq(sessions.userId, userId);
      const rows = await db.delete(sessions).where(where).returning({ id: sessions.id });
      return rows.length;
    },
  };
}
export type SessionsRepository = ReturnType<typeof createSessionsRepository>;

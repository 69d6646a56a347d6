import { and, countDistinct, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { alertDeliveries, tips, users } from '../../db/schema';
import type { AlertTip } from './alert-email';

type StoredState = (typeof alertDeliveries.$inferSelect)['state'];

type Channel = (typeof alertDeliveries.$inferSelect)['channel'];

export type DeliveryToSend = {
  id: string;
  channel: Channel;
  state: StoredState;
  userId: string | null;
  email: string | null;
  firstName: string | null;
  /** The reader's country and zone (null for the channel post): the kick-off and the help
   * line are theirs (decisions 0114, 0115). */
  country: string | null;
  timeZone: string | null;
  isPublished: boolean;
  tip: AlertTip;
};

export type TipDeliveryCounts = {
  tipId: string;
  title: string;
  category: 'free' | 'premium';
  publishedAt: Date | null;
  queued: number;
  sent: number;
  failed: number;
  dead: number;
};

const countOf = (states: StoredState[]) =>
  sql<number>`count(*) filter (where ${inArray(alertDeliveries.state, states)})`.mapWith(Number);

export function createAlertDeliveriesRepository(db: Db) {
  return {
    /** One delivery per reader on `channel` (null: the Telegram channel post, which has no
     * reader), in the fan-out batch's transaction. Answers the ids of the rows really inserted:
     * a reader already there (a second run) has its alert already. */
    async insert(
      tx: Db,
      tipId: string,
      channel: Channel,
      userIds: (string | null)[],
      now: Date,
    ): Promise<string[]> {
      if (userIds.length === 0) return [];
      const rows = await tx
        .insert(alertDeliveries)
        .values(
          userIds.map((userId) => ({
            tipId,
            userId,
            channel,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: alertDeliveries.id });
      return rows.map((r) => r.id);
    },

    async find(id: string): Promise<DeliveryToSend | null> {
      const [row] = await db
        .select({
          id: alertDeliveries.id,
          channel: alertDeliveries.channel,
          state: alertDeliveries.state,
          userId: alertDeliveries.userId,
          email: users.email,
          firstName: users.firstName,
          country: users.country,
          timeZone: users.timeZone,
          isPublished: tips.isPublished,
          tip: {
            id: tips.id,
            title: tips.title,
            icon: tips.icon,
            category: tips.category,
            matchDate: tips.matchDate,
            pick: tips.pick,
            oddsCents: tips.oddsCents,
            stake: tips.stake,
          },
        })
        .from(alertDeliveries)
        .innerJoin(tips, eq(tips.id, alertDeliveries.tipId))
        .leftJoin(users, eq(users.id, alertDeliveries.userId))
        .where(eq(alertDeliveries.id, id));
      return row ?? null;
    },

    /** Taken for sending (one more attempt); false when it was sent already (a job run again
     * after its instance died between the send and the job's end). */
    async markSending(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(alertDeliveries)
        .set({
          state: 'sending',
          attempts: sql`${alertDeliveries.attempts} + 1`,
          updatedAt: now,
        })
        .where(and(eq(alertDeliveries.id, id), sql`${alertDeliveries.state} <> 'sent'`))
        .returning({ id: alertDeliveries.id });
      return rows.length > 0;
    },

    async markSent(id: string, now: Date): Promise<void> {
      await db
        .update(alertDeliveries)
        .set({ state: 'sent', sentAt: now, lastError: null, updatedAt: now })
        .where(eq(alertDeliveries.id, id));
    },

    async markFailed(id: string, error: string, now: Date): Promise<void> {
      await db
        .update(alertDeliveries)
        .set({ state: 'failed', lastError: error.slice(0, 500), updatedAt: now })
        .where(and(eq(alertDeliveries.id, id), sql`${alertDeliveries.state} <> 'sent'`));
    },

    async markDead(id: string, now: Date): Promise<void> {
      await db
        .update(alertDeliveries)
        .set({ state: 'dead', updatedAt: now })
        .where(and(eq(alertDeliveries.id, id), sql`${alertDeliveries.state} <> 'sent'`));
    },

    /** An alert that is no longer wanted (the reader left, the tip was hidden) is withdrawn
     * rather than counted as queued, sent, failed or dead. */
    async withdraw(id: string): Promise<void> {
      await db.delete(alertDeliveries).where(eq(alertDeliveries.id, id));
    },

    /** Dead deliveries of a tip back to the queue, in the caller's transaction (with the jobs
     * that send them). */
    async requeueDead(tx: Db, tipId: string, now: Date): Promise<string[]> {
      const rows = await tx
        .update(alertDeliveries)
        .set({ state: 'queued', lastError: null, updatedAt: now })
        .where(and(eq(alertDeliveries.tipId, tipId), eq(alertDeliveries.state, 'dead')))
        .returning({ id: alertDeliveries.id });
      return rows.map((r) => r.id);
    },

    async tipExists(tipId: string): Promise<boolean> {
      const [row] = await db.select({ id: tips.id }).from(tips).where(eq(tips.id, tipId));
      return row !== undefined;
    },

    /** Per tip that has alerts, newest publication first: how many are in each state
     * (`sending` counts as queued: it is on its way). */
    async countsByTip(
      page: number,
      limit: number,
    ): Promise<{ rows: TipDeliveryCounts[]; total: number }> {
      const [totalRow] = await db
        .select({ total: countDistinct(alertDeliveries.tipId) })
        .from(alertDeliveries);
      const rows = await db
        .select({
          tipId: tips.id,
          title: tips.title,
          category: tips.category,
          publishedAt: tips.publishedAt,
          queued: countOf(['queued', 'sending']),
          sent: countOf(['sent']),
          failed: countOf(['failed']),
          dead: countOf(['dead']),
        })
        .from(alertDeliveries)
        .innerJoin(tips, eq(tips.id, alertDeliveries.tipId))
        .groupBy(tips.id)
        .orderBy(sql`${tips.publishedAt} desc nulls last`, desc(tips.id))
        .limit(limit)
        .offset((page - 1) * limit);
      return {
        rows,
        total: Number(totalRow?.total ?? 0),
      };
    },
  };
}
export type AlertDeliveriesRepository = ReturnType<typeof createAlertDeliveriesRepository>;

import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { deleteUnlessUsed } from '../../db/delete-unless-used';
import { plans, subscriptions, transactions } from '../../db/schema';

export type PlanRow = typeof plans.$inferSelect;
export type PlanValues = Pick<
  PlanRow,
  | 'name'
  | 'key'
  | 'priceCents'
  | 'durationMonths'
  | 'features'
  | 'isActive'
  | 'grantsAllVipTips'
  | 'includesPacks'
  | 'trialDays'
  | 'yearlyPriceCents'
>;

// The editor's order (sort_order, set on creation), then the cheapest first.
const PLAN_ORDER = [asc(plans.sortOrder), asc(plans.priceCents), asc(plans.name)];

export function createPlansRepository(db: Db) {
  return {
    async listActive(): Promise<PlanRow[]> {
      return db
        .select()
        .from(plans)
        .where(eq(plans.isActive, true))
        .orderBy(...PLAN_ORDER);
    },

    async listAll(): Promise<PlanRow[]> {
      return db
        .select()
        .from(plans)
        .orderBy(...PLAN_ORDER);
    },

    async findById(id: string): Promise<PlanRow | null> {
      const [row] = await db.select().from(plans).where(eq(plans.id, id));
      return row ?? null;
    },

    async findByKey(key: string): Promise<PlanRow | null> {
      const [row] = await db.select().from(plans).where(eq(plans.key, key));
      return row ?? null;
    },

    /** A new plan goes last in the list. */
    async insert(values: PlanValues): Promise<PlanRow> {
      const [row] = await db
        .insert(plans)
        .values({
          ...values,
          sortOrder: sql`(select coalesce(max(${plans.sortOrder}), -1) + 1 from ${plans})`,
        })
        .returning();
      if (!row) throw new Error('plan not inserted');
      return row;
    },

    async update(id: string, values: Partial<PlanValues>): Promise<PlanRow | null> {
      const [row] = await db
        .update(plans)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(plans.id, id))
        .returning();
      return row ?? null;
    },

    /** Deletes the plan unless a subscription points at it or a payment for it is pending or
     * done. */
    removeUnlessUsed: (id: string) =>
      deleteUnlessUsed(db, plans, id, (planId) => [
        { table: subscriptions, where: eq(subscriptions.planId, planId) },
        {
          table: transactions,
          where: and(
            eq(transactions.planId, planId),
            inArray(transactions.status, ['pending', 'completed']),
          ),
        },
      ]),
  };
}
export type PlansRepository = ReturnType<typeof createPlansRepository>;

import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { planChanges } from '../../db/schema';

export type PlanChangeRow = typeof planChanges.$inferSelect;
export type NewPlanChange = typeof planChanges.$inferInsert;

/** Quoted and applied plan changes (decision 0100). */
export function createPlanChangesRepository(db: Db) {
  return {
    async insert(values: NewPlanChange): Promise<PlanChangeRow> {
      const [row] = await db.insert(planChanges).values(values).returning();
      if (!row) throw new Error('cambio de plan no guardado');
      return row;
    },

    async findOwn(userId: string, id: string): Promise<PlanChangeRow | null> {
      const [row] = await db
        .select()
        .from(planChanges)
        .where(and(eq(planChanges.id, id), eq(planChanges.userId, userId)));
      return row ?? null;
    },

    /** The change, locked: whoever applies it first holds it, the other then finds it applied. */
    async lock(id: string): Promise<PlanChangeRow | null> {
      const [row] = await db
        .select()
        .from(planChanges)
        .where(eq(planChanges.id, id))
        .for('update');
      return row ?? null;
    },

    async markApplied(id: string, now: Date): Promise<void> {
      await db
        .update(planChanges)
        .set({ status: 'applied', appliedAt: now, updatedAt: now })
        .where(eq(planChanges.id, id));
    },
  };
}

import { eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './database';

/** A row something may still point at: a table and the condition that finds such a row. */
export type Reference = { table: PgTable; where: SQL | undefined };

/**
 * Deletes row `id` of `table` unless one of `references` still finds a row pointing at it (a
 * purchase, a subscription, a payment pending or done). The row is locked first (FOR UPDATE),
 * so a checkout cannot slip in between the check and the delete. The catalogues (packs, plans)
 * share it: they sit on one floor and may not import each other (decision 0063).
 */
export async function deleteUnlessUsed(
  db: Db,
  table: PgTable & { id: PgColumn },
  id: string,
  references: (id: string) => Reference[],
): Promise<'deleted' | 'in_use' | 'missing'> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: table.id })
      .from(table)
      .where(eq(table.id, id))
      .for('update');
    if (!row) return 'missing';
    for (const reference of references(id)) {
      const [used] = await tx
        .select({ one: sql`1` })
        .from(reference.table)
        .where(reference.where)
        .limit(1);
      if (used) return 'in_use';
    }
    await tx.delete(table).where(eq(table.id, id));
    return 'deleted';
  });
}

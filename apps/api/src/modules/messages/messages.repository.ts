import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import type { MessageType } from '@magotips/contracts/global-message-types';
import type { Db } from '../../db/database';
import { globalMessages } from '../../db/schema';

export type GlobalMessageRow = typeof globalMessages.$inferSelect;
export type GlobalMessageChanges = Partial<{
  text: string;
  type: MessageType;
  active: boolean;
  endsAt: Date | null;
}>;

const newestFirst = [desc(globalMessages.createdAt), desc(globalMessages.id)];

export function createMessagesRepository(db: Db) {
  return {
    listAll(): Promise<GlobalMessageRow[]> {
      return db
        .select()
        .from(globalMessages)
        .orderBy(...newestFirst);
    },

    /** Active ones whose "Mostrar hasta" is still ahead of `now`, through
     * global_messages_active_idx (the end is checked on the few active rows). */
    listActive(limit: number, now: Date): Promise<GlobalMessageRow[]> {
      return db
        .select()
        .from(globalMessages)
        .where(
          and(
            eq(globalMessages.active, true),
            or(isNull(globalMessages.endsAt), gt(globalMessages.endsAt, now)),
          ),
        )
        .orderBy(...newestFirst)
        .limit(limit);
    },

    async create(input: {
      text: string;
      type: MessageType;
      active: boolean;
      endsAt: Date | null;
      createdBy: string;
      at: Date;
    }) {
      const [row] = await db
        .insert(globalMessages)
        .values({
          text: input.text,
          type: input.type,
          active: input.active,
          endsAt: input.endsAt,
          createdBy: input.createdBy,
          createdAt: input.at,
          updatedAt: input.at,
        })
        .returning();
      if (!row) throw new Error('global message not inserted');
      return row;
    },

    /** The updated row, or null when no message has that id. */
    async update(
      id: string,
      changes: GlobalMessageChanges,
      at: Date,
    ): Promise<GlobalMessageRow | null> {
      const [row] = await db
        .update(globalMessages)
        .set({ ...changes, updatedAt: at })
        .where(eq(globalMessages.id, id))
        .returning();
      return row ?? null;
    },

    async remove(id: string): Promise<boolean> {
      const rows = await db
        .delete(globalMessages)
        .where(eq(globalMessages.id, id))
        .returning({ id: globalMessages.id });
      return rows.length > 0;
    },
  };
}
export type MessagesRepository = ReturnType<typeof createMessagesRepository>;

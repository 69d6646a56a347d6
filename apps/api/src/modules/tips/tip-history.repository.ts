import type { TTipRevision } from '@magotips/contracts/tips';
import { and, asc, count, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { tipRevisions, tips, users } from '../../db/schema';

export type RevisionValue = string | number | boolean | null;
export type RevisionChange = { field: string; before: RevisionValue; after: RevisionValue };

const PENDING_LIMIT = 100;

export type StoredRevision = TTipRevision & { category: 'free' | 'premium' };

function isChangeList(value: unknown): value is RevisionChange[] {
  return (
    Array.isArray(value) && value.every((c) => typeof c === 'object' && c !== null && 'field' in c)
  );
}

/** "Ana P.": enough to tell editors apart, without their full name on every tip page. */
function shortName(firstName: string | null, lastName: string | null): string {
  if (!firstName) return 'Editor';
  const initial = lastName?.trim().charAt(0);
  return initial ? `${firstName} ${initial.toUpperCase()}.` : firstName;
}

/** Revisions (issue 14 item 2) and the editors' list of bets waiting for a result. */
export function createTipHistoryRepository(db: Db) {
  return {
    async addRevision(
      tx: Db,
      revision: {
        tipId: string;
        /** Null for the queue's own change: a scheduled publication. */
        changedBy: string | null;
        changedAt: Date;
        kind: 'edit' | 'result' | 'correction';
        /** The category its values were written under (tip-values.ts revisionCategory). */
        category: 'free' | 'premium';
        changes: RevisionChange[];
        reason?: string | null;
      },
    ): Promise<void> {
      if (revision.changes.length === 0) return;
      await tx.insert(tipRevisions).values(revision);
    },

    /** A tip's revisions, oldest first, with who made each and the category each was written
     * under (the caller shows VIP values only to those entitled to them). */
    async revisionsOf(tipId: string): Promise<StoredRevision[]> {
      const rows = await db
        .select({
          at: tipRevisions.changedAt,
          kind: tipRevisions.kind,
          category: tipRevisions.category,
          reason: tipRevisions.reason,
          changes: tipRevisions.changes,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(tipRevisions)
        .leftJoin(users, eq(users.id, tipRevisions.changedBy))
        .where(eq(tipRevisions.tipId, tipId))
        .orderBy(asc(tipRevisions.changedAt), asc(tipRevisions.id));
      return rows.map((r) => ({
        at: r.at.toISOString(),
        by: shortName(r.firstName, r.lastName),
        kind: r.kind === 'result' || r.kind === 'correction' ? r.kind : 'edit',
        ...(r.reason ? { reason: r.reason } : {}),
        category: r.category,
        changes: isChangeList(r.changes) ? r.changes : [],
      }));
    },

    /** Published tips with a bet whose match has started and that have no result yet, oldest
     * kick-off first (tips_unsettled_idx), and how many there are in all. */
    async pendingResults(now: Date) {
      const where = and(
        eq(tips.result, 'pendiente'),
        sql`${tips.oddsCents} is not null`,
        lte(tips.matchDate, now),
        eq(tips.isPublished, true),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: tips.id,
            title: tips.title,
            icon: tips.icon,
            category: tips.category,
            matchDate: tips.matchDate,
            pick: tips.pick,
            oddsCents: tips.oddsCents,
            stake: tips.stake,
          })
          .from(tips)
          .where(where)
          .orderBy(asc(tips.matchDate), asc(tips.id))
          .limit(PENDING_LIMIT),
        db.select({ n: count() }).from(tips).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
export type TipHistoryRepository = ReturnType<typeof createTipHistoryRepository>;

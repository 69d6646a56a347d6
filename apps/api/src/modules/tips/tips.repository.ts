import { and, asc, desc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { tips } from '../../db/schema';

const cardColumns = {
  id: tips.id,
  title: tips.title,
  icon: tips.icon,
  matchDate: tips.matchDate,
  category: tips.category,
};

export type TipCardRow = { id: string; title: string; icon: string; matchDate: Date; category: 'free' | 'premium' };

export function createTipsRepository(db: Db) {
  return {
    /** Published free tips: the ones still to be played (soonest first), then recent ones. */
    async listFreePreview(since: Date, limit: number): Promise<TipCardRow[]> {
      const visibleFree = and(eq(tips.category, 'free'), eq(tips.isPublished, true));
      const upcoming = await db
        .select(cardColumns)
        .from(tips)
        .where(and(visibleFree, gte(tips.matchDate, since)))
        .orderBy(asc(tips.matchDate))
        .limit(limit);
      if (upcoming.length >= limit) return upcoming;
      const past = await db
        .select(cardColumns)
        .from(tips)
        .where(and(visibleFree, lt(tips.matchDate, since)))
        .orderBy(desc(tips.matchDate))
        .limit(limit - upcoming.length);
      return [...upcoming, ...past];
    },
  };
}
export type TipsRepository = ReturnType<typeof createTipsRepository>;

import type { Db } from '../src/db/database';
import { packs, packTips, tips } from '../src/db/schema';

const HOUR = 3_600_000;

/** An unpublished tip with a bet, its match `hoursAhead` after `now`: the tests publish it. */
export async function draftTip(
  db: Db,
  now: Date,
  opts: { category?: 'free' | 'premium'; title?: string; hoursAhead?: number } = {},
): Promise<string> {
  const [row] = await db
    .insert(tips)
    .values({
      icon: 'football',
      title: opts.title ?? 'Betis vs. Sevilla',
      matchDate: new Date(now.getTime() + (opts.hoursAhead ?? 30) * HOUR),
      analisis: 'El análisis completo, solo para quien puede leerlo.',
      category: opts.category ?? 'free',
      isPublished: false,
      pick: 'Gana el Betis',
      oddsCents: 185,
      stake: 3,
    })
    .returning({ id: tips.id });
  if (!row) throw new Error('tip not inserted');
  return row.id;
}

/** A pack holding `tipIds`, for a buyer to buy with givePack. */
export async function packHolding(db: Db, tipIds: string[]): Promise<string> {
  const [row] = await db
    .insert(packs)
    .values({ nombre: 'Pack de prueba', descripcion: 'x', priceCents: 900 })
    .returning({ id: packs.id });
  if (!row) throw new Error('pack not inserted');
  await db
    .insert(packTips)
    .values(tipIds.map((tipId, position) => ({ packId: row.id, tipId, position })));
  return row.id;
}

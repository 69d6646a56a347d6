// Used by `npm run bench` only (scripts/bench.mjs), before the server starts on the same
// DATA_DIR or DATABASE_URL: migrates, loads the demo, brings the bench tips to BENCH_TIPS
// (topping up with one INSERT … SELECT, so the bench can grow one database 1k → 100k → 1M),
// makes the demo user a pack buyer, and prints one JSON line.
import { and, count, eq, isNull, like, sql } from 'drizzle-orm';
import { SPORT_IDS } from '@magotips/contracts/sports';
import { loadConfig } from '../config/config';
import { openDatabase } from '../db/database';
import { packPurchases, packs, tips, transactions, users } from '../db/schema';
import { purchaseWithId, recordPurchasedTips } from '../modules/pack-purchases/purchase-tips';
import { seedDemo } from '../db/seed/demo-seed';
import { defaultWebDistDir } from '../lib/paths';
import { createTokenService } from '../lib/tokens';

const BENCH_TITLE = 'Bench #';
const PACK_BUYER = 'usuario@example.com';

type Db = Awaited<ReturnType<typeof openDatabase>>['db'];

/** The demo user owns the first demo pack, as after a completed purchase: the bench's
 * `mis-packs` caller. */
async function ensurePackBuyer(db: Db): Promise<void> {
  const [buyer] = await db.select({ id: users.id }).from(users).where(eq(users.email, PACK_BUYER));
  const [pack] = await db.select().from(packs).orderBy(packs.createdAt).limit(1);
  if (!buyer || !pack) return;
  const owned = await db
    .select({ id: packPurchases.id })
    .from(packPurchases)
    .where(
      and(
        eq(packPurchases.userId, buyer.id),
        eq(packPurchases.packId, pack.id),
        isNull(packPurchases.revokedAt),
      ),
    );
  if (owned.length > 0) return;
  const [tx] = await db
    .insert(transactions)
    .values({
      userId: buyer.id,
      kind: 'pack',
      packId: pack.id,
      itemName: pack.nombre,
      amountCents: pack.priceCents,
      status: 'completed',
      provider: 'simulated',
      completedAt: new Date(),
    })
    .returning({ id: transactions.id });
  if (!tx) return;
  const [purchase] = await db
    .insert(packPurchases)
    .values({ userId: buyer.id, packId: pack.id, transactionId: tx.id })
    .returning({ id: packPurchases.id });
  // What delivery records with every purchase: the tips it holds (decision 0028).
  if (purchase) await recordPurchasedTips(db, purchaseWithId(purchase.id));
}

async function main() {
  const wanted = Number(process.env.BENCH_TIPS ?? 100_000);
  if (!Number.isInteger(wanted) || wanted < 0) throw new Error('BENCH_TIPS debe ser un entero ≥ 0');
  const config = loadConfig(process.env, { webDistDir: defaultWebDistDir() });
  const database = await openDatabase(config);
  try {
    await database.migrate();
    if (config.seedDemo) await seedDemo(database.db);
    const db = database.db;
    await ensurePackBuyer(db);
    const benchTips = like(tips.title, `${BENCH_TITLE}%`);
    const [existing] = await db.select({ n: count() }).from(tips).where(benchTips);
    let have = existing?.n ?? 0;
    // A database that holds more (a PostgreSQL bench database from a bigger run) starts over.
    if (have > wanted) {
      await db.delete(tips).where(benchTips);
      have = 0;
    }
    const started = Date.now();
    const sports = sql.raw(`array[${SPORT_IDS.map((s) => `'${s}'`).join(',')}]`);
    await db.execute(sql`
      insert into tips (icon, title, match_date, analisis, category, is_published, created_at, updated_at)
      select (${sports})[1 + g % ${SPORT_IDS.length}],
             ${BENCH_TITLE} || g,
             now() + (g % 2000 - 1000) * interval '1 hour',
             repeat('Análisis de carga del partido ' || g || '. ', 12),
             case when g % 3 = 0 then 'premium'::tip_category else 'free'::tip_category end,
             g % 10 <> 0,
             now() - interval '1 day' - g * interval '1 second',
             now() - interval '1 day' - g * interval '1 second'
      from generate_series(${have + 1}::int, ${wanted}::int) g`);
    // Fresh statistics, as autovacuum would keep them on a long-running PostgreSQL, and the
    // bulk load's dirty pages written out now: the bench measures a settled database, not the
    // tail of a million-row insert (a checkpoint needs a superuser; without one it is skipped).
    await db.execute(sql`vacuum analyze tips`);
    await db.execute(sql`checkpoint`).catch(() => undefined);
    const insertMs = Date.now() - started;

    const [editor] = await db
      .select({ id: users.id, version: users.tokenVersion })
      .from(users)
      .where(eq(users.email, 'editor@example.com'));
    const token = editor
      ? await createTokenService(config.jwtSecret).sign(
          { userId: editor.id, version: editor.version },
          new Date(),
        )
      : null;
    console.log(JSON.stringify({ tips: wanted, insertMs, editorToken: token }));
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

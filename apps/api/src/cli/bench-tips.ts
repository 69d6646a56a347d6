// Used by `npm run bench` only (scripts/bench.mjs), before the server starts on the same
// DATA_DIR or DATABASE_URL: migrates, loads the demo, brings the bench tips to BENCH_TIPS
// (topping up with one INSERT … SELECT, so the bench can grow one database 1k → 100k → 1M),
// rebuilds the track record's day summaries, makes the demo user a pack buyer, and prints one
// JSON line.
//
// Every bench tip carries a bet. One in five is dated around now (±1000 hours, as the feeds
// need: upcoming, under way, just ended); the others kicked off over the last three years, so
// the track record has a long history of days. Every match that started is settled (a fixed
// mix: about 49 % won, 45 % lost, 2 % void, 2 % of each half), published three hours before
// kick-off; one tip in ten is a draft, which the record never counts. Odds run from 1.20 to
// 4.50 (every odds band), stakes from 1 to 10, over four bookmakers, and half the bets carry
// closing odds (issue 27's filters and figures).
import { and, count, eq, isNull, like, sql } from 'drizzle-orm';
import { SPORT_IDS } from '@magotips/contracts/sports';
import { loadConfig } from '../config/config';
import { openDatabase } from '../db/open-database';
import { packPurchases, packs, tips, trackRecordDays, transactions, users } from '../db/schema';
import { purchaseWithId, recordPurchasedTips } from '../modules/packs/purchase-tips';
import { rebuildTrackRecord, UNFILTERED } from '../modules/track-record/track-record-days';
import { seedDemo } from '../seed/demo-seed';
import { importLedgerHistory } from '../modules/ledger/ledger-import';
import { loadLedgerKey } from '../modules/ledger/ledger-key';
import { defaultWebDistDir } from '../lib/paths';
import { createTokenService } from '../lib/tokens';
import { createSessionsRepository } from '../modules/auth/sessions.repository';

const BENCH_TITLE = 'Bench #';
const PACK_BUYER = 'usuario@example.com';
// Three years of hours: the span of the settled bench tips' kick-offs.
const HISTORY_HOURS = 3 * 365 * 24;

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
    // The demo's history enters the public ledger here, as at a first start, before the bench
    // tips: those are load, not history, and importing a million of them would be the server's
    // first start (the ledger's own bench is scripts/bench/ledger.mjs).
    await importLedgerHistory(db, loadLedgerKey(config.ledgerPrivateKey), new Date());
    await ensurePackBuyer(db);
    const benchTips = like(tips.title, `${BENCH_TITLE}%`);
    const [existing] = await db
      .select({
        n: count(),
        withoutBet: sql<number>`count(*) filter (where ${tips.oddsCents} is null)::int`,
        closing: sql<number>`count(*) filter (where ${tips.closingOddsCents} is not null)::int`,
      })
      .from(tips)
      .where(benchTips);
    let have = existing?.n ?? 0;
    // A database that holds more (a PostgreSQL bench database from a bigger run), or bench tips
    // from before they had bets or closing odds, starts over.
    const outdated =
      (existing?.withoutBet ?? 0) > 0 || (have > 1 && (existing?.closing ?? 0) === 0);
    if (have > wanted || outdated) {
      await db.delete(tips).where(benchTips);
      have = 0;
    }
    const started = Date.now();
    const sports = sql.raw(`array[${SPORT_IDS.map((s) => `'${s}'`).join(',')}]`);
    await db.execute(sql`
      insert into tips (icon, title, match_date, analisis, category, is_published, created_at, updated_at,
                        pick, odds_cents, stake, bookmaker, closing_odds_cents, result, published_at, settled_at)
      select icon, title, match_date, analisis, category, is_published, created_at, created_at,
             'Gana el local', odds_cents, 1 + (g * 13) % 10,
             (array['Bet365', 'Bwin', 'Codere', 'Pinnacle'])[1 + (g / 7) % 4],
             case when g % 2 = 0 then greatest(101, odds_cents + (g % 21) - 10) end,
             case when match_date > now() then 'pendiente'::tip_result
                  when h < 2 then 'nulo'::tip_result
                  when h < 4 then 'medio_ganado'::tip_result
                  when h < 6 then 'medio_perdido'::tip_result
                  when h < 55 then 'ganado'::tip_result
                  else 'perdido'::tip_result end,
             case when is_published then least(match_date - interval '3 hours', now()) end,
             case when match_date <= now() then match_date + interval '3 hours' end
      from (
        select g, (g::bigint * 7919) % 100 as h, 120 + (g * 31) % 331 as odds_cents,
               (${sports})[1 + g % ${SPORT_IDS.length}] as icon,
               ${BENCH_TITLE} || g as title,
               case when g % 5 = 0 then now() + (g % 2000 - 1000) * interval '1 hour'
                    else now() - interval '1 day' - (g % ${HISTORY_HOURS}) * interval '1 hour' - (g % 60) * interval '1 minute'
               end as match_date,
               repeat('Análisis de carga del partido ' || g || '. ', 12) as analisis,
               case when g % 3 = 0 then 'premium'::tip_category else 'free'::tip_category end as category,
               g % 10 <> 0 as is_published,
               now() - interval '1 day' - g * interval '1 second' as created_at
        from generate_series(${have + 1}::int, ${wanted}::int) g
      ) bench`);
    // Fresh statistics, as autovacuum would keep them on a long-running PostgreSQL, and the
    // bulk load's dirty pages written out now: the bench measures a settled database, not the
    // tail of a million-row insert (a checkpoint needs a superuser; without one it is skipped).
    await db.execute(sql`vacuum analyze tips`);
    const insertMs = Date.now() - started;
    const rebuildStarted = Date.now();
    await rebuildTrackRecord(db);
    const rebuildMs = Date.now() - rebuildStarted;
    await db.execute(sql`vacuum analyze track_record_days`);
    await db.execute(sql`checkpoint`).catch(() => undefined);
    const [record] = await db
      .select({ n: sql<number>`coalesce(sum(${trackRecordDays.settled}), 0)::int` })
      .from(trackRecordDays)
      .where(UNFILTERED);
    const [summaries] = await db.select({ n: count() }).from(trackRecordDays);

    const [editor] = await db
      .select({ id: users.id, version: users.tokenVersion })
      .from(users)
      .where(eq(users.email, 'editor@example.com'));
    // A token opens nothing without its server-side session (decision 0085): one is opened.
    const signedAt = new Date();
    const session = editor
      ? await createSessionsRepository(db).create(
          editor.id,
          { userAgent: 'bench-tips', ip: null },
          signedAt,
        )
      : null;
    const token =
      editor && session
        ? await createTokenService(config.jwtSecret).sign(
            { userId: editor.id, version: editor.version, sessionId: session.id },
            signedAt,
          )
        : null;
    console.log(
      JSON.stringify({
        tips: wanted,
        counted: record?.n ?? 0,
        summaryRows: summaries?.n ?? 0,
        insertMs,
        rebuildMs,
        editorToken: token,
      }),
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

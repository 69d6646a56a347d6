// Used by `npm run bench` only (scripts/bench/ledger.mjs): a database whose public ledger holds
// about LEDGER_ENTRIES entries, for the ledger's page reads and the verifier's run. Settled bets
// (a third of them VIP: publish, kick-off, reveal, result; the rest publish, kick-off, result)
// are written straight to the tips table, then imported into the ledger as history from before
// it, as a real deployment's first start does. Prints one JSON line.
import { and, eq, like } from 'drizzle-orm';
import { loadConfig } from '../config/config';
import { openDatabase } from '../db/open-database';
import { appMeta, tips } from '../db/schema';
import { defaultWebDistDir } from '../lib/paths';
import { importLedgerHistory } from '../modules/ledger/ledger-import';
import { loadLedgerKey } from '../modules/ledger/ledger-key';
import { rebuildTrackRecord } from '../modules/track-record/track-record-days';

const HOUR = 3_600_000;
const TITLE = 'Ledger bench #';
const RESULTS = ['ganado', 'perdido', 'ganado', 'perdido', 'nulo', 'medio_ganado'] as const;
const BATCH = 1_000;

async function main() {
  const wanted = Number(process.env.LEDGER_ENTRIES ?? 100_000);
  const config = loadConfig(process.env, { webDistDir: defaultWebDistDir() });
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const db = database.db;
    const now = Date.now();
    // Three entries a free bet, four a VIP one (every third): 10 entries per 3 bets.
    const bets = Math.ceil((wanted * 3) / 10);
    const started = performance.now();
    for (let i = 0; i < bets; i += BATCH) {
      const rows = [];
      for (let j = i; j < Math.min(bets, i + BATCH); j++) {
        const matchDate = new Date(now - (bets - j) * HOUR - 6 * HOUR);
        rows.push({
          icon: 'football',
          title: `${TITLE}${j}`,
          matchDate,
          analisis: 'Bench.',
          category: j % 3 === 0 ? ('premium' as const) : ('free' as const),
          publishedAt: new Date(matchDate.getTime() - 3 * HOUR),
          pick: `Gana local ${j % 7}`,
          oddsCents: 150 + (j % 150),
          stake: 1 + (j % 5),
          result: RESULTS[j % RESULTS.length],
          settledAt: new Date(matchDate.getTime() + 3 * HOUR),
        });
      }
      await db.insert(tips).values(rows);
    }
    const insertMs = Math.round(performance.now() - started);
    await rebuildTrackRecord(db);
    const importStarted = performance.now();
    const entries = await importLedgerHistory(
      db,
      loadLedgerKey(config.ledgerPrivateKey),
      new Date(),
    );
    const importMs = Math.round(performance.now() - importStarted);
    const [marker] = await db.select().from(appMeta).where(eq(appMeta.key, 'ledger_imported'));
    const [row] = await db
      .select({ id: tips.id })
      .from(tips)
      .where(and(like(tips.title, `${TITLE}%`)))
      .limit(1);
    console.log(
      JSON.stringify({
        bets,
        entries,
        insertMs,
        importMs,
        imported: Boolean(marker),
        sampleTip: row?.id ?? null,
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

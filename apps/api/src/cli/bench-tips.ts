// Used by `npm run bench` only (scripts/bench.mjs), before the server starts on the same
// DATA_DIR or DATABASE_URL: migrates, loads the demo, adds BENCH_TIPS tips in one
// INSERT … SELECT, and prints one JSON line with a fallback editor token.
import { eq, like, sql } from 'drizzle-orm';
import { SPORT_IDS } from '@magotips/contracts/sports';
import { loadConfig } from '../config/config';
import { openDatabase } from '../db/database';
import { tips, users } from '../db/schema';
import { seedDemo } from '../db/seed/demo-seed';
import { defaultWebDistDir } from '../lib/paths';
import { createTokenService } from '../lib/tokens';

const BENCH_TITLE = 'Bench #';

async function main() {
  const count = Number(process.env.BENCH_TIPS ?? 100_000);
  if (!Number.isInteger(count) || count < 0) throw new Error('BENCH_TIPS debe ser un entero ≥ 0');
  const config = loadConfig(process.env, { webDistDir: defaultWebDistDir() });
  const database = await openDatabase(config);
  try {
    await database.migrate();
    if (config.seedDemo) await seedDemo(database.db);
    const db = database.db;
    // A PostgreSQL bench database keeps its rows between runs: start from the same count.
    await db.delete(tips).where(like(tips.title, `${BENCH_TITLE}%`));
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
      from generate_series(1, ${count}::int) g`);
    const insertMs = Date.now() - started;

    const [editor] = await db
      .select({ id: users.id, version: users.tokenVersion })
      .from(users)
      .where(eq(users.email, 'editor@example.com'));
    const token = editor
      ? await createTokenService(config.jwtSecret).sign({ userId: editor.id, version: editor.version }, new Date())
      : null;
    console.log(JSON.stringify({ tips: count, insertMs, editorToken: token }));
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

// Used by `npm run bench` only (scripts/bench/readers.mjs, scripts/bench/match-day.mjs): real
// signed-in readers for the distinct-readers runs, without signing in through the login route
// (a thousand password hashes would take minutes): bench-reader-accounts.ts makes them. Runs
// against a database the bench has already migrated and seeded (bench-tips.ts), with the same
// DATA_DIR or DATABASE_URL and JWT_SECRET as the server.
//
//   BENCH_READERS        how many readers (default 1000)
//   BENCH_READERS_KIND   `mixed`: half free users, half with an active subscription (as the
//                        demo's vip@example.com has); `alerts`: every one wants e-mail alerts of
//                        free tips (match day)
//   BENCH_READERS_SIGNED how many of them get a session and a token (default all of them)
//   BENCH_READERS_OUT    the JSON file the tokens are written to ({ free, subscribers })
import { writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config/config';
import { openDatabase } from '../db/open-database';
import { sessions } from '../db/schema';
import { defaultWebDistDir } from '../lib/paths';
import { makeBenchReaders } from './bench-reader-accounts';

function positiveInt(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} debe ser un entero ≥ 0`);
  return value;
}

async function main() {
  const count = positiveInt('BENCH_READERS', 1000);
  const kind = process.env.BENCH_READERS_KIND ?? 'mixed';
  if (kind !== 'mixed' && kind !== 'alerts') throw new Error('BENCH_READERS_KIND: mixed o alerts');
  const signed = Math.min(count, positiveInt('BENCH_READERS_SIGNED', count));
  const outFile = process.env.BENCH_READERS_OUT;
  if (!outFile) throw new Error('Falta BENCH_READERS_OUT');
  const config = loadConfig(process.env, { webDistDir: defaultWebDistDir() });
  const database = await openDatabase(config);
  try {
    const started = Date.now();
    const made = await makeBenchReaders(database.db, config.jwtSecret, { kind, count, signed });
    writeFileSync(outFile, JSON.stringify({ free: made.free, subscribers: made.subscribers }));
    const [sessionCount] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sessions);
    console.log(
      JSON.stringify({
        kind,
        readers: made.readers,
        signed: made.free.length + made.subscribers.length,
        sessions: sessionCount?.n ?? 0,
        ms: Date.now() - started,
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

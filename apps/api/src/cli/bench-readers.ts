// Used by `npm run bench` only (scripts/bench/readers.mjs, scripts/bench/match-day.mjs): real
// signed-in readers for the distinct-readers runs, without signing in through the login route
// (a thousand password hashes would take minutes). Each reader is a users row with its base role,
// as sign-up makes it; each signed-in one gets a sessions row and a token signed with the
// server's own secret and token service, carrying the session id, as a sign-in issues them
// (sessions.service.ts `start`). Runs against a database the bench has already migrated and
// seeded (bench-tips.ts), with the same DATA_DIR or DATABASE_URL and JWT_SECRET as the server.
//
//   BENCH_READERS        how many readers (default 1000)
//   BENCH_READERS_KIND   `mixed`: half free users, half with an active subscription (as the
//                        demo's vip@example.com has); `alerts`: every one wants e-mail alerts of
//                        free tips (match day)
//   BENCH_READERS_SIGNED how many of them get a session and a token (default all of them)
//   BENCH_READERS_OUT    the JSON file the tokens are written to ({ free, subscribers })
//
// The readers keep fixed e-mails, so a database used again reuses them rather than growing; their
// earlier sessions are ended first, and each run signs them in again (a token lives 15 minutes).
import { writeFileSync } from 'node:fs';
import { eq, inArray, sql } from 'drizzle-orm';
import { loadConfig } from '../config/config';
import { openDatabase } from '../db/open-database';
import { alertPreferences, plans, sessions, subscriptions, userRoles, users } from '../db/schema';
import { defaultWebDistDir } from '../lib/paths';
import { createTokenService } from '../lib/tokens';

type Db = Awaited<ReturnType<typeof openDatabase>>['db'];
type Kind = 'mixed' | 'alerts';
type Reader = { id: string; version: number; subscriber: boolean };

const BATCH = 1000;
const DAY_MS = 86_400_000;
// What a sign-in records about the device; the bench's load generator is one.
const SESSION_META = { userAgent: 'MagoTips bench (autocannon)', ip: '127.0.0.1' };

function positiveInt(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} debe ser un entero ≥ 0`);
  return value;
}

const emailOf = (kind: Kind, i: number) =>
  kind === 'mixed' ? `bench-lector-${i}@example.com` : `bench-partido-${i}@example.com`;

/** Readers 1…count of `kind`, created where missing, as sign-up creates them (a users row and
 * its system `user` role), already verified. In batches: 100 000 match-day readers are 100. */
async function ensureReaders(db: Db, kind: Kind, count: number): Promise<Reader[]> {
  const out: Reader[] = [];
  for (let start = 1; start <= count; start += BATCH) {
    const indexes = Array.from({ length: Math.min(BATCH, count - start + 1) }, (_, k) => start + k);
    const emails = indexes.map((i) => emailOf(kind, i));
    await db
      .insert(users)
      .values(
        indexes.map((i) => ({
          firstName: 'Lector',
          lastName: `Bench ${i}`,
          email: emailOf(kind, i),
          dateOfBirth: '1990-01-01',
          emailVerifiedAt: new Date(),
        })),
      )
      .onConflictDoNothing();
    const rows = await db
      .select({ id: users.id, version: users.tokenVersion, email: users.email })
      .from(users)
      .where(inArray(users.email, emails));
    await db
      .insert(userRoles)
      .values(rows.map((r) => ({ userId: r.id, role: 'user' as const, isSystem: true })))
      .onConflictDoNothing();
    const byEmail = new Map(rows.map((r) => [r.email, r]));
    for (const [k, email] of emails.entries()) {
      const row = byEmail.get(email);
      if (!row) throw new Error(`bench reader ${email} not found after insert`);
      // Mixed readers alternate: the even ones subscribe, so half and half at any count.
      out.push({
        id: row.id,
        version: row.version,
        subscriber: kind === 'mixed' && indexes[k]! % 2 === 0,
      });
    }
  }
  return out;
}

/** An active subscription to the demo's premium plan, as the demo gives vip@example.com: kept
 * active for 30 days from this run, so a database used again a month later still has them. */
async function subscribe(db: Db, readers: Reader[]): Promise<void> {
  const [premium] = await db.select().from(plans).where(eq(plans.key, 'premium')).limit(1);
  if (!premium) throw new Error('the demo premium plan is missing (SEED_DEMO=true)');
  const endDate = new Date(Date.now() + 30 * DAY_MS);
  const subscribers = readers.filter((r) => r.subscriber);
  for (let i = 0; i < subscribers.length; i += BATCH) {
    await db
      .insert(subscriptions)
      .values(
        subscribers.slice(i, i + BATCH).map((r) => ({
          userId: r.id,
          planId: premium.id,
          planKey: premium.key,
          planName: premium.name,
          durationMonths: premium.durationMonths,
          endDate,
          isRecurring: true,
          provider: 'simulated',
        })),
      )
      .onConflictDoUpdate({ target: subscriptions.userId, set: { endDate } });
  }
}

/** Match day: every reader wants e-mail alerts of free tips, with the sign-up consent. */
async function optIn(db: Db, readers: Reader[]): Promise<void> {
  const now = new Date();
  for (let i = 0; i < readers.length; i += BATCH) {
    await db
      .insert(alertPreferences)
      .values(
        readers
          .slice(i, i + BATCH)
          .map((r) => ({ userId: r.id, emailFree: true, newsConsentAt: now })),
      )
      .onConflictDoUpdate({
        target: alertPreferences.userId,
        set: { emailFree: true, emailVip: false, pushFree: false, pushVip: false, updatedAt: now },
      });
  }
}

/** A session row per reader, with the columns a sign-in writes (sessions.repository `create`,
 * in batches), and the token the server would have issued with it. */
async function signIn(db: Db, secret: string, readers: Reader[]): Promise<Map<string, string>> {
  const tokens = createTokenService(secret);
  const now = new Date();
  const out = new Map<string, string>();
  for (let i = 0; i < readers.length; i += BATCH) {
    const batch = readers.slice(i, i + BATCH);
    await db.delete(sessions).where(
      inArray(
        sessions.userId,
        batch.map((r) => r.id),
      ),
    );
    const rows = await db
      .insert(sessions)
      .values(
        batch.map((r) => ({ userId: r.id, createdAt: now, lastSeenAt: now, ...SESSION_META })),
      )
      .returning({ id: sessions.id, userId: sessions.userId });
    const version = new Map(batch.map((r) => [r.id, r.version]));
    for (const row of rows) {
      const token = await tokens.sign(
        { userId: row.userId, version: version.get(row.userId) ?? 0, sessionId: row.id },
        now,
      );
      out.set(row.userId, token);
    }
  }
  return out;
}

async function main() {
  const count = positiveInt('BENCH_READERS', 1000);
  const kind = (process.env.BENCH_READERS_KIND ?? 'mixed') as Kind;
  if (kind !== 'mixed' && kind !== 'alerts') throw new Error('BENCH_READERS_KIND: mixed o alerts');
  const signed = Math.min(count, positiveInt('BENCH_READERS_SIGNED', count));
  const outFile = process.env.BENCH_READERS_OUT;
  if (!outFile) throw new Error('Falta BENCH_READERS_OUT');
  const config = loadConfig(process.env, { webDistDir: defaultWebDistDir() });
  const database = await openDatabase(config);
  try {
    const started = Date.now();
    const readers = await ensureReaders(database.db, kind, count);
    if (kind === 'mixed') await subscribe(database.db, readers);
    else await optIn(database.db, readers);
    const tokens = await signIn(database.db, config.jwtSecret, readers.slice(0, signed));
    const pick = (subscriber: boolean) =>
      readers
        .filter((r) => r.subscriber === subscriber && tokens.has(r.id))
        .map((r) => tokens.get(r.id));
    writeFileSync(outFile, JSON.stringify({ free: pick(false), subscribers: pick(true) }));
    const [sessionCount] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sessions);
    console.log(
      JSON.stringify({
        kind,
        readers: readers.length,
        signed: tokens.size,
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

// The bench's signed-in readers (issue 28 item 6, decision 0090), made with the api's own schema
// and token service: used by the bench-readers.ts command and held to what the server accepts by
// bench-reader-accounts.test.ts. Each reader is a users row with its base role, as sign-up makes
// it; each signed-in one gets a sessions row and a token signed with the server's secret and
// token service, carrying the session id, as a sign-in issues them (sessions.service.ts `start`).
// The readers keep fixed e-mails, so a database used again reuses them rather than growing; their
// earlier sessions are ended first, and each run signs them in again (a token lives 15 minutes).
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/database';
import { alertPreferences, plans, sessions, subscriptions, userRoles, users } from '../db/schema';
import { createTokenService } from '../lib/tokens';

export type ReaderKind = 'mixed' | 'alerts';
type Reader = { id: string; version: number; subscriber: boolean };

const BATCH = 1000;
const DAY_MS = 86_400_000;
// What a sign-in records about the device; the bench's load generator is one.
const SESSION_META = { userAgent: 'MagoTips bench (autocannon)', ip: '127.0.0.1' };

const emailOf = (kind: ReaderKind, i: number) =>
  kind === 'mixed' ? `bench-lector-${i}@example.com` : `bench-partido-${i}@example.com`;

/** Readers 1…count of `kind`, created where missing, as sign-up creates them (a users row and
 * its system `user` role), already verified. In batches: 100 000 match-day readers are 100. */
async function ensureReaders(db: Db, kind: ReaderKind, count: number): Promise<Reader[]> {
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

/** Readers 1…`count` of `kind` made or reused, the first `signed` of them signed in: their
 * tokens, free users' and subscribers' apart. */
export async function makeBenchReaders(
  db: Db,
  secret: string,
  opts: { kind: ReaderKind; count: number; signed?: number },
): Promise<{ readers: number; free: string[]; subscribers: string[] }> {
  const readers = await ensureReaders(db, opts.kind, opts.count);
  // Every reader's earlier sessions end, signed in again this time or not.
  for (let i = 0; i < readers.length; i += BATCH) {
    const ids = readers.slice(i, i + BATCH).map((r) => r.id);
    await db.delete(sessions).where(inArray(sessions.userId, ids));
  }
  if (opts.kind === 'mixed') await subscribe(db, readers);
  else await optIn(db, readers);
  const tokens = await signIn(db, secret, readers.slice(0, opts.signed ?? opts.count));
  const pick = (subscriber: boolean) =>
    readers.flatMap((r) => {
      const token = r.subscriber === subscriber ? tokens.get(r.id) : undefined;
      return token ? [token] : [];
    });
  return { readers: readers.length, free: pick(false), subscribers: pick(true) };
}

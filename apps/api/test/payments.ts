import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/database';
import { packs, plans, subscriptions, tips, transactions } from '../src/db/schema';
import { seedDemo } from '../src/seed/demo-seed';
import { buildTestApp, createTestDatabase, type TestApp } from './test-app';
import { startStripeDouble, type StripeDouble } from './stripe-double';
import { authorizationAt } from './users';

export const PACK_EUROPE = 'Pack Fin de Semana Europeo';
export const PACK_USA = 'Pack Estados Unidos';
export const PACK_PAST = 'Pack Clásicos de la Semana Pasada';
/** A premium tip inside PACK_EUROPE. */
export const TIP_IN_EUROPE = 'Alcaraz vs. Sinner';

/** A clock the test moves forward (renewals, expiries), shared by the app and the tests. */
export function movableClock(start: Date) {
  let now = start;
  return {
    clock: () => now,
    now: () => now,
    set(at: Date) {
      now = at;
    },
    advance(ms: number) {
      now = new Date(now.getTime() + ms);
    },
  };
}

/** A session token valid at `at` (tokens live 15 minutes of the app's clock): a new sign-in. */
export async function bearerAt(
  db: Db,
  userId: string,
  at: Date,
): Promise<{ authorization: string }> {
  return { authorization: await authorizationAt(db, userId, at) };
}

export type PaymentsTestApp = TestApp & {
  dataDir: string;
  double: StripeDouble | null;
  time: ReturnType<typeof movableClock>;
  ids: { packEurope: string; packUsa: string; packPast: string; tipInEurope: string };
};

/** An app on a fresh seeded database: Stripe (the SDK against the HTTP double) or the
 * simulated provider. The outbox lives in `dataDir`. */
export async function buildPaymentsApp(opts: {
  stripe: boolean;
  start?: Date;
  env?: Record<string, string>;
  /** Keep the demo's free trial (decision 0098); without it every plan charges its first
   * period at checkout, as the payment tests written before trials expect. */
  trials?: boolean;
}): Promise<PaymentsTestApp> {
  const time = movableClock(opts.start ?? new Date('2026-06-01T12:00:00Z'));
  const database = await createTestDatabase();
  await seedDemo(database.db, time.now());
  if (!opts.trials) await database.db.update(plans).set({ trialDays: 0 });
  const double = opts.stripe ? await startStripeDouble() : null;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'magotips-pay-'));
  const t = await buildTestApp({
    database,
    clock: time.clock,
    env: {
      DATA_DIR: dataDir,
      APP_URL: 'https://magotips.test',
      ...(double ? double.env() : {}),
      ...opts.env,
    },
  });
  const ids = {
    packEurope: await packId(database.db, PACK_EUROPE),
    packUsa: await packId(database.db, PACK_USA),
    packPast: await packId(database.db, PACK_PAST),
    tipInEurope: await tipId(database.db, TIP_IN_EUROPE),
  };
  return {
    ...t,
    dataDir,
    double,
    time,
    ids,
    async close() {
      await t.close();
      await database.close();
      await double?.close();
    },
  };
}

export async function packId(db: Db, nombre: string): Promise<string> {
  const [row] = await db.select({ id: packs.id }).from(packs).where(eq(packs.nombre, nombre));
  if (!row) throw new Error(nombre);
  return row.id;
}

export async function tipId(db: Db, title: string): Promise<string> {
  const [row] = await db.select({ id: tips.id }).from(tips).where(eq(tips.title, title));
  if (!row) throw new Error(title);
  return row.id;
}

export async function planByKey(db: Db, key: string) {
  const [row] = await db.select().from(plans).where(eq(plans.key, key));
  if (!row) throw new Error(key);
  return row;
}

export async function transactionRow(db: Db, id: string) {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id));
  if (!row) throw new Error(`transaction ${id}`);
  return row;
}

export async function subscriptionOf(db: Db, userId: string) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row ?? null;
}

/** The session id at the end of a checkout URL (the simulated page's or the double's). */
export function sessionIdOf(url: string): string {
  const id = url.split('/').pop();
  if (!id) throw new Error(url);
  return id;
}

import { eq, sql } from 'drizzle-orm';
import type { RoleName } from '@magotips/contracts/roles';
import type { Db } from '../db/database';
import { hashPassword } from '../lib/password';
import {
  appMeta,
  packs,
  packTips,
  plans,
  subscriptions,
  tips,
  transactions,
  userRoles,
  users,
} from '../db/schema';
import { rebuildTrackRecord } from '../modules/track-record/track-record-days';
import { createReceiptIssuer } from '../modules/payments/receipt-issuer';
import { DEMO_SELLER } from '../config/config';
import { demoBets } from './demo-bets';
import { DEMO_PACKS, DEMO_PLANS, DEMO_TIPS } from './demo-content';

export const DEMO_PASSWORD = 'demo1234';
const SEED_KEY = 'demo_seed';
// Its own key: a data directory seeded before the track record existed gets it at its next start.
const BETS_SEED_KEY = 'demo_seed_bets';
const SEED_LOCK_KEY = 7_242_002;

type DemoAccount = {
  email: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  roles: RoleName[];
  subscriber?: boolean;
};

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    email: 'admin@example.com',
    firstName: 'Merlín',
    lastName: 'Administrador',
    dateOfBirth: '1985-03-14',
    roles: ['user', 'editor', 'admin'],
  },
  {
    email: 'editor@example.com',
    firstName: 'Morgana',
    lastName: 'Editora',
    dateOfBirth: '1990-07-02',
    roles: ['user', 'editor'],
  },
  {
    email: 'vip@example.com',
    firstName: 'Valeria',
    lastName: 'Suscriptora',
    dateOfBirth: '1992-11-30',
    roles: ['user'],
    subscriber: true,
  },
  {
    email: 'usuario@example.com',
    firstName: 'Ulises',
    lastName: 'Usuario',
    dateOfBirth: '1998-01-20',
    roles: ['user'],
  },
];

const HOUR = 3_600_000;
const BETS_BATCH = 100;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The demo's track record (demo-bets.ts), once, then the day summaries rebuilt from it. */
async function seedDemoBets(tx: Tx, now: Date): Promise<boolean> {
  const done = await tx.select().from(appMeta).where(eq(appMeta.key, BETS_SEED_KEY));
  if (done.length > 0) return false;
  const [editor] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'editor@example.com'));
  const rows = demoBets(now).map((bet) => ({
    ...bet,
    createdBy: editor?.id ?? null,
    updatedAt: bet.settledAt ?? bet.publishedAt,
  }));
  for (let i = 0; i < rows.length; i += BETS_BATCH)
    await tx.insert(tips).values(rows.slice(i, i + BETS_BATCH));
  await rebuildTrackRecord(tx);
  await tx.insert(appMeta).values({ key: BETS_SEED_KEY, value: now.toISOString() });
  return true;
}

/** Loads demo accounts and content once; a database that already has them is left alone
 * (but gets the demo's track record if it was seeded before there was one). */
export async function seedDemo(db: Db, now: Date = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Two instances starting together must not both seed.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const done = await tx.select().from(appMeta).where(eq(appMeta.key, SEED_KEY));
    if (done.length > 0) return seedDemoBets(tx, now);
    // Hashed only when the accounts are created: argon2id (19 MiB) on every start was ~60 ms
    // and a 19 MiB allocation for a data dir that already has them.
    const passwordHash = await hashPassword(DEMO_PASSWORD);

    const userIds = new Map<string, string>();
    for (const account of DEMO_ACCOUNTS) {
      const [row] = await tx
        .insert(users)
        .values({
          email: account.email,
          firstName: account.firstName,
          lastName: account.lastName,
          dateOfBirth: account.dateOfBirth,
          passwordHash,
          emailVerifiedAt: now,
        })
        .returning({ id: users.id });
      if (!row) throw new Error('seed: user not inserted');
      userIds.set(account.email, row.id);
      await tx
        .insert(userRoles)
        .values(account.roles.map((role) => ({ userId: row.id, role, isSystem: true })));
    }
    const editorId = userIds.get('editor@example.com') ?? null;

    const tipIds = new Map<string, string>();
    for (const [i, tip] of DEMO_TIPS.entries()) {
      const [row] = await tx
        .insert(tips)
        .values({
          icon: tip.icon,
          title: tip.title,
          matchDate: new Date(now.getTime() + tip.hoursFromNow * HOUR),
          analisis: tip.analisis,
          category: tip.category,
          createdBy: editorId,
          // Spread creation times so the management list has a stable, realistic order; each
          // was published as it was written, before its match.
          createdAt: new Date(now.getTime() - (DEMO_TIPS.length - i) * 7 * HOUR),
          publishedAt: new Date(
            Math.min(
              now.getTime() - (DEMO_TIPS.length - i) * 7 * HOUR,
              now.getTime() + (tip.hoursFromNow - 2) * HOUR,
            ),
          ),
        })
        .returning({ id: tips.id });
      if (!row) throw new Error('seed: tip not inserted');
      tipIds.set(tip.key, row.id);
    }

    for (const [i, pack] of DEMO_PACKS.entries()) {
      const [row] = await tx
        .insert(packs)
        .values({
          nombre: pack.nombre,
          descripcion: pack.descripcion,
          priceCents: pack.priceCents,
          createdBy: editorId,
          createdAt: new Date(now.getTime() - (DEMO_PACKS.length - i) * HOUR),
        })
        .returning({ id: packs.id });
      if (!row) throw new Error('seed: pack not inserted');
      await tx.insert(packTips).values(
        pack.tips.map((key, position) => {
          const tipId = tipIds.get(key);
          if (!tipId) throw new Error(`seed: unknown tip ${key}`);
          return { packId: row.id, tipId, position };
        }),
      );
    }

    const planIds = new Map<string, string>();
    for (const [i, plan] of DEMO_PLANS.entries()) {
      const [row] = await tx
        .insert(plans)
        .values({ ...plan, sortOrder: i })
        .returning({ id: plans.id });
      if (!row) throw new Error('seed: plan not inserted');
      planIds.set(plan.key, row.id);
    }

    const premium = DEMO_PLANS.find((p) => p.key === 'premium');
    const demoReceipts = createReceiptIssuer({ seller: DEMO_SELLER });
    for (const account of DEMO_ACCOUNTS.filter((a) => a.subscriber)) {
      const userId = userIds.get(account.email);
      if (!userId || !premium) continue;
      const paidAt = new Date(now.getTime() - 3 * 24 * HOUR);
      const [paid] = await tx
        .insert(transactions)
        .values({
          userId,
          kind: 'subscription',
          planId: planIds.get('premium') ?? null,
          itemName: premium.name,
          planKey: premium.key,
          durationMonths: premium.durationMonths,
          amountCents: premium.priceCents,
          status: 'completed',
          isRecurring: true,
          provider: 'simulated',
          providerSessionId: `sim_seed_${userId}`,
          completedAt: paidAt,
          createdAt: paidAt,
        })
        .returning();
      // The demo's payment has its receipt, numbered in the series like any other (issue 30).
      if (paid) await demoReceipts.issue(tx, paid, paidAt);
      await tx.insert(subscriptions).values({
        userId,
        planId: planIds.get('premium') ?? null,
        planKey: premium.key,
        planName: premium.name,
        endDate: new Date(paidAt.getTime() + 30 * 24 * HOUR),
        isRecurring: true,
        provider: 'simulated',
        periodCents: premium.priceCents,
      });
    }

    await tx.insert(appMeta).values({ key: SEED_KEY, value: now.toISOString() });
    await seedDemoBets(tx, now);
    return true;
  });
}

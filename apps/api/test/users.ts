import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { RoleName } from '@magotips/contracts/roles';
import type { Db } from '../src/db/database';
import {
  packPurchases,
  packs,
  subscriptions,
  transactions,
  userRoles,
  users,
} from '../src/db/schema';
import { createReadCache } from '../src/lib/read-cache';
import { createTokenService } from '../src/lib/tokens';
import { createSessionsService } from '../src/modules/auth/sessions.service';
import { createUsersRepository } from '../src/modules/users/users.repository';
import { testConfig } from './test-app';
import { purchaseWithId, recordPurchasedTips } from '../src/modules/packs/purchase-tips';

export type TestUser = { id: string; email: string; token: string; authorization: string };

const tokens = createTokenService(testConfig().jwtSecret);

/** Opens a session for `userId` at `now` the way every sign-in does (sessions.start): a session
 * row and a token carrying its id. The guard refuses a token without one (decision 0085). */
export async function signInAs(db: Db, userId: string, now: Date): Promise<string> {
  const account = await createUsersRepository(db).findAccount(userId);
  if (!account) throw new Error(`no account ${userId}`);
  const sessions = createSessionsService({
    db,
    tokens,
    clock: () => now,
    readCache: createReadCache({ ttlMs: 0 }),
  });
  const { token } = await sessions.start(account, { userAgent: null, ip: null });
  return token;
}

/** Inserts a verified user with the given roles (always including `user`) and signs it in at
 * `now`, as login would. */
export async function createTestUser(
  db: Db,
  opts: {
    roles?: RoleName[];
    email?: string;
    subscriber?: boolean;
    now?: Date;
    passwordHash?: string;
  } = {},
): Promise<TestUser> {
  const now = opts.now ?? new Date();
  const email = opts.email ?? `u-${randomUUID().slice(0, 8)}@example.com`;
  const [row] = await db
    .insert(users)
    .values({
      email,
      firstName: 'Prueba',
      lastName: 'Usuario',
      dateOfBirth: '1990-01-01',
      passwordHash: opts.passwordHash ?? null,
      emailVerifiedAt: now,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('user not inserted');
  const roles = new Set<RoleName>(['user', ...(opts.roles ?? [])]);
  // Roles given as the seed gives them: system roles, no admin removes them.
  await db
    .insert(userRoles)
    .values([...roles].map((role) => ({ userId: row.id, role, isSystem: true })));
  if (opts.subscriber) {
    await db.insert(subscriptions).values({
      userId: row.id,
      planKey: 'premium',
      endDate: new Date(now.getTime() + 30 * 86_400_000),
      isRecurring: true,
      provider: 'simulated',
    });
  }
  const token = await signInAs(db, row.id, now);
  return { id: row.id, email, token, authorization: `Bearer ${token}` };
}

/** A fresh session header for `userId` at `now` (a new sign-in): for tests that move the clock
 * past the 15-minute token lifetime or the session's own limits. */
export async function authorizationAt(db: Db, userId: string, now: Date): Promise<string> {
  return `Bearer ${await signInAs(db, userId, now)}`;
}

/** Records a completed purchase of `packId` by `userId`, as fulfilment would. */
export async function givePack(db: Db, userId: string, packId: string): Promise<void> {
  const [pack] = await db.select().from(packs).where(eq(packs.id, packId));
  const [tx] = await db
    .insert(transactions)
    .values({
      userId,
      kind: 'pack',
      packId,
      itemName: pack?.nombre ?? 'Pack',
      amountCents: pack?.priceCents ?? 100,
      status: 'completed',
      provider: 'simulated',
      completedAt: new Date(),
    })
    .returning({ id: transactions.id });
  if (!tx) throw new Error('transaction not inserted');
  const [purchase] = await db
    .insert(packPurchases)
    .values({ userId, packId, transactionId: tx.id })
    .returning({ id: packPurchases.id });
  if (!purchase) throw new Error('purchase not inserted');
  // As delivery does: the purchase records the tips it holds (decision 0028).
  await recordPurchasedTips(db, purchaseWithId(purchase.id));
}

// Accounts some journeys need that the demo seed does not have, written into the server's
// embedded database (PGlite, DATA_DIR/pglite) by the global setup BEFORE the server starts:
// PGlite is a single-process database, and the product has (and must have) no way to create
// such a state through its API. The server then migrates (nothing left to do) and adds the demo
// accounts beside these.
import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { openPglite } from '../../apps/api/src/db/pglite-database';
import { subscriptions, trialUses, userRoles, users } from '../../apps/api/src/db/schema';
import { trialEmailHash } from '../../apps/api/src/modules/subscriptions/trial-uses';
import { hashPassword } from '../../apps/api/src/lib/password';

const DAY_MS = 86_400_000;

/** A subscriber whose one-off (not renewing) subscription ends in a few days: the account page
 * shows the 7-day warning and the expiry warning. */
export const EXPIRING_SUBSCRIBER = {
  email: 'vence-pronto@example.com',
  password: 'demo1234',
  firstName: 'Elena',
  lastName: 'Expira',
  daysLeft: 5,
} as const;

/** E-mails that have had their one free trial (decision 0098), with no account yet: a journey
 * that pays the demo's monthly plan registers one of them, and its checkout charges at once. */
export const TRIAL_USED_EMAILS = {
  desktop: 'ya-probo-escritorio@example.com',
  phone: 'ya-probo-movil@example.com',
} as const;

export async function seedJourneyAccounts(dataDir: string, now = new Date()): Promise<void> {
  const database = openPglite(await PGlite.create(`${dataDir}/pglite`));
  try {
    await database.migrate();
    const { db } = database;
    // Trials begun by accounts since deleted: only the hash of their e-mail is left.
    await db.insert(trialUses).values(
      Object.values(TRIAL_USED_EMAILS).map((email) => ({
        emailHash: trialEmailHash(email),
        transactionId: randomUUID(),
        createdAt: now,
      })),
    );
    const account = EXPIRING_SUBSCRIBER;
    const [row] = await db
      .insert(users)
      .values({
        email: account.email,
        firstName: account.firstName,
        lastName: account.lastName,
        dateOfBirth: '1991-04-12',
        passwordHash: await hashPassword(account.password),
        emailVerifiedAt: now,
      })
      .returning({ id: users.id });
    if (!row) throw new Error('journey account not inserted');
    await db.insert(userRoles).values({ userId: row.id, role: 'user', isSystem: true });
    // An hour short of the whole days, so "days left, rounded up" reads daysLeft for the whole run.
    await db.insert(subscriptions).values({
      userId: row.id,
      planKey: 'premium',
      endDate: new Date(now.getTime() + account.daysLeft * DAY_MS - 3_600_000),
      isRecurring: false,
      provider: 'simulated',
    });
  } finally {
    await database.close();
  }
}

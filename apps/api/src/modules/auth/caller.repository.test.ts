import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-app';
import { createTestUser } from '../../../test/users';
import type { Database } from '../../db/database';
import { sessions, userRoles } from '../../db/schema';
import { createUsersRepository } from '../users/users.repository';
import { createCallerRepository } from './caller.repository';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function sessionsOf(userId: string) {
  return database.db.select().from(sessions).where(eq(sessions.userId, userId));
}

describe('callers.find: account, subscription, roles and session in one statement (decision 0092)', () => {
  it('reads the account as findAccount does, roles in order with their origin, and the session', async () => {
    const { db } = database;
    const admin = await createTestUser(db, { roles: ['admin'] });
    const reader = await createTestUser(db, { subscriber: true });
    // One role an admin gave, one whose assigner is not an admin (orphaned, decision 0027).
    await db.insert(userRoles).values([
      {
        userId: reader.id,
        role: 'editor',
        assignedBy: admin.id,
        assignedAt: new Date(Date.now() + 1000),
      },
      {
        userId: reader.id,
        role: 'admin',
        assignedBy: reader.id,
        assignedAt: new Date(Date.now() + 2000),
      },
    ]);
    const [session] = await sessionsOf(reader.id);
    if (!session) throw new Error('no session');

    const caller = await createCallerRepository(db).find(reader.id, session.id);

    expect(caller?.session).toEqual(session);
    expect(caller?.account).toEqual(await createUsersRepository(db).findAccount(reader.id));
    expect(caller?.account.roles.map((r) => [r.role, r.origin])).toEqual([
      ['user', 'system'],
      ['editor', 'admin'],
      ['admin', 'admin'],
    ]);
    expect(caller?.account.subscription?.planKey).toBe('premium');
  });

  it('gives an account without roles or subscription an empty list and null', async () => {
    const { db } = database;
    const plain = await createTestUser(db);
    await db.delete(userRoles).where(eq(userRoles.userId, plain.id));
    const [session] = await sessionsOf(plain.id);

    const caller = await createCallerRepository(db).find(plain.id, session?.id ?? '');

    expect(caller?.account.roles).toEqual([]);
    expect(caller?.account.subscription).toBeNull();
  });

  it("finds nothing for another person's session, an unknown one or an unknown user", async () => {
    const { db } = database;
    const ana = await createTestUser(db);
    const bea = await createTestUser(db);
    const [anaSession] = await sessionsOf(ana.id);
    if (!anaSession) throw new Error('no session');
    const callers = createCallerRepository(db);

    expect(await callers.find(bea.id, anaSession.id)).toBeNull();
    expect(await callers.find(ana.id, '00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await callers.find('00000000-0000-4000-8000-000000000001', anaSession.id)).toBeNull();
  });
});

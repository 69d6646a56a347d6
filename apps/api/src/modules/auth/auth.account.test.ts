import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AUTH_MESSAGES } from '@magotips/contracts/auth';
import { MSG } from '@magotips/contracts/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, PASSWORD, randomIp, registerVerified } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { createTestUser, givePack } from '../../../test/users';
import {
  emailTokens,
  packPurchases,
  packs,
  subscriptions,
  transactions,
  userRoles,
  users,
} from '../../db/schema';
import { hashPassword } from '../../lib/password';

const now = new Date('2026-06-01T12:00:00Z');
const dataDir = mkdtempSync(path.join(tmpdir(), 'magotips-auth-account-'));
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ clock: () => now, env: { DATA_DIR: dataDir } });
});
afterAll(() => t.close());

function deleteMe(token: string, payload: object) {
  return t.app.inject({
    method: 'DELETE',
    url: '/api/auth/me',
    payload,
    headers: { authorization: `Bearer ${token}` },
    remoteAddress: randomIp(),
  });
}
const me = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/me_verify',
    headers: { authorization: `Bearer ${token}` },
  });

describe('DELETE /api/auth/me', () => {
  it('needs the word ELIMINAR exactly', async () => {
    const { email } = await registerVerified(t.app, dataDir);
    const { token } = await login(t.app, email, PASSWORD);
    for (const confirm of ['eliminar', 'ELIMINAR ', '', undefined]) {
      const res = await deleteMe(token, { confirm, password: PASSWORD });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: MSG.deleteConfirm });
    }
    expect((await me(token)).statusCode).toBe(200);
  });

  it('needs the right password when the account has one (400, the session stays valid)', async () => {
    const { email } = await registerVerified(t.app, dataDir);
    const { token } = await login(t.app, email, PASSWORD);
    const missing = await deleteMe(token, { confirm: 'ELIMINAR' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      success: false,
      code: 'PASSWORD_REQUIRED',
      message: AUTH_MESSAGES.deletePasswordRequired,
    });
    const wrong = await deleteMe(token, { confirm: 'ELIMINAR', password: 'no-es-esta' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      success: false,
      code: 'INVALID_PASSWORD',
      message: AUTH_MESSAGES.deletePasswordWrong,
    });
    expect((await me(token)).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/me',
      payload: { confirm: 'ELIMINAR' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('is refused while a subscription renews automatically, so nobody is charged after deletion', async () => {
    const user = await createTestUser(t.database.db, {
      now,
      subscriber: true,
      passwordHash: await hashPassword(PASSWORD),
    });
    const res = await deleteMe(user.token, { confirm: 'ELIMINAR', password: PASSWORD });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      code: 'ACTIVE_SUBSCRIPTION',
      message: AUTH_MESSAGES.deleteActiveSubscription,
    });
    expect((await me(user.token)).statusCode).toBe(200);
  });

  it('erases the person and their access; payment records stay, detached from them', async () => {
    const db = t.database.db;
    const admin = await createTestUser(db, { now, roles: ['admin'] });
    const user = await createTestUser(db, {
      now,
      subscriber: true,
      passwordHash: await hashPassword(PASSWORD),
    });
    // Renewal already cancelled: the paid period would simply have run out.
    await db
      .update(subscriptions)
      .set({ isRecurring: false })
      .where(eq(subscriptions.userId, user.id));
    await db.insert(userRoles).values({ userId: user.id, role: 'editor', assignedBy: admin.id });
    const [pack] = await db
      .insert(packs)
      .values({ nombre: 'Pack borrado', descripcion: 'd', priceCents: 999 })
      .returning({ id: packs.id });
    await givePack(db, user.id, pack?.id ?? '');
    await db.insert(emailTokens).values({
      userId: user.id,
      purpose: 'reset_password',
      tokenHash: 'f'.repeat(64),
      expiresAt: new Date(now.getTime() + 3_600_000),
    });
    const [payment] = await db.select().from(transactions).where(eq(transactions.userId, user.id));
    expect(payment).toBeDefined();

    const res = await deleteMe(user.token, { confirm: 'ELIMINAR', password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: AUTH_MESSAGES.accountDeleted });

    expect(await db.select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
    expect(await db.select().from(userRoles).where(eq(userRoles.userId, user.id))).toHaveLength(0);
    expect(
      await db.select().from(subscriptions).where(eq(subscriptions.userId, user.id)),
    ).toHaveLength(0);
    expect(
      await db.select().from(packPurchases).where(eq(packPurchases.userId, user.id)),
    ).toHaveLength(0);
    expect(await db.select().from(emailTokens).where(eq(emailTokens.userId, user.id))).toHaveLength(
      0,
    );
    const [kept] = await db
      .select()
      .from(transactions)
      .where(eq(transactions.id, payment?.id ?? ''));
    expect(kept).toMatchObject({
      userId: null,
      amountCents: 999,
      status: 'completed',
      itemName: 'Pack borrado',
    });
    // The admin who once gave this person a role is untouched.
    expect(await db.select().from(users).where(eq(users.id, admin.id))).toHaveLength(1);

    // The token of the deleted account stops working at the next request.
    const after = await me(user.token);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('UNAUTHORIZED');
  });

  it('lets a registered person delete the account and then the e-mail is free again', async () => {
    const { email } = await registerVerified(t.app, dataDir);
    const { token } = await login(t.app, email, PASSWORD);
    expect((await deleteMe(token, { confirm: 'ELIMINAR', password: PASSWORD })).statusCode).toBe(
      200,
    );
    expect((await login(t.app, email, PASSWORD)).status).toBe(401);
    await registerVerified(t.app, dataDir, { email });
    expect((await login(t.app, email, PASSWORD)).status).toBe(200);
  });

  it('a Google-only account (no password) confirms with the word alone', async () => {
    const user = await createTestUser(t.database.db, { now });
    const res = await deleteMe(user.token, { confirm: 'ELIMINAR' });
    expect(res.statusCode).toBe(200);
    expect((await me(user.token)).statusCode).toBe(401);
  });
});

import { randomUUID } from 'node:crypto';
import { ADMIN_MSG } from '@magotips/contracts/admin';
import { MSG } from '@magotips/contracts/messages';
import type { RoleName } from '@magotips/contracts/roles';
import type { TUser } from '@magotips/contracts/users';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { createTestUser, type TestUser } from '../../../test/users';
import { userRoles, users } from '../../db/schema';

const now = new Date('2026-06-01T12:00:00Z');
let t: TestApp;

type Caller = 'visitor' | 'user' | 'subscriber' | 'editor' | 'admin' | 'editorAdmin';
const callers: Record<Exclude<Caller, 'visitor'>, TestUser> = {} as Record<
  Exclude<Caller, 'visitor'>,
  TestUser
>;

async function person(opts: {
  first: string;
  last: string;
  email?: string;
  roles?: RoleName[];
}): Promise<TestUser> {
  const u = await createTestUser(t.database.db, { roles: opts.roles, email: opts.email, now });
  await t.database.db
    .update(users)
    .set({ firstName: opts.first, lastName: opts.last })
    .where(eq(users.id, u.id));
  return u;
}

function headers(who: Caller | TestUser): Record<string, string> {
  if (who === 'visitor') return {};
  const u = typeof who === 'string' ? callers[who] : who;
  return { authorization: u.authorization };
}

function call(
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  who: Caller | TestUser,
  payload?: InjectOptions['payload'],
) {
  return t.app.inject({
    method,
    url,
    headers: headers(who),
    ...(payload === undefined ? {} : { payload }),
  });
}

const roleNames = (user: TUser) => user.roles.map((r) => r.name).sort();

beforeAll(async () => {
  t = await buildTestApp({ clock: () => now });
  const db = t.database.db;
  callers.user = await createTestUser(db, { now });
  callers.subscriber = await createTestUser(db, { subscriber: true, now });
  callers.editor = await createTestUser(db, { roles: ['editor'], now });
  callers.admin = await createTestUser(db, { roles: ['admin'], now });
  callers.editorAdmin = await createTestUser(db, { roles: ['editor', 'admin'], now });
});
afterAll(async () => {
  await t.close();
});

describe('who may call the admin role routes', () => {
  const denied: [Caller, number, string][] = [
    ['visitor', 401, MSG.noToken],
    ['user', 403, MSG.adminRequired],
    ['subscriber', 403, MSG.adminRequired],
    ['editor', 403, MSG.adminRequired],
  ];

  it.each(denied)(
    '%s gets %i on every route, before any input is looked at',
    async (who, status, message) => {
      const target = await createTestUser(t.database.db, { now });
      const attempts = [
        call('GET', '/api/admin/all-users', who),
        call('GET', '/api/admin/all-users?limit=9999', who),
        call('POST', `/api/admin/users/${target.id}/roles`, who, { role: 'editor' }),
        call('POST', `/api/admin/users/not-a-uuid/roles`, who, { role: 'nope' }),
        call('DELETE', `/api/admin/users/${target.id}/roles/editor`, who),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.statusCode).toBe(status);
        expect(res.json()).toMatchObject({ success: false, message });
      }
      const [row] = await t.database.db
        .select()
        .from(userRoles)
        .where(and(eq(userRoles.userId, target.id), eq(userRoles.role, 'editor')));
      expect(row).toBeUndefined();
    },
  );

  it.each(['admin', 'editorAdmin'] as const)('%s may list, assign and remove', async (who) => {
    const target = await createTestUser(t.database.db, { now });
    const list = await call('GET', '/api/admin/all-users', who);
    expect(list.statusCode).toBe(200);
    expect(list.json().success).toBe(true);

    const added = await call('POST', `/api/admin/users/${target.id}/roles`, who, {
      role: 'editor',
    });
    expect(added.statusCode).toBe(200);
    expect(roleNames(added.json().user)).toEqual(['editor', 'user']);

    const removed = await call('DELETE', `/api/admin/users/${target.id}/roles/editor`, who);
    expect(removed.statusCode).toBe(200);
    expect(roleNames(removed.json().user)).toEqual(['user']);
  });

  it('a token that does not verify is a 401, not a 403', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/all-users',
      headers: { authorization: 'Bearer not.a.token' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/admin/users/{userId}/roles', () => {
  it('gives the role, records the calling admin as its assigner and answers the new user', async () => {
    const target = await createTestUser(t.database.db, { now });
    const res = await call('POST', `/api/admin/users/${target.id}/roles`, 'admin', {
      role: 'admin',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: 'Rol admin asignado' });
    expect(body.user._id).toBe(target.id);
    expect(body.user.roles).toContainEqual({
      name: 'admin',
      assignedBy: callers.admin.id,
      origin: 'admin',
    });
    expect(body.user.roles).toContainEqual({ name: 'user', assignedBy: null, origin: 'system' });
    expect(body.user).not.toHaveProperty('passwordHash');
  });

  it('answers 409 in Spanish for a role the user already holds, whoever gave it', async () => {
    const target = await createTestUser(t.database.db, { roles: ['editor'], now });
    const res = await call('POST', `/api/admin/users/${target.id}/roles`, 'admin', {
      role: 'editor',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      message: 'El usuario ya tiene el rol editor',
      code: 'ROLE_ALREADY_ASSIGNED',
    });
  });

  it.each([
    ['user', { role: 'user' }],
    ['an unknown role', { role: 'superadmin' }],
    ['no role', {}],
    ['a number', { role: 7 }],
  ])('only admin or editor can be given: 400 for %s', async (_case, payload) => {
    const target = await createTestUser(t.database.db, { now });
    const res = await call('POST', `/api/admin/users/${target.id}/roles`, 'admin', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: ADMIN_MSG.roleNotAssignable });
  });

  it('a body that is not JSON is a Spanish 400, never a 500', async () => {
    const target = await createTestUser(t.database.db, { now });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${target.id}/roles`,
      headers: { ...headers('admin'), 'content-type': 'application/json' },
      payload: '{role:',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Datos inválidos/);
  });

  it.each([randomUUID(), 'not-a-uuid', "1' or '1'='1", '00000000-0000-0000-0000-00000000000Z'])(
    'answers 404 Usuario no encontrado for %s',
    async (id) => {
      const res = await call('POST', `/api/admin/users/${encodeURIComponent(id)}/roles`, 'admin', {
        role: 'editor',
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        success: false,
        message: 'Usuario no encontrado',
        code: 'USER_NOT_FOUND',
      });
    },
  );
});

describe('DELETE /api/admin/users/{userId}/roles/{roleName}', () => {
  it('only the admin who gave a role may take it away', async () => {
    const target = await createTestUser(t.database.db, { now });
    await call('POST', `/api/admin/users/${target.id}/roles`, 'admin', { role: 'editor' });

    const byOther = await call(
      'DELETE',
      `/api/admin/users/${target.id}/roles/editor`,
      'editorAdmin',
    );
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json()).toEqual({
      success: false,
      message: 'Solo el administrador que asignó este rol puede quitarlo',
      code: 'NOT_ROLE_ASSIGNER',
    });

    const byAssigner = await call('DELETE', `/api/admin/users/${target.id}/roles/editor`, 'admin');
    expect(byAssigner.statusCode).toBe(200);
    expect(byAssigner.json()).toMatchObject({ success: true, message: 'Rol editor quitado' });
    const rows = await t.database.db
      .select()
      .from(userRoles)
      .where(eq(userRoles.userId, target.id));
    expect(rows.map((r) => r.role)).toEqual(['user']);
  });

  it('a role the system gave (assigned_by null) cannot be taken by any admin', async () => {
    const target = await createTestUser(t.database.db, { roles: ['editor', 'admin'], now });
    for (const role of ['editor', 'admin']) {
      const res = await call('DELETE', `/api/admin/users/${target.id}/roles/${role}`, 'admin');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        success: false,
        message: 'Rol original del sistema: no se puede quitar',
        code: 'SYSTEM_ROLE',
      });
    }
  });

  it('a role whose admin deleted their account is orphaned: any admin may remove it (decision 0027)', async () => {
    const gone = await createTestUser(t.database.db, { roles: ['admin'], now });
    const target = await createTestUser(t.database.db, { now });
    for (const role of ['editor', 'admin']) {
      expect(
        (await call('POST', `/api/admin/users/${target.id}/roles`, gone, { role })).statusCode,
      ).toBe(200);
    }
    const deleted = await call('DELETE', '/api/auth/me', gone, { confirm: 'ELIMINAR' });
    expect(deleted.statusCode, deleted.body).toBe(200);

    const listed = await call(
      'GET',
      `/api/admin/all-users?exact=${encodeURIComponent(target.email)}`,
      'admin',
    );
    const [seen] = (listed.json() as { users: TUser[] }).users;
    expect(
      seen?.roles.filter((r) => r.name !== 'user').sort((a, b) => a.name.localeCompare(b.name)),
    ).toEqual([
      { name: 'admin', assignedBy: null, origin: 'orphaned' },
      { name: 'editor', assignedBy: null, origin: 'orphaned' },
    ]);
    for (const [role, who] of [
      ['editor', 'admin'],
      ['admin', 'editorAdmin'],
    ] as const) {
      const res = await call('DELETE', `/api/admin/users/${target.id}/roles/${role}`, who);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ success: true, message: `Rol ${role} quitado` });
    }
    const rows = await t.database.db
      .select()
      .from(userRoles)
      .where(eq(userRoles.userId, target.id));
    expect(rows.map((r) => r.role)).toEqual(['user']);
  });

  it('a role whose admin is no longer admin is orphaned too, and stops being so if they are made admin again', async () => {
    const former = await createTestUser(t.database.db, { now });
    await call('POST', `/api/admin/users/${former.id}/roles`, 'admin', { role: 'admin' });
    const target = await createTestUser(t.database.db, { now });
    await call('POST', `/api/admin/users/${target.id}/roles`, former, { role: 'editor' });

    // While its admin is one, the role is theirs alone.
    const early = await call('DELETE', `/api/admin/users/${target.id}/roles/editor`, 'editorAdmin');
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ code: 'NOT_ROLE_ASSIGNER' });

    await call('DELETE', `/api/admin/users/${former.id}/roles/admin`, 'admin');
    const me = await call(
      'GET',
      `/api/admin/all-users?exact=${encodeURIComponent(target.email)}`,
      'admin',
    );
    const editor = (me.json() as { users: TUser[] }).users[0]?.roles.find(
      (r) => r.name === 'editor',
    );
    expect(editor).toEqual({ name: 'editor', assignedBy: former.id, origin: 'orphaned' });

    // Made admin again, the role is theirs again.
    await call('POST', `/api/admin/users/${former.id}/roles`, 'admin', { role: 'admin' });
    const again = await call('DELETE', `/api/admin/users/${target.id}/roles/editor`, 'editorAdmin');
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ code: 'NOT_ROLE_ASSIGNER' });
    await call('DELETE', `/api/admin/users/${former.id}/roles/admin`, 'admin');

    const res = await call('DELETE', `/api/admin/users/${target.id}/roles/editor`, 'editorAdmin');
    expect(res.statusCode, res.body).toBe(200);
  });

  it('a system role stays one even when the user also had it from a deleted admin', async () => {
    const seeded = await createTestUser(t.database.db, { roles: ['admin'], now });
    const listed = await call(
      'GET',
      `/api/admin/all-users?exact=${encodeURIComponent(seeded.email)}`,
      'admin',
    );
    const admin = (listed.json() as { users: TUser[] }).users[0]?.roles.find(
      (r) => r.name === 'admin',
    );
    expect(admin).toEqual({ name: 'admin', assignedBy: null, origin: 'system' });
    const res = await call('DELETE', `/api/admin/users/${seeded.id}/roles/admin`, 'editorAdmin');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'SYSTEM_ROLE' });
  });

  it('never removes the base user role', async () => {
    const target = await createTestUser(t.database.db, { now });
    const res = await call('DELETE', `/api/admin/users/${target.id}/roles/user`, 'admin');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: 'No se puede quitar el rol de usuario básico',
      code: 'BASE_ROLE_REQUIRED',
    });
    const rows = await t.database.db
      .select()
      .from(userRoles)
      .where(eq(userRoles.userId, target.id));
    expect(rows.map((r) => r.role)).toEqual(['user']);
  });

  it('answers 400 for an unknown role name and 404 for a role the user does not hold', async () => {
    const target = await createTestUser(t.database.db, { now });
    const unknown = await call('DELETE', `/api/admin/users/${target.id}/roles/superadmin`, 'admin');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: 'Rol no válido', code: 'ROLE_INVALID' });

    const notHeld = await call('DELETE', `/api/admin/users/${target.id}/roles/editor`, 'admin');
    expect(notHeld.statusCode).toBe(404);
    expect(notHeld.json()).toMatchObject({
      message: 'El usuario no tiene el rol editor',
      code: 'ROLE_NOT_HELD',
    });
  });

  it.each([randomUUID(), 'abc'])('answers 404 Usuario no encontrado for user %s', async (id) => {
    const res = await call('DELETE', `/api/admin/users/${id}/roles/editor`, 'admin');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'Usuario no encontrado' });
  });
});

describe('role changes take effect on the very next request', () => {
  it('a user given admin can use the admin routes with the same token, and loses them on removal', async () => {
    const target = await createTestUser(t.database.db, { now });
    expect((await call('GET', '/api/admin/all-users', target)).statusCode).toBe(403);

    await call('POST', `/api/admin/users/${target.id}/roles`, 'admin', { role: 'admin' });
    expect((await call('GET', '/api/admin/all-users', target)).statusCode).toBe(200);
    // As an admin now, the target can give roles too, and is recorded as their assigner.
    const other = await createTestUser(t.database.db, { now });
    const given = await call('POST', `/api/admin/users/${other.id}/roles`, target, {
      role: 'editor',
    });
    expect(given.json().user.roles).toContainEqual({
      name: 'editor',
      assignedBy: target.id,
      origin: 'admin',
    });

    await call('DELETE', `/api/admin/users/${target.id}/roles/admin`, 'admin');
    const after = await call('GET', '/api/admin/all-users', target);
    expect(after.statusCode).toBe(403);
    expect(after.json().message).toBe(MSG.adminRequired);
  });
});

describe('GET /api/admin/all-users searches', () => {
  let staffAna: TestUser;
  let staffLuis: TestUser;
  let plainAna: TestUser;
  let plainMaria: TestUser;

  beforeAll(async () => {
    staffAna = await person({
      first: 'Ana',
      last: 'Pérez',
      email: 'ana.perez@magos.test',
      roles: ['editor'],
    });
    staffLuis = await person({
      first: 'Luis',
      last: 'Ramírez',
      email: 'lr@hechiceros.test',
      roles: ['admin'],
    });
    plainAna = await person({ first: 'Ana', last: 'Gómez', email: 'ana.gomez@magos.test' });
    plainMaria = await person({
      first: 'María José',
      last: 'García López',
      email: 'MJ.Garcia@Example.test',
    });
  });

  const ids = (res: { json(): { users: TUser[] } }) => res.json().users.map((u) => u._id);

  it('search: substring of first name, last name or e-mail, ignoring case, among staff only', async () => {
    const byFirst = await call('GET', '/api/admin/all-users?search=aNa', 'admin');
    expect(byFirst.statusCode).toBe(200);
    expect(ids(byFirst)).toContain(staffAna.id);
    expect(ids(byFirst)).not.toContain(plainAna.id);

    expect(
      ids(await call('GET', `/api/admin/all-users?search=${encodeURIComponent('RAMÍ')}`, 'admin')),
    ).toEqual([staffLuis.id]);
    expect(ids(await call('GET', '/api/admin/all-users?search=hechiceros', 'admin'))).toEqual([
      staffLuis.id,
    ]);
    // Nobody who only has the base role appears, however well they match.
    const magos = await call('GET', '/api/admin/all-users?search=magos.test', 'admin');
    expect(ids(magos)).toEqual([staffAna.id]);
  });

  it('search: an empty term lists every user holding a role other than user', async () => {
    const res = await call('GET', '/api/admin/all-users?search=', 'admin');
    const found = ids(res);
    for (const u of [staffAna, staffLuis, callers.editor, callers.admin, callers.editorAdmin]) {
      expect(found).toContain(u.id);
    }
    for (const u of [plainAna, plainMaria, callers.user, callers.subscriber])
      expect(found).not.toContain(u.id);
    for (const user of res.json().users as TUser[]) {
      expect(user.roles.some((r) => r.name !== 'user')).toBe(true);
    }
  });

  it('search: LIKE wildcards are taken literally', async () => {
    for (const term of ['%', '_', '\\']) {
      const res = await call(
        'GET',
        `/api/admin/all-users?search=${encodeURIComponent(term)}`,
        'admin',
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().users).toEqual([]);
    }
  });

  it('exact: the full e-mail or the full name, ignoring case, among every user', async () => {
    const byEmail = await call(
      'GET',
      '/api/admin/all-users?exact=mj.garcia%40example.TEST',
      'admin',
    );
    expect(ids(byEmail)).toEqual([plainMaria.id]);
    const byName = await call(
      'GET',
      `/api/admin/all-users?exact=${encodeURIComponent('  maría   josé GARCÍA lópez ')}`,
      'admin',
    );
    expect(ids(byName)).toEqual([plainMaria.id]);
    // Two people may share a name: both are offered.
    await person({ first: 'Ana', last: 'Gómez', email: 'otra.ana@magos.test' });
    expect(
      ids(await call('GET', '/api/admin/all-users?exact=Ana%20G%C3%B3mez', 'admin')),
    ).toHaveLength(2);
  });

  it('exact: a part of a name or e-mail finds nobody', async () => {
    for (const term of ['ana', 'Gómez', 'mj.garcia', 'example.test', 'María José García']) {
      const res = await call(
        'GET',
        `/api/admin/all-users?exact=${encodeURIComponent(term)}`,
        'admin',
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ users: [], pagination: { total: 0, pages: 0 } });
    }
  });

  it('rejects an empty exact term, or search and exact together, in Spanish', async () => {
    const empty = await call('GET', '/api/admin/all-users?exact=%20', 'admin');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(ADMIN_MSG.exactRequired);
    const both = await call('GET', '/api/admin/all-users?exact=a&search=b', 'admin');
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({
      message: ADMIN_MSG.searchAndExact,
      code: 'SEARCH_AND_EXACT',
    });
  });

  it('the plain call lists every user in pages, newest first, with the SPEC.md user shape', async () => {
    const res = await call('GET', '/api/admin/all-users', 'admin');
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.pagination).toMatchObject({ page: 1, limit: 50 });
    expect(body.pagination.total).toBe(body.users.length);
    const first: TUser = body.users[0];
    expect(Object.keys(first).sort()).toEqual(
      [
        '_id',
        'dateOfBirth',
        'email',
        'firstName',
        'lastName',
        'phone',
        'roles',
        'socialLogin',
        'subscription',
        // Issue 32: where the reader lives and reads the time, and whether they paused.
        'country',
        'timeZone',
        'paused',
        'pausedAt',
        'pausedUntil',
        'pauseLiftableFrom',
      ].sort(),
    );
    const subscriber = (body.users as TUser[]).find((u) => u._id === callers.subscriber.id);
    expect(subscriber?.subscription.hasActiveSubscription).toBe(true);

    const page1 = await call('GET', '/api/admin/all-users?limit=2&page=1', 'admin');
    const page2 = await call('GET', '/api/admin/all-users?limit=2&page=2', 'admin');
    expect(page1.json().users).toHaveLength(2);
    expect(page1.json().pagination).toMatchObject({
      page: 1,
      limit: 2,
      total: body.pagination.total,
    });
    expect(page1.json().pagination.pages).toBe(Math.ceil(body.pagination.total / 2));
    expect(ids(page2)).toEqual(ids(res).slice(2, 4));
  });

  it.each(['limit=0', 'limit=101', 'limit=abc', 'page=0', 'page=-1'])(
    'rejects %s with a Spanish 400',
    async (q) => {
      const res = await call('GET', `/api/admin/all-users?${q}`, 'admin');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(res.json().message).not.toMatch(/expected|must|invalid input/i);
    },
  );
});

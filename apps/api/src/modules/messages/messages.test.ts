import { randomUUID } from 'node:crypto';
import { MESSAGE_ACTIVE_REQUIRED } from '@magotips/contracts/global-messages';
import type { TGlobalMessage } from '@magotips/contracts/global-message-types';
import { MSG } from '@magotips/contracts/messages';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { createTestUser, type TestUser } from '../../../test/users';
import { globalMessages } from '../../db/schema';

// A clock the tests move forward (by a second: session tokens last 15 minutes), so "newest
// first" and updatedAt are checked exactly.
let now = new Date('2026-06-01T12:00:00Z');
const tick = () => {
  now = new Date(now.getTime() + 1_000);
};
let t: TestApp;

type Caller = 'visitor' | 'user' | 'subscriber' | 'editor' | 'admin' | 'editorAdmin';
let callers: Record<Exclude<Caller, 'visitor'>, TestUser>;

function call(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  who: Caller,
  payload?: InjectOptions['payload'],
) {
  const headers = who === 'visitor' ? {} : { authorization: callers[who].authorization };
  return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
}

async function create(
  text: string,
  type: 'info' | 'warn' | 'critical' = 'info',
  active = true,
): Promise<TGlobalMessage> {
  tick();
  const res = await call('POST', '/api/admin/messages', 'admin', { text, type, active });
  expect(res.statusCode).toBe(201);
  return res.json().data;
}

beforeAll(async () => {
  t = await buildTestApp({ clock: () => now });
  const db = t.database.db;
  callers = {
    user: await createTestUser(db, { now }),
    subscriber: await createTestUser(db, { subscriber: true, now }),
    editor: await createTestUser(db, { roles: ['editor'], now }),
    admin: await createTestUser(db, { roles: ['admin'], now }),
    editorAdmin: await createTestUser(db, { roles: ['editor', 'admin'], now }),
  };
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.database.db.delete(globalMessages);
});

describe('who may manage global messages', () => {
  const denied: [Caller, number, string][] = [
    ['visitor', 401, MSG.noToken],
    ['user', 403, MSG.adminRequired],
    ['subscriber', 403, MSG.adminRequired],
    ['editor', 403, MSG.adminRequired],
  ];

  it.each(denied)(
    '%s gets %i from every admin route and changes nothing',
    async (who, status, message) => {
      const existing = await create('Aviso existente');
      const url = `/api/admin/messages/${existing.id}`;
      const attempts = await Promise.all([
        call('GET', '/api/admin/messages', who),
        call('POST', '/api/admin/messages', who, { text: 'Intruso', type: 'critical' }),
        call('POST', '/api/admin/messages', who, { text: '', type: 'nope' }),
        call('PUT', url, who, { text: 'Cambiado', type: 'warn' }),
        call('PATCH', url, who, { active: false }),
        call('DELETE', url, who),
        call('DELETE', '/api/admin/messages/not-a-uuid', who),
      ]);
      for (const res of attempts) {
        expect(res.statusCode).toBe(status);
        expect(res.json()).toMatchObject({ success: false, message });
      }
      const rows = await t.database.db.select().from(globalMessages);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ text: 'Aviso existente', type: 'info', active: true });
    },
  );

  it.each(['admin', 'editorAdmin'] as const)(
    '%s may list, create, edit, toggle and delete',
    async (who) => {
      expect((await call('GET', '/api/admin/messages', who)).statusCode).toBe(200);
      const created = await call('POST', '/api/admin/messages', who, {
        text: 'Hola',
        type: 'info',
      });
      expect(created.statusCode).toBe(201);
      const url = `/api/admin/messages/${created.json().data.id}`;
      expect(
        (await call('PUT', url, who, { text: 'Hola de nuevo', type: 'warn' })).statusCode,
      ).toBe(200);
      expect((await call('PATCH', url, who, { active: false })).statusCode).toBe(200);
      expect((await call('DELETE', url, who)).statusCode).toBe(200);
    },
  );

  it.each(['visitor', 'user', 'subscriber', 'editor', 'admin', 'editorAdmin'] as const)(
    'GET /api/messages is open to %s',
    async (who) => {
      await create('Para todos');
      const res = await call('GET', '/api/messages', who);
      expect(res.statusCode).toBe(200);
      expect(res.json().messages.map((m: TGlobalMessage) => m.text)).toEqual(['Para todos']);
    },
  );
});

describe('creating, editing, toggling and deleting', () => {
  it('creates with SPEC.md field names, trimmed text and active by default', async () => {
    tick();
    const res = await call('POST', '/api/admin/messages', 'admin', {
      text: '  Mantenimiento a las 22:00  ',
      type: 'warn',
    });
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data).toEqual({
      id: expect.any(String),
      text: 'Mantenimiento a las 22:00',
      type: 'warn',
      active: true,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
      endsAt: null,
    });
    const [row] = await t.database.db
      .select()
      .from(globalMessages)
      .where(eq(globalMessages.id, data.id));
    expect(row?.createdBy).toBe(callers.admin.id);
  });

  it('edits text and type, keeping the active state when it is left out', async () => {
    const paused = await create('Antes', 'info', false);
    tick();
    const res = await call('PUT', `/api/admin/messages/${paused.id}`, 'admin', {
      text: 'Después',
      type: 'critical',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: paused.id,
      text: 'Después',
      type: 'critical',
      active: false,
      createdAt: paused.createdAt,
      updatedAt: now.toISOString(),
    });
    const activated = await call('PUT', `/api/admin/messages/${paused.id}`, 'admin', {
      text: 'Después',
      type: 'critical',
      active: true,
    });
    expect(activated.json().data.active).toBe(true);
  });

  it('toggles active with PATCH, which decides what the public list shows', async () => {
    const m = await create('Visible');
    const off = await call('PATCH', `/api/admin/messages/${m.id}`, 'admin', { active: false });
    expect(off.json().data.active).toBe(false);
    expect((await call('GET', '/api/messages', 'visitor')).json().messages).toEqual([]);
    await call('PATCH', `/api/admin/messages/${m.id}`, 'admin', { active: true });
    expect((await call('GET', '/api/messages', 'visitor')).json().messages).toHaveLength(1);

    const missing = await call('PATCH', `/api/admin/messages/${m.id}`, 'admin', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(MESSAGE_ACTIVE_REQUIRED);
  });

  it('deletes, and the message is gone everywhere', async () => {
    const m = await create('Efímero');
    const res = await call('DELETE', `/api/admin/messages/${m.id}`, 'admin');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await call('GET', '/api/admin/messages', 'admin')).json().messages).toEqual([]);
    const again = await call('DELETE', `/api/admin/messages/${m.id}`, 'admin');
    expect(again.statusCode).toBe(404);
  });

  it('the admin list has every message, the public one only active ones, both newest first', async () => {
    const a = await create('Primero', 'info');
    const b = await create('Segundo', 'warn', false);
    const c = await create('Tercero', 'critical');
    const all = (await call('GET', '/api/admin/messages', 'admin')).json()
      .messages as TGlobalMessage[];
    expect(all.map((m) => m.id)).toEqual([c.id, b.id, a.id]);
    const pub = (await call('GET', '/api/messages', 'user')).json();
    expect(pub).toEqual({ success: true, messages: [c, a] });
    for (const m of pub.messages) {
      expect(Object.keys(m).sort()).toEqual([
        'active',
        'createdAt',
        'endsAt',
        'id',
        'text',
        'type',
        'updatedAt',
      ]);
    }
  });
});

describe('message rules (SPEC.md §5) and their texts', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['empty text', { text: '', type: 'info' }, 'El mensaje no puede estar vacío'],
    ['blank text', { text: '   \n ', type: 'info' }, 'El mensaje no puede estar vacío'],
    ['missing text', { type: 'info' }, 'El mensaje no puede estar vacío'],
    ['text that is not a string', { text: 42, type: 'info' }, 'El mensaje no puede estar vacío'],
    [
      '201 characters',
      { text: 'x'.repeat(201), type: 'info' },
      'El mensaje no puede exceder 200 caracteres',
    ],
    ['an unknown type', { text: 'Hola', type: 'danger' }, 'Tipo de mensaje inválido'],
    ['a missing type', { text: 'Hola' }, 'Tipo de mensaje inválido'],
  ];

  it.each(cases)('POST rejects %s', async (_case, payload, message) => {
    const res = await call('POST', '/api/admin/messages', 'admin', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message, code: 'VALIDATION_ERROR' });
    expect(await t.database.db.select().from(globalMessages)).toEqual([]);
  });

  it.each(cases)('PUT rejects %s and keeps the message', async (_case, payload, message) => {
    const m = await create('Intacto');
    const res = await call('PUT', `/api/admin/messages/${m.id}`, 'admin', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    const [row] = await t.database.db.select().from(globalMessages);
    expect(row?.text).toBe('Intacto');
  });

  it('accepts exactly 200 characters', async () => {
    const m = await create('y'.repeat(200));
    expect(m.text).toHaveLength(200);
  });
});

describe('unknown ids', () => {
  it.each([randomUUID(), 'not-a-uuid', '12345', "x' or 1=1 --"])(
    'PUT, PATCH and DELETE answer 404 Mensaje no encontrado for %s',
    async (id) => {
      const url = `/api/admin/messages/${encodeURIComponent(id)}`;
      for (const res of [
        await call('PUT', url, 'admin', { text: 'Hola', type: 'info' }),
        await call('PATCH', url, 'admin', { active: true }),
        await call('DELETE', url, 'admin'),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({
          success: false,
          message: 'Mensaje no encontrado',
          code: 'NOT_FOUND',
        });
      }
    },
  );
});

// Issue 29 item 15d: "Mostrar hasta", after which the banner no longer shows.
describe('Mostrar hasta (endsAt)', () => {
  // Two minutes: the callers' session tokens (15 minutes) outlive the jump past the end.
  const soon = () => new Date(now.getTime() + 120_000).toISOString();

  it('shows a message in the public list until its end, and keeps it in the admin list', async () => {
    tick();
    const endsAt = soon();
    const res = await call('POST', '/api/admin/messages', 'admin', {
      text: 'Oferta hasta las 13:00',
      type: 'info',
      endsAt,
    });
    expect(res.statusCode).toBe(201);
    const created = res.json().data as TGlobalMessage;
    expect(created.endsAt).toBe(endsAt);
    expect((await call('GET', '/api/messages', 'visitor')).json().messages).toEqual([created]);

    const before = now;
    now = new Date(endsAt);
    try {
      expect((await call('GET', '/api/messages', 'visitor')).json().messages).toEqual([]);
      const all = (await call('GET', '/api/admin/messages', 'admin')).json().messages;
      expect(all).toEqual([created]);
    } finally {
      now = new Date(before.getTime() + 1_000);
    }
  });

  it.each([
    ['a past time', () => new Date(now.getTime() - 60_000).toISOString(), MSG.messageEndsAtFuture],
    ['the present', () => now.toISOString(), MSG.messageEndsAtFuture],
    ['a date that is not one', () => '2026-13-45T99:00:00Z', MSG.messageEndsAtInvalid],
    ['a time without its offset', () => '2099-01-01T10:00:00', MSG.messageEndsAtInvalid],
    ['a number', () => 1_900_000_000_000, MSG.messageEndsAtInvalid],
  ])('POST and PUT refuse %s with a 400 in Spanish', async (_case, endsAt, message) => {
    const posted = await call('POST', '/api/admin/messages', 'admin', {
      text: 'Hola',
      type: 'info',
      endsAt: endsAt(),
    });
    expect(posted.statusCode).toBe(400);
    expect(posted.json()).toMatchObject({ success: false, message, code: 'VALIDATION_ERROR' });
    const m = await create('Intacto');
    const put = await call('PUT', `/api/admin/messages/${m.id}`, 'admin', {
      text: 'Cambiado',
      type: 'info',
      endsAt: endsAt(),
    });
    expect(put.statusCode).toBe(400);
    expect(put.json().message).toBe(message);
    const rows = await t.database.db.select().from(globalMessages);
    expect(rows.map((r) => r.text)).toEqual(['Intacto']);
  });

  it('an edit without endsAt keeps the end; null removes it', async () => {
    const m = await create('Con fin');
    const endsAt = soon();
    const set = await call('PUT', `/api/admin/messages/${m.id}`, 'admin', {
      text: 'Con fin',
      type: 'info',
      endsAt,
    });
    expect(set.json().data.endsAt).toBe(endsAt);
    const kept = await call('PUT', `/api/admin/messages/${m.id}`, 'admin', {
      text: 'Otro texto',
      type: 'warn',
    });
    expect(kept.json().data).toMatchObject({ text: 'Otro texto', endsAt });
    const removed = await call('PUT', `/api/admin/messages/${m.id}`, 'admin', {
      text: 'Otro texto',
      type: 'warn',
      endsAt: null,
    });
    expect(removed.json().data.endsAt).toBeNull();
  });
});

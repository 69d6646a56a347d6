// Issue 14 items 1–3: the bet on a tip, locked at kick-off by the server; revisions after
// publication; settling; the publishedAt rule; who sees a VIP pick before and after its result.
import { MSG, NOTICE } from '@magotips/contracts/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { authorizationAt, createTestUser, type TestUser } from '../../../test/users';
import { tipRevisions, tips, trackRecordDays } from '../../db/schema';

const HOUR = 3_600_000;
const START = new Date('2026-06-01T12:00:00Z');
let now = START;
let t: TestApp;
let editor: TestUser;
let admin: TestUser;
let user: TestUser;
let subscriber: TestUser;

const json = (res: { body: string }) =>
  JSON.parse(res.body) as Record<string, unknown> & { tip?: Record<string, unknown> };

function tipBody(overrides: Record<string, unknown> = {}) {
  return {
    icon: 'football',
    title: 'Betis vs. Sevilla',
    matchDate: new Date(now.getTime() + 3 * HOUR).toISOString(),
    analisis: 'El Betis llega mejor.',
    category: 'premium',
    pick: 'Gana Betis',
    odds: '1,85',
    stake: 2,
    bookmaker: 'Bet365',
    ...overrides,
  };
}

async function create(overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/tips',
    headers: await as(editor),
    payload: tipBody(overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  return (json(res).tip as { _id: string })._id;
}

/** The clock moves by hours and tokens last 15 minutes: each request signs in afresh. */
const as = async (who: TestUser) => ({
  authorization: await authorizationAt(t.database.db, who.id, now),
});

const put = async (id: string, payload: Record<string, unknown>, who: TestUser = editor) =>
  t.app.inject({ method: 'PUT', url: `/api/tips/${id}`, headers: await as(who), payload });
const settle = async (
  id: string,
  result: string,
  who: TestUser = editor,
  extra: Record<string, unknown> = {},
) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/tips/${id}/result`,
    headers: await as(who),
    payload: { result, ...extra },
  });
const detail = async (id: string, who?: TestUser) =>
  t.app.inject({ url: `/api/tips/${id}`, headers: who ? await as(who) : {} });

/** Moves the app's clock; each test starts where the last left it. */
const pass = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

beforeAll(async () => {
  t = await buildTestApp({ clock: () => now });
  const db = t.database.db;
  // Tokens valid for the whole run: the clock moves by days at most.
  editor = await createTestUser(db, { now: START, roles: ['editor'] });
  admin = await createTestUser(db, { now: START, roles: ['admin'] });
  user = await createTestUser(db, { now: START });
  subscriber = await createTestUser(db, { now: START, subscriber: true });
});
afterAll(() => t.close());

describe('the bet on a tip', () => {
  it('is stored from a Spanish "1,85", with the time it became public', async () => {
    const id = await create();
    const res = await put(id, { ...tipBody(), analisis: 'El Betis llega mejor. Sin bajas.' });
    const tip = json(res).tip;
    expect(tip).toMatchObject({
      pick: 'Gana Betis',
      odds: 1.85,
      stake: 2,
      bookmaker: 'Bet365',
      result: 'pendiente',
      locked: false,
      publishedLate: false,
    });
    expect(tip?.publishedAt).toBe(now.toISOString());
    expect(tip?.settledAt).toBeNull();
  });

  it.each([
    [{ pick: 'Gana Betis', odds: undefined, stake: undefined }, MSG.betIncomplete],
    [{ odds: '0,90' }, MSG.oddsRange],
    [{ odds: 1001 }, MSG.oddsRange],
    [{ odds: '1,855' }, MSG.oddsDecimals],
    [{ stake: 11 }, MSG.stakeRange],
    [{ stake: 2.5 }, MSG.stakeRange],
    [{ pick: 'x'.repeat(121) }, MSG.pickTooLong],
    [{ bookmaker: 'b'.repeat(51) }, MSG.bookmakerTooLong],
  ])('refuses %o with its message', async (overrides, message) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tips',
      headers: await as(editor),
      payload: tipBody(overrides),
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(message);
  });

  it("SPEC.md's body without a bet still creates a tip, which the record never counts", async () => {
    const { pick: _p, odds: _o, stake: _s, bookmaker: _b, ...plain } = tipBody();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tips',
      headers: await as(editor),
      payload: plain,
    });
    expect(res.statusCode).toBe(201);
    expect(json(res).tip).toMatchObject({
      pick: null,
      odds: null,
      stake: null,
      result: 'pendiente',
    });
  });
});

describe('locked at kick-off', () => {
  const LOCKED: [string, Record<string, unknown>][] = [
    ['pick', { pick: 'Empate' }],
    ['odds', { odds: 2.1 }],
    ['stake', { stake: 3 }],
    ['category', { category: 'free' }],
    ['matchDate', { matchDate: new Date(START.getTime() + 30 * HOUR).toISOString() }],
    // The match itself (the proof issue): a generic pick can't be moved onto the match that won.
    ['title', { title: 'Real Betis vs. Sevilla FC' }],
    ['icon', { icon: 'basketball' }],
    ['bookmaker', { bookmaker: 'Codere' }],
  ];

  it.each(LOCKED)(
    'before kick-off, %s can still change (and the change is kept as a revision)',
    async (field, change) => {
      const id = await create();
      const res = await put(id, tipBody(change));
      expect(res.statusCode, res.body).toBe(200);
      const revisions = await t.database.db
        .select()
        .from(tipRevisions)
        .where(eq(tipRevisions.tipId, id));
      expect(revisions).toHaveLength(1);
      expect(JSON.stringify(revisions[0]?.changes)).toContain(`"field":"${field}"`);
    },
  );

  it.each(LOCKED)('after kick-off, %s cannot: 409 TIP_LOCKED', async (_field, change) => {
    const id = await create();
    const body = tipBody();
    pass(4 * HOUR);
    const res = await put(id, { ...body, ...change });
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({ code: 'TIP_LOCKED', message: MSG.tipLocked });
    const [row] = await t.database.db.select().from(tips).where(eq(tips.id, id));
    expect(row).toMatchObject({
      pick: 'Gana Betis',
      oddsCents: 185,
      stake: 2,
      category: 'premium',
    });
  });

  it('after kick-off the analysis can be corrected, and the body without a bet keeps it', async () => {
    const id = await create();
    const body = tipBody();
    pass(4 * HOUR);
    const { pick: _p, odds: _o, stake: _s, bookmaker: _b, ...plain } = body;
    const res = await put(id, { ...plain, analisis: 'Corregido: el Betis llega mejor.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).tip).toMatchObject({
      pick: 'Gana Betis',
      odds: 1.85,
      stake: 2,
      locked: true,
      title: 'Betis vs. Sevilla',
      analisis: 'Corregido: el Betis llega mejor.',
    });
    // A bet cannot be added after kick-off either.
    const late = await create({
      matchDate: new Date(now.getTime() + HOUR).toISOString(),
      pick: null,
      odds: null,
      stake: null,
      bookmaker: null,
    });
    pass(2 * HOUR);
    const added = await put(
      late,
      tipBody({ matchDate: new Date(now.getTime() - HOUR).toISOString() }),
    );
    expect(added.statusCode).toBe(409);
  });
});

describe('revisions', () => {
  it('are shown with the analysis, who and when, before and after, and "editedAt"', async () => {
    const id = await create();
    pass(HOUR);
    await put(
      id,
      tipBody({
        analisis: 'Nueva versión del análisis.',
        matchDate: new Date(now.getTime() + 2 * HOUR).toISOString(),
      }),
    );
    const res = await detail(id, subscriber);
    expect(res.statusCode).toBe(200);
    const body = json(res) as {
      revisions: {
        by: string;
        at: string;
        kind: string;
        changes: { field: string; before: unknown; after: unknown }[];
      }[];
      tip: Record<string, unknown>;
    };
    expect(body.revisions).toHaveLength(1);
    expect(body.revisions[0]).toMatchObject({
      by: 'Prueba U.',
      at: now.toISOString(),
      kind: 'edit',
    });
    expect(body.revisions[0]?.changes).toContainEqual({
      field: 'analisis',
      before: 'El Betis llega mejor.',
      after: 'Nueva versión del análisis.',
    });
    expect(body.tip.editedAt).toBe(now.toISOString());
    // Someone who may not read the analysis sees that it changed, never what it said.
    const locked = await detail(id, user);
    expect(locked.statusCode).toBe(403);
    expect(locked.body).not.toContain('Nueva versión');
    expect(locked.body).not.toContain('El Betis llega mejor');
    expect(json(locked).revisions).toEqual([
      expect.objectContaining({ kind: 'edit', reserved: true }),
    ]);
  });

  it('are not kept for a draft that was never public', async () => {
    const id = await create({ isPublished: false });
    await put(id, tipBody({ isPublished: false, analisis: 'Otra.' }));
    expect(
      await t.database.db.select().from(tipRevisions).where(eq(tipRevisions.tipId, id)),
    ).toHaveLength(0);
  });
});

describe('settling', () => {
  it('waits for the match to start, needs a bet, and refuses going back to pending', async () => {
    const id = await create();
    const early = await settle(id, 'ganado');
    expect(early.statusCode).toBe(409);
    expect(json(early)).toMatchObject({ code: 'MATCH_NOT_STARTED', message: MSG.matchNotStarted });
    const { pick: _p, odds: _o, stake: _s, bookmaker: _b, ...plain } = tipBody();
    const noBet = await t.app.inject({
      method: 'POST',
      url: '/api/tips',
      headers: await as(editor),
      payload: plain,
    });
    const noBetId = (json(noBet).tip as { _id: string })._id;
    pass(4 * HOUR);
    const untracked = await settle(noBetId, 'ganado');
    expect(untracked.statusCode).toBe(409);
    expect(json(untracked)).toMatchObject({ code: 'TIP_NOT_TRACKED', message: MSG.tipNotTracked });
    const pending = await settle(id, 'pendiente');
    expect(pending.statusCode).toBe(400);
    expect(json(pending).message).toBe(MSG.resultRequired);
  });

  it('is done by an editor or an admin, can be corrected, and each result is a revision', async () => {
    const id = await create();
    pass(4 * HOUR);
    const forbidden = await settle(id, 'ganado', user);
    expect(forbidden.statusCode).toBe(403);
    expect(json(forbidden).message).toBe(MSG.editorOrAdminRequired);

    const won = await settle(id, 'ganado');
    expect(won.statusCode, won.body).toBe(200);
    expect(json(won)).toMatchObject({
      message: NOTICE.tipSettled,
      tip: { result: 'ganado', settledAt: now.toISOString() },
    });
    pass(HOUR);
    // A correction needs its reason (the proof issue, item 1), 10 to 300 characters.
    for (const reason of [undefined, '  corto  ', 'x'.repeat(301)]) {
      const refused = await settle(
        id,
        'medio_ganado',
        admin,
        reason === undefined ? {} : { reason },
      );
      expect(refused.statusCode).toBe(400);
      expect(json(refused).message).toBe(MSG.correctionReason);
    }
    const reason = 'La casa anuló la mitad de la apuesta por el gol anulado.';
    const corrected = await settle(id, 'medio_ganado', admin, { reason });
    expect(json(corrected).tip).toMatchObject({
      result: 'medio_ganado',
      settledAt: now.toISOString(),
    });

    // The results and their reasons are public: even a reader of a locked VIP tip sees them.
    for (const who of [subscriber, user]) {
      const res = await detail(id, who);
      const { revisions } = json(res) as {
        revisions: { kind: string; reason?: string; changes: unknown[] }[];
      };
      expect(revisions.map((r) => [r.kind, r.reason, r.changes])).toEqual([
        ['result', undefined, [{ field: 'result', before: 'pendiente', after: 'ganado' }]],
        ['correction', reason, [{ field: 'result', before: 'ganado', after: 'medio_ganado' }]],
      ]);
    }
  });

  it("rewrites the day's summary: a settle counts, a correction replaces it", async () => {
    const day = () =>
      t.database.db
        .select()
        .from(trackRecordDays)
        .where(
          and(
            eq(trackRecordDays.category, 'premium'),
            eq(trackRecordDays.sport, 'tennis'),
            // The row without odds band, stake or bookmaker filter (decision 0074).
            eq(trackRecordDays.oddsBand, 'all'),
            eq(trackRecordDays.stake, 0),
            eq(trackRecordDays.bookmaker, ''),
          ),
        );
    const id = await create({ icon: 'tennis', odds: '2,50', stake: 4 });
    pass(4 * HOUR);
    await settle(id, 'ganado');
    expect(await day()).toMatchObject([{ settled: 1, won: 1, profitMilli: 6000, staked: 4 }]);
    await settle(id, 'perdido', editor, { reason: 'Resultado mal anotado: perdió 1-0.' });
    expect(await day()).toMatchObject([
      { settled: 1, won: 0, lost: 1, profitMilli: -4000, staked: 4 },
    ]);
  });

  it('lists started, published bets without a result, oldest kick-off first', async () => {
    const later = await create({
      title: 'Más tarde',
      matchDate: new Date(now.getTime() + 2 * HOUR).toISOString(),
    });
    const sooner = await create({
      title: 'Antes',
      matchDate: new Date(now.getTime() + HOUR).toISOString(),
    });
    const future = await create({
      title: 'Futuro',
      matchDate: new Date(now.getTime() + 30 * HOUR).toISOString(),
    });
    const hidden = await create({
      title: 'Oculto',
      isPublished: false,
      matchDate: new Date(now.getTime() + HOUR).toISOString(),
    });
    pass(3 * HOUR);
    const res = await t.app.inject({ url: '/api/tips/pending-results', headers: await as(admin) });
    const ids = (json(res).tips as { _id: string }[]).map((x) => x._id);
    expect(ids.indexOf(sooner)).toBeLessThan(ids.indexOf(later));
    expect(ids).toContain(later);
    expect(ids).not.toContain(future);
    expect(ids).not.toContain(hidden);
    await settle(sooner, 'nulo');
    const after = await t.app.inject({
      url: '/api/tips/pending-results',
      headers: await as(editor),
    });
    expect((json(after).tips as { _id: string }[]).map((x) => x._id)).not.toContain(sooner);
  });
});

describe('the record cannot be trimmed', () => {
  it('refuses to delete or hide a settled tip, or a published bet whose match started', async () => {
    const body = tipBody();
    const settled = await create(body);
    const started = await create(body);
    const future = await create({ matchDate: new Date(now.getTime() + 30 * HOUR).toISOString() });
    pass(4 * HOUR);
    await settle(settled, 'perdido');
    for (const id of [settled, started]) {
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/tips/${id}`,
        headers: await as(editor),
      });
      expect(del.statusCode).toBe(409);
      expect(json(del)).toMatchObject({
        code: 'TIP_IN_TRACK_RECORD',
        message: MSG.tipInTrackRecord,
      });
      const hide = await t.app.inject({
        method: 'PATCH',
        url: `/api/tips/${id}`,
        headers: await as(editor),
        payload: { isPublished: false },
      });
      expect(hide.statusCode).toBe(409);
      const hideByPut = await put(id, { ...body, isPublished: false });
      expect(hideByPut.statusCode).toBe(409);
      expect(json(hideByPut).code).toBe('TIP_IN_TRACK_RECORD');
    }
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/tips/${future}`,
      headers: await as(editor),
    });
    expect(del.statusCode).toBe(200);
  });
});

describe('published after kick-off', () => {
  it('is labelled and never counted', async () => {
    const id = await create({ icon: 'hockey', isPublished: false });
    pass(4 * HOUR);
    const publish = await t.app.inject({
      method: 'PATCH',
      url: `/api/tips/${id}`,
      headers: await as(editor),
      payload: { isPublished: true },
    });
    expect(json(publish).tip).toMatchObject({
      publishedLate: true,
      publishedAt: now.toISOString(),
    });
    await settle(id, 'ganado');
    const card = await detail(id, user);
    expect(json(card).tip).toMatchObject({ publishedLate: true, result: 'ganado' });
    const hockey = await t.database.db
      .select()
      .from(trackRecordDays)
      .where(eq(trackRecordDays.sport, 'hockey'));
    expect(hockey).toEqual([]);
  });
});

describe('who sees a VIP pick', () => {
  it('only those who may read the analysis before the result; everyone after, never the analysis', async () => {
    const id = await create({ pick: 'Más de 2,5 goles', analisis: 'SECRETO-VIP' });
    const before = await detail(id, user);
    expect(before.statusCode).toBe(403);
    expect(before.body).not.toContain('Más de 2,5 goles');
    expect(json(before).tip).not.toHaveProperty('odds');
    const teasers = await t.app.inject({
      url: '/api/packs/tips-vips?limit=50',
      headers: await as(user),
    });
    expect(teasers.body).not.toContain('Más de 2,5 goles');
    const reader = await detail(id, subscriber);
    expect(json(reader).tip).toMatchObject({
      pick: 'Más de 2,5 goles',
      odds: 1.85,
      stake: 2,
      result: 'pendiente',
      analisis: 'SECRETO-VIP',
    });

    pass(4 * HOUR);
    await settle(id, 'medio_perdido');
    const after = await detail(id, user);
    expect(after.statusCode).toBe(403);
    expect(json(after).tip).toMatchObject({
      pick: 'Más de 2,5 goles',
      odds: 1.85,
      stake: 2,
      result: 'medio_perdido',
      profitUnits: -1,
    });
    expect(after.body).not.toContain('SECRETO-VIP');
    const visitor = await detail(id);
    expect(visitor.body).not.toContain('SECRETO-VIP');
  });
});

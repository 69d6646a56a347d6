// The proof issue, item 2: the public ledger written from the tips' events, and the verifier a
// reader runs on it (contracts/ledger-download.ts), through the same API a browser or the
// command line uses. Each tampering named in the "Done when" makes it fail.
import { randomBytes } from 'node:crypto';
import { verifySite } from '@magotips/contracts/ledger-download';
import { ZLedgerHead, ZLedgerKey, ZLedgerPage } from '@magotips/contracts/ledger-schemas';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { authorizationAt, createTestUser, type TestUser } from '../../../test/users';
import { ledgerEntries, tips } from '../../db/schema';

const HOUR = 3_600_000;
// One key for the app and the restarted one: the same deployment's LEDGER_PRIVATE_KEY.
const env = { LEDGER_PRIVATE_KEY: randomBytes(32).toString('base64url') };
const BASE = 'https://magotips.test';
let now = new Date('2026-06-01T12:00:00Z');
let t: TestApp;
let editor: TestUser;

const pass = (ms: number) => {
  now = new Date(now.getTime() + ms);
};
const as = async () => ({ authorization: await authorizationAt(t.database.db, editor.id, now) });

async function call(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  const res = await t.app.inject({ method, url, headers: await as(), payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return JSON.parse(res.body) as { tip: { _id: string } };
}

const tipBody = (overrides: Record<string, unknown> = {}) => ({
  icon: 'tennis',
  title: 'Alcaraz vs. Sinner',
  matchDate: new Date(now.getTime() + 2 * HOUR).toISOString(),
  analisis: 'Análisis.',
  category: 'free',
  pick: 'Gana Alcaraz',
  odds: '1,90',
  stake: 2,
  ...overrides,
});

/** fetch() as the verifier uses it, answered by the app; `alter` plays a proxy in between. */
function injectFetch(alter?: (url: string, body: string) => string) {
  return async (url: string) => {
    const res = await t.app.inject({ url: url.replace(BASE, '') });
    const body = alter ? alter(url, res.body) : res.body;
    return { ok: res.statusCode < 400, status: res.statusCode, json: async () => JSON.parse(body) };
  };
}
const verify = (alter?: (url: string, body: string) => string) =>
  verifySite(BASE, { fetch: injectFetch(alter), now });

/** The verifier against a server started afresh on the same database: full ledger pages are
 * kept in memory once served (they never change), so what was written into the database behind
 * the application's back shows from its next start. */
async function verifyAfterRestart() {
  const running = t;
  const restarted = await buildTestApp({ database: running.database, clock: () => now, env });
  t = restarted;
  try {
    return await verify();
  } finally {
    t = running;
    await restarted.close();
  }
}

async function entries() {
  const res = await t.app.inject({ url: '/api/track-record/ledger?after=0&limit=1000' });
  return ZLedgerPage.parse(JSON.parse(res.body)).entries;
}

/** Runs `change` with the append-only triggers off, as someone with the database would. */
async function tamper(change: () => Promise<unknown>) {
  await t.database.db.execute(sql`alter table ledger_entries disable trigger user`);
  try {
    await change();
  } finally {
    await t.database.db.execute(sql`alter table ledger_entries enable trigger user`);
  }
}

let freeId = '';
let vipId = '';

beforeAll(async () => {
  t = await buildTestApp({ clock: () => now, env });
  editor = await createTestUser(t.database.db, { now, roles: ['editor'] });
  // A free bet, a VIP bet changed before kick-off, a tip hidden and withdrawn, one deleted,
  // an analysis without a bet; then kick-off, results and a correction.
  freeId = (await call('POST', '/api/tips', tipBody())).tip._id;
  vipId = (
    await call(
      'POST',
      '/api/tips',
      tipBody({ category: 'premium', title: 'Nadal vs. Djokovic', pick: 'Gana Nadal' }),
    )
  ).tip._id;
  const hidden = (await call('POST', '/api/tips', tipBody({ title: 'Oculto' }))).tip._id;
  const deleted = (await call('POST', '/api/tips', tipBody({ title: 'Borrado' }))).tip._id;
  await call(
    'POST',
    '/api/tips',
    tipBody({ title: 'Sin apuesta', pick: null, odds: null, stake: null }),
  );
  pass(HOUR);
  await call(
    'PUT',
    `/api/tips/${vipId}`,
    tipBody({
      category: 'premium',
      title: 'Nadal vs. Djokovic',
      pick: 'Gana Djokovic',
      odds: '2,40',
    }),
  );
  await call('PATCH', `/api/tips/${hidden}`, { isPublished: false });
  await call('DELETE', `/api/tips/${deleted}`);
  pass(2 * HOUR);
  await t.app.jobs.runDue();
  await call('PATCH', `/api/tips/${freeId}/result`, { result: 'ganado' });
  await call('PATCH', `/api/tips/${vipId}/result`, { result: 'perdido', closingOdds: '2,20' });
  await call('PATCH', `/api/tips/${freeId}/result`, {
    result: 'medio_ganado',
    reason: 'El partido se suspendió en el tercer set.',
  });
});
afterAll(() => t.close());

describe('the ledger', () => {
  it('records every publication, change, withdrawal, kick-off, reveal, result and correction in order', async () => {
    const list = await entries();
    expect(list.map((e) => e.seq)).toEqual(list.map((_, i) => i + 1));
    const ofTip = (id: string) => list.filter((e) => e.tipId === id).map((e) => e.kind);
    expect(ofTip(freeId)).toEqual(['publish', 'kickoff', 'result', 'correction']);
    expect(ofTip(vipId)).toEqual(['publish', 'change', 'kickoff', 'reveal', 'result']);
    expect(list.map((e) => e.kind)).toEqual(expect.arrayContaining(['withdraw']));
    expect(list.filter((e) => e.kind === 'withdraw').map((e) => e.values)).toEqual([
      { reason: 'hidden' },
      { reason: 'deleted' },
    ]);
  });

  it('commits a VIP bet before kick-off and reveals it after: the pick never shows before', async () => {
    const list = await entries();
    const vip = list.filter((e) => e.tipId === vipId);
    for (const e of vip.filter((x) => x.kind === 'publish' || x.kind === 'change'))
      expect(JSON.stringify(e.values)).not.toContain('Gana');
    const reveal = vip.find((e) => e.kind === 'reveal');
    expect(reveal?.values).toMatchObject({
      bet: { pick: 'Gana Djokovic', odds: '2.40', stake: 2, bookmaker: null },
      commitSeq: vip.find((e) => e.kind === 'change')?.seq,
    });
    expect(Date.parse(reveal?.at ?? '')).toBeGreaterThanOrEqual(
      Date.parse(vip[0]?.kind === 'publish' ? vip[0].values.matchDate : ''),
    );
  });

  it('answers its head and key, and its full pages as immutable', async () => {
    const head = ZLedgerHead.parse(
      JSON.parse((await t.app.inject({ url: '/api/track-record/ledger/head' })).body),
    );
    const list = await entries();
    expect(head).toMatchObject({ seq: list.length, hash: list[list.length - 1]?.hash });
    const key = ZLedgerKey.parse(
      JSON.parse((await t.app.inject({ url: '/api/track-record/ledger/key' })).body),
    );
    expect(key.pem).toContain('BEGIN PUBLIC KEY');
    const full = await t.app.inject({ url: '/api/track-record/ledger?after=0&limit=2' });
    expect(full.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const tail = await t.app.inject({
      url: `/api/track-record/ledger?after=${list.length - 1}&limit=5`,
    });
    expect(tail.headers['cache-control']).not.toContain('immutable');
    const ofTip = ZLedgerPage.parse(
      JSON.parse((await t.app.inject({ url: `/api/track-record/ledger?tip=${vipId}` })).body),
    );
    expect(ofTip.entries.every((e) => e.tipId === vipId)).toBe(true);
  });

  it('refuses to be rewritten: UPDATE, DELETE and TRUNCATE fail in the database', async () => {
    for (const statement of [
      sql`update ledger_entries set kind = 'publish' where seq = 1`,
      sql`delete from ledger_entries where seq = 1`,
      sql`truncate ledger_entries`,
    ])
      await expect(t.database.db.execute(statement)).rejects.toThrow();
  });
});

describe('the verifier', () => {
  it('passes on the ledger the journey wrote, recomputing the record the server publishes', async () => {
    const report = await verify();
    expect(report.problems).toEqual([]);
    expect(report).toMatchObject({ ok: true, counted: 2, withoutBet: 1 });
    const server = JSON.parse((await t.app.inject({ url: '/api/track-record' })).body) as {
      data: Record<string, unknown>;
    };
    expect(report.figures).toMatchObject({
      settled: server.data.settled,
      profitUnits: server.data.profitUnits,
    });
  });

  it('fails, naming the entry, when one ledger value is changed in the database', async () => {
    const [first] = await entries();
    await tamper(() =>
      t.database.db
        .update(ledgerEntries)
        .set({ body: sql`replace(body, 'Alcaraz vs. Sinner', 'Alcaraz vs. Zverev')` })
        .where(eq(ledgerEntries.seq, first?.seq ?? 0)),
    );
    const report = await verifyAfterRestart();
    expect(report.ok).toBe(false);
    expect(report.problems).toContainEqual(
      expect.objectContaining({ seq: first?.seq, message: expect.stringContaining('hash') }),
    );
    await tamper(() =>
      t.database.db
        .update(ledgerEntries)
        .set({ body: sql`replace(body, 'Alcaraz vs. Zverev', 'Alcaraz vs. Sinner')` })
        .where(eq(ledgerEntries.seq, first?.seq ?? 0)),
    );
    expect((await verifyAfterRestart()).ok).toBe(true);
  });

  it("fails, naming the tip, when one tip's odds are changed in the database", async () => {
    await t.database.db.update(tips).set({ oddsCents: 250 }).where(eq(tips.id, freeId));
    const report = await verify();
    expect(report.ok).toBe(false);
    expect(report.problems).toContainEqual(
      expect.objectContaining({ tipId: freeId, message: expect.stringContaining('cuota') }),
    );
    await t.database.db.update(tips).set({ oddsCents: 190 }).where(eq(tips.id, freeId));
    expect((await verify()).ok).toBe(true);
  });

  it('fails, naming the entry, when one signature is changed in the database', async () => {
    const list = await entries();
    const target = list[2];
    const original = target?.sig ?? '';
    const forged = `${original[0] === '0' ? '1' : '0'}${original.slice(1)}`;
    await tamper(() =>
      t.database.db
        .update(ledgerEntries)
        .set({ sig: forged })
        .where(eq(ledgerEntries.seq, target?.seq ?? 0)),
    );
    const report = await verifyAfterRestart();
    expect(report.problems).toContainEqual({
      seq: target?.seq,
      tipId: target?.tipId,
      message: 'Firma no válida',
    });
    await tamper(() =>
      t.database.db
        .update(ledgerEntries)
        .set({ sig: original })
        .where(eq(ledgerEntries.seq, target?.seq ?? 0)),
    );
    expect((await verifyAfterRestart()).ok).toBe(true);
  });

  it('fails, naming the entry, when a proxy alters one entry in transit', async () => {
    const list = await entries();
    const reveal = list.find((e) => e.kind === 'reveal');
    const report = await verify((url, body) =>
      url.includes('/ledger?') ? body.replace('"odds":"2.40"', '"odds":"2.60"') : body,
    );
    expect(report.ok).toBe(false);
    expect(report.problems).toContainEqual(expect.objectContaining({ seq: reveal?.seq }));
  });
});

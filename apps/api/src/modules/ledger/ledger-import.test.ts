// The proof issue: "Existing tips get their history written into the ledger once by a
// migration, marked as imported" — and the verifier accepts what was imported.
import { randomBytes } from 'node:crypto';
import { verifySite } from '@magotips/contracts/ledger-download';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { jobs, tips } from '../../db/schema';
import { rebuildTrackRecord } from '../track-record/track-record-days';
import { importLedgerHistory } from './ledger-import';
import { loadLedgerKey } from './ledger-key';

const HOUR = 3_600_000;
const now = new Date('2026-06-10T12:00:00Z');
const seed = randomBytes(32).toString('base64url');
let t: TestApp;

const at = (hours: number) => new Date(now.getTime() + hours * HOUR);
const bet = (pick: string, oddsCents: number, stake: number) => ({ pick, oddsCents, stake });

beforeAll(async () => {
  t = await buildTestApp({ clock: () => now, env: { LEDGER_PRIVATE_KEY: seed } });
  await t.database.db.insert(tips).values([
    // Settled, free and VIP, published before kick-off: they count.
    {
      icon: 'football',
      title: 'A vs. B',
      matchDate: at(-48),
      analisis: 'x',
      category: 'free',
      publishedAt: at(-60),
      result: 'ganado',
      settledAt: at(-45),
      ...bet('Gana A', 200, 2),
    },
    {
      icon: 'tennis',
      title: 'C vs. D',
      matchDate: at(-24),
      analisis: 'x',
      category: 'premium',
      publishedAt: at(-30),
      result: 'perdido',
      settledAt: at(-20),
      closingOddsCents: 170,
      ...bet('Gana C', 180, 3),
    },
    // Published after kick-off: labelled late, never counted.
    {
      icon: 'tennis',
      title: 'E vs. F',
      matchDate: at(-24),
      analisis: 'x',
      category: 'free',
      publishedAt: at(-23),
      result: 'ganado',
      settledAt: at(-20),
      ...bet('Gana E', 300, 1),
    },
    // Hidden before its match; a VIP bet still ahead; an analysis without a bet; a draft.
    {
      icon: 'golf',
      title: 'G',
      matchDate: at(-10),
      analisis: 'x',
      category: 'free',
      publishedAt: at(-30),
      isPublished: false,
      updatedAt: at(-20),
      ...bet('Gana G', 150, 1),
    },
    {
      icon: 'mma',
      title: 'H vs. I',
      matchDate: at(30),
      analisis: 'x',
      category: 'premium',
      publishedAt: at(-2),
      ...bet('Gana H', 210, 2),
    },
    {
      icon: 'mma',
      title: 'Sin apuesta',
      matchDate: at(30),
      analisis: 'x',
      category: 'free',
      publishedAt: at(-2),
    },
    {
      icon: 'mma',
      title: 'Borrador',
      matchDate: at(30),
      analisis: 'x',
      category: 'free',
      isPublished: false,
    },
  ]);
  await rebuildTrackRecord(t.database.db);
});
afterAll(() => t.close());

describe('importing the history from before the ledger', () => {
  it('writes each public tip once, marked imported, and the verifier agrees with the record', async () => {
    const key = loadLedgerKey(seed);
    const written = await importLedgerHistory(t.database.db, key, now);
    // A: publish, kick-off, result; C: the same and a reveal; E (late): publish, result;
    // G: publish, withdraw; H and "Sin apuesta": publish; the draft: nothing.
    expect(written).toBe(3 + 4 + 2 + 2 + 1 + 1);
    expect(await importLedgerHistory(t.database.db, key, now)).toBeNull();
    const report = await verifySite('https://x.test', {
      now,
      fetch: async (url) => {
        const res = await t.app.inject({ url: url.replace('https://x.test', '') });
        return {
          ok: res.statusCode < 400,
          status: res.statusCode,
          json: async () => JSON.parse(res.body),
        };
      },
    });
    expect(report.problems).toEqual([]);
    expect(report).toMatchObject({ ok: true, counted: 2, withoutBet: 1, pendingBets: 1 });
    expect(report.importedEntries).toBe(report.entries);
    // The VIP bet still ahead is committed, and its kick-off is queued.
    const page = JSON.parse((await t.app.inject({ url: '/api/track-record/ledger' })).body) as {
      entries: { values: object }[];
    };
    expect(JSON.stringify(page.entries)).not.toContain('Gana H');
    const queued = await t.database.db.select().from(jobs);
    expect(queued.filter((j) => j.kind === 'tips.kickoff')).toHaveLength(2);
  });
});

import type { TBusinessFigures, TBusinessResponse } from '@magotips/contracts/business';
import { yieldOf } from '@magotips/contracts/track-record';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectedFigures } from '../../../test/business-expected';
import { generateHistory, type History, insertHistory } from '../../../test/business-history';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { createTestUser } from '../../../test/users';

// Issue 33 item 2's done-when: the dashboard on a generated history (24 months, trials, refunds,
// plan changes, yearly plans, packs, gifts), every figure checked against business-expected.ts,
// which computes them from the same rows in TypeScript. 20,000 readers on PostgreSQL
// (DATABASE_URL); fewer on PGlite, whose single in-process engine would take minutes.
const READERS = inject('postgresUrl') ? 20_000 : 1_500;

const now = new Date('2026-06-15T12:00:00Z');
let t: TestApp;
let admin: Record<string, string>;
let history: History;
let expected: ReturnType<typeof expectedFigures>;

beforeAll(async () => {
  t = await buildTestApp({ clock: () => now });
  history = generateHistory(READERS);
  await insertHistory(t.database.db, history);
  admin = {
    authorization: (await createTestUser(t.database.db, { now, roles: ['admin'] })).authorization,
  };
  expected = expectedFigures(history);
}, 300_000);
afterAll(async () => {
  await t.close();
});

const DAY = 86_400_000;
const cents = (c: number) => c / 100;
const pct = (part: number, whole: number) =>
  whole === 0 ? null : Math.round((part * 10_000) / whole) / 100;

function figures(from: string, to: string): TBusinessFigures {
  const a = Date.parse(`${from}T00:00:00Z`);
  const b = Date.parse(`${to}T00:00:00Z`) + DAY;
  const s = expected.span(a, b);
  const lines = [...s.money.entries()]
    .sort(([x], [y]) => (x < y ? -1 : 1))
    .map(([product, l]) => ({
      product,
      label:
        product === 'gift'
          ? 'Regalos'
          : product.startsWith('pack:')
            ? l.name
            : `${l.name} (${product.endsWith(':12') ? 'anual' : 'mensual'})`,
      charges: l.charges,
      gross: cents(l.gross),
      refunds: cents(l.refunds),
      net: cents(l.gross - l.refunds),
    }));
  const gross = [...s.money.values()].reduce((x, l) => x + l.gross, 0);
  const refunds = [...s.money.values()].reduce((x, l) => x + l.refunds, 0);
  return {
    from,
    to,
    mrr: cents(expected.mrrCents(b)),
    activeSubscribers: s.atEnd,
    activeAtStart: s.atStart,
    newSubscribers: s.fresh,
    cancelledSubscribers: s.lapsed,
    churnPct: pct(s.lapsed, s.atStart),
    trialsEnded: s.trialsEnded,
    trialsConverted: s.trialsConverted,
    trialConversionPct: pct(s.trialsConverted, s.trialsEnded),
    grossRevenue: cents(gross),
    refunds: cents(refunds),
    netRevenue: cents(gross - refunds),
    payingReaders: s.payers,
    arppu: s.payers === 0 ? null : cents(Math.round((gross - refunds) / s.payers)),
    revenueByProduct: lines,
    signupsBySource:
      s.signups + s.firstPayments === 0
        ? []
        : [{ source: 'directo', signups: s.signups, firstPayments: s.firstPayments }],
  };
}

async function dashboard(from: string, to: string): Promise<TBusinessResponse> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/business?from=${from}&to=${to}`,
    headers: admin,
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** The calendar months from `from`'s to `to`'s, each cut at the day after `to`. */
function months(from: string, to: string) {
  const end = new Date(Date.parse(`${to}T00:00:00Z`) + DAY);
  const out: { month: string; start: Date; end: number }[] = [];
  for (let m = new Date(`${from.slice(0, 7)}-01T00:00:00Z`); m < end;) {
    const next = new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + 1, 1));
    out.push({
      month: m.toISOString().slice(0, 7),
      start: m,
      end: Math.min(next.getTime(), end.getTime()),
    });
    m = next;
  }
  return { list: out, end };
}

describe('the business dashboard on a known history', () => {
  it.each([
    ['2025-06-01', '2026-05-31'],
    ['2026-04-15', '2026-05-14'],
    ['2024-09-10', '2024-09-10'],
  ])(
    'from %s to %s: every figure, the previous period, cohorts and months',
    { timeout: 120_000 },
    async (from, to) => {
      const body = await dashboard(from, to);
      const prevLength = Date.parse(`${to}T00:00:00Z`) + DAY - Date.parse(`${from}T00:00:00Z`);
      const prevFrom = new Date(Date.parse(`${from}T00:00:00Z`) - prevLength)
        .toISOString()
        .slice(0, 10);
      const prevTo = new Date(Date.parse(`${from}T00:00:00Z`) - DAY).toISOString().slice(0, 10);
      const { list, end } = months(from, to);
      const cohorts = list.map((m) => {
        const c = expected.cohort(m.start, end.getTime());
        return {
          month: m.month,
          size: c.size,
          retainedPct: c.kept.map((k, i) => {
            const monthK = Date.UTC(m.start.getUTCFullYear(), m.start.getUTCMonth() + i + 1, 1);
            return monthK >= end.getTime() ? null : pct(k, c.size);
          }),
        };
      });
      const monthly = list.map((m) => {
        const s = expected.span(m.start.getTime(), m.end);
        const r = expected.record(m.month, new Date(m.end).toISOString().slice(0, 10));
        const net = [...s.money.values()].reduce((x, l) => x + l.gross - l.refunds, 0);
        return {
          month: m.month,
          settledBets: r?.settled ?? 0,
          yield: r ? yieldOf(r.profitMilli, r.staked) : null,
          signups: s.signups,
          newSubscribers: s.fresh,
          cancellations: s.lapsed,
          netRevenue: cents(net),
        };
      });
      expect(body).toEqual({
        success: true,
        ...figures(from, to),
        cohorts,
        monthly,
        // The history has no referrals: the referrals tests check the rewards' lines.
        referralRewards: [],
        previous: figures(prevFrom, prevTo),
      });
    },
  );

  it('the history is not trivial: every kind of figure has something to count', async () => {
    const body = await dashboard('2025-06-01', '2026-05-31');
    expect(body.activeSubscribers).toBeGreaterThan(50);
    expect(body.cancelledSubscribers).toBeGreaterThan(5);
    expect(body.trialsEnded).toBeGreaterThan(10);
    expect(body.trialsConverted).toBeGreaterThan(5);
    expect(body.refunds).toBeGreaterThan(0);
    expect(body.revenueByProduct.map((l) => l.product.split(':')[0])).toEqual(
      expect.arrayContaining(['gift', 'pack', 'plan']),
    );
    expect(body.revenueByProduct.some((l) => l.product.endsWith(':12'))).toBe(true);
    expect(body.cohorts.some((c) => c.size > 0 && (c.retainedPct[0] ?? 0) > 0)).toBe(true);
    expect(history.txs.some((x) => x.periodCents !== null && x.amountCents === 0)).toBe(true);
  });
});

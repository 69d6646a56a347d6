// The track record's tests share one small book of bets, written straight to the database, with
// every figure worked out by hand beside it (modules/track-record/track-record*.test.ts).
import type { SportId } from '@magotips/contracts/sports';
import type { TipCategory } from '@magotips/contracts/tips';
import type { TipResult } from '@magotips/contracts/track-record';
import {
  type TTrackRecordSummary,
  ZTrackRecordResponse,
} from '@magotips/contracts/track-record-schemas';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../src/db/database';
import { tips } from '../src/db/schema';
import { rebuildTrackRecord } from '../src/modules/track-record/track-record-days';
import { buildTestApp, type TestApp } from './test-app';

/** The app's clock: every period counts back from here. */
export const NOW = new Date('2026-06-01T12:00:00Z');
export const HOUR = 3_600_000;

export type Bet = {
  title: string;
  icon: SportId;
  category: TipCategory;
  at: string;
  odds?: number;
  stake?: number;
  bookmaker?: string | null;
  closingOdds?: number;
  result: TipResult;
  isPublished?: boolean;
  /** Hours between publication and kick-off: negative = published after the match started. */
  publishedHoursBefore?: number | null;
  /** Hours between the start of the current publication and kick-off, when the tip was hidden
   * and shown again after its first publication. */
  publicHoursBefore?: number;
};

/** A tip with its bet straight into the database, published a few hours before its kick-off
 * and settled after the match, unless the bet says otherwise. */
export async function insertBet(db: Db, b: Bet): Promise<string> {
  const matchDate = new Date(b.at);
  const before = b.publishedHoursBefore === undefined ? 3 : b.publishedHoursBefore;
  const hasBet = b.odds !== undefined;
  const [row] = await db
    .insert(tips)
    .values({
      icon: b.icon,
      title: b.title,
      matchDate,
      analisis: `ANALISIS-SECRETO de ${b.title}`,
      category: b.category,
      isPublished: b.isPublished ?? true,
      pick: hasBet ? `Pronóstico de ${b.title}` : null,
      oddsCents: hasBet ? Math.round((b.odds ?? 0) * 100) : null,
      stake: hasBet ? (b.stake ?? 1) : null,
      bookmaker: hasBet ? (b.bookmaker === undefined ? 'Bet365' : b.bookmaker) : null,
      closingOddsCents: b.closingOdds === undefined ? null : Math.round(b.closingOdds * 100),
      result: b.result,
      publishedAt: before === null ? null : new Date(matchDate.getTime() - before * HOUR),
      // Left out, the table's trigger takes published_at (or now) for a published tip.
      publicSince:
        b.publicHoursBefore === undefined
          ? undefined
          : new Date(matchDate.getTime() - b.publicHoursBefore * HOUR),
      settledAt: b.result === 'pendiente' ? null : new Date(matchDate.getTime() + 3 * HOUR),
    })
    .returning({ id: tips.id });
  if (!row) throw new Error('not inserted');
  return row.id;
}

// Profit in thousandths beside each: stake × (odds − 1) won, half of it half won, −stake lost…
// In kick-off order: T8 T7 T6 T1 T2 T3 T4 T5.
export const COUNTED: Bet[] = [
  {
    title: 'T1',
    icon: 'football',
    category: 'free',
    at: '2026-05-30T18:00:00Z',
    odds: 2,
    stake: 2,
    closingOdds: 1.8,
    result: 'ganado',
  }, // +2000
  {
    title: 'T2',
    icon: 'football',
    category: 'premium',
    at: '2026-05-30T20:00:00Z',
    odds: 1.85,
    stake: 3,
    closingOdds: 1.85,
    result: 'perdido',
  }, // −3000
  {
    title: 'T3',
    icon: 'tennis',
    category: 'premium',
    at: '2026-05-31T15:00:00Z',
    odds: 1.9,
    stake: 1,
    bookmaker: 'Codere',
    result: 'medio_ganado',
  }, // +450
  {
    title: 'T4',
    icon: 'basketball',
    category: 'free',
    at: '2026-05-31T17:00:00Z',
    odds: 2.1,
    stake: 4,
    closingOdds: 2,
    result: 'nulo',
  }, // 0
  {
    title: 'T5',
    icon: 'football',
    category: 'free',
    at: '2026-05-31T19:00:00Z',
    odds: 1.75,
    stake: 3,
    result: 'medio_perdido',
  }, // −1500
  {
    title: 'T6',
    icon: 'football',
    category: 'premium',
    at: '2026-04-20T12:00:00Z',
    odds: 2.5,
    stake: 2,
    bookmaker: 'Codere',
    result: 'ganado',
  }, // +3000
  {
    title: 'T7',
    icon: 'tennis',
    category: 'free',
    at: '2026-03-10T12:00:00Z',
    odds: 1.6,
    stake: 5,
    result: 'perdido',
  }, // −5000
  {
    title: 'T8',
    icon: 'basketball',
    category: 'free',
    at: '2025-12-01T12:00:00Z',
    odds: 3,
    stake: 1,
    bookmaker: null,
    result: 'ganado',
  }, // +2000
];

// None of these may count: no bet, a draft, published after kick-off, never published, pending.
// N1 is a published analysis without a bet and N5 a published bet not settled yet (issue 27
// item 5 counts both).
export const NOT_COUNTED: Bet[] = [
  {
    title: 'N1 sin apuesta',
    icon: 'football',
    category: 'free',
    at: '2026-05-30T12:00:00Z',
    result: 'ganado',
  },
  {
    title: 'N2 borrador',
    icon: 'football',
    category: 'premium',
    at: '2026-05-30T13:00:00Z',
    odds: 2,
    stake: 5,
    result: 'ganado',
    isPublished: false,
  },
  {
    title: 'N3 tardío',
    icon: 'tennis',
    category: 'free',
    at: '2026-05-31T13:00:00Z',
    odds: 5,
    stake: 5,
    result: 'ganado',
    publishedHoursBefore: -1,
  },
  {
    title: 'N4 sin fecha',
    icon: 'tennis',
    category: 'premium',
    at: '2026-05-31T14:00:00Z',
    odds: 5,
    stake: 5,
    result: 'ganado',
    publishedHoursBefore: null,
  },
  {
    title: 'N5 pendiente',
    icon: 'basketball',
    category: 'free',
    at: '2026-05-31T20:00:00Z',
    odds: 1.9,
    stake: 2,
    result: 'pendiente',
  },
];

/** A test app on the app's clock (NOW) with the whole book written and the summaries built. */
export async function appWithBook(): Promise<TestApp> {
  const t = await buildTestApp({ clock: () => NOW });
  for (const bet of [...COUNTED, ...NOT_COUNTED]) await insertBet(t.database.db, bet);
  await rebuildTrackRecord(t.database.db);
  return t;
}

/** GET /api/track-record's data for `query` ("?sport=tennis"), which must answer 200. */
export async function getRecord(app: FastifyInstance, query = ''): Promise<TTrackRecordSummary> {
  const res = await app.inject({ method: 'GET', url: `/api/track-record${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return ZTrackRecordResponse.parse(res.json()).data;
}

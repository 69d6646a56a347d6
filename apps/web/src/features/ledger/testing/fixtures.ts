// Answers of the ledger API for the component tests (not part of the app).
import type { TLedgerHead } from '@magotips/contracts/ledger-schemas';
import type { Entry } from '../ledger-format';

export const VIP_TIP = '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a';
export const FREE_TIP = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

const hex = (seed: number, length: number) =>
  Array.from({ length }, (_, i) => ((seed * 7 + i * 13) % 16).toString(16)).join('');

type Spec = Pick<Entry, 'kind' | 'values'> & { tipId?: string; imported?: boolean };

/** An entry numbered `seq`, chained to the one before by made-up (well-formed) hashes. */
export function entry(seq: number, spec: Spec): Entry {
  return {
    seq,
    at: new Date(Date.UTC(2026, 10, 20, 10, 0, seq)).toISOString(),
    tipId: spec.tipId ?? FREE_TIP,
    imported: spec.imported ?? false,
    prevHash: seq === 1 ? '0'.repeat(64) : hex(seq - 1, 64),
    hash: hex(seq, 64),
    sig: hex(seq + 1000, 128),
    kind: spec.kind,
    values: spec.values,
  } as Entry;
}

const match = {
  title: 'Alcaraz vs Sinner',
  sport: 'tennis',
  matchDate: '2026-11-23T14:00:00.000Z',
  category: 'premium',
} as const;

/** One VIP tip's life: committed, kicked off, revealed, settled. */
export const VIP_ENTRIES: Entry[] = [
  entry(3, {
    tipId: VIP_TIP,
    kind: 'publish',
    values: { ...match, bet: { commitment: 'c'.repeat(64) } },
  }),
  entry(4, { tipId: VIP_TIP, kind: 'kickoff', values: { matchDate: match.matchDate } }),
  entry(5, {
    tipId: VIP_TIP,
    kind: 'reveal',
    values: {
      bet: { pick: 'Más de 3,5 sets', odds: '2.10', stake: 2, bookmaker: null },
      salt: 'a'.repeat(32),
      commitSeq: 3,
    },
  }),
  entry(6, { tipId: VIP_TIP, kind: 'result', values: { result: 'perdido', closingOdds: '1.95' } }),
];

/** A free tip, in the clear, changed once and its result corrected. */
export const FREE_ENTRIES: Entry[] = [
  entry(1, {
    kind: 'publish',
    imported: true,
    values: {
      title: 'Real Madrid vs Barcelona',
      sport: 'football',
      matchDate: '2026-11-24T20:00:00.000Z',
      category: 'free',
      bet: { pick: 'Ambos marcan', odds: '1.85', stake: 3, bookmaker: 'Bet365' },
    },
  }),
  entry(2, {
    kind: 'change',
    values: {
      title: 'Real Madrid vs Barcelona',
      sport: 'football',
      matchDate: '2026-11-24T20:00:00.000Z',
      category: 'free',
      bet: { pick: 'Ambos marcan', odds: '1.90', stake: 3, bookmaker: 'Bet365' },
      fields: ['odds'],
    },
  }),
  entry(7, {
    kind: 'correction',
    values: {
      result: 'ganado',
      previous: 'perdido',
      reason: 'El acta corrigió el marcador final.',
      closingOdds: null,
    },
  }),
  entry(8, { tipId: VIP_TIP, kind: 'withdraw', values: { reason: 'hidden' } }),
];

export const ALL_ENTRIES = [...FREE_ENTRIES, ...VIP_ENTRIES].sort((a, b) => a.seq - b.seq);

export const headOf = (seq: number): TLedgerHead => ({
  success: true,
  seq,
  hash: seq === 0 ? '0'.repeat(64) : hex(seq, 64),
  sig: hex(seq + 1000, 128),
  at: seq === 0 ? null : '2026-11-24T22:00:00.000Z',
});

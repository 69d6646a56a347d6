import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json';
import {
  betCommitment,
  entryHash,
  LEDGER_GENESIS,
  type LedgerEntry,
  type LedgerKind,
  type LedgerValues,
} from './ledger';
import { replayLedger } from './ledger-replay';
import { signatureCheck } from './ledger-signature';
import { verifyLedger } from './ledger-verify';
import { figuresOf, tallyOfBet } from './track-record';

const secretKey = ed25519.utils.randomSecretKey();
const publicKey = bytesToHex(ed25519.getPublicKey(secretKey));
const TIP = '11111111-1111-4111-8111-111111111111';
const KICKOFF = '2026-06-01T20:00:00.000Z';
const bet = { pick: 'Gana A', odds: '2.00', stake: 2, bookmaker: null };
const SALT = 'ab'.repeat(16);
const state = (overrides: Partial<LedgerValues['publish']> = {}): LedgerValues['publish'] => ({
  title: 'A vs. B',
  sport: 'football',
  matchDate: KICKOFF,
  category: 'free',
  bet,
  ...overrides,
});

type Step = { at: string; kind: LedgerKind; values: unknown; imported?: boolean };

/** A signed chain of `steps`, as the server writes it. */
function chain(steps: readonly Step[]): LedgerEntry[] {
  let prevHash = LEDGER_GENESIS;
  return steps.map((s, i) => {
    const body = {
      seq: i + 1,
      at: s.at,
      tipId: TIP,
      kind: s.kind,
      values: s.values as LedgerValues[LedgerKind],
      imported: s.imported ?? false,
    };
    const hash = entryHash(prevHash, body);
    const entry = {
      ...body,
      prevHash,
      hash,
      sig: bytesToHex(ed25519.sign(hexToBytes(hash), secretKey)),
    };
    prevHash = hash;
    return entry;
  });
}

/** What the server publishes for the one bet the honest chain counts, computed as it does. */
const SUMMARY_OF_ONE_WIN: Record<string, unknown> = {
  ...figuresOf(tallyOfBet({ result: 'ganado', oddsCents: 200, stake: 2 })),
  withoutBet: 0,
  pendingBets: 0,
};

async function verify(
  entries: LedgerEntry[],
  summary: Record<string, unknown> = SUMMARY_OF_ONE_WIN,
) {
  const last = entries[entries.length - 1];
  return verifyLedger({
    entries,
    head: {
      seq: last?.seq ?? 0,
      hash: last?.hash ?? LEDGER_GENESIS,
      sig: last?.sig ?? '',
      at: null,
    },
    check: await signatureCheck(publicKey),
    serverSummary: summary,
    now: new Date('2026-06-03T00:00:00Z'),
  });
}

const honest: Step[] = [
  { at: '2026-06-01T10:00:00.000Z', kind: 'publish', values: state() },
  { at: KICKOFF, kind: 'kickoff', values: { matchDate: KICKOFF } },
  {
    at: '2026-06-01T22:00:00.000Z',
    kind: 'result',
    values: { result: 'ganado', closingOdds: null },
  },
];

describe('canonical JSON', () => {
  it('sorts keys at every depth, has no spaces and refuses non-integers', () => {
    expect(canonicalJson({ b: 1, a: { d: [true, null], c: 'x' } })).toBe(
      '{"a":{"c":"x","d":[true,null]},"b":1}',
    );
    expect(() => canonicalJson({ odds: 1.85 })).toThrow();
  });
});

describe('the verifier', () => {
  it('passes an honest chain and recomputes its record', async () => {
    const report = await verify(chain(honest));
    expect(report.problems).toEqual([]);
    expect(report).toMatchObject({ ok: true, counted: 1 });
  });

  it('names the entry whose hash, link or signature does not hold', async () => {
    const entries = chain(honest);
    const edited = entries.map((e) => (e.seq === 2 ? { ...e, at: '2026-06-01T20:00:01.000Z' } : e));
    expect((await verify(edited)).problems).toContainEqual(
      expect.objectContaining({ seq: 2, message: expect.stringContaining('hash') }),
    );
    const swapped = [entries[0], entries[2], entries[1]].filter(
      (e): e is LedgerEntry => e !== undefined,
    );
    expect((await verify(swapped)).ok).toBe(false);
    const forged = entries.map((e) =>
      e.seq === 3 ? { ...e, sig: e.sig.replace(/^./, e.sig[0] === 'a' ? 'b' : 'a') } : e,
    );
    expect((await verify(forged)).problems).toContainEqual({
      seq: 3,
      tipId: TIP,
      message: 'Firma no válida',
    });
  });

  it('compares the recomputed record with the server and says which figure differs', async () => {
    const report = await verify(chain(honest), { ...SUMMARY_OF_ONE_WIN, profitUnits: 3 });
    expect(report.problems).toEqual([
      {
        message:
          'El resumen del servidor no coincide en beneficio (u): el registro da 2, el servidor 3',
      },
    ]);
  });
});

describe('the replay', () => {
  const counted = (steps: Step[]) => {
    const { tips, problems } = replayLedger(chain(steps), Date.parse('2026-06-03T00:00:00Z'));
    return { at: tips.get(TIP)?.atKickoff, problems: problems.map((p) => p.message) };
  };

  it('a bet changed after kick-off, or a match moved into the past, is a problem', () => {
    const late = counted([
      honest[0] as Step,
      {
        at: '2026-06-01T20:30:00.000Z',
        kind: 'change',
        values: { ...state({ bet: { ...bet, odds: '9.50' } }), fields: ['odds'] },
      },
    ]);
    expect(late.problems).toContain(
      'El partido ya había empezado: el pronóstico o el partido no podían cambiar',
    );
    const moved = counted([
      honest[0] as Step,
      {
        at: '2026-06-01T11:00:00.000Z',
        kind: 'change',
        values: { ...state({ matchDate: '2026-06-01T10:59:45.000Z' }), fields: ['matchDate'] },
      },
    ]);
    expect(moved.problems).toContain(
      'La fecha del partido se movió a un momento que ya había pasado',
    );
  });

  it('a tip hidden before kick-off, or first shown after it, is not public at kick-off', () => {
    const hidden = counted([
      honest[0] as Step,
      { at: '2026-06-01T19:00:00.000Z', kind: 'withdraw', values: { reason: 'hidden' } },
      { at: '2026-06-01T21:00:00.000Z', kind: 'publish', values: state() },
    ]);
    expect(hidden.at?.published).toBe(false);
    const late = counted([{ at: '2026-06-01T21:00:00.000Z', kind: 'publish', values: state() }]);
    expect(late.at?.published).toBe(false);
  });

  it('a VIP reveal must come after kick-off and open the commitment in force then', () => {
    const commitment = betCommitment(bet, SALT);
    const vip = state({ category: 'premium', bet: { commitment } });
    const ok = counted([
      { at: '2026-06-01T10:00:00.000Z', kind: 'publish', values: vip },
      { at: KICKOFF, kind: 'kickoff', values: { matchDate: KICKOFF } },
      { at: KICKOFF, kind: 'reveal', values: { bet, salt: SALT, commitSeq: 1 } },
    ]);
    expect(ok.problems).toEqual([]);
    const early = counted([
      { at: '2026-06-01T10:00:00.000Z', kind: 'publish', values: vip },
      { at: '2026-06-01T11:00:00.000Z', kind: 'reveal', values: { bet, salt: SALT, commitSeq: 1 } },
    ]);
    expect(early.problems).toContain('Apuesta VIP revelada antes del inicio del partido');
    const other = counted([
      { at: '2026-06-01T10:00:00.000Z', kind: 'publish', values: vip },
      {
        at: KICKOFF,
        kind: 'reveal',
        values: { bet: { ...bet, pick: 'Gana B' }, salt: SALT, commitSeq: 1 },
      },
    ]);
    expect(other.problems).toContain('La apuesta revelada no coincide con su compromiso #1');
  });
});

// The public ledger of the track record (the proof issue): what an entry is, how it is hashed and
// how a VIP bet is committed, written once for the server that appends and the verifiers (the
// `npm run verify-record` command and /historial's "Verificar") that check.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { canonicalJson } from './canonical-json';
// Re-exported: the pages import them from ledger-labels.ts, which carries no SHA-256 code.
export { headLabel, LEDGER_KIND_LABELS } from './ledger-labels';
import type { SettledResult } from './track-record';

/** The chain's first `prevHash`. */
export const LEDGER_GENESIS = '0'.repeat(64);
/** Most entries one page of GET /api/track-record/ledger returns. */
export const LEDGER_PAGE_MAX = 1000;
/** Bytes of random salt in a VIP bet's commitment: 128 bits, so no one can try every pick. */
export const LEDGER_SALT_BYTES = 16;

/** A bet as the ledger writes it: odds as text with two decimals ("1.85"), so every language
 * reads the same value and the hash never depends on float printing. */
export type LedgerBet = { pick: string; odds: string; stake: number; bookmaker: string | null };
/** A VIP bet before kick-off: SHA-256 of the canonical {bet, salt}, nothing else. */
export type LedgerCommitment = { commitment: string };

/** What the public knows of a tip at an entry: the match, and its bet (in the clear, committed,
 * or null for "Análisis sin apuesta"). */
export type LedgerTipState = {
  title: string;
  sport: string;
  /** Kick-off, ISO-8601 UTC. */
  matchDate: string;
  category: 'free' | 'premium';
  bet: LedgerBet | LedgerCommitment | null;
};

export type LedgerValues = {
  /** The tip became public (again). */
  publish: LedgerTipState;
  /** A published tip changed its bet or its match (`fields` names what changed). */
  change: LedgerTipState & { fields: string[] };
  /** Hidden or deleted while public, before kick-off: the bet is withdrawn. */
  withdraw: { reason: 'hidden' | 'deleted' };
  /** The match started with the tip public: what it held then is what counts. */
  kickoff: { matchDate: string };
  /** After kick-off, a VIP bet and its salt: anyone can check them against `commitSeq`. */
  reveal: { bet: LedgerBet; salt: string; commitSeq: number };
  result: { result: SettledResult; closingOdds: string | null };
  /** A recorded result changed: the new one, the one it replaces and why. */
  correction: {
    result: SettledResult;
    previous: SettledResult;
    reason: string;
    closingOdds: string | null;
  };
};
export type LedgerKind = keyof LedgerValues;
export const LEDGER_KINDS = [
  'publish',
  'change',
  'withdraw',
  'kickoff',
  'reveal',
  'result',
  'correction',
] as const satisfies readonly LedgerKind[];

/** The part of an entry its hash covers. */
export type LedgerEntryBody<K extends LedgerKind = LedgerKind> = {
  seq: number;
  /** Server time of the append, ISO-8601 UTC with milliseconds. */
  at: string;
  tipId: string;
  kind: K;
  values: LedgerValues[K];
  /** Written once from history that predates the ledger: its times are the server's word. */
  imported: boolean;
};

export type LedgerEntry<K extends LedgerKind = LedgerKind> = LedgerEntryBody<K> & {
  prevHash: string;
  hash: string;
  /** Ed25519 signature of the 32 hash bytes, hex. */
  sig: string;
};

export type LedgerHead = { seq: number; hash: string; sig: string; at: string | null };

/** SHA-256 of a text's UTF-8 bytes, as lowercase hex. */
export type Sha256Hex = (text: string) => string;

/** The portable one (@noble/hashes): the browser's WebCrypto digest is async only. */
export const sha256Hex: Sha256Hex = (text) => bytesToHex(sha256(utf8ToBytes(text)));

/** SHA-256 over the previous hash and the entry's canonical JSON. A verifier may bring a native
 * SHA-256 (the command line brings Node's): the same bytes, a tenth of the time. */
export function entryHash(
  prevHash: string,
  body: LedgerEntryBody,
  hash: Sha256Hex = sha256Hex,
): string {
  return hash(
    prevHash +
      canonicalJson({
        seq: body.seq,
        at: body.at,
        tipId: body.tipId,
        kind: body.kind,
        values: body.values,
        imported: body.imported,
      }),
  );
}

/** A VIP bet's commitment: published before kick-off, opened by its reveal after. */
export function betCommitment(bet: LedgerBet, salt: string): string {
  return sha256Hex(canonicalJson({ bet, salt }));
}

/** Odds in hundredths (185) as the ledger writes them ("1.85"). */
export function ledgerOdds(oddsCents: number): string {
  return `${Math.floor(oddsCents / 100)}.${String(oddsCents % 100).padStart(2, '0')}`;
}

/** The ledger's odds text ("1.85") back in hundredths; null when it is not such a text. */
export function oddsCentsOf(odds: string): number | null {
  const m = /^(\d+)\.(\d{2})$/.exec(odds);
  return m ? Number(m[1]) * 100 + Number(m[2]) : null;
}

export function isCommitment(bet: LedgerTipState['bet']): bet is LedgerCommitment {
  return bet !== null && 'commitment' in bet;
}


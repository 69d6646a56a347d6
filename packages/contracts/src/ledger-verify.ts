// The checks a reader runs on the whole ledger without trusting our server: the chain, every
// signature, every reveal against its commitment, the lock, and the record recomputed from the
// ledger alone compared with what the server publishes. Used by `npm run verify-record` and by
// /historial's "Verificar"; they differ only in how they download (ledger-download.ts).
import {
  entryHash,
  isCommitment,
  LEDGER_GENESIS,
  LEDGER_KINDS,
  type LedgerBet,
  type LedgerEntry,
  type LedgerHead,
  oddsCentsOf,
  type Sha256Hex,
} from './ledger';
import { type LedgerProblem, replayLedger, type ReplayedTip } from './ledger-replay';
import type { SignatureCheck } from './ledger-signature';
import {
  figuresOf,
  type SettledResult,
  tallyOfBet,
  type Tally,
  EMPTY_TALLY,
  mergeTallies,
  toOddsCents,
} from './track-record';

export type { LedgerProblem } from './ledger-replay';

/** A counted bet as GET /api/track-record/tips lists it (the fields the ledger also holds). */
export type ServerCountedTip = {
  _id: string;
  title: string;
  sport: string;
  category: string;
  matchDate: string;
  pick: string;
  odds: number;
  stake: number;
  bookmaker: string | null;
  result: string;
};

export type VerifyInput = {
  entries: readonly LedgerEntry[];
  head: LedgerHead;
  check: SignatureCheck;
  /** The entries' signature problems when already checked (the downloader checks each page as
   * it arrives, while the next one downloads); checked here otherwise. */
  signatureProblems?: readonly LedgerProblem[];
  /** GET /api/track-record's data (period 'all', no filter). */
  serverSummary: Record<string, unknown>;
  /** Every counted bet the server lists; left out, only the summary is compared. */
  serverTips?: readonly ServerCountedTip[];
  now: Date;
  /** SHA-256 for the chain's hashes; @noble/hashes unless the caller brings a native one. */
  sha256?: Sha256Hex;
};

export type CountedBet = {
  tipId: string;
  matchDate: string;
  bet: LedgerBet;
  result: SettledResult;
  /** The entries behind it: the state at kick-off and the result. */
  seq: number | null;
  resultSeq: number | null;
  tip: ReplayedTip;
};

export type VerifyReport = {
  ok: boolean;
  problems: LedgerProblem[];
  entries: number;
  tips: number;
  counted: number;
  importedEntries: number;
  /** Published tips whose bet is still to be settled, and published analyses without a bet. */
  pendingBets: number;
  withoutBet: number;
  figures: ReturnType<typeof figuresOf>;
};

/** How many problems a report lists at most (the count says how many there were). */
const MAX_PROBLEMS = 200;
const SIGNATURE_BATCH = 512;

const FIGURE_LABELS: Record<string, string> = {
  settled: 'apuestas resueltas',
  won: 'ganadas',
  lost: 'perdidas',
  void: 'nulas',
  halfWon: 'medio ganadas',
  halfLost: 'medio perdidas',
  hitRate: 'acierto',
  profitUnits: 'beneficio (u)',
  stakedUnits: 'unidades apostadas',
  yield: 'yield',
  averageOdds: 'cuota media',
  longestWinRun: 'mejor racha',
  longestLoseRun: 'peor racha',
  averageStake: 'stake medio',
  levelStakeYield: 'yield a stake fijo',
  maxDrawdownUnits: 'máxima caída (u)',
  clv: 'CLV',
  clvBets: 'apuestas con cuota de cierre',
  yieldByOddsBand: 'yield por tramo de cuota',
  withoutBet: 'análisis sin apuesta',
  pendingBets: 'apuestas pendientes',
};

/** JSON with sorted keys, floats allowed: two figures (or tables of them) are equal when their
 * texts are. */
function stableText(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableText(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

function checkChain(
  entries: readonly LedgerEntry[],
  problems: LedgerProblem[],
  sha256: Sha256Hex | undefined,
): void {
  let prevHash = LEDGER_GENESIS;
  let prevAt = -Infinity;
  entries.forEach((entry, i) => {
    const problem = (message: string) =>
      problems.push({ seq: entry.seq, tipId: entry.tipId, message });
    if (entry.seq !== i + 1) problem(`Número de entrada inesperado: se esperaba #${i + 1}`);
    if (!(LEDGER_KINDS as readonly string[]).includes(entry.kind))
      problem('Tipo de entrada desconocido');
    if (entry.prevHash !== prevHash)
      problem('La cadena se rompe: prevHash no es el hash de la entrada anterior');
    const at = Date.parse(entry.at);
    if (Number.isNaN(at)) problem('Hora no válida');
    else if (!entry.imported) {
      // Imported history carries the times the server had recorded, tip by tip; from the first
      // live entry on, time only moves forward.
      if (at < prevAt) problem('La hora retrocede respecto a la entrada anterior');
      prevAt = Math.max(prevAt, at);
    }
    let hash: string;
    try {
      hash = entryHash(entry.prevHash, entry, sha256);
    } catch {
      hash = '';
    }
    if (hash !== entry.hash) problem('El hash no corresponde al contenido de la entrada');
    prevHash = entry.hash;
  });
}

/** Every entry's signature, checked in batches that run side by side (WebCrypto spreads them
 * over the platform's threads); the problems, in order. */
export async function signatureProblemsOf(
  entries: readonly LedgerEntry[],
  check: SignatureCheck,
): Promise<LedgerProblem[]> {
  const problems: LedgerProblem[] = [];
  await checkSignatures(entries, check, problems);
  return problems;
}

async function checkSignatures(
  entries: readonly LedgerEntry[],
  check: SignatureCheck,
  problems: LedgerProblem[],
): Promise<void> {
  for (let i = 0; i < entries.length; i += SIGNATURE_BATCH) {
    const batch = entries.slice(i, i + SIGNATURE_BATCH);
    const valid = await Promise.all(batch.map((e) => check(e.hash, e.sig)));
    valid.forEach((ok, j) => {
      const e = batch[j];
      if (!ok && e) problems.push({ seq: e.seq, tipId: e.tipId, message: 'Firma no válida' });
    });
  }
}

async function checkHead(
  entries: readonly LedgerEntry[],
  head: LedgerHead,
  check: SignatureCheck,
  problems: LedgerProblem[],
): Promise<void> {
  const last = entries[entries.length - 1];
  if (!last) {
    if (head.seq !== 0)
      problems.push({
        message: `La cabeza anuncia #${head.seq} pero no se descargó ninguna entrada`,
      });
    return;
  }
  if (head.seq !== last.seq || head.hash !== last.hash)
    problems.push({
      seq: head.seq,
      message: `La cabeza publicada (#${head.seq}) no es la última entrada descargada (#${last.seq})`,
    });
  else if (!(await check(head.hash, head.sig)))
    problems.push({ seq: head.seq, message: 'Firma de la cabeza no válida' });
}

/** Bets that count, in the record's order (kick-off, then id): published at kick-off with a bet
 * (revealed, for VIP) and a result. */
function countedBets(tips: Iterable<ReplayedTip>, problems: LedgerProblem[]): CountedBet[] {
  const counted: CountedBet[] = [];
  for (const tip of tips) {
    const at = tip.atKickoff;
    if (!at?.published || !at.state?.bet || tip.result === null) continue;
    let bet: LedgerBet | null = null;
    if (isCommitment(at.state.bet)) {
      bet = tip.revealed;
      if (!bet) {
        problems.push({
          seq: tip.resultSeq ?? undefined,
          tipId: tip.tipId,
          message: 'Apuesta VIP con resultado pero sin revelar',
        });
        continue;
      }
    } else bet = at.state.bet;
    counted.push({
      tipId: tip.tipId,
      matchDate: at.state.matchDate,
      bet,
      result: tip.result,
      seq: at.seq,
      resultSeq: tip.resultSeq,
      tip,
    });
  }
  return counted.sort(
    (a, b) =>
      Date.parse(a.matchDate) - Date.parse(b.matchDate) ||
      (a.tipId < b.tipId ? -1 : a.tipId > b.tipId ? 1 : 0),
  );
}

function tallyOfCounted(bets: readonly CountedBet[]): Tally {
  let tally = EMPTY_TALLY;
  for (const b of bets)
    tally = mergeTallies(
      tally,
      tallyOfBet({
        result: b.result,
        oddsCents: oddsCentsOf(b.bet.odds) ?? 0,
        stake: b.bet.stake,
        closingOddsCents: b.tip.closingOdds === null ? null : oddsCentsOf(b.tip.closingOdds),
      }),
    );
  return tally;
}

function compareSummary(
  figures: Record<string, unknown>,
  server: Record<string, unknown>,
  problems: LedgerProblem[],
): void {
  for (const [key, mine] of Object.entries(figures)) {
    const theirs = server[key];
    if (stableText(theirs) === stableText(mine)) continue;
    const label = FIGURE_LABELS[key] ?? key;
    const show = (v: unknown) => (typeof v === 'object' && v !== null ? stableText(v) : String(v));
    problems.push({
      message: `El resumen del servidor no coincide en ${label}: el registro da ${show(mine)}, el servidor ${show(theirs)}`,
    });
  }
}

function compareTips(
  bets: readonly CountedBet[],
  server: readonly ServerCountedTip[],
  problems: LedgerProblem[],
): void {
  const byId = new Map(server.map((t) => [t._id, t]));
  for (const b of bets) {
    const t = byId.get(b.tipId);
    byId.delete(b.tipId);
    if (!t) {
      problems.push({
        seq: b.resultSeq ?? undefined,
        tipId: b.tipId,
        message: 'El registro cuenta esta apuesta y el servidor no la lista',
      });
      continue;
    }
    const state = b.tip.atKickoff?.state;
    const differs: string[] = [];
    if (t.pick !== b.bet.pick) differs.push('pronóstico');
    if (toOddsCents(t.odds) !== oddsCentsOf(b.bet.odds)) differs.push('cuota');
    if (t.stake !== b.bet.stake) differs.push('stake');
    if ((t.bookmaker ?? null) !== b.bet.bookmaker) differs.push('casa de apuestas');
    if (t.result !== b.result) differs.push('resultado');
    if (state && Date.parse(t.matchDate) !== Date.parse(state.matchDate))
      differs.push('fecha del partido');
    if (state && t.title !== state.title) differs.push('título');
    if (state && t.sport !== state.sport) differs.push('deporte');
    if (state && t.category !== state.category) differs.push('categoría');
    if (differs.length > 0)
      problems.push({
        seq: b.seq ?? undefined,
        tipId: b.tipId,
        message: `El servidor muestra otro valor de ${differs.join(', ')} que el registro`,
      });
  }
  for (const t of byId.values())
    problems.push({
      tipId: t._id,
      message: 'El servidor cuenta esta apuesta pero el registro no la respalda',
    });
}

export async function verifyLedger(input: VerifyInput): Promise<VerifyReport> {
  const problems: LedgerProblem[] = [];
  checkChain(input.entries, problems, input.sha256);
  if (input.signatureProblems) problems.push(...input.signatureProblems);
  else await checkSignatures(input.entries, input.check, problems);
  await checkHead(input.entries, input.head, input.check, problems);
  const replay = replayLedger(input.entries, input.now.getTime());
  problems.push(...replay.problems);
  const bets = countedBets(replay.tips.values(), problems);
  const figures = figuresOf(tallyOfCounted(bets));
  compareSummary(figures, input.serverSummary, problems);
  if (input.serverTips) compareTips(bets, input.serverTips, problems);
  let pendingBets = 0;
  let withoutBet = 0;
  for (const tip of replay.tips.values()) {
    if (!tip.published || !tip.state) continue;
    if (tip.state.bet === null) withoutBet += 1;
    else if (tip.result === null) pendingBets += 1;
  }
  // The record also says how many public tips had no bet and how many bets wait for a result.
  compareSummary({ withoutBet, pendingBets }, input.serverSummary, problems);
  return {
    ok: problems.length === 0,
    problems: problems.slice(0, MAX_PROBLEMS),
    entries: input.entries.length,
    tips: replay.tips.size,
    counted: bets.length,
    importedEntries: input.entries.filter((e) => e.imported).length,
    pendingBets,
    withoutBet,
    figures,
  };
}

// Replays the ledger tip by tip, as a reader's verifier does: what each tip held when its match
// started, whether every VIP reveal opens the commitment in force at kick-off, and whether any
// entry broke the lock (a bet or a match changed after kick-off, a kick-off moved into the past).
import {
  betCommitment,
  isCommitment,
  type LedgerBet,
  type LedgerEntry,
  type LedgerTipState,
  type LedgerValues,
} from './ledger';
import type { SettledResult } from './track-record';

export type LedgerProblem = { seq?: number; tipId?: string; message: string };

/** What a tip held at one moment: public or not, its match and bet, and which entry committed a
 * VIP bet (its reveal must open exactly that one). */
export type TipSnapshot = {
  published: boolean;
  state: LedgerTipState | null;
  commitSeq: number | null;
  /** The entry that last set this state. */
  seq: number | null;
};

export type ReplayedTip = TipSnapshot & {
  tipId: string;
  /** The tip as its match started; undefined while the match is ahead. */
  atKickoff: TipSnapshot | undefined;
  commitments: Map<number, string>;
  revealed: LedgerBet | null;
  revealSeq: number | null;
  result: SettledResult | null;
  resultSeq: number | null;
  closingOdds: string | null;
  imported: boolean;
};

const REASON_MIN = 10;
const REASON_MAX = 300;

const time = (iso: string): number => Date.parse(iso);

/** The match and the bet, as one text: equal texts mean nothing of the record changed. */
const identity = (s: LedgerTipState | null): string =>
  s ? JSON.stringify([s.title, s.sport, s.matchDate, s.category, s.bet]) : '';

function freeze(tip: ReplayedTip): void {
  if (tip.atKickoff !== undefined) return;
  tip.atKickoff = {
    published: tip.published,
    state: tip.state,
    commitSeq: tip.commitSeq,
    seq: tip.seq,
  };
}

function newTip(tipId: string): ReplayedTip {
  return {
    tipId,
    published: false,
    state: null,
    commitSeq: null,
    seq: null,
    atKickoff: undefined,
    commitments: new Map(),
    revealed: null,
    revealSeq: null,
    result: null,
    resultSeq: null,
    closingOdds: null,
    imported: false,
  };
}

export type Replay = { tips: Map<string, ReplayedTip>; problems: LedgerProblem[] };

/** Runs every entry in order; `nowMs` freezes the tips whose match has started since their last
 * entry. */
export function replayLedger(entries: readonly LedgerEntry[], nowMs: number): Replay {
  const tips = new Map<string, ReplayedTip>();
  const problems: LedgerProblem[] = [];
  for (const entry of entries) {
    let tip = tips.get(entry.tipId);
    if (!tip) {
      tip = newTip(entry.tipId);
      tips.set(entry.tipId, tip);
    }
    if (entry.imported) tip.imported = true;
    const problem = (message: string) =>
      problems.push({ seq: entry.seq, tipId: entry.tipId, message });
    // The state at kick-off is what the tip held before its first entry after the match began;
    // a tip whose first entry comes after it (published late) started hidden.
    const matchDate =
      tip.state?.matchDate ??
      (entry.kind === 'publish' ? (entry.values as LedgerValues['publish']).matchDate : null);
    if (matchDate !== null && time(entry.at) > time(matchDate)) freeze(tip);
    applyEntry(tip, entry, problem);
  }
  for (const tip of tips.values()) if (tip.state && time(tip.state.matchDate) <= nowMs) freeze(tip);
  return { tips, problems };
}

function applyState(
  tip: ReplayedTip,
  entry: LedgerEntry,
  values: LedgerTipState,
  problem: (m: string) => void,
): void {
  const before = tip.state;
  const started = before !== null && time(entry.at) >= time(before.matchDate);
  if (started && tip.atKickoff?.published && identity(before) !== identity(values))
    problem('El partido ya había empezado: el pronóstico o el partido no podían cambiar');
  if (before && values.matchDate !== before.matchDate && time(values.matchDate) <= time(entry.at))
    problem('La fecha del partido se movió a un momento que ya había pasado');
  if (isCommitment(values.bet)) {
    if (!/^[0-9a-f]{64}$/.test(values.bet.commitment)) problem('Compromiso con formato no válido');
    // Every state entry of a VIP bet carries a fresh commitment (a new salt): the one in force
    // is always the last entry's.
    tip.commitSeq = entry.seq;
    tip.commitments.set(entry.seq, values.bet.commitment);
  } else {
    tip.commitSeq = null;
  }
  tip.state = values;
  tip.published = true;
  tip.seq = entry.seq;
}

function applyEntry(tip: ReplayedTip, entry: LedgerEntry, problem: (m: string) => void): void {
  const matchMs = tip.state ? time(tip.state.matchDate) : null;
  const afterKickoff = matchMs !== null && time(entry.at) >= matchMs;
  switch (entry.kind) {
    case 'publish':
      return applyState(tip, entry, entry.values as LedgerValues['publish'], problem);
    case 'change':
      if (!tip.published) problem('Cambio de un tip que no estaba publicado');
      return applyState(tip, entry, entry.values as LedgerValues['change'], problem);
    case 'withdraw':
      if (!tip.published) problem('Retirada de un tip que no estaba publicado');
      if (afterKickoff && tip.atKickoff?.published && tip.atKickoff.state?.bet)
        problem('Se retiró una apuesta después del inicio del partido');
      tip.published = false;
      tip.seq = entry.seq;
      return;
    case 'kickoff': {
      const values = entry.values as LedgerValues['kickoff'];
      if (!tip.state || values.matchDate !== tip.state.matchDate)
        problem('El inicio no corresponde a la fecha del partido registrada');
      if (!afterKickoff) problem('Inicio anotado antes de la hora del partido');
      freeze(tip);
      return;
    }
    case 'reveal':
      return applyReveal(tip, entry as LedgerEntry<'reveal'>, afterKickoff, problem);
    case 'result':
    case 'correction':
      return applyResult(tip, entry, afterKickoff, problem);
    default:
      problem(`Tipo de entrada desconocido: ${String(entry.kind)}`);
  }
}

function applyReveal(
  tip: ReplayedTip,
  entry: LedgerEntry<'reveal'>,
  afterKickoff: boolean,
  problem: (m: string) => void,
): void {
  if (!afterKickoff) problem('Apuesta VIP revelada antes del inicio del partido');
  freeze(tip);
  const { bet, salt, commitSeq } = entry.values;
  const committed = tip.commitments.get(commitSeq);
  if (committed === undefined)
    return problem(`La revelación cita un compromiso inexistente (#${commitSeq})`);
  if (betCommitment(bet, salt) !== committed)
    return problem(`La apuesta revelada no coincide con su compromiso #${commitSeq}`);
  if (tip.atKickoff?.commitSeq !== commitSeq)
    return problem(`La revelación abre el compromiso #${commitSeq}, no el vigente al inicio`);
  tip.revealed = bet;
  tip.revealSeq = entry.seq;
}

function applyResult(
  tip: ReplayedTip,
  entry: LedgerEntry,
  afterKickoff: boolean,
  problem: (m: string) => void,
): void {
  if (!afterKickoff) problem('Resultado anotado antes del inicio del partido');
  freeze(tip);
  if (entry.kind === 'result') {
    const values = entry.values as LedgerValues['result'];
    if (tip.result !== null) problem('Segundo resultado sin corrección');
    tip.result = values.result;
    tip.closingOdds = values.closingOdds;
  } else {
    const values = entry.values as LedgerValues['correction'];
    if (tip.result === null) problem('Corrección de un resultado que no existía');
    else if (values.previous !== tip.result)
      problem('La corrección no parte del último resultado registrado');
    const reason = values.reason.trim();
    if (reason.length < REASON_MIN || reason.length > REASON_MAX)
      problem('Corrección sin un motivo de 10 a 300 caracteres');
    tip.result = values.result;
    tip.closingOdds = values.closingOdds;
  }
  tip.resultSeq = entry.seq;
}

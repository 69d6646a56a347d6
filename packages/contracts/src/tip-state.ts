// The proof issue, item 7: one state per tip, the same words everywhere a tip shows (cards, the
// tip page, /historial, the editor's lists), so a result is never shown beside "En progreso".
import type { MatchStatus } from './match-status';
import { RESULT_LABELS, type TipResult } from './tip-results';

export type TipStateKey =
  | 'programado'
  | 'en_juego'
  | 'pendiente_resultado'
  | 'finalizado'
  | 'ganado'
  | 'perdido'
  | 'nulo'
  | 'medio_ganado'
  | 'medio_perdido';

export type TipState = { key: TipStateKey; label: string };

const unitsFormat = new Intl.NumberFormat('es', {
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});

/** "+1,7 u", "−2 u": the sign always shown, a typographic minus. */
export function signedUnits(units: number): string {
  return `${unitsFormat.format(units).replace('-', '−')} u`;
}

/**
 * The state of a tip from what its public view carries: the match status the server derived,
 * the bet's result and profit, and whether it is an analysis without a bet. A recorded result
 * wins over the clock; a bet whose match is over waits "Pendiente de resultado"; an analysis
 * without a bet is simply "Finalizado" once its match is.
 */
export function tipState(tip: {
  status: MatchStatus | string;
  result?: TipResult;
  profitUnits?: number;
  noBet?: boolean;
}): TipState {
  const result = tip.result;
  if (result && result !== 'pendiente') {
    const units = result === 'nulo' ? '' : ` ${signedUnits(tip.profitUnits ?? 0)}`;
    return { key: result, label: `${RESULT_LABELS[result]}${units}` };
  }
  if (tip.status === 'pendiente') return { key: 'programado', label: 'Programado' };
  if (tip.status === 'en_progreso') return { key: 'en_juego', label: 'En juego' };
  // A card that hides a pending VIP bet carries no result, but has a bet all the same.
  return tip.noBet
    ? { key: 'finalizado', label: 'Finalizado' }
    : { key: 'pendiente_resultado', label: 'Pendiente de resultado' };
}

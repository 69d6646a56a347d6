import { RESULT_LABELS, type TipResult } from '@magotips/contracts/track-record';
import './result-badge.css';

const MODIFIER: Record<TipResult, string> = {
  pendiente: 'pending',
  ganado: 'won',
  perdido: 'lost',
  nulo: 'void',
  medio_ganado: 'half-won',
  medio_perdido: 'half-lost',
};

/** A tip's result, coloured and always with its word (colour is never the only signal). */
export function ResultBadge({ result }: { result: TipResult }) {
  return (
    <span className={`result-badge result-badge--${MODIFIER[result]}`}>
      {RESULT_LABELS[result]}
    </span>
  );
}

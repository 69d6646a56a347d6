import type { TipResult } from '@magotips/contracts/track-record';
import { ResultBadge } from '../../../components/track-record/result-badge';
import { formatOdds } from '../../../lib/format-track-record';

/** Whole units as the track record writes them ("3 u"). */
export function formatStake(stake: number): string {
  return `${stake} u`;
}

type BetSummaryProps = {
  pick: string;
  odds: number;
  stake: number;
  /** Shown after the figures, named "Resultado" so its "Pendiente" is not read as the match's. */
  result?: TipResult;
};

/** A tip's bet in one line: what is played, at what odds, with how many units. */
export function BetSummary({ pick, odds, stake, result }: BetSummaryProps) {
  return (
    <p className="bet-summary">
      <span className="bet-summary__pick">{pick}</span>
      <span className="bet-summary__figure">
        Cuota <strong>{formatOdds(odds)}</strong>
      </span>
      <span className="bet-summary__figure">
        Stake <strong>{formatStake(stake)}</strong>
      </span>
      {result ? (
        <span className="bet-summary__figure">
          Resultado <ResultBadge result={result} />
        </span>
      ) : null}
    </p>
  );
}

import type { TTrackRecord } from '@magotips/contracts/track-record-schemas';
import { formatCount, formatPercent, formatUnits } from '../../../lib/format-track-record';
import { formatMonth } from '../format-dates';
import { profitTone } from './profit-tone';

type Month = TTrackRecord['byMonth'][number];

/** Profit month by month, newest first: a bar either side of zero, and the figures in words
 * beside it (the bar is decoration; the text is the data). */
export function MonthlyBars({ months }: { months: readonly Month[] }) {
  const largest = Math.max(...months.map((m) => Math.abs(m.profitUnits)), 0) || 1;
  const newestFirst = [...months].reverse();
  return (
    <ol className="tr-months">
      {newestFirst.map((month) => {
        const width = `${(Math.abs(month.profitUnits) / largest) * 50}%`;
        return (
          <li key={month.month} className="tr-month">
            <span className="tr-month__name">{formatMonth(month.month)}</span>
            <span className="tr-month__track" aria-hidden="true">
              <span
                className={`tr-month__bar ${month.profitUnits < 0 ? 'tr-month__bar--down' : 'tr-month__bar--up'}`}
                style={{ width }}
              />
            </span>
            <span className="tr-month__figures">
              <strong className={profitTone(month.profitUnits)}>
                {formatUnits(month.profitUnits)}
              </strong>{' '}
              <span className="tr-month__detail">
                · yield {formatPercent(month.yield)} · {formatCount(month.settled)}{' '}
                {month.settled === 1 ? 'tip' : 'tips'}
              </span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

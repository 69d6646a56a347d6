import { Link } from 'react-router';
import { PastResultsNote } from '../../../components/track-record/past-results-note';
import { formatCount, formatPercent, formatUnits } from '../../../lib/format-track-record';
import { useRecordHeadline } from '../api/get-record-headline';

/** "+38,5 u · yield 7,2 % · 412 tips verificados", linking to /historial (issue 14), and under it
 * that past results guarantee nothing (issue 32 item 5). Both lines are always there, empty and
 * unseen until the figures arrive (and while nothing is settled, or on an error: a missing boast
 * is no failure), so nothing below them moves. */
export function RecordHeadline({ className = '' }: { className?: string }) {
  const { data } = useRecordHeadline();
  const shown = Boolean(data && data.settled > 0);
  return (
    <div className={`record-headline ${className}`}>
      <p className="record-headline__figures">
        {data && shown ? (
          <Link to="/historial" className="record-headline__link">
            <strong>{formatUnits(data.profitUnits)}</strong> · yield {formatPercent(data.yield)} ·{' '}
            {formatCount(data.settled)} tips verificados
          </Link>
        ) : null}
      </p>
      <PastResultsNote className="record-headline__note" idle={!shown} />
    </div>
  );
}

import { Link } from 'react-router';
import { formatCount, formatPercent, formatUnits } from '../../../lib/format-track-record';
import { useRecordHeadline } from '../api/get-record-headline';

/** "+38,5 u · yield 7,2 % · 412 tips verificados", linking to /historial (issue 14). Its line is
 * always there, empty until the figures arrive (and while nothing is settled, or on an error:
 * a missing boast is no failure), so nothing below it moves. */
export function RecordHeadline({ className = '' }: { className?: string }) {
  const { data } = useRecordHeadline();
  return (
    <p className={`record-headline ${className}`}>
      {data && data.settled > 0 ? (
        <Link to="/historial" className="record-headline__link">
          <strong>{formatUnits(data.profitUnits)}</strong> · yield {formatPercent(data.yield)} ·{' '}
          {formatCount(data.settled)} tips verificados
        </Link>
      ) : null}
    </p>
  );
}

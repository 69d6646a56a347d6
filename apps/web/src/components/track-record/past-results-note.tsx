import { PAST_RESULTS_NOTICE } from '@magotips/contracts/responsible-play';
import './past-results-note.css';

/** The small muted line under every figure of the record (issue 32 item 5, decision 0111): what
 * the record shows is the past, not a promise. `idle` keeps its place, unseen, while the figures
 * it speaks of are not on screen, so nothing moves when they arrive. */
export function PastResultsNote({
  className = '',
  idle = false,
}: {
  className?: string;
  idle?: boolean;
}) {
  return (
    <p
      className={`past-results-note ${idle ? 'past-results-note--idle' : ''} ${className}`}
      aria-hidden={idle ? true : undefined}
    >
      {PAST_RESULTS_NOTICE}.
    </p>
  );
}

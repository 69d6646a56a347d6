import { pauseRefusalText, type PauseView } from '../../lib/session/pause';
import './pause-notice.css';

/** What stands where a purchase or gift button would while the reader is paused (decision 0116):
 * the API's own 409 PAUSED text, so the page and a refused call say the same. */
export function PauseRefusal({ pause, className }: { pause: PauseView; className?: string }) {
  return (
    <p className={`pause-refusal${className ? ` ${className}` : ''}`}>{pauseRefusalText(pause)}</p>
  );
}

import { Link } from 'react-router';
import { pauseStatusText, usePause } from '../../lib/session/pause';
import './pause-notice.css';

export const PAUSE_NOTICE_LINK = 'Ver mi pausa';

/** The slim line heading every /panel page while the reader's account is paused (decision
 * 0116): what holds and until when, and the way to the account card that explains it. */
export function PauseNotice() {
  const pause = usePause();
  if (!pause) return null;
  return (
    <p className="pause-notice" role="status">
      <span className="pause-notice__text">{pauseStatusText(pause)}</span>{' '}
      <Link className="pause-notice__link" to="/panel/cuenta#pausa">
        {PAUSE_NOTICE_LINK}
      </Link>
    </p>
  );
}

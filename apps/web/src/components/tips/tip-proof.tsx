import { Link } from 'react-router';
import { useReaderTimeZone } from '../../lib/reader-zone';
import { publicationText } from './revision-text';
import type { TipCardTip } from './tip-display';
import './tip-proof.css';

export const RECORD_LINK_TEXT = 'Ver en el registro público';
export const LOCKED_TEXT = 'Apuesta bloqueada desde el inicio del partido';
export const LOCKED_NO_BET_TEXT = 'Bloqueado desde el inicio del partido';
export const LOCKS_AT_KICKOFF_TEXT = 'La apuesta se bloquea al inicio del partido.';

/** The public record's page for one tip: its ledger entries (built by the track record). */
export function recordHref(tipId: string): string {
  return `/historial/registro?tip=${encodeURIComponent(tipId)}`;
}

/** What lets a reader check the tip (the proof issue, item 6): when it became public and how
 * long before kick-off, whether the bet is locked yet, and a way to its entries in the public
 * record. */
export function TipProof({ tip }: { tip: TipCardTip }) {
  const published = publicationText(tip.publishedAt, tip.matchDate, useReaderTimeZone());
  // The server derives the status from its clock: anything but 'pendiente' means kicked off.
  const started = !!tip.status && tip.status !== 'pendiente';
  return (
    <div className="tip-proof">
      {published ? <p className="tip-proof__published">{published}</p> : null}
      {started ? (
        <p className="tip-proof__lock tip-proof__lock--on">
          <span aria-hidden="true">🔒 </span>
          {tip.noBet ? LOCKED_NO_BET_TEXT : LOCKED_TEXT}
        </p>
      ) : tip.noBet ? null : (
        <p className="tip-proof__lock">{LOCKS_AT_KICKOFF_TEXT}</p>
      )}
      <p className="tip-proof__record">
        <Link to={recordHref(tip._id)}>{RECORD_LINK_TEXT}</Link>
      </p>
    </div>
  );
}

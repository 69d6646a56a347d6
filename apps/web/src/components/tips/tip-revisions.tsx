import type { TTipRevision } from '@magotips/contracts/tips';
import { useId } from 'react';
import { formatMoment } from '../../lib/format-date';
import { useReaderTimeZone } from '../../lib/reader-zone';
import { fieldLabel, KIND_LABELS, RESERVED_TEXT, valueText } from './revision-text';
import './tip-proof.css';

export const HISTORY_TITLE = 'Historial de cambios';
export const NO_CHANGES_TEXT = 'Sin cambios desde su publicación.';

type TipRevisionsProps = {
  revisions: readonly TTipRevision[];
  /** h2 on the tip page, h3 inside the modal (whose title is the h2). */
  headingLevel?: 2 | 3;
};

/** Every change to the tip after its publication, oldest first, in the open: when, what kind,
 * each field before and after, and a correction's reason. A revision written while the tip was
 * VIP reaches a reader not entitled to VIP without its values; it says so instead of showing
 * them (the proof issue, item 3). */
export function TipRevisions({ revisions, headingLevel = 2 }: TipRevisionsProps) {
  const titleId = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <section className="tip-revisions" aria-labelledby={titleId}>
      <Heading id={titleId} className="tip-revisions__title">
        {HISTORY_TITLE}
      </Heading>
      {revisions.length === 0 ? (
        <p className="tip-revisions__none">{NO_CHANGES_TEXT}</p>
      ) : (
        <ol className="tip-revisions__list">
          {revisions.map((revision, index) => (
            <li key={`${revision.at}-${index}`} className="tip-revisions__item">
              <RevisionEntry revision={revision} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function RevisionEntry({ revision }: { revision: TTipRevision }) {
  const timeZone = useReaderTimeZone();
  return (
    <>
      <p className="tip-revisions__head">
        <span className={`tip-revisions__kind tip-revisions__kind--${revision.kind}`}>
          {KIND_LABELS[revision.kind]}
        </span>{' '}
        {/* One run of text: on a phone it wraps like a sentence, never starting a line with "·". */}
        <span>
          <time dateTime={revision.at}>{formatMoment(revision.at, timeZone)}</time> · por{' '}
          {revision.by}
        </span>
      </p>
      {revision.reserved ? (
        // The field names stay: a reader may know the pick changed, never what it was.
        <p className="tip-revisions__reserved">
          {revision.changes.length > 0 ? (
            <>
              <span>
                Cambió: {revision.changes.map((c) => fieldLabel(c.field)).join(', ')}.
              </span>{' '}
            </>
          ) : null}
          <span aria-hidden="true">🔒 </span>
          {RESERVED_TEXT}
        </p>
      ) : (
        <ul className="tip-revisions__changes">
          {revision.changes.map((change) => (
            <li key={change.field}>
              <strong>{fieldLabel(change.field)}</strong>:{' '}
              <del>{valueText(change.field, change.before, timeZone)}</del>{' '}
              <span aria-hidden="true">→</span>
              <span className="visually-hidden"> pasa a</span>{' '}
              <ins>{valueText(change.field, change.after, timeZone)}</ins>
            </li>
          ))}
        </ul>
      )}
      {revision.reason ? (
        <figure className="tip-revisions__reason">
          <figcaption>Motivo de la corrección</figcaption>
          <blockquote>
            <p>{revision.reason}</p>
          </blockquote>
        </figure>
      ) : null}
    </>
  );
}

import type { TTipRevision } from '@magotips/contracts/tips';
import { formatMatchDate } from '../../../lib/format-date';
import { fieldLabel, revisionsSummary, valueText } from '../revision-text';

/** Every change to the tip after its publication, oldest first: who, when, and each field
 * before and after. Nothing is changed quietly (issue 14). */
export function TipRevisions({ revisions }: { revisions: readonly TTipRevision[] }) {
  const summary = revisionsSummary(revisions);
  if (!summary) return null;
  return (
    <details className="tip-revisions">
      <summary>{summary}</summary>
      <ol className="tip-revisions__list">
        {revisions.map((revision, index) => (
          <li key={`${revision.at}-${index}`}>
            <p className="tip-revisions__when">
              {revision.kind === 'result' ? 'Resultado registrado' : 'Editado'} por {revision.by} el{' '}
              <time dateTime={revision.at}>{formatMatchDate(revision.at)}</time>
            </p>
            <ul className="tip-revisions__changes">
              {revision.changes.map((change) => (
                <li key={change.field}>
                  <strong>{fieldLabel(change.field)}</strong>:{' '}
                  <del>{valueText(change.field, change.before)}</del>{' '}
                  <span aria-hidden="true">→</span>
                  <span className="visually-hidden"> pasa a</span>{' '}
                  <ins>{valueText(change.field, change.after)}</ins>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </details>
  );
}

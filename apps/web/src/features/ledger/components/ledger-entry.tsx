import { LEDGER_KIND_LABELS } from '@magotips/contracts/ledger-labels';
import { Link } from 'react-router';
import { type Entry, formatAt } from '../ledger-format';
import { useReaderTimeZone } from '../../../lib/reader-zone';
import { EntryValues } from './entry-values';
import { HashText } from './hash-text';

/** The ledger page's address for one tip's entries. */
export const tipEntriesHref = (tipId: string) => `/historial/registro?tip=${tipId}`;

/**
 * One entry: its number (an anchor, `#seq-<n>`, so a link can point at it), the server's time,
 * its kind, the tip, its values and the chain (the previous hash, its own, its signature).
 */
export function LedgerEntry({ entry, showTipLink }: { entry: Entry; showTipLink: boolean }) {
  const timeZone = useReaderTimeZone();
  const anchor = `seq-${entry.seq}`;
  const tipHref = tipEntriesHref(entry.tipId);
  return (
    <article id={anchor} className={`lg-entry lg-entry--${entry.kind}`} tabIndex={-1}>
      <header className="lg-entry__top">
        <a className="lg-entry__seq" href={`#${anchor}`}>
          #{entry.seq}
        </a>
        <h3 className="lg-entry__kind">{LEDGER_KIND_LABELS[entry.kind]}</h3>
        {entry.imported ? (
          <span
            className="lg-entry__imported"
            title="Escrita desde el historial anterior al registro"
          >
            Importada
          </span>
        ) : null}
        <time className="lg-entry__at" dateTime={entry.at}>
          {formatAt(entry.at, timeZone)}
        </time>
      </header>
      <EntryValues entry={entry} tipHref={tipHref} />
      <p className="lg-entry__links">
        <Link to={`/tip/${entry.tipId}`}>
          Ver el tip <span className="visually-hidden">de la entrada #{entry.seq}</span>
        </Link>
        {showTipLink ? (
          <Link to={tipHref}>
            Todas sus entradas{' '}
            <span className="visually-hidden">(tip de la entrada #{entry.seq})</span>
          </Link>
        ) : null}
      </p>
      <dl className="lg-chain">
        <div>
          <dt>Hash anterior</dt>
          <dd>
            <HashText label="Hash anterior" value={entry.prevHash} />
          </dd>
        </div>
        <div>
          <dt>Hash</dt>
          <dd>
            <HashText label="Hash" value={entry.hash} />
          </dd>
        </div>
        <div>
          <dt>Firma</dt>
          <dd>
            <HashText label="Firma" value={entry.sig} />
          </dd>
        </div>
      </dl>
    </article>
  );
}

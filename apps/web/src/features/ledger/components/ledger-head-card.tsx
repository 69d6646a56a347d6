import { headLabel } from '@magotips/contracts/ledger-labels';
import type { TLedgerHead } from '@magotips/contracts/ledger-schemas';
import { Link } from 'react-router';
import { formatAt } from '../ledger-format';
import { useReaderTimeZone } from '../../../lib/reader-zone';
import { HashText } from './hash-text';

/** The head: the last entry's number and hash, as Telegram posts, alert e-mails and /historial
 * print it, so a reader can compare it with a copy we don't control. */
export function LedgerHeadCard({ head }: { head: TLedgerHead }) {
  const timeZone = useReaderTimeZone();
  return (
    <dl className="lg-head">
      <div>
        <dt>Última entrada</dt>
        <dd>
          <Link to={`/historial/registro#seq-${head.seq}`}>
            <code>{headLabel(head)}</code>
          </Link>
        </dd>
      </div>
      {head.at ? (
        <div>
          <dt>Anotada</dt>
          <dd>
            <time dateTime={head.at}>{formatAt(head.at, timeZone)}</time>
          </dd>
        </div>
      ) : null}
      <div>
        <dt>Hash</dt>
        <dd>
          <HashText label="Hash de la cabeza" value={head.hash} />
        </dd>
      </div>
      <div>
        <dt>Clave pública</dt>
        <dd>
          <a href="/api/track-record/ledger/key">Ed25519 (JSON y PEM)</a>
        </dd>
      </div>
    </dl>
  );
}

import { useId } from 'react';
import { Link } from 'react-router';
import { LEDGER_PAGE_SIZE } from '../ledger-format';

const count = new Intl.NumberFormat('es');

type LedgerPagerProps = { after: number; shown: number; headSeq: number };

/** Older and newer entries: links (each page has its own address), by `after`. */
export function LedgerPager({ after, shown, headSeq }: LedgerPagerProps) {
  const id = useId();
  const first = after + 1;
  const last = after + shown;
  const older = Math.max(0, after - LEDGER_PAGE_SIZE);
  return (
    <nav className="lg-pager" aria-labelledby={id}>
      <h3 id={id} className="visually-hidden">
        Páginas del registro
      </h3>
      {after > 0 ? (
        <Link className="btn btn--small btn--outline" to={`/historial/registro?desde=${older}`}>
          Anteriores
        </Link>
      ) : (
        <span />
      )}
      <p className="lg-pager__where">
        Entradas {count.format(first)}–{count.format(last)} de {count.format(headSeq)}
      </p>
      {last < headSeq ? (
        <Link className="btn btn--small btn--outline" to={`/historial/registro?desde=${last}`}>
          Siguientes
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

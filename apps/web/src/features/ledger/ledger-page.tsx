import { PAGE_META } from '@magotips/contracts/page-meta';
import { useEffect, useId } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ErrorPanel } from '../../components/ui/list-states';
import { useLedgerHead, useLedgerPage, type LedgerRead } from './api/get-ledger';
import { LedgerEntry } from './components/ledger-entry';
import { LedgerHeadCard } from './components/ledger-head-card';
import { LedgerPager } from './components/ledger-pager';
import { firstAfter, LEDGER_PAGE_SIZE, TIP_ENTRIES_LIMIT, tipTitleOf } from './ledger-format';
import './ledger-page.css';

const META = PAGE_META['/historial/registro'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /historial/registro: the public ledger, read in chain order (each entry's previous hash is the
 * hash of the one above it), opened at the newest page and paged with `after`; `?tip=<id>` lists
 * one tip's entries and `#seq-<n>` points at one entry.
 */
export default function LedgerPage() {
  const [params] = useSearchParams();
  const { hash } = useLocation();
  const rawTip = params.get('tip');
  const tip = rawTip && UUID.test(rawTip) ? rawTip.toLowerCase() : null;
  const head = useLedgerHead();
  const read: LedgerRead | null = tip
    ? { after: 0, limit: TIP_ENTRIES_LIMIT, tip }
    : head.data
      ? {
          after: firstAfter(params.get('desde'), hash, head.data.seq),
          limit: LEDGER_PAGE_SIZE,
          tip,
        }
      : null;
  const page = useLedgerPage(read);
  const entries = page.data?.entries;
  const headingId = useId();

  // The entry the address names, once it is on screen (the router does not scroll to a hash).
  useEffect(() => {
    if (!entries || !hash.startsWith('#seq-')) return;
    const target = document.getElementById(hash.slice(1));
    target?.scrollIntoView?.({ block: 'start' });
    target?.focus({ preventScroll: true });
  }, [entries, hash]);

  const title = tip && entries ? tipTitleOf(entries) : null;
  const failed =
    (tip ? null : head.status === 'error' ? head : null) ?? (page.status === 'error' ? page : null);

  return (
    <div className="ledger container">
      <title>{META?.title}</title>
      <meta name="description" content={META?.description} />
      <header className="ledger__intro">
        <p className="ledger__back">
          <Link to="/historial">← Historial verificado</Link>
        </p>
        <h1 className="section-title">Registro público</h1>
        <p className="section-lead">
          Cada publicación, cambio, inicio de partido, revelación y resultado de un tip con apuesta
          queda aquí, encadenado al anterior por su hash y firmado con nuestra clave. Las apuestas
          VIP se anotan comprometidas (solo su huella) hasta el inicio y se revelan después, para
          que cualquiera compruebe que no cambiaron. Para comprobarlo todo, pulsa «Verificar» en el
          historial o ejecuta <code>npm run verify-record -- --url {window.location.origin}</code>.
        </p>
        {head.data ? <LedgerHeadCard head={head.data} /> : <div className="lg-head lg-ghost" />}
      </header>

      {rawTip && !tip ? (
        <p className="lg-notice" role="alert">
          Ese enlace no señala ningún tip: abajo tienes el registro completo.
        </p>
      ) : null}

      <section
        className="ledger__entries"
        aria-labelledby={headingId}
        aria-busy={page.isPlaceholderData}
      >
        <h2 id={headingId} className="ledger__title">
          {tip ? (title ? `Entradas del tip «${title}»` : 'Entradas de un tip') : 'Entradas'}
        </h2>
        {tip ? (
          <p>
            <Link to="/historial/registro">Ver el registro completo</Link>
          </p>
        ) : null}
        {failed ? (
          <ErrorPanel
            title="No pudimos cargar el registro."
            message={failed.error?.message}
            onRetry={() => void failed.refetch()}
          />
        ) : !entries ? (
          <>
            <p className="visually-hidden" role="status">
              Cargando el registro...
            </p>
            <ol className="lg-list lg-ghost" aria-hidden="true">
              {Array.from({ length: 4 }, (_, i) => (
                <li key={i} className="lg-entry lg-entry--ghost" />
              ))}
            </ol>
          </>
        ) : entries.length === 0 ? (
          <div className="lg-empty">
            <p className="lg-empty__title">
              {tip
                ? 'Este tip no tiene entradas en el registro.'
                : 'El registro no tiene entradas todavía.'}
            </p>
            <p>
              {tip
                ? 'Solo se anotan los tips publicados; uno nunca publicado no deja rastro.'
                : 'La primera publicación de un tip abrirá la cadena.'}
            </p>
          </div>
        ) : (
          <>
            <ol className="lg-list">
              {entries.map((entry) => (
                <li key={entry.seq}>
                  <LedgerEntry entry={entry} showTipLink={!tip} />
                </li>
              ))}
            </ol>
            {!tip && read && head.data ? (
              <LedgerPager after={read.after} shown={entries.length} headSeq={head.data.seq} />
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}

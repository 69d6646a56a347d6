import { headLabel } from '@magotips/contracts/ledger-labels';
import { useState } from 'react';
import { Link } from 'react-router';
import { useLedgerHead } from '../api/get-ledger-head';
import type { VerifyOutcome } from '../verify-run';

type Run =
  | { step: 'idle' }
  | { step: 'loading' }
  | { step: 'running'; done: number; total: number }
  | { step: 'done'; outcome: VerifyOutcome }
  | { step: 'failed'; message: string };

const count = new Intl.NumberFormat('es');

function progressText(run: Run): string {
  if (run.step === 'loading') return 'Preparando la verificación...';
  if (run.step === 'running')
    return run.total > 0
      ? `Comprobando el registro: ${count.format(run.done)} de ${count.format(run.total)} entradas descargadas...`
      : 'Comprobando el registro...';
  return '';
}

/**
 * The ledger's head as copies we don't control print it, a link to the ledger, and "Verificar":
 * the reader's browser downloads every entry from this site's public API and checks the chain,
 * the signatures, the commitments and the figures, trusting nothing the server says about them.
 */
export function LedgerProof() {
  const head = useLedgerHead();
  const [run, setRun] = useState<Run>({ step: 'idle' });
  const busy = run.step === 'loading' || run.step === 'running';

  async function verify() {
    setRun({ step: 'loading' });
    try {
      // Its own chunk: the checks, Zod and Ed25519 load only for the reader who asks.
      const { verifyRecord } = await import('../verify-run');
      setRun({ step: 'running', done: 0, total: 0 });
      const outcome = await verifyRecord(window.location.origin, (done, total) =>
        setRun({ step: 'running', done, total }),
      );
      setRun({ step: 'done', outcome });
    } catch (error) {
      const detail = error instanceof Error && error.message ? ` (${error.message})` : '';
      setRun({
        step: 'failed',
        message: `No pudimos completar la verificación${detail}. Comprueba tu conexión y vuelve a intentarlo.`,
      });
    }
  }

  return (
    <section className="tr-proof" aria-label="Registro público">
      <p className="tr-proof__head">
        {head.data ? (
          <Link to="/historial/registro">
            Registro público: entrada <code>{headLabel(head.data)}</code>
          </Link>
        ) : head.status === 'error' ? (
          <Link to="/historial/registro">Registro público</Link>
        ) : (
          <span className="tr-proof__pending">Registro público: cargando la última entrada…</span>
        )}
      </p>
      <button
        type="button"
        className="btn btn--small btn--gold"
        onClick={() => void verify()}
        disabled={busy}
      >
        {busy ? 'Verificando...' : 'Verificar'}
      </button>
      <div className="tr-proof__result" role="status" aria-live="polite">
        {busy ? <p className="tr-proof__progress">{progressText(run)}</p> : null}
        {run.step === 'done' && run.outcome.ok ? (
          <p className="tr-proof__ok">{run.outcome.summary}</p>
        ) : null}
        {run.step === 'done' && !run.outcome.ok ? (
          <div className="tr-proof__bad">
            <p>{run.outcome.summary}</p>
            <ul>
              {run.outcome.problems.map((problem, index) => (
                <li key={index}>{problem}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {run.step === 'failed' ? <p className="tr-proof__bad">{run.message}</p> : null}
      </div>
    </section>
  );
}

import { useSession } from '../../lib/session/session-context';
import { useTip } from './get-tip';
import { HISTORY_TITLE, TipRevisions } from './tip-revisions';

/** The revision history where only the card came with the tip (the modal): read from the tip's
 * own page answer, which carries the history as this reader may see it, VIP values reserved. */
export function TipHistory({ tipId }: { tipId: string }) {
  const { user } = useSession();
  const { status, data, refetch } = useTip(tipId, user?._id ?? null);
  if (status === 'success') return <TipRevisions revisions={data.revisions} headingLevel={3} />;
  return (
    <section className="tip-revisions" aria-label={HISTORY_TITLE}>
      <h3 className="tip-revisions__title">{HISTORY_TITLE}</h3>
      {status === 'pending' ? (
        <p className="tip-revisions__none" role="status">
          Cargando historial...
        </p>
      ) : (
        <div className="tip-revisions__error" role="alert">
          <p>No pudimos cargar el historial de cambios.</p>
          <button
            type="button"
            className="btn btn--small btn--outline"
            onClick={() => void refetch()}
          >
            Reintentar
          </button>
        </div>
      )}
    </section>
  );
}

import { CardLoadError } from './card-load-error';
import { Link } from 'react-router';
import { useMyPacks } from '../../../lib/api/get-my-packs';
import { formatDateTime } from '../format';
import { useReaderTimeZone } from '../../../lib/reader-zone';

export const MY_PACKS_EMPTY = 'Todavía no has comprado ningún pack.';
export const MY_PACKS_ERROR = 'Error al cargar tus packs';
/** The registered landing's packs section, where a pack's matches are listed. */
export const PACKS_SECTION_LINK = { pathname: '/', hash: '#packs-title' };

function tipsText(count: number): string {
  return count === 1 ? '1 tip disponible' : `${count} tips disponibles`;
}

/** GET /api/packs/mis-packs: what the user bought, when, and where to read it. */
export function PurchasedPacks() {
  const timeZone = useReaderTimeZone();
  const packs = useMyPacks();
  return (
    <section className="account-card" aria-labelledby="my-packs-title">
      <h2 id="my-packs-title" className="account-card__title">
        Mis packs
      </h2>
      {packs.isPending ? (
        <p className="account-card__text" role="status">
          Cargando tus packs...
        </p>
      ) : packs.isError ? (
        <CardLoadError
          title={MY_PACKS_ERROR}
          error={packs.error}
          onRetry={() => void packs.refetch()}
        />
      ) : packs.data.data.length === 0 ? (
        <>
          <p className="account-card__text">{MY_PACKS_EMPTY}</p>
          <Link className="btn btn--outline" to={PACKS_SECTION_LINK}>
            Ver packs disponibles
          </Link>
        </>
      ) : (
        <ul className="my-packs">
          {packs.data.data.map((entry) => {
            const tips = entry.tips;
            return (
              <li key={entry.pack._id} className="my-pack">
                <h3 className="my-pack__name">{entry.pack.nombre}</h3>
                {entry.pack.descripcion ? (
                  <p className="my-pack__description">{entry.pack.descripcion}</p>
                ) : null}
                <dl className="my-pack__facts">
                  <div>
                    <dt>Comprado el</dt>
                    <dd>
                      <time dateTime={entry.fechaCompra}>
                        {formatDateTime(entry.fechaCompra, timeZone) ?? entry.fechaCompra}
                      </time>
                    </dd>
                  </div>
                  <div>
                    <dt>Tips</dt>
                    <dd>{tipsText(entry.tipsDisponibles)}</dd>
                  </div>
                </dl>
                {tips.length > 0 ? (
                  <ul className="my-pack__tips" aria-label={`Tips de ${entry.pack.nombre}`}>
                    {tips.map((tip) => (
                      <li key={tip._id}>
                        <Link to={`/tip/${tip._id}`}>{tip.title}</Link>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <Link
                    className="my-pack__link"
                    to={PACKS_SECTION_LINK}
                    aria-label={`Ver los partidos de ${entry.pack.nombre}`}
                  >
                    Ver sus partidos
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

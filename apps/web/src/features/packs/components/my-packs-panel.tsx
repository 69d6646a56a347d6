import { DEFAULT_PACK_MATCH_ICON, findSport, sportEmoji } from '@magotips/contracts/sports';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import type { TPurchasedPack } from '@magotips/contracts/payments';
import { formatMatchDate, formatMoment } from '../../../lib/format-date';
import { useReaderTimeZone } from '../../../lib/reader-zone';
import { myPacksQueryOptions } from '../../../lib/api/get-my-packs';

export const MY_PACKS_LOADING = 'Cargando tus packs...';
export const MY_PACKS_EMPTY = 'Todavía no has comprado ningún pack.';
export const MY_PACKS_ERROR = 'Error al cargar tus packs';
export const SHOW_PACKS_LABEL = 'Ver packs disponibles';

/** "Mis packs" (decision 0033): every pack the user bought, open, each tip a link to its page
 * (where its analysis is read). GET /api/packs/mis-packs, loaded when the tab first opens. */
export function MyPacksPanel({ onShowPacks }: { onShowPacks: () => void }) {
  const { status, data, error, refetch, isFetching } = useQuery(myPacksQueryOptions());
  if (status === 'pending') {
    return (
      <p className="tip-list__state" role="status">
        {MY_PACKS_LOADING}
      </p>
    );
  }
  if (status === 'error') {
    return (
      <div className="tip-list__state tip-list__state--error" role="alert">
        <p className="tip-list__error-title">{MY_PACKS_ERROR}</p>
        {error.message && error.message !== MY_PACKS_ERROR ? <p>{error.message}</p> : null}
        <button
          type="button"
          className="btn btn--small btn--outline"
          disabled={isFetching}
          onClick={() => void refetch()}
        >
          Reintentar
        </button>
      </div>
    );
  }
  if (data.data.length === 0) {
    return (
      <div className="tip-list__state">
        <p>{MY_PACKS_EMPTY}</p>
        <button type="button" className="btn btn--small btn--outline" onClick={onShowPacks}>
          {SHOW_PACKS_LABEL}
        </button>
      </div>
    );
  }
  return (
    <ul className="pack-list">
      {data.data.map((entry) => (
        <li key={entry.pack._id}>
          <PurchasedPackCard entry={entry} />
        </li>
      ))}
    </ul>
  );
}

function PurchasedPackCard({ entry }: { entry: TPurchasedPack }) {
  const timeZone = useReaderTimeZone();
  const titleId = useId();
  const { pack, tips } = entry;
  return (
    <article className="pack-card" aria-labelledby={titleId}>
      <div className="pack-card__head">
        <h3 id={titleId} className="pack-card__title">
          {pack.nombre}
        </h3>
        <p className="pack-card__bought">
          <span aria-hidden="true">✓ </span>Comprado el{' '}
          <time dateTime={entry.fechaCompra}>{formatMoment(entry.fechaCompra, timeZone)}</time>
        </p>
      </div>
      {tips.length === 0 ? (
        <p className="pack-card__no-matches">Este pack no tiene tips publicados ahora mismo.</p>
      ) : (
        <ul className="pack-matches pack-matches--open" aria-label={`Tips de ${pack.nombre}`}>
          {tips.map((tip) => {
            const sport = findSport(tip.icon) ?? findSport(DEFAULT_PACK_MATCH_ICON);
            return (
              <li key={tip._id} className="pack-match">
                <span className="pack-match__sport" role="img" aria-label={sport?.label}>
                  {sportEmoji(tip.icon, sportEmoji(DEFAULT_PACK_MATCH_ICON))}
                </span>
                <Link className="pack-match__name" to={`/tip/${tip._id}`}>
                  {tip.title}
                </Link>
                <span className="pack-match__info">
                  <time className="pack-match__date" dateTime={tip.matchDate}>
                    {formatMatchDate(tip.matchDate, timeZone)}
                  </time>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </article>
  );
}

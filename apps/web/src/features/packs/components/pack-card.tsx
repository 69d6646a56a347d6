import { formatUsd } from '@magotips/contracts/money';
import type { TAvailablePack } from '@magotips/contracts/packs';
import { DEFAULT_PACK_MATCH_ICON, findSport, sportEmoji } from '@magotips/contracts/sports';
import { useId } from 'react';
import { GIFT_CHECKOUT_PATH } from '@magotips/contracts/gifts';
import { Link, useNavigate } from 'react-router';
import { formatMatchDate } from '../../../lib/format-date';
import { useReaderTimeZone } from '../../../lib/reader-zone';
import type { PackPurchaseState } from '../../../lib/payments/purchase-navigation';
import { StatusBadge } from '../../../components/tips/tip-card-head';
import { usePause } from '../../../lib/session/pause-state';
import { PACK_BUTTON_LABELS, packButtonState } from './pack-button-state';

type PackCardProps = {
  pack: TAvailablePack;
  now: Date;
};

export function PackCard({ pack, now }: PackCardProps) {
  const timeZone = useReaderTimeZone();
  const navigate = useNavigate();
  const titleId = useId();
  const state = packButtonState(pack, now);
  // Decision 0116: a paused reader can neither buy nor give (the list above says why).
  const paused = usePause() !== null;
  const matches = pack.partidos;

  function buy() {
    const purchase: PackPurchaseState = { item: pack, type: 'pack' };
    navigate('/purchase', { state: purchase });
  }

  return (
    <article className="pack-card" aria-labelledby={titleId}>
      <div className="pack-card__head">
        <h3 id={titleId} className="pack-card__title">
          {pack.nombre}
        </h3>
        <p className="pack-card__price">{formatUsd(pack.precio)}</p>
      </div>
      {pack.descripcion ? <p className="pack-card__description">{pack.descripcion}</p> : null}
      <details className="pack-card__matches">
        <summary className="pack-card__summary">
          {matches.length === 1 ? 'Ver 1 partido' : `Ver ${matches.length} partidos`}
        </summary>
        {matches.length === 0 ? (
          <p className="pack-card__no-matches">Este pack todavía no tiene partidos.</p>
        ) : (
          <ul className="pack-matches">
            {matches.map((match, index) => {
              const sport = findSport(match.icon) ?? findSport(DEFAULT_PACK_MATCH_ICON);
              return (
                <li key={`${match.nombre}-${match.fecha}-${index}`} className="pack-match">
                  <span className="pack-match__sport" role="img" aria-label={sport?.label}>
                    {sportEmoji(match.icon, sportEmoji(DEFAULT_PACK_MATCH_ICON))}
                  </span>
                  {pack.isPurchased ? (
                    <Link className="pack-match__name" to={`/tip/${match.tipId}`}>
                      {match.nombre}
                    </Link>
                  ) : (
                    <span className="pack-match__name">{match.nombre}</span>
                  )}
                  <span className="pack-match__info">
                    <StatusBadge status={match.status} />
                    <time className="pack-match__date" dateTime={match.fecha}>
                      {formatMatchDate(match.fecha, timeZone)}
                    </time>
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </details>
      <button
        type="button"
        className={`btn btn--block ${state === 'buy' ? 'btn--gold' : 'btn--outline'} pack-card__buy`}
        disabled={state !== 'buy' || paused}
        aria-describedby={titleId}
        onClick={buy}
      >
        {state === 'purchased' ? <span aria-hidden="true">✓</span> : null}
        {PACK_BUTTON_LABELS[state]}
      </button>
      {state !== 'unavailable' && !paused ? (
        // Owners may give it too: the gift is for someone else (decision 0053). The 🎁 is
        // drawn by the stylesheet: the landing's script budget is tight (120 KB gzip).
        <Link
          className="btn btn--block btn--outline pack-card__gift"
          to={`${GIFT_CHECKOUT_PATH}?pack=${encodeURIComponent(pack._id)}`}
          aria-label={`Regalar ${pack.nombre}`}
        >
          Regalar
        </Link>
      ) : null}
    </article>
  );
}

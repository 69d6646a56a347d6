import { useId } from 'react';
import { Link } from 'react-router';
import { TipCard } from '../../components/tips/tip-card';
import type { TipCardTip } from '../../components/tips/tip-display';
import { ApiError } from '../../lib/api-error';
import { packsTabHref } from '../../lib/packs-tabs';
import { useSession } from '../../lib/session/session-context';
import { useAllVipTips } from './api/get-all-vip-tips';
import './vip-tips-page.css';

export const VIP_ALL_TITLE = 'Todos los tips VIP';
export const VIP_ALL_EMPTY = 'Todavía no hay tips VIP publicados.';
export const VIP_ALL_ERROR = 'No pudimos cargar los tips VIP.';
export const LOAD_MORE_LABEL = 'Cargar más';
export const UPCOMING_TITLE = 'Próximos partidos';
export const PAST_TITLE = 'Partidos pasados';

/** /panel/tips-vip (issue 31 item 5): every VIP tip for a reader of all of them, upcoming
 * first (soonest first), then past (most recent first), a page at a time. */
export default function VipTipsPage() {
  const { user } = useSession();
  const titleId = useId();
  const query = useAllVipTips(user?._id ?? null);
  const { status, data, error } = query;
  // A failed "Cargar más" keeps the pages already shown; its own message goes by the button.
  const moreError: Error | null = query.isFetchNextPageError ? query.error : null;

  return (
    <div className="vip-all">
      <title>{`${VIP_ALL_TITLE} · MagoTips`}</title>
      <p className="vip-all__back">
        <Link to={packsTabHref('vip')}>← Volver a Tips VIP</Link>
      </p>
      <h1 id={titleId} className="panel-page__title">
        {VIP_ALL_TITLE}
      </h1>
      <p className="panel-page__lead">
        Los próximos partidos primero, del más cercano al más lejano; después los pasados, del más
        reciente al más antiguo.
      </p>
      {/* A failed "Cargar más" turns the query to error with its pages kept: they stay. */}
      {data ? (
        <VipTipGroups
          tips={data.pages.flatMap((page) => page.tips)}
          splitAt={data.pages[0]?.readAt ?? 0}
        />
      ) : status === 'error' ? (
        <ListError error={error} onRetry={() => void query.refetch()} />
      ) : (
        <p className="tip-list__state" role="status">
          Cargando tips VIP...
        </p>
      )}
      {data && (query.hasNextPage || query.isFetchNextPageError) ? (
        <div className="vip-all__more">
          {query.isFetchNextPageError ? (
            <p className="vip-all__more-error" role="alert">
              {moreError?.message || VIP_ALL_ERROR}
            </p>
          ) : null}
          <button
            type="button"
            className="btn btn--outline"
            disabled={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {query.isFetchingNextPage
              ? 'Cargando...'
              : query.isFetchNextPageError
                ? 'Reintentar'
                : LOAD_MORE_LABEL}
          </button>
        </div>
      ) : null}
    </div>
  );
}

function ListError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  // A reader whose plan does not open every VIP tip (decision 0108): the way to one.
  const refused = error instanceof ApiError && error.status === 403;
  return (
    <div className="tip-list__state tip-list__state--error" role="alert">
      <p className="tip-list__error-title">{refused ? error.message : VIP_ALL_ERROR}</p>
      {!refused && error.message && error.message !== VIP_ALL_ERROR ? <p>{error.message}</p> : null}
      {refused ? (
        <Link className="btn btn--small btn--gold" to="/subscription">
          Ver planes
        </Link>
      ) : (
        <button type="button" className="btn btn--small btn--outline" onClick={onRetry}>
          Reintentar
        </button>
      )}
    </div>
  );
}

function VipTipGroups({ tips, splitAt }: { tips: TipCardTip[]; splitAt: number }) {
  const upcomingId = useId();
  const pastId = useId();
  if (tips.length === 0) return <p className="tip-list__state">{VIP_ALL_EMPTY}</p>;
  const isUpcoming = (tip: TipCardTip) => Date.parse(tip.matchDate ?? '') >= splitAt;
  // The server sends every upcoming tip before the first past one.
  const cut = tips.findIndex((tip) => !isUpcoming(tip));
  const upcoming = cut === -1 ? tips : tips.slice(0, cut);
  const past = cut === -1 ? [] : tips.slice(cut);
  return (
    <>
      {upcoming.length > 0 ? (
        <section className="vip-all__group" aria-labelledby={upcomingId}>
          <h2 id={upcomingId} className="vip-all__group-title">
            {UPCOMING_TITLE}
          </h2>
          <TipCards tips={upcoming} />
        </section>
      ) : null}
      {past.length > 0 ? (
        <section className="vip-all__group" aria-labelledby={pastId}>
          <h2 id={pastId} className="vip-all__group-title">
            {PAST_TITLE}
          </h2>
          <TipCards tips={past} />
        </section>
      ) : null}
    </>
  );
}

function TipCards({ tips }: { tips: TipCardTip[] }) {
  return (
    <ul className="tip-list">
      {tips.map((tip) => (
        <li key={tip._id}>
          <TipCard tip={tip} action="modal" />
        </li>
      ))}
    </ul>
  );
}

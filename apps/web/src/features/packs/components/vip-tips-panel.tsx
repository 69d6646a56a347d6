import { useId } from 'react';
import { Link } from 'react-router';
import { LockedTipCard } from '../../../components/tips/locked-tip-card';
import { usePause } from '../../../lib/session/pause-state';
import { TipList } from '../../../components/tips/tip-list';
import { useVipTips } from '../api/get-vip-tips';
import { SHOW_PACKS_LABEL } from './my-packs-panel';

/** SPEC.md §9: the free and VIP tabs show at most 5 cards each. */
export const TAB_TIP_CARD_COUNT = 5;
export const VIP_TIPS_ERROR = 'Error al cargar tips VIP';
export const VIP_EMPTY_DEFAULT = 'No hay tips VIP disponibles';
export const VIP_EMPTY_SUBSCRIBER = 'No hay tips disponibles';
export const VIP_OWNED_TITLE = 'Tus tips VIP';
export const VIP_LOCKED_TITLE = 'Tips VIP bloqueados';
export const VIP_MORE_TITLE = 'Más tips VIP';
export const VIP_ALL_LINK = 'Ver todos los tips VIP';
/** VIP_TIPS_PAGE_PATH of contracts/vip-tips, written out: that module brings Zod (issue 31). */
export const VIP_ALL_PATH = '/panel/tips-vip';
const VIP_LOCKED_FALLBACK = 'Necesitas una suscripción activa para ver los tips VIP.';

export const PAUSED_VIP_TEXT =
  'Tu cuenta está en pausa: aquí verás los tips VIP de los packs que ya tienes.';

type VipTipsPanelProps = {
  viewerId: string | null;
  /** A subscriber, an editor or an admin (readsEveryVipTip): the server sends them every VIP
   * tip with its analysis, none of it bought, so there is no "bought" group to show apart. */
  readsEveryTip: boolean;
  /** Opens the Packs Disponibles tab: the other way to unlock a teaser. */
  onShowPacks: () => void;
};

/**
 * Tips VIP (decision 0031). A subscriber (or an editor or admin) reads every VIP tip. Anyone else reads the tips their
 * packs unlock, then sees the other VIP tips as locked teasers: the server sends those as cards
 * without their analysis, which is how they are told apart here.
 */
export function VipTipsPanel({ viewerId, readsEveryTip, onShowPacks }: VipTipsPanelProps) {
  const { status, data, error, refetch } = useVipTips(viewerId, true);
  const ownedId = useId();
  const lockedId = useId();
  // Decision 0116: a paused reader is shown no VIP teasers to unlock, only what is theirs.
  const paused = usePause() !== null;

  if (readsEveryTip || status !== 'success') {
    const list = (
      <TipList
        status={status}
        tips={data?.tips}
        error={error}
        onRetry={() => void refetch()}
        action="modal"
        limit={TAB_TIP_CARD_COUNT}
        emptyText={data?.message?.trim() || VIP_EMPTY_SUBSCRIBER}
        errorTitle={VIP_TIPS_ERROR}
      />
    );
    if (!readsEveryTip) return list;
    // Issue 31 item 5: the tab keeps SPEC.md's 5 cards; the rest are one link away.
    return (
      <>
        {list}
        <p className="vip-panel__more">
          <Link className="btn btn--outline" to={VIP_ALL_PATH}>
            {VIP_ALL_LINK}
          </Link>
        </p>
      </>
    );
  }

  const shown = data.tips.slice(0, TAB_TIP_CARD_COUNT);
  const owned = shown.filter((tip) => typeof tip.analisis === 'string');
  const locked = paused ? [] : shown.filter((tip) => typeof tip.analisis !== 'string');

  if (paused && owned.length === 0) {
    return <p className="tip-list__state">{PAUSED_VIP_TEXT}</p>;
  }
  if (shown.length === 0) {
    return (
      <div className="tip-list__state">
        <p className="packs-vip-locked__title">{VIP_EMPTY_DEFAULT}</p>
        <p className="packs-vip-locked__text">
          Los tips VIP son para suscriptores. Suscríbete para leerlos todos, o compra un pack en la
          pestaña Packs Disponibles.
        </p>
      </div>
    );
  }

  return (
    <div className="vip-panel">
      {owned.length > 0 ? (
        <section className="vip-panel__group" aria-labelledby={ownedId}>
          <h3 id={ownedId} className="vip-panel__title">
            {VIP_OWNED_TITLE}
          </h3>
          <p className="vip-panel__lead">Los análisis de los packs que has comprado.</p>
          <TipList
            status="success"
            tips={owned}
            error={null}
            onRetry={() => void refetch()}
            action="modal"
            limit={TAB_TIP_CARD_COUNT}
            headingLevel={4}
          />
        </section>
      ) : null}
      {locked.length > 0 ? (
        <section className="vip-panel__group" aria-labelledby={lockedId}>
          <h3 id={lockedId} className="vip-panel__title">
            {owned.length > 0 ? VIP_MORE_TITLE : VIP_LOCKED_TITLE}
          </h3>
          <p className="vip-panel__lead">
            {owned.length > 0 ? '' : `${data.message?.trim() || VIP_LOCKED_FALLBACK} `}
            Desbloquéalos todos con una suscripción, o compra el pack que incluye el partido que te
            interesa.
          </p>
          <ul className="tip-list">
            {locked.map((tip) => (
              <li key={tip._id}>
                <LockedTipCard tip={tip} headingLevel={4} />
              </li>
            ))}
          </ul>
          <p className="vip-panel__more">
            <button type="button" className="btn btn--outline" onClick={onShowPacks}>
              {SHOW_PACKS_LABEL}
            </button>
          </p>
        </section>
      ) : null}
    </div>
  );
}

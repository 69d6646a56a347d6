import { readsEveryVipTip } from '@magotips/contracts/roles';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../../lib/session/session-context';
import { usePause } from '../../../lib/session/pause';
import { PauseRefusal } from '../../../components/session/pause-refusal';
import { WelcomeDiscountNotice } from '../../../components/referrals/welcome-discount-notice';
import { useWelcomeDiscount } from '../../../lib/api/get-referrals-me';
import { TipList } from '../../../components/tips/tip-list';
import { useAvailablePacks } from '../../../lib/api/get-available-packs';
import { useFreeTips } from '../api/get-free-tips';
import { PACKS_TAB_PARAM, parsePacksTab, type PacksTab } from '../../../lib/packs-tabs';
import { MyPacksPanel } from './my-packs-panel';
import { PackCard } from './pack-card';
import { panelDomId, TabStrip, tabDomId, type TabItem } from '../../../components/ui/tab-strip';
import { TAB_TIP_CARD_COUNT, VipTipsPanel } from './vip-tips-panel';
import { VipAlertsOffer } from '../../../components/alerts/alerts-offer-placements';
import './packs-section.css';

export {
  TAB_TIP_CARD_COUNT,
  VIP_EMPTY_DEFAULT,
  VIP_EMPTY_SUBSCRIBER,
  VIP_TIPS_ERROR,
} from './vip-tips-panel';

// SPEC.md §2's three tabs, and "Mis packs" (decision 0033) where a buyer finds what they bought.
const TABS: readonly TabItem<PacksTab>[] = [
  { id: 'packs', label: 'Packs Disponibles' },
  { id: 'mis-packs', label: 'Mis packs' },
  { id: 'gratis', label: 'Tips Gratis' },
  { id: 'vip', label: 'Tips VIP' },
];

export const FREE_TIPS_ERROR = 'Error al cargar tips gratis';

const ID_PREFIX = 'packs';
const PACK_PLACEHOLDERS = 3;

/** The registered landing's packs section: packs to buy, the ones bought, free and VIP tips.
 * `/?tab=vip` (or another tab's name) opens on that tab: the payment result page links there. */
export function PacksSection() {
  const { user } = useSession();
  const [params] = useSearchParams();
  const viewerId = user?._id ?? null;
  const isSubscriber = user?.subscription?.hasActiveSubscription === true;
  // Decision 0116: no invitation to subscribe for a paused reader.
  const paused = usePause() !== null;
  // What the plan grants (decision 0097); a user stored before the field reads every VIP tip.
  const planReadsAll = isSubscriber && user?.subscription?.grantsAllVipTips !== false;
  const readsEveryTip = user !== null && readsEveryVipTip(user.roles, planReadsAll);
  const [active, setActive] = useState<PacksTab>(
    () => parsePacksTab(params.get(PACKS_TAB_PARAM)) ?? 'packs',
  );
  // Tabs that have been shown at least once: their data loads on first opening and is kept.
  const [opened, setOpened] = useState<ReadonlySet<PacksTab>>(() => new Set([active]));

  function select(tab: PacksTab) {
    setActive(tab);
    setOpened((previous) => (previous.has(tab) ? previous : new Set(previous).add(tab)));
  }

  /** From a panel's "Ver packs disponibles": that tab, with the focus on it for keyboards. */
  function showPacks() {
    select('packs');
    document.getElementById(tabDomId(ID_PREFIX, 'packs'))?.focus();
  }

  return (
    <section className="landing-section container packs-section" aria-labelledby="packs-title">
      <div className="packs-section__head">
        <div>
          <h2 id="packs-title" className="section-title">
            Packs y tips
          </h2>
          <p className="section-lead">
            Compra packs de tips VIP sueltos o lee gratis nuestros análisis del día.
          </p>
        </div>
        {isSubscriber || paused ? null : (
          <Link className="btn btn--gold packs-section__subscribe" to="/subscription">
            Suscribirse
          </Link>
        )}
      </div>

      <TabStrip
        tabs={TABS}
        active={active}
        onSelect={select}
        label="Packs y tips"
        idPrefix={ID_PREFIX}
        className="tab-strip--pairs"
      />

      {TABS.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={panelDomId(ID_PREFIX, tab.id)}
          aria-labelledby={tabDomId(ID_PREFIX, tab.id)}
          hidden={tab.id !== active}
          tabIndex={0}
          className="tab-panel"
        >
          {/* Issue 31 item 4: a subscriber's first visit offers alerts (decision 0107). */}
          {tab.id === 'vip' && opened.has(tab.id) ? <VipAlertsOffer /> : null}
          {!opened.has(tab.id) ? null : tab.id === 'packs' ? (
            <AvailablePacksPanel
              viewerId={viewerId}
              isSubscriber={isSubscriber}
              planReadsAll={planReadsAll}
            />
          ) : tab.id === 'mis-packs' ? (
            <MyPacksPanel onShowPacks={showPacks} />
          ) : tab.id === 'gratis' ? (
            <FreeTipsPanel viewerId={viewerId} />
          ) : (
            <VipTipsPanel
              viewerId={viewerId}
              readsEveryTip={readsEveryTip}
              onShowPacks={showPacks}
            />
          )}
        </div>
      ))}
    </section>
  );
}

function AvailablePacksPanel({
  viewerId,
  isSubscriber,
  planReadsAll,
}: {
  viewerId: string | null;
  isSubscriber: boolean;
  planReadsAll: boolean;
}) {
  if (isSubscriber && !planReadsAll) {
    return (
      <div className="packs-vip-active" role="status">
        <p className="packs-vip-active__title">
          <span aria-hidden="true">👑 </span>Tu plan incluye los packs
        </p>
        <p>
          Los tips VIP de todos los packs a la venta ya están incluidos en tu plan, sin comprarlos.
          Los encontrarás en la pestaña Tips VIP.
        </p>
      </div>
    );
  }
  if (isSubscriber) {
    return (
      <div className="packs-vip-active" role="status">
        <p className="packs-vip-active__title">
          <span aria-hidden="true">👑 </span>Tienes una suscripción VIP activa
        </p>
        <p>
          Todos los tips VIP ya están incluidos en tu plan, sin comprar packs. Los encontrarás en la
          pestaña Tips VIP.
        </p>
      </div>
    );
  }
  return <PackList viewerId={viewerId} />;
}

function PackList({ viewerId }: { viewerId: string | null }) {
  const { status, data, error, refetch } = useAvailablePacks(viewerId);
  // One clock reading per render keeps every card judged against the same moment.
  const now = new Date();
  const pause = usePause();
  // The welcome discount's notice stands above the list: the placeholders wait for it too, so
  // the cards never move down when it arrives (CLS).
  const welcome = useWelcomeDiscount();
  if (status === 'pending' || !welcome.settled) {
    // Cards of the final size while loading: the section sits high on the page (decision
    // 0033), so a one-line loading state would let the packs push everything below them.
    return (
      <>
        <p className="visually-hidden" role="status">
          Cargando packs...
        </p>
        <ul className="pack-list" aria-hidden="true">
          {Array.from({ length: PACK_PLACEHOLDERS }, (_, index) => (
            <li key={index} className="pack-card pack-card--placeholder" />
          ))}
        </ul>
      </>
    );
  }
  if (status === 'error') {
    return (
      <div className="tip-list__state tip-list__state--error" role="alert">
        <p className="tip-list__error-title">Error al cargar los packs</p>
        <p>{error.message}</p>
        <button
          type="button"
          className="btn btn--small btn--outline"
          onClick={() => void refetch()}
        >
          Reintentar
        </button>
      </div>
    );
  }
  if (data.data.length === 0) {
    return <p className="tip-list__state">No hay packs disponibles en este momento.</p>;
  }
  return (
    <>
      {pause ? (
        <PauseRefusal pause={pause} className="packs-section__paused" />
      ) : (
        <WelcomeDiscountNotice percent={welcome.percent} />
      )}
      <ul className="pack-list">
        {data.data.map((pack) => (
          <li key={pack._id}>
            <PackCard pack={pack} now={now} />
          </li>
        ))}
      </ul>
    </>
  );
}

function FreeTipsPanel({ viewerId }: { viewerId: string | null }) {
  const { status, data, error, refetch } = useFreeTips(viewerId, true);
  return (
    <TipList
      status={status}
      tips={data?.tips}
      error={error}
      onRetry={() => void refetch()}
      action="modal"
      limit={TAB_TIP_CARD_COUNT}
      errorTitle={FREE_TIPS_ERROR}
    />
  );
}

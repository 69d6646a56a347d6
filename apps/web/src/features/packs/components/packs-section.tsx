import { useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../auth/session-context';
import { TipList } from '../../tips/components/tip-list';
import { useAvailablePacks } from '../api/get-available-packs';
import { useFreeTips } from '../api/get-free-tips';
import { useVipTips } from '../api/get-vip-tips';
import { PackCard } from './pack-card';
import { panelDomId, TabStrip, tabDomId, type TabItem } from './tab-strip';
import './packs-section.css';

type PacksTab = 'available' | 'free' | 'vip';

const TABS: readonly TabItem<PacksTab>[] = [
  { id: 'available', label: 'Packs Disponibles' },
  { id: 'free', label: 'Tips Gratis' },
  { id: 'vip', label: 'Tips VIP' },
];

/** SPEC.md §9: the free and VIP tabs show at most 5 cards each. */
export const TAB_TIP_CARD_COUNT = 5;
export const FREE_TIPS_ERROR = 'Error al cargar tips gratis';
export const VIP_TIPS_ERROR = 'Error al cargar tips VIP';
export const VIP_EMPTY_DEFAULT = 'No hay tips VIP disponibles';
export const VIP_EMPTY_SUBSCRIBER = 'No hay tips disponibles';

const ID_PREFIX = 'packs';

/** The registered landing's packs section: packs to buy, free tips and (subscribers) VIP tips. */
export function PacksSection() {
  const { user } = useSession();
  const viewerId = user?._id ?? null;
  const isSubscriber = user?.subscription?.hasActiveSubscription === true;
  const [active, setActive] = useState<PacksTab>('available');
  // Tabs that have been shown at least once: their data loads on first opening and is kept.
  const [opened, setOpened] = useState<ReadonlySet<PacksTab>>(() => new Set(['available']));

  function select(tab: PacksTab) {
    setActive(tab);
    setOpened((previous) => (previous.has(tab) ? previous : new Set(previous).add(tab)));
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
        {isSubscriber ? null : (
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
          {!opened.has(tab.id) ? null : tab.id === 'available' ? (
            <AvailablePacksPanel viewerId={viewerId} isSubscriber={isSubscriber} />
          ) : tab.id === 'free' ? (
            <FreeTipsPanel viewerId={viewerId} />
          ) : (
            <VipTipsPanel viewerId={viewerId} isSubscriber={isSubscriber} />
          )}
        </div>
      ))}
    </section>
  );
}

function AvailablePacksPanel({
  viewerId,
  isSubscriber,
}: {
  viewerId: string | null;
  isSubscriber: boolean;
}) {
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
  if (status === 'pending') {
    return (
      <p className="tip-list__state" role="status">
        Cargando packs...
      </p>
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
    <ul className="pack-list">
      {data.data.map((pack) => (
        <li key={pack._id}>
          <PackCard pack={pack} now={now} />
        </li>
      ))}
    </ul>
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

function VipTipsPanel({
  viewerId,
  isSubscriber,
}: {
  viewerId: string | null;
  isSubscriber: boolean;
}) {
  const { status, data, error, refetch } = useVipTips(viewerId, isSubscriber);
  if (!isSubscriber) {
    // VIP tips are requested only for subscribers (SPEC.md §6); everyone else is told how to
    // get them.
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
}

import { formatUsd } from '@magotips/contracts/money';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../lib/session/session-context';
import { usePause } from '../../lib/session/pause';
import { PauseRefusal } from '../../components/session/pause-refusal';
import { useAvailablePacks } from '../../lib/api/get-available-packs';
import { monthsText } from '../../lib/months-text';
import { usePlans } from '../../lib/api/get-plans';
import { GiftForm, type GiftItem } from './gift-form';
import { GiftPlanMonths, initialGiftMonths } from './gift-plan-months';
import '../../components/payments/payments.css';
import './gifts.css';

export const GIFT_PAGE_TEXTS = {
  title: 'Regalar',
  lead: 'Paga ahora y enviaremos un código de regalo que se canjea una sola vez desde cualquier cuenta.',
  loading: 'Cargando...',
  notFound: 'No encontramos lo que quieres regalar. Vuelve a elegirlo.',
  summary: 'Tu regalo',
  oneOff: 'Pago único: nunca se renueva ni se vuelve a cobrar.',
} as const;

type Shown = {
  item: GiftItem;
  name: string;
  price: number;
  detail: string | null;
  /** A plan's price and months, for the months selector. */
  plan: { price: number; duration: number } | null;
};

/** /regalar?pack=<id> or /regalar?plan=<key>&months=<n>: a gift checkout (decisions 0053, 0083:
 * a plan for 1 to 12 months, the link's months chosen first). */
export default function GiftCheckoutPage() {
  const [params] = useSearchParams();
  const { user } = useSession();
  const titleId = useId();
  const packId = params.get('pack');
  const planKey = params.get('plan');
  const packs = useAvailablePacks(user?._id ?? null);
  const plans = usePlans();
  const loading = packId ? packs.isPending : plans.isPending;
  const pause = usePause();
  // The buyer's choice; null until they pick one, so the link's months (or the plan's) apply.
  const [picked, setPicked] = useState<number | null>(null);

  let shown: Shown | null = null;
  if (packId) {
    const pack = packs.data?.data.find((p) => p._id === packId);
    if (pack) {
      shown = {
        item: { type: 'pack', packId },
        name: pack.nombre,
        price: pack.precio,
        detail: pack.descripcion,
        plan: null,
      };
    }
  } else if (planKey) {
    const plan = plans.data?.data.find((p) => p.key === planKey && p.isActive);
    if (plan) {
      const months = picked ?? initialGiftMonths(params.get('months'), plan.duration);
      shown = {
        item: { type: 'plan', planKey: plan.key, months },
        name: plan.name,
        price: plan.price,
        detail: `Acceso VIP durante ${monthsText(months)}`,
        plan: { price: plan.price, duration: plan.duration },
      };
    }
  }

  return (
    <div className="checkout container gift-checkout">
      <title>{`${GIFT_PAGE_TEXTS.title} · MagoTips`}</title>
      <header className="checkout__head">
        <h1 id={titleId} className="checkout__title">
          <span aria-hidden="true">🎁 </span>
          {shown ? `Regalar ${shown.name}` : GIFT_PAGE_TEXTS.title}
        </h1>
        <p className="checkout__lead">{GIFT_PAGE_TEXTS.lead}</p>
      </header>
      {loading ? (
        <p role="status">{GIFT_PAGE_TEXTS.loading}</p>
      ) : !shown ? (
        <div className="checkout-card">
          <p className="pay-alert pay-alert--error" role="alert">
            {GIFT_PAGE_TEXTS.notFound}
          </p>
          <Link className="btn btn--outline" to="/subscription">
            Ver planes
          </Link>
        </div>
      ) : (
        <div className="checkout__grid">
          <section className="checkout-card" aria-label={GIFT_PAGE_TEXTS.summary}>
            <h2 className="checkout-card__title">{GIFT_PAGE_TEXTS.summary}</h2>
            <p className="gift-checkout__name">{shown.name}</p>
            {shown.detail ? <p className="gift-checkout__detail">{shown.detail}</p> : null}
            {shown.plan && shown.item.type === 'plan' ? (
              <GiftPlanMonths plan={shown.plan} months={shown.item.months} onChange={setPicked} />
            ) : (
              <p className="gift-checkout__price">{formatUsd(shown.price)}</p>
            )}
            <p className="gift-checkout__note">{GIFT_PAGE_TEXTS.oneOff}</p>
          </section>
          <section className="checkout-card" aria-labelledby={titleId}>
            {/* Decision 0116: a paused reader gives nothing (the server answers 409 PAUSED). */}
            {pause ? <PauseRefusal pause={pause} /> : <GiftForm item={shown.item} />}
          </section>
        </div>
      )}
    </div>
  );
}

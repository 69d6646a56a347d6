import { formatUsd } from '@magotips/contracts/money';
import { planNoun } from '@magotips/contracts/plans';
import type { TTipOffersResponse } from '@magotips/contracts/tip-offers';
import type { TTipLockedResponse } from '@magotips/contracts/tips';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { availablePacksQueryOptions } from '../../../lib/api/get-available-packs';
import { PLAN_PARAM } from '../../../lib/payments/billing-period';
import type { PackPurchaseState } from '../../../lib/payments/purchase-navigation';
import { perPeriodText } from '../../../lib/months-text';

export const PACK_GONE = 'Este pack ya no está disponible para la compra.';
export const UNLOCK_TITLE = 'Desbloquear este análisis';

type OfferPack = { _id: string; nombre: string; price: number; tipCount?: number };

type TipOffersProps = {
  offers: TTipOffersResponse | null;
  fallbackPacks: TTipLockedResponse['packs'];
  viewerId: string;
  headingId: string;
};

const tipsText = (count: number) => (count === 1 ? '1 tip' : `${count} tips`);

/** The ways to read a VIP tip (issue 31 item 5): the packs that hold it, then the plans that
 * open it, each cheapest first as the server sends them. A pack goes to /purchase as the pack
 * card's "Comprar" does; a plan ("Elegir") to /subscription with it chosen, where the buyer
 * picks the period and the payment method, as "Suscribirse" does (decision 0109). */
export function TipOffers({ offers, fallbackPacks, viewerId, headingId }: TipOffersProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const packsTitleId = useId();
  const plansTitleId = useId();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const packs: OfferPack[] =
    offers?.packs ?? fallbackPacks.map((p) => ({ _id: p._id, nombre: p.nombre, price: p.precio }));

  // /purchase shows the pack's description and matches, which the offers do not carry: the
  // full pack comes from the buyer's list of available packs.
  async function buy(packId: string) {
    setBusyId(packId);
    setFailure(null);
    try {
      const { data } = await queryClient.fetchQuery(availablePacksQueryOptions(viewerId));
      const pack = data.find((candidate) => candidate._id === packId);
      if (!pack) {
        setFailure(PACK_GONE);
        return;
      }
      const purchase: PackPurchaseState = { item: pack, type: 'pack' };
      navigate('/purchase', { state: purchase });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : PACK_GONE);
    } finally {
      setBusyId(null);
    }
  }

  return (
    <section className="tip-offers" aria-labelledby={headingId}>
      <h2 id={headingId} className="tip-offers__title" tabIndex={-1}>
        {UNLOCK_TITLE}
      </h2>
      {/* Every plan, to compare them; the rows below name the ones that open this tip. */}
      <Link className="btn btn--gold" to="/subscription">
        Suscribirse
      </Link>
      {packs.length > 0 ? (
        <section className="tip-locked__packs" aria-labelledby={packsTitleId}>
          <h3 id={packsTitleId} className="tip-locked__packs-title">
            Packs que incluyen este análisis
          </h3>
          <ul className="tip-locked__pack-list">
            {packs.map((pack) => (
              <li key={pack._id} className="tip-locked__pack">
                <span className="tip-locked__pack-name">{pack.nombre}</span>
                <span className="tip-locked__pack-price">
                  {formatUsd(pack.price)}
                  {pack.tipCount ? (
                    <span className="tip-offers__detail"> · {tipsText(pack.tipCount)}</span>
                  ) : null}
                </span>
                <button
                  type="button"
                  className="btn btn--small btn--gold"
                  disabled={busyId !== null}
                  aria-label={`Comprar ${pack.nombre}`}
                  onClick={() => void buy(pack._id)}
                >
                  {busyId === pack._id ? 'Cargando...' : 'Comprar'}
                </button>
              </li>
            ))}
          </ul>
          {failure ? (
            <p className="tip-locked__error" role="alert">
              {failure}
            </p>
          ) : null}
        </section>
      ) : null}
      {offers && offers.plans.length > 0 ? (
        <section className="tip-locked__packs" aria-labelledby={plansTitleId}>
          <h3 id={plansTitleId} className="tip-locked__packs-title">
            Planes que lo incluyen
          </h3>
          <ul className="tip-locked__pack-list">
            {offers.plans.map((plan) => (
              <li key={plan._id} className="tip-locked__pack">
                <span className="tip-locked__pack-name">{plan.name}</span>
                <span className="tip-locked__pack-price">
                  {formatUsd(plan.price)} {perPeriodText(plan.duration)}
                  <span className="tip-offers__detail">
                    {' · '}
                    {plan.grantsAllVipTips
                      ? 'Incluye todos los tips VIP'
                      : 'Incluye los tips VIP de los packs'}
                    {plan.trialDays > 0 ? ` · ${plan.trialDays} días de prueba gratis` : ''}
                  </span>
                </span>
                <Link
                  className="btn btn--small btn--outline"
                  to={`/subscription?${PLAN_PARAM}=${encodeURIComponent(plan.key)}`}
                  aria-label={`Elegir el ${planNoun(plan.name)}`}
                >
                  Elegir
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}

import { useTipPreview } from '../api/get-tip-preview';
import { TipList } from '../../../components/tips/tip-list';
import { LANDING_FREE_TIP_COUNT } from './free-tip-section';

/**
 * The free analysis card for a signed-in reader who is not a subscriber (subscribers get none,
 * SPEC.md §2). The teaser carries no analysis, so the card opens the tip's own page, which loads
 * it for the signed-in reader.
 */
export function RegisteredFreeTipSection() {
  const { status, data, error, refetch } = useTipPreview();
  return (
    <section className="landing-section container free-tip" aria-labelledby="free-tip-title">
      <div className="free-tip__intro">
        <h2 id="free-tip-title" className="section-title">
          Análisis gratuito del día
        </h2>
        <p className="section-lead">
          Nuestro análisis gratuito destacado. Ábrelo para leerlo completo.
        </p>
        <p className="free-tip__more">
          ¿Quieres más? Tienes todos los tips gratis en la pestaña Tips Gratis y los VIP con tu
          suscripción o con un pack.
        </p>
      </div>
      <div className="free-tip__card">
        <TipList
          status={status}
          tips={data?.tips}
          error={error}
          onRetry={() => void refetch()}
          action="external"
          limit={LANDING_FREE_TIP_COUNT}
        />
      </div>
    </section>
  );
}

import { useTipPreview } from '../../tips/api/get-tip-preview';
import { TipList } from '../../tips/components/tip-list';

/** SPEC.md §9: the landing shows exactly one free card. */
export const LANDING_FREE_TIP_COUNT = 1;

export function FreeTipSection() {
  const { status, data, error, refetch } = useTipPreview();
  return (
    <section className="landing-section container free-tip" aria-labelledby="free-tip-title">
      <h2 id="free-tip-title" className="section-title">
        Análisis gratuito del día
      </h2>
      <p className="section-lead">
        Un adelanto de nuestro trabajo. Inicia sesión para leer el análisis completo.
      </p>
      <TipList
        status={status}
        tips={data?.tips}
        error={error}
        onRetry={() => void refetch()}
        action="login"
        limit={LANDING_FREE_TIP_COUNT}
      />
    </section>
  );
}

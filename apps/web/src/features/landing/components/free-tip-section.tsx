import { Link } from 'react-router';
import { useTipPreview } from '../api/get-tip-preview';
import { TipList } from '../../../components/tips/tip-list';

/** SPEC.md §9: the landing shows exactly one free card. */
export const LANDING_FREE_TIP_COUNT = 1;

export function FreeTipSection() {
  const { status, data, error, refetch } = useTipPreview();
  return (
    <section className="landing-section container free-tip" aria-labelledby="free-tip-title">
      <div className="free-tip__intro">
        <h2 id="free-tip-title" className="section-title">
          Análisis gratuito del día
        </h2>
        <p className="section-lead">
          Un adelanto de nuestro trabajo. Inicia sesión para leer el análisis completo.
        </p>
        <p className="free-tip__more">
          Con una cuenta gratuita lees completos todos los tips gratis; con VIP, también los
          premium. <Link to="/register">Crea tu cuenta</Link>
        </p>
      </div>
      <div className="free-tip__card">
        <TipList
          status={status}
          tips={data?.tips}
          error={error}
          onRetry={() => void refetch()}
          action="login"
          limit={LANDING_FREE_TIP_COUNT}
        />
      </div>
    </section>
  );
}

import { Link } from 'react-router';
import { WizardMark } from '../../../components/ui/wizard-mark';
import { RecordHeadline } from './record-headline';

export function HeroSection() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__inner container">
        <div className="hero__copy">
          <p className="hero__kicker">MagoTips</p>
          <h1 id="hero-title" className="hero__title">
            El mago de los pronósticos deportivos
          </h1>
          <p className="hero__pitch">
            Análisis deportivos en español, hechos con datos y pasión. Empezó como un hobby y hoy
            compartimos cada pronóstico con una comunidad que quiere apostar con cabeza.
          </p>
          <RecordHeadline />
          <div className="hero__actions">
            <Link className="btn btn--gold btn--large" to="/register">
              Crear cuenta gratis
            </Link>
            <Link className="btn btn--outline btn--large" to="/login">
              Iniciar sesión
            </Link>
          </div>
          <p className="hero__note">Solo para mayores de 21 años · Juega con responsabilidad</p>
        </div>
        <div className="hero__art" aria-hidden="true">
          <span className="hero__moon" />
          <WizardMark className="hero__mark" size={220} />
        </div>
      </div>
    </section>
  );
}

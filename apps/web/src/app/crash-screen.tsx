import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { WizardMark } from '../components/ui/wizard-mark';
import './crash-screen.css';
import { SupportLink } from '../components/ui/support-link';

/** The router's errorElement: it replaces the whole layout, so it must not depend on it. */
export function CrashScreen() {
  const error = useRouteError();

  useEffect(() => {
    // The user sees a friendly screen; whoever debugs needs the real cause in the console.
    console.error(error);
  }, [error]);

  return (
    <main className="crash-screen">
      <title>Algo salió mal · MagoTips</title>
      <div className="crash-screen__panel">
        <WizardMark size={72} />
        <h1>Algo salió mal</h1>
        <p>
          Ha ocurrido un error inesperado y ni nuestro mago ha podido evitarlo. Recarga la página o
          vuelve al inicio; si el problema continúa, escríbenos a soporte: <SupportLink />.
        </p>
        <div className="crash-screen__actions">
          <button type="button" className="btn btn--gold" onClick={() => window.location.reload()}>
            Recargar página
          </button>
          <button
            type="button"
            className="btn btn--outline"
            // A full load, not a client navigation: the app state that crashed must not survive.
            onClick={() => window.location.assign('/')}
          >
            Volver al inicio
          </button>
        </div>
      </div>
    </main>
  );
}

import { Link } from 'react-router';
import { pauseOf } from '../../../lib/session/pause-state';
import { useSession } from '../../../lib/session/session-context';

type Reader = 'visitor' | 'free' | 'subscriber' | 'paused';

/** Who reads: a visitor, a signed-in user without a subscription, or a subscriber (who is
 * offered nothing: they already have everything), or a paused reader (offered nothing either,
 * decision 0116). */
function useReader(): Reader {
  const { isAuthenticated, user } = useSession();
  if (!isAuthenticated) return 'visitor';
  if (pauseOf(user)) return 'paused';
  return user?.subscription?.hasActiveSubscription === true ? 'subscriber' : 'free';
}

/** Beside the title: Acceso / Crear cuenta for a visitor, Hazte VIP for a free user. */
export function HeaderCalls() {
  const reader = useReader();
  if (reader === 'subscriber' || reader === 'paused') return null;
  return (
    <nav className="tr-calls" aria-label="Tu cuenta">
      {reader === 'visitor' ? (
        <>
          <Link className="btn btn--small btn--outline" to="/login">
            Acceso
          </Link>
          <Link className="btn btn--small btn--gold" to="/register">
            Crear cuenta
          </Link>
        </>
      ) : (
        <Link className="btn btn--small btn--gold" to="/subscription">
          Hazte VIP
        </Link>
      )}
    </nav>
  );
}

/** The page's closing call, after the list: the record is the argument, this is the ask. */
export function ClosingCall() {
  const reader = useReader();
  if (reader === 'subscriber' || reader === 'paused') return null;
  return (
    <aside
      className="tr-closing"
      aria-label={reader === 'visitor' ? 'Crea tu cuenta' : 'Hazte VIP'}
    >
      {reader === 'visitor' ? (
        <>
          <p className="tr-closing__text">
            Recibe cada pronóstico antes del partido, con su cuota y su stake, y compruébalo después
            aquí.
          </p>
          <Link className="btn btn--gold" to="/register">
            Crea tu cuenta gratis
          </Link>
        </>
      ) : (
        <>
          <p className="tr-closing__text">
            Los pronósticos VIP entran en este mismo historial: míralos antes del partido.
          </p>
          <Link className="btn btn--gold" to="/subscription">
            Hazte VIP
          </Link>
        </>
      )}
    </aside>
  );
}

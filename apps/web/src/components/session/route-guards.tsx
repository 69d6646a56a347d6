import { withNext } from '@magotips/contracts/next-path';
import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { type ReturnState, useNextTarget } from '../../lib/session/next-target';
import { useSession } from '../../lib/session/session-context';
import './route-guards.css';

/** Full-screen cover while a stored session is confirmed: a protected page must not flash its
 * content (or fire its calls) for a session that may turn out to be over. */
export function SessionCheckOverlay() {
  return (
    <div className="session-check" role="status">
      <span className="session-check__spinner" aria-hidden="true" />
      <span className="session-check__text">Verificando sesión</span>
    </div>
  );
}

/** Layout route for pages that need a signed-in user (the panel, subscription and payments):
 * a visitor goes to /login, which brings them back here afterwards (`next`, and the page's
 * history state, e.g. the pack /purchase was opened with). */
export function RequireAuth() {
  const { isAuthenticated, status, signingOut } = useSession();
  const location = useLocation();
  // A sign-out made while this page is open is already on its way to /, and a redirect to
  // /login here would race it. A protected page opened after a sign-out (Back, a typed
  // address) redirects as usual.
  const [openedAfterSignOut] = useState(signingOut);
  if (status === 'checking') return <SessionCheckOverlay />;
  if (!isAuthenticated) {
    if (signingOut && !openedAfterSignOut) return null;
    const back: ReturnState = { returnState: location.state as unknown };
    return (
      <Navigate
        to={withNext('/login', `${location.pathname}${location.search}${location.hash}`)}
        state={back}
        replace
      />
    );
  }
  return <Outlet />;
}

/** Layout route for the sign-in, registration and password pages: someone who arrives signed
 * in goes to the page `next` names, else to the panel. */
export function RequireGuest() {
  const { isAuthenticated } = useSession();
  const next = useNextTarget();
  // Judged on arrival only: a sign-in made on these pages navigates on its own (to /), and a
  // redirect to /panel reacting to that same sign-in would race it.
  const [arrivedSignedIn] = useState(isAuthenticated);
  if (arrivedSignedIn && isAuthenticated) return <Navigate to={next ?? '/panel'} replace />;
  return <Outlet />;
}

import { withNext } from '@magotips/contracts/next-path';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-error';
import { exchangeGoogleCode } from '../api/exchange-google-code';
import { forgetGoogleNext, readGoogleNext } from '../../../lib/session/next-target';
import { SessionCheckOverlay } from '../../../components/session/route-guards';
import { useSession } from '../../../lib/session/session-context';
import { exchangeFailure, readSocialCallback } from '../social-callback';

/**
 * /auth/callback: where the server sends the browser back from Google. It trades the one-time
 * code for the session (stored as the login form does, which also starts the renewal) and goes
 * on to the page the sign-in started from (kept in this tab by the Google button), or goes to
 * /login with the error's code, still carrying that page. Always a replace: the callback
 * address must not stay in the history, where Back would try a spent code.
 */
export default function AuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { setSession } = useSession();
  // Read once: after the replace this page's address no longer carries anything.
  const [outcome] = useState(() => readSocialCallback(params));
  // Where the Google button was pressed from (judged again on reading).
  const [next] = useState(readGoogleNext);
  // Once per visit: the code is single use, and StrictMode runs effects twice.
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    // One use: a later sign-in in this tab must not reuse it.
    forgetGoogleNext();
    // A failed sign-in keeps the target, so the next attempt (Google or e-mail) still returns there.
    const toLogin = (code: string) => withNext('/login', next, { error: code });
    if (outcome.kind === 'error') {
      void navigate(toLogin(outcome.code), { replace: true });
      return;
    }
    exchangeGoogleCode({ code: outcome.code }).then(
      (session) => {
        setSession(session.user, session.token);
        void navigate(next ?? '/', { replace: true });
      },
      (error: unknown) => {
        void navigate(toLogin(exchangeFailure(error instanceof ApiError ? error.status : 0)), { replace: true });
      },
    );
  }, [outcome, next, navigate, setSession]);

  return <SessionCheckOverlay />;
}

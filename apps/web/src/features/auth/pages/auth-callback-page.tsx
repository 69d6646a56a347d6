import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { SessionCheckOverlay } from '../route-guards';
import { useSession } from '../session-context';
import { readSocialCallback } from '../social-callback';

/**
 * /auth/callback: where the server sends the browser back from Google. It stores the session
 * (as the login form does, which also starts the renewal) or goes to /login with the error's
 * code. Always a replace: the token in this address must not stay in the history, where Back
 * or a shared history could reach it.
 */
export default function AuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { setSession } = useSession();
  // Read once: after the replace this page's address no longer carries anything.
  const [outcome] = useState(() => readSocialCallback(params));
  // Once per visit: setSession changes the session (and so this effect's inputs), and
  // StrictMode runs effects twice; a second pass must not store or navigate again.
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    if (outcome.kind === 'session') setSession(outcome.user, outcome.token);
    void navigate(outcome.to, { replace: true });
  }, [outcome, navigate, setSession]);

  return <SessionCheckOverlay />;
}

import { MSG } from '@magotips/contracts/messages';
import { useId } from 'react';
import { browserPreferences } from '../../../lib/reader-zone';
import { rememberGoogleNext } from '../../../lib/session/next-target';

/** Social sign-in starts with a full page load of the API's redirect to Google; a client-side
 * navigation would only reach the SPA's own router. */
export const GOOGLE_SIGN_IN_URL = '/api/auth/google';

/** Under the button: Google signs up someone new as well as in, and that path has no birth-date
 * field to carry the rule (issue 32 item 6, decision 0112). SPEC.md's underage text first. */
export const GOOGLE_AGE_NOTE = `${MSG.underage}. Si entras por primera vez con Google, lo comprobamos con la fecha de nacimiento de tu cuenta de Google.`;

/** The start address with the country and zone a first Google sign-in creates the account
 * with (decision 0114); an existing account keeps its own. */
export function googleSignInHref(preferences: { country: string; timeZone: string }): string {
  const query = new URLSearchParams(preferences);
  return `${GOOGLE_SIGN_IN_URL}?${query.toString()}`;
}

/** `next`: the page to come back to after Google, kept in this tab until /auth/callback.
 * `preferences`: the sign-up form's country and zone; the browser's elsewhere. */
export function GoogleButton({
  next = null,
  preferences,
}: {
  next?: string | null;
  preferences?: { country: string; timeZone: string };
}) {
  const noteId = useId();
  return (
    <>
      <a
        className="btn btn--google btn--block"
        href={googleSignInHref(preferences ?? browserPreferences())}
        aria-describedby={noteId}
        onClick={() => rememberGoogleNext(next)}
      >
        <svg viewBox="0 0 48 48" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            fill="#EA4335"
            d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.2C12.5 13.6 17.8 9.5 24 9.5z"
          />
          <path
            fill="#4285F4"
            d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.5 5.8c4.4-4 6.8-10 6.8-17.2z"
          />
          <path
            fill="#FBBC05"
            d="M10.6 28.5c-.5-1.4-.8-2.9-.8-4.5s.3-3.1.8-4.5l-7.9-6.2C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.9-6.2z"
          />
          <path
            fill="#34A853"
            d="M24 48c6.5 0 11.9-2.1 15.8-5.8l-7.5-5.8c-2.1 1.4-4.9 2.3-8.3 2.3-6.2 0-11.5-4.1-13.4-9.8l-7.9 6.2C6.6 42.6 14.6 48 24 48z"
          />
        </svg>
        Continuar con Google
      </a>
      <p id={noteId} className="auth-card__age-note">
        {GOOGLE_AGE_NOTE}
      </p>
    </>
  );
}

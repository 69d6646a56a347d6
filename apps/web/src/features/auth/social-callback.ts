import {
  GOOGLE_AUTH_ERROR_CODES,
  type GoogleAuthErrorCode,
  MISSING_BIRTH_DATE_TEXT,
  OLDER_THAN_21_TEXT,
} from '@magotips/contracts/google-auth';

/** What /auth/callback does with its address: trade the one-time code for a session, or go
 * to /login with a code the login page explains. A session never comes in the address itself
 * (docs/decisions/0032): a `token`/`user` there is ignored, so a link crafted by someone else
 * cannot sign this browser into their account. */
export type SocialCallbackOutcome =
  | { kind: 'exchange'; code: string }
  /** `code` is what /login?error= explains; `to` is that address. */
  | { kind: 'error'; code: string; to: string };

const KNOWN_CODES: ReadonlySet<string> = new Set(GOOGLE_AUTH_ERROR_CODES);

const toLogin = (code: string): SocialCallbackOutcome => ({
  kind: 'error',
  code,
  to: `/login?error=${encodeURIComponent(code)}`,
});

/** SPEC.md §2: google_auth_failed by default; birthday_required when the message carries the
 * missing-birth-date text; underage when it says older than 21; duplicate_email and
 * validation_error as sent. The server sends its code too, so a known code is kept even if a
 * message was lost on the way. */
export function callbackErrorCode(error: string, message: string | null): GoogleAuthErrorCode {
  const text = (message ?? '').toLowerCase();
  if (text.includes(MISSING_BIRTH_DATE_TEXT.toLowerCase())) return 'birthday_required';
  if (text.includes(OLDER_THAN_21_TEXT.toLowerCase())) return 'underage';
  return KNOWN_CODES.has(error) ? (error as GoogleAuthErrorCode) : 'google_auth_failed';
}

/** Reads `?code=…` or `?error=…&message=…` (the server's redirect after Google). */
export function readSocialCallback(params: URLSearchParams): SocialCallbackOutcome {
  const error = params.get('error');
  if (error !== null) return toLogin(callbackErrorCode(error, params.get('message')));
  const code = params.get('code');
  if (!code) return toLogin('missing_data');
  return { kind: 'exchange', code };
}

/** The /login?error= code of a refused trade: a 400 means the code is spent, stale or from
 * another browser (invalid_data); anything else (network, 5xx) is a failed sign-in. */
export function exchangeFailure(status: number): 'invalid_data' | 'google_auth_failed' {
  return status === 400 ? 'invalid_data' : 'google_auth_failed';
}

import {
  GOOGLE_AUTH_ERROR_CODES,
  type GoogleAuthErrorCode,
  MISSING_BIRTH_DATE_TEXT,
  OLDER_THAN_21_TEXT,
} from '@magotips/contracts/google-auth';
import { isSessionUser, type TSessionUser } from './session-user';

/** What /auth/callback does with its address: store a session and go home, or go to /login
 * with a code the login page explains. */
export type SocialCallbackOutcome =
  | { kind: 'session'; user: TSessionUser; token: string; to: '/' }
  | { kind: 'error'; to: string };

const KNOWN_CODES: ReadonlySet<string> = new Set(GOOGLE_AUTH_ERROR_CODES);

const toLogin = (code: string): SocialCallbackOutcome => ({
  kind: 'error',
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

function parseUser(raw: string): TSessionUser | null {
  try {
    const value: unknown = JSON.parse(raw);
    return isSessionUser(value) ? value : null;
  } catch {
    return null;
  }
}

/** Reads `?token=…&user=<JSON>` or `?error=…&message=…` (the server's redirect after Google). */
export function readSocialCallback(params: URLSearchParams): SocialCallbackOutcome {
  const error = params.get('error');
  if (error !== null) return toLogin(callbackErrorCode(error, params.get('message')));
  const token = params.get('token');
  const rawUser = params.get('user');
  if (!token || !rawUser) return toLogin('missing_data');
  const user = parseUser(rawUser);
  if (!user) return toLogin('invalid_data');
  return { kind: 'session', user, token, to: '/' };
}

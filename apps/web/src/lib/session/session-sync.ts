import { ApiError } from '../api-error';
import { settleStoredTransactionsInBackground } from '../payments/stale-transaction-trigger';
import { refreshSession } from './api/refresh-session';
import { verifySession } from './api/verify-session';
import type { SessionStore } from './session-store';
import { isSessionUser, type TSessionUser } from './session-user';

/** SPEC.md §4: the client renews its token every 5 minutes (tokens live 15). The contract's
 * TOKEN_REFRESH_MS, restated because contracts/auth.ts carries Zod and this module is in the
 * landing's entry bundle; session-sync.test.ts pins the two together. */
export const SESSION_RENEWAL_MS = 300_000;

type VerifiedListener = (user: TSessionUser) => void;
const verifiedListeners = new Set<VerifiedListener>();

/**
 * Hook point: runs after the start-up check has confirmed a stored session. SPEC.md §4 checks
 * stale stored transaction ids against the server at that moment; that check belongs to the
 * payments kit (lib/payments/), which is registered here. Returns the unsubscribe function.
 */
export function onSessionVerified(listener: VerifiedListener): () => void {
  verifiedListeners.add(listener);
  return () => verifiedListeners.delete(listener);
}

// The payments kit's check, registered here because this module is what every page load
// runs; the trigger is a few lines and loads the check itself only when an id is stored.
onSessionVerified(settleStoredTransactionsInBackground);

/** No answer, or a server failing on its own side: neither says the token is bad. */
function serverUnreachable(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

/** The session in an answer, or null for one that cannot be stored (an answer from
 * something other than the API: a proxy page, a test double of another call). */
function sessionIn(answer: { user?: unknown; token?: unknown } | null | undefined) {
  if (!answer || !isSessionUser(answer.user) || typeof answer.token !== 'string' || !answer.token) {
    return null;
  }
  return { user: answer.user, token: answer.token };
}

async function runCheck(store: SessionStore): Promise<void> {
  const sent = store.getSnapshot().token;
  if (!sent) return;
  try {
    const verified = sessionIn(await verifySession());
    if (!verified) throw new ApiError(500, 'Respuesta inesperada del servidor.');
    const { user, token } = verified;
    // A sign-in or sign-out (here or in another tab) while the check ran has the last word.
    if (store.getSnapshot().token !== sent) return;
    store.setSession(user, token);
    verifiedListeners.forEach((listener) => listener(user));
  } catch (error) {
    // The server refused the token: the session is over. Unreachable: keep it, so a dropped
    // connection on a phone does not sign anyone out; the next call will tell.
    if (serverUnreachable(error)) return;
    if (store.getSnapshot().token === sent) store.clearSession();
  }
}

const checks = new WeakMap<SessionStore, Promise<void>>();

/** Validates the stored session once per store, however often it is asked (StrictMode runs
 * effects twice; a second me_verify would only burn a token). */
export function checkStoredSession(store: SessionStore): Promise<void> {
  let check = checks.get(store);
  if (!check) {
    check = runCheck(store);
    checks.set(store, check);
  }
  return check;
}

/** One renewal: stores the fresh token, unless the session changed while the call ran (a
 * password change issues its own token, which an older renewal must not overwrite). */
export async function renewSession(store: SessionStore): Promise<void> {
  const sent = store.getSnapshot().token;
  if (!sent) return;
  try {
    const renewed = sessionIn(await refreshSession());
    if (renewed && store.getSnapshot().token === sent) store.setSession(renewed.user, renewed.token);
  } catch {
    // A 401 has already ended the session through the API client; anything else (offline, a
    // server hiccup) is retried by the next tick while the token is still valid.
  }
}

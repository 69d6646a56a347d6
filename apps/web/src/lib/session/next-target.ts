import { NEXT_PARAM, safeNextPath } from '@magotips/contracts/next-path';
import { useSearchParams } from 'react-router';

// Where a visitor wanted to go before being asked to sign in (issue 13, item 1;
// docs/decisions/0021). It travels as `?next=/…` (a relative path, judged by the contract's
// safeNextPath wherever it is read) and, across the trip to Google, in sessionStorage.

/** The safe `next` of the current address, or null. */
export function useNextTarget(): string | null {
  const [params] = useSearchParams();
  return safeNextPath(params.get(NEXT_PARAM));
}

/** History state that RequireAuth hands to /login so a page opened with state (/purchase)
 * gets it back after the sign-in. */
export type ReturnState = { returnState?: unknown };

export function returnStateOf(state: unknown): unknown {
  return state && typeof state === 'object' && 'returnState' in state
    ? (state as ReturnState).returnState
    : undefined;
}

const GOOGLE_NEXT_KEY = 'magotips.googleNext';

/** Kept for this tab only while Google has the browser; /auth/callback takes it back. */
export function rememberGoogleNext(next: string | null): void {
  try {
    if (next) window.sessionStorage.setItem(GOOGLE_NEXT_KEY, next);
    else window.sessionStorage.removeItem(GOOGLE_NEXT_KEY);
  } catch {
    // Storage blocked: the sign-in still works and ends on the home page.
  }
}

/** The stored target, judged again (storage is not trusted). A pure read, so a render may call
 * it twice; forgetGoogleNext() spends it. */
export function readGoogleNext(): string | null {
  try {
    return safeNextPath(window.sessionStorage.getItem(GOOGLE_NEXT_KEY));
  } catch {
    return null;
  }
}

export function forgetGoogleNext(): void {
  rememberGoogleNext(null);
}

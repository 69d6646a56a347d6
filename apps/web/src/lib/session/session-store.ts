import { readStored, removeStored, writeStored } from '../storage';
import { STORAGE_KEYS } from '../storage-keys';
import { SIGNED_IN_HINT_COOKIE } from '@magotips/contracts/signed-in-hint';
import { isSessionUser, type TSessionUser } from './session-user';

const USER_STORAGE_KEY = STORAGE_KEYS.user;
const TOKEN_STORAGE_KEY = STORAGE_KEYS.token;

export type Session = {
  user: TSessionUser | null;
  token: string | null;
};

export type SessionStore = {
  getSnapshot: () => Session;
  subscribe: (listener: () => void) => () => void;
  setSession: (user: TSessionUser, token: string) => void;
  clearSession: () => void;
};

function parseUser(raw: string | null): TSessionUser | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isSessionUser(value) ? value : null;
  } catch {
    return null;
  }
}

/** Keeps the signed-in hint cookie in step with the stored session (contracts/signed-in-hint.ts). */
function writeSignedInHint(signedIn: boolean): void {
  // The visitor landing is also rendered at build time (prerender/), where there is no cookie.
  if (typeof document === 'undefined') return;
  const hasHint = document.cookie.split(';').some((part) => part.trim() === `${SIGNED_IN_HINT_COOKIE}=1`);
  if (signedIn === hasHint) return;
  // A year: the hint lives as long as the stored session, which clearSession ends.
  document.cookie = signedIn
    ? `${SIGNED_IN_HINT_COOKIE}=1; Path=/; Max-Age=31536000; SameSite=Lax`
    : `${SIGNED_IN_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}

function readSession(): Session {
  const rawUser = readStored(USER_STORAGE_KEY);
  const user = parseUser(rawUser);
  const token = readStored(TOKEN_STORAGE_KEY) || null;
  // Half a session (a user without a token, or unreadable user data) cannot authenticate anything;
  // dropping it keeps the header and the API client in agreement.
  if (!user || !token) {
    if (rawUser !== null || token !== null) {
      removeStored(USER_STORAGE_KEY);
      removeStored(TOKEN_STORAGE_KEY);
    }
    writeSignedInHint(false);
    return { user: null, token: null };
  }
  writeSignedInHint(true);
  return { user, token };
}

/** The browser-side session: localStorage 'user' (JSON) and 'token', kept in sync across tabs. */
export function createSessionStore(): SessionStore {
  let current = readSession();
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());

  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && event.key !== USER_STORAGE_KEY && event.key !== TOKEN_STORAGE_KEY) {
      return;
    }
    current = readSession();
    emit();
  };

  return {
    getSnapshot: () => current,
    subscribe(listener) {
      if (listeners.size === 0) window.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener('storage', onStorage);
      };
    },
    setSession(user, token) {
      writeStored(USER_STORAGE_KEY, JSON.stringify(user));
      writeStored(TOKEN_STORAGE_KEY, token);
      writeSignedInHint(true);
      current = { user, token };
      emit();
    },
    clearSession() {
      removeStored(USER_STORAGE_KEY);
      removeStored(TOKEN_STORAGE_KEY);
      writeSignedInHint(false);
      current = { user: null, token: null };
      emit();
    },
  };
}

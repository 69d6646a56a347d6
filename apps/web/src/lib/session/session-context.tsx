import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { withNext } from '@magotips/contracts/next-path';
import { setSessionExpiredHandler } from '../api-client';
import { hardNavigate } from './hard-navigate';
import { createSessionStore, type SessionStore } from './session-store';
import { checkStoredSession, renewSession, SESSION_RENEWAL_MS } from './session-sync';
import type { TSessionUser } from './session-user';

/** Where an expired session sends the user; the login page explains why. */
export const SESSION_EXPIRED_URL = '/login?expired=1';

/** The same, carrying the page the user was on, so signing in again returns there. */
export function sessionExpiredUrl(): string {
  const { pathname, search, hash } = window.location;
  return withNext('/login', `${pathname}${search}${hash}`, { expired: '1' });
}

export type SessionStatus = 'checking' | 'ready';

export type SessionValue = {
  user: TSessionUser | null;
  token: string | null;
  isAuthenticated: boolean;
  /** 'checking' while a session found in storage at start waits for the server's word. */
  status: SessionStatus;
  /** True after a sign-out in this tab (until the next sign-in): the protected page being left
   * must not redirect to /login while the sign-out takes the user to /. */
  signingOut: boolean;
  setSession: (user: TSessionUser, token: string) => void;
  clearSession: () => void;
  /** Ends the session as the user's own choice (logout, account deletion). */
  signOut: () => void;
};

const SessionContext = createContext<SessionValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  // One store per provider so a fresh mount (a reload, a test) reads storage again.
  const [store] = useState<SessionStore>(createSessionStore);
  const session = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const isAuthenticated = session.user !== null && session.token !== null;
  // Only a session found in storage needs checking; a visitor is ready at once.
  const [checking, setChecking] = useState(() => store.getSnapshot().token !== null);
  const [signingOut, setSigningOut] = useState(false);

  useEffect(() => {
    if (!checking) return;
    let active = true;
    void checkStoredSession(store).then(() => {
      if (active) setChecking(false);
    });
    return () => {
      active = false;
    };
  }, [checking, store]);

  // Renewal runs for as long as someone is signed in: it starts with a sign-in or a stored
  // session and stops with the sign-out (a renewed token does not restart the clock).
  useEffect(() => {
    if (!isAuthenticated) return;
    const timer = window.setInterval(() => void renewSession(store), SESSION_RENEWAL_MS);
    return () => window.clearInterval(timer);
  }, [isAuthenticated, store]);

  useEffect(() => {
    setSessionExpiredHandler(() => {
      store.clearSession();
      // A full load rather than a client-side redirect: nothing the ended session fetched may
      // survive in memory, and this provider sits outside the router anyway.
      hardNavigate(sessionExpiredUrl());
    });
    return () => setSessionExpiredHandler(null);
  }, [store]);

  const value = useMemo<SessionValue>(
    () => ({
      user: session.user,
      token: session.token,
      isAuthenticated,
      status: checking ? 'checking' : 'ready',
      signingOut,
      setSession: (user, token) => {
        setSigningOut(false);
        store.setSession(user, token);
      },
      clearSession: store.clearSession,
      signOut: () => {
        setSigningOut(true);
        store.clearSession();
      },
    }),
    [session, isAuthenticated, checking, signingOut, store],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}

/** The signed-in user, or null for a visitor and outside the provider: pieces shared by
 * pages with and without a session (a tip card, the footer) read it without requiring one. */
export function useSessionUser(): TSessionUser | null {
  return useContext(SessionContext)?.user ?? null;
}

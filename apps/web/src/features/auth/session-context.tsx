import {
  createContext,
  useContext,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { TSessionUser } from './session-user';
import { createSessionStore, type SessionStore } from './session-store';

export type SessionValue = {
  user: TSessionUser | null;
  token: string | null;
  isAuthenticated: boolean;
  setSession: (user: TSessionUser, token: string) => void;
  clearSession: () => void;
};

const SessionContext = createContext<SessionValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  // One store per provider so a fresh mount (a reload, a test) reads storage again.
  const [store] = useState<SessionStore>(createSessionStore);
  const session = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const value = useMemo<SessionValue>(
    () => ({
      user: session.user,
      token: session.token,
      isAuthenticated: session.user !== null && session.token !== null,
      setSession: store.setSession,
      clearSession: store.clearSession,
    }),
    [session, store],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}

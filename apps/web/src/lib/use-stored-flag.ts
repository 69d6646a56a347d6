import { useCallback, useSyncExternalStore } from 'react';
import { readStored, writeStored } from './storage';

// Keeps a flag set for this page's lifetime even when storage refuses the write, so an accepted
// notice does not reappear on every render when localStorage is blocked.
const acceptedInMemory = new Set<string>();
const listeners = new Set<() => void>();

function isSet(key: string): boolean {
  return acceptedInMemory.has(key) || readStored(key) === 'true';
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab accepting the notice closes it here too.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** A localStorage flag that is either 'true' or absent, shared by every component reading it. */
export function useStoredFlag(key: string): [boolean, () => void] {
  const value = useSyncExternalStore(
    subscribe,
    () => isSet(key),
    () => false,
  );
  const set = useCallback(() => {
    if (!writeStored(key, 'true')) acceptedInMemory.add(key);
    listeners.forEach((listener) => listener());
  }, [key]);
  return [value, set];
}

/**
 * Reads reused for a short, bounded time (READ_CACHE_TTL_MS) inside one instance: the public
 * lists, the tips feeds, a buyer's packs and the caller's account. Another instance's change
 * shows here after at most one TTL; a change made through this instance clears everything at
 * once (app.ts clears after every successful write request, fulfilment after a payment).
 * Concurrent misses of one key share one load, so a burst costs the database one query; the TTL
 * counts from when the load is done.
 */
export type ReadCache = {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
  readonly enabled: boolean;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A write that changes nothing a cached read shows (a new session token, a mailed link):
     * its success leaves the instance's read cache as it is. */
    leavesReadsAlone?: boolean;
  }
}

type Entry = { expires: number; value: Promise<unknown> };

// Per-user keys (accounts, bought packs) must not grow without bound on a busy instance.
const DEFAULT_MAX_ENTRIES = 10_000;

export function createReadCache(opts: {
  ttlMs: number;
  maxEntries?: number;
  /** Monotonic milliseconds; tests pass their own. Never the app's clock, which tests freeze. */
  now?: () => number;
}): ReadCache {
  const { ttlMs } = opts;
  const maxEntries = opts.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const now = opts.now ?? (() => performance.now());
  const entries = new Map<string, Entry>();

  return {
    enabled: ttlMs > 0,
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return load();
      const t = now();
      const hit = entries.get(key);
      if (hit && hit.expires > t) return hit.value as Promise<T>;
      if (hit) entries.delete(key);
      if (entries.size >= maxEntries) {
        // Oldest first: a Map iterates in insertion order.
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      const value = load();
      // Shared while it loads, however long that takes, and kept a TTL from when it is ready: a
      // read slower than the TTL (the track record's tips path at a million tips, decision 0074)
      // would otherwise start again on every request after the TTL and pile up behind itself.
      const entry: Entry = { expires: Infinity, value };
      entries.set(key, entry);
      value.then(
        () => {
          entry.expires = now() + ttlMs;
        },
        // A failed read is not kept: the next caller asks the database again.
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}

/**
 * A small in-process cache of answers that may be a few seconds old (the public directory's pages): each key's
 * answer is loaded once and shared for `ttlMs` (concurrent requests for a key wait for the same load, so a burst
 * of identical requests costs one query), at most `maxEntries` keys (the least recently used go first), a failed
 * load is not kept, and `clear()` forgets everything (after a write that changes the answers). It is per
 * process: another instance, or a write that does not call `clear()`, is seen once the entries expire.
 */
export interface ShortLivedCacheOptions {
  ttlMs: number;
  maxEntries: number;
  /** The clock, in milliseconds (tests pass their own). */
  now?: () => number;
}

export interface ShortLivedCache<T> {
  /** The key's answer: the kept one while fresh, else the one `load` gives (kept from now on). */
  get(key: string, load: () => Promise<T>): Promise<T>;
  /** Forgets every answer; loads already under way are not kept either. */
  clear(): void;
}

export function shortLivedCache<T>(options: ShortLivedCacheOptions): ShortLivedCache<T> {
  const now = options.now ?? (() => performance.now());
  const entries = new Map<string, { expires: number; value: Promise<T> }>();
  return {
    get(key, load) {
      const at = now();
      const kept = entries.get(key);
      entries.delete(key);
      if (kept && kept.expires > at) {
        entries.set(key, kept); // most recently used last
        return kept.value;
      }
      if (options.ttlMs <= 0) return load();
      const value = load();
      const entry = { expires: at + options.ttlMs, value };
      entries.set(key, entry);
      for (const oldest of entries.keys()) {
        if (entries.size <= options.maxEntries) break;
        entries.delete(oldest);
      }
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}

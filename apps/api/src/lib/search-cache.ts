/**
 * Recent answers to searches, for a short while: people ask the same again and again (the
 * catalogue's prefixes "к", "ка", "кам"; a list page, its next pages, the filter panel's count).
 * The most recently used stay when it is full; a failed answer is not kept; `clear()` drops all
 * (a change in this process shows at once).
 */
export function createSearchCache<T>(options: { maxEntries: number; ttlMs: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: Promise<T>; expiresAt: number }>();
  return {
    get(key: string, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now()) {
        // Map order is insertion order: re-inserting keeps the most recently used last.
        entries.delete(key);
        entries.set(key, hit);
        return hit.value;
      }
      const value = load();
      entries.set(key, { value, expiresAt: now() + options.ttlMs });
      value.catch(() => entries.delete(key));
      if (entries.size > options.maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      return value;
    },
    clear(): void {
      entries.clear();
    },
  };
}

/**
 * A map that keeps at most `capacity` entries and forgets the one used longest ago. The night
 * cache is one: the undo history holds hundreds of documents, and a big night's trace is
 * megabytes, so a cache keyed on every document ever seen would keep them all alive.
 */
export interface LruCache<K, V> {
  /** The value for `key`, which becomes the most recently used; undefined when absent. */
  get(key: K): V | undefined;
  /** Stores `value` as the most recently used, forgetting the least recently used past capacity. */
  set(key: K, value: V): void;
  has(key: K): boolean;
  /** Forgets `key`'s value, if any. */
  delete(key: K): void;
  readonly size: number;
}

export function createLruCache<K, V>(capacity: number): LruCache<K, V> {
  if (!Number.isInteger(capacity) || capacity < 1)
    throw new Error(`LRU capacity must be a positive integer: ${capacity}`);
  // A Map iterates in insertion order: re-inserting on use keeps the oldest use first.
  const entries = new Map<K, V>();
  return {
    get(key) {
      if (!entries.has(key)) return undefined;
      const value = entries.get(key) as V;
      entries.delete(key);
      entries.set(key, value);
      return value;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, value);
      while (entries.size > capacity) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        entries.delete(oldest.value);
      }
    },
    has: (key) => entries.has(key),
    delete(key) {
      entries.delete(key);
    },
    get size() {
      return entries.size;
    },
  };
}

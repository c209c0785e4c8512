import { LRUCache } from 'lru-cache';

/**
 * An LRU cache of at most `entries` entries (each living `ttlMs` when given), for caches keyed by caller
 * input, which must be bounded.
 *
 * Why not `new LRUCache({ max })`: lru-cache sizes its arrays for `max` entries when it is made, so a
 * bound of 100,000 took some 30 ms of the start and 4 MB of memory before a single entry. Bounded by
 * `maxSize` with every entry of size 1 it evicts the same way, and its arrays grow with what it holds.
 */
export function lru<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(
  entries: number,
  ttlMs?: number,
): LRUCache<K, V> {
  return new LRUCache<K, V>({
    maxSize: entries,
    sizeCalculation: () => 1,
    ...(ttlMs === undefined ? {} : { ttl: ttlMs }),
  });
}

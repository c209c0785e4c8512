import { LRUCache } from 'lru-cache';
import type { Db } from '../db/index.js';
import type { AuthEvents } from './events.js';

/**
 * Button codes granted to a set of roles (menus of category 2 through role grants).
 * Cached briefly per role set; grant changes call invalidate(), which every node hears over the bus, so
 * a revoked grant stops working everywhere at once instead of after the cache's lifetime.
 */
export class PermissionCache {
  // Bounded: role sets are few in practice, but the key comes from tokens and must not grow memory.
  private cache: LRUCache<string, Set<string>>;
  private cleared = new Set<() => void>();
  constructor(
    private readonly db: Db,
    private readonly events?: AuthEvents,
    ttlMs = 5000,
    max = 1000,
  ) {
    this.cache = new LRUCache({ max, ttl: ttlMs });
    events?.on((c) => {
      if (c.kind === 'grants' || c.kind === 'role') this.clear();
    });
  }

  async codes(roleIds: readonly string[]): Promise<Set<string>> {
    const key = [...roleIds].sort().join(',');
    const hit = this.cache.get(key);
    if (hit) return hit;
    const rows = roleIds.length
      ? await this.db.query<{ code: string }>(
          `SELECT DISTINCT m.code FROM blade_role_menu rm JOIN blade_menu m ON m.id = rm.menu_id
           WHERE rm.role_id = ANY($1::bigint[]) AND m.is_deleted = 0 AND m.code IS NOT NULL AND m.code <> ''`,
          [roleIds],
        )
      : [];
    const codes = new Set(rows.map((r) => r.code));
    this.cache.set(key, codes);
    return codes;
  }

  /** Caches built on grants (menus per role set) are cleared with this one, on every node. */
  onClear(fn: () => void): void {
    this.cleared.add(fn);
  }

  /** After a grant change committed: cleared here at once (the caller's next request), then everywhere. */
  invalidate(): void {
    this.clear();
    void this.events?.grantsChanged();
  }

  /** This node's caches only, announcing nothing (the clear-cache route: announcing it would let its caller make every node re-check every socket). */
  clearHere(): void {
    this.clear();
  }

  private clear() {
    this.cache.clear();
    for (const fn of this.cleared) fn();
  }
}

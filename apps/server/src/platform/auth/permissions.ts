import { LRUCache } from 'lru-cache';
import type { Db } from '../db/index.js';

/**
 * Button codes granted to a set of roles (menus of category 2 through role grants).
 * Cached briefly per role set; grant changes call invalidate().
 */
export class PermissionCache {
  // Bounded: role sets are few in practice, but the key comes from tokens and must not grow memory.
  private cache: LRUCache<string, Set<string>>;
  constructor(
    private readonly db: Db,
    ttlMs = 5000,
    max = 1000,
  ) {
    this.cache = new LRUCache({ max, ttl: ttlMs });
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

  invalidate() {
    this.cache.clear();
  }
}

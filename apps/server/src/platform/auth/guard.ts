import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/index.js';
import { AppError, forbidden, unauthorized } from '../errors.js';
import { isPlatformAdmin, type Scope } from '../scope.js';
import type { PermissionCache } from './permissions.js';
import { TokenError, type TokenService } from './tokens.js';

/**
 * What a route needs, declared on every route (`config.permission`):
 * - 'public': anyone (sign-in, captcha, public key, …)
 * - 'login': any signed-in user of any role
 * - 'role:a,b': one of these role aliases
 * - 'code:x': the button/feature code x granted through the caller's roles
 * The administrator role passes every role and code check within its tenant.
 */
export type Permission = 'public' | 'login' | `role:${string}` | `code:${string}`;

export const TOKEN_HEADER = 'blade-auth';

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * OAuth clients are few and rarely change: cached for a minute. The key is whatever client id a caller
 * sends, and unknown ids are cached too (or each would cost a query), so the cache is an LRU of bounded
 * size: random ids push each other out instead of growing memory.
 */
export class ClientCache {
  private cache: LRUCache<string, { hash: string | null }>;
  constructor(
    private readonly db: Db,
    max = 1000,
  ) {
    this.cache = new LRUCache({ max, ttl: 60_000 });
  }

  clear() {
    this.cache.clear();
  }

  /** The client id when the Basic header names a known client with its secret, else null. */
  async verifyBasic(header: string | undefined): Promise<string | null> {
    if (!header || !/^basic\s+/i.test(header)) return null;
    let decoded: string;
    try {
      decoded = Buffer.from(header.replace(/^basic\s+/i, ''), 'base64').toString('utf8');
    } catch {
      return null;
    }
    const i = decoded.indexOf(':');
    if (i < 1) return null;
    const id = decoded.slice(0, i);
    const secret = decoded.slice(i + 1);
    let hit = this.cache.get(id);
    if (!hit) {
      const row = await this.db.one<{ secret_hash: string }>(
        'SELECT secret_hash FROM blade_client WHERE client_id = $1 AND is_deleted = 0',
        [id],
      );
      hit = { hash: row?.secret_hash ?? null };
      this.cache.set(id, hit);
    }
    if (!hit.hash) return null;
    const a = Buffer.from(sha256(secret), 'hex');
    const b = Buffer.from(hit.hash, 'hex');
    return a.length === b.length && timingSafeEqual(a, b) ? id : null;
  }
}

export function bearerOf(req: FastifyRequest): string | undefined {
  const h = req.headers[TOKEN_HEADER];
  const v = Array.isArray(h) ? h[0] : h;
  if (!v) return undefined;
  return v.replace(/^bearer\s+/i, '').trim() || undefined;
}

/**
 * A session that may still act: not revoked, its user active, its tenant enabled and not expired. Shared
 * by the request guard and the sockets' re-checks (notifications, chat), so all of them agree. A FROM
 * clause naming the session `s`, its user `u` and its tenant `t`.
 */
export const LIVE_SESSION = `auth_session s
  JOIN blade_user u ON u.id = s.user_id AND u.tenant_id = s.tenant_id AND u.is_deleted = 0 AND u.status = 1
  JOIN blade_tenant t ON t.tenant_id = u.tenant_id AND t.is_deleted = 0 AND t.status = 1
   AND (t.expire_time IS NULL OR t.expire_time > now())`;

/**
 * The caller's scope as the database says now, not as it was when the token was signed: a role taken
 * away, a department moved, a disabled account or an expired tenant counts from the next request. One
 * indexed read per request (the session by its key, the user by its key, the tenant by its unique index,
 * the user's roles by the join table's key); the place a shared cache would go.
 */
export async function loadScope(db: Db, sessionId: string): Promise<Scope | null> {
  if (!/^\d{1,19}$/.test(sessionId)) return null;
  // Named: every signed-in request runs it, and planning it cost PostgreSQL more than running it.
  const [row] = await db.query<{
    user_id: string;
    tenant_id: string;
    account: string;
    client_id: string;
    role_ids: string[] | null;
    role_aliases: string[] | null;
    dept_id: string | null;
  }>(
    `SELECT u.id::text AS user_id, u.tenant_id, u.account, s.client_id, ro.ids AS role_ids, ro.aliases AS role_aliases,
            (SELECT d.id::text FROM blade_user_dept ud JOIN blade_dept d ON d.id = ud.dept_id AND d.is_deleted = 0
              WHERE ud.user_id = u.id ORDER BY d.sort, d.id LIMIT 1) AS dept_id
       FROM ${LIVE_SESSION}
       LEFT JOIN LATERAL (
         SELECT array_agg(r.id::text ORDER BY r.sort, r.id) AS ids, array_agg(r.role_alias ORDER BY r.sort, r.id) AS aliases
           FROM blade_user_role ur JOIN blade_role r ON r.id = ur.role_id AND r.tenant_id = u.tenant_id AND r.is_deleted = 0
          WHERE ur.user_id = u.id) ro ON true
      WHERE s.id = $1 AND s.revoked_at IS NULL`,
    [sessionId],
    { name: 'auth_session_scope' },
  );
  if (!row) return null;
  const roleAliases = row.role_aliases ?? [];
  return {
    tenantId: row.tenant_id,
    userId: row.user_id,
    account: row.account,
    deptId: row.dept_id,
    roleIds: row.role_ids ?? [],
    roleAliases,
    clientId: row.client_id,
    sessionId,
    isPlatformAdmin: isPlatformAdmin(row.tenant_id, roleAliases),
  };
}

/** Of these session ids, the ones that may still act (see LIVE_SESSION): for re-checking open sockets. */
export async function liveSessions(db: Db, sessionIds: readonly string[]): Promise<Set<string>> {
  const ids = sessionIds.filter((id) => /^\d{1,19}$/.test(id));
  if (!ids.length) return new Set();
  const rows = await db.query<{ id: string }>(
    `SELECT s.id::text AS id FROM ${LIVE_SESSION}
      WHERE s.id = ANY(ARRAY(SELECT unnest($1::bigint[]))) AND s.revoked_at IS NULL`,
    [ids],
    { name: 'auth_sessions_live' },
  );
  return new Set(rows.map((r) => r.id));
}

/**
 * Verifies an access token and loads its session's scope; throws 401. The token proves only which
 * session is calling: what the caller may do is read afresh (loadScope), never taken from the token.
 */
export async function authenticate(db: Db, tokens: TokenService, token: string | undefined): Promise<Scope> {
  if (!token) throw unauthorized();
  let c;
  try {
    c = await tokens.verifyAccess(token);
  } catch (e) {
    if (e instanceof TokenError) throw unauthorized('common.tokenInvalid');
    throw e;
  }
  const scope = await loadScope(db, String(c.sid));
  if (!scope) throw unauthorized('common.tokenInvalid');
  return scope;
}

/** Throws 403 unless the scope satisfies the declared permission. */
export async function authorize(scope: Scope, permission: Permission, perms: PermissionCache): Promise<void> {
  if (permission === 'public' || permission === 'login') return;
  if (scope.roleAliases.includes('administrator')) return;
  if (permission.startsWith('role:')) {
    const wanted = permission.slice(5).split(',');
    if (wanted.some((r) => scope.roleAliases.includes(r))) return;
    throw forbidden();
  }
  if (permission.startsWith('code:')) {
    const codes = await perms.codes(scope.roleIds);
    if (codes.has(permission.slice(5))) return;
    throw forbidden();
  }
  throw new AppError(500, 'common.serverError');
}

/** Used by code that needs the scope: routes behind 'public' have none. */
export function scopeOf(req: FastifyRequest): Scope {
  if (!req.auth) throw unauthorized();
  return req.auth;
}

/** For routes that do two things (submit = add or edit): the second code is checked in the handler. */
export async function requireCode(scope: Scope, code: string, perms: PermissionCache): Promise<void> {
  await authorize(scope, `code:${code}`, perms);
}

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

/** Verifies an access token and its session; returns the caller's scope or throws 401. */
export async function authenticate(db: Db, tokens: TokenService, token: string | undefined): Promise<Scope> {
  if (!token) throw unauthorized();
  let c;
  try {
    c = await tokens.verifyAccess(token);
  } catch (e) {
    if (e instanceof TokenError) throw unauthorized('common.tokenInvalid');
    throw e;
  }
  // Named: every signed-in request runs it, and planning it cost PostgreSQL more than running it.
  const [session] = await db.query<{ revoked_at: Date | null; user_status: number | null }>(
    `SELECT s.revoked_at, u.status AS user_status FROM auth_session s
       LEFT JOIN blade_user u ON u.id = s.user_id AND u.is_deleted = 0
      WHERE s.id = $1`,
    [c.sid],
    { name: 'auth_session_live' },
  );
  if (!session || session.revoked_at || session.user_status !== 1) throw unauthorized('common.tokenInvalid');
  return {
    tenantId: c.tid,
    userId: c.uid,
    account: c.acc,
    deptId: c.did,
    roleIds: c.rids,
    roleAliases: c.ral,
    clientId: c.cid,
    sessionId: c.sid,
    isPlatformAdmin: isPlatformAdmin(c.tid, c.ral),
  };
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

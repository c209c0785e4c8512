import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { lru } from '../lru.js';
import type { Db } from '../db/index.js';
import { ReadBatcher, SIGN_IN_READS } from '../db/read-batcher.js';
import { AppError, forbidden, unauthorized } from '../errors.js';
import { isPlatformAdmin, type Scope } from '../scope.js';
import type { AuthChange, AuthEvents } from './events.js';
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
 * size: random ids push each other out instead of growing memory. A header that proved a client is also
 * kept (bounded the same way, memory only) with what it proved, so every request of a shell does not hash
 * the same secret again; failures are not kept.
 */
export class ClientCache {
  private cache: LRUCache<string, { hash: string | null }>;
  private proven: LRUCache<string, string>;
  constructor(
    private readonly db: Db,
    max = 1000,
  ) {
    this.cache = new LRUCache({ max, ttl: 60_000 });
    this.proven = new LRUCache({ max, ttl: 60_000 });
  }

  clear() {
    this.cache.clear();
    this.proven.clear();
  }

  /** The client id when the Basic header names a known client with its secret, else null. */
  async verifyBasic(header: string | undefined): Promise<string | null> {
    if (!header || !/^basic\s+/i.test(header)) return null;
    const known = this.proven.get(header);
    if (known) return known;
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
    if (!(a.length === b.length && timingSafeEqual(a, b))) return null;
    this.proven.set(header, id);
    return id;
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

interface LiveSession {
  scope: Scope;
  /** When the tenant expires (ms since the epoch), or null: a cached session must not outlive it. */
  expiresAt: number | null;
}

/**
 * The caller's scope as the database says now, not as it was when the token was signed: a role taken
 * away, a department moved, a disabled account or an expired tenant counts from the next request. One
 * indexed read per session (the session by its key, the user by its key, the tenant by its unique index,
 * the user's roles by the join table's key), for one session or the many a connect storm asks for at once
 * (SessionCache batches them); SessionCache keeps its answers.
 */
async function readSessions(db: Db, sessionIds: readonly string[]): Promise<Map<string, LiveSession>> {
  const ids = sessionIds.filter((id) => /^\d{1,19}$/.test(id));
  const found = new Map<string, LiveSession>();
  if (!ids.length) return found;
  // Named: every signed-in request ran it before the cache, and planning it cost PostgreSQL more than
  // running it. The ids behind a subquery: see principals.ts, sessionsEnded.
  const rows = await db.query<{
    session_id: string;
    user_id: string;
    tenant_id: string;
    account: string;
    client_id: string;
    role_ids: string[] | null;
    role_aliases: string[] | null;
    dept_id: string | null;
    expires_ms: number | null;
  }>(
    `SELECT s.id::text AS session_id, u.id::text AS user_id, u.tenant_id, u.account, s.client_id,
            ro.ids AS role_ids, ro.aliases AS role_aliases,
            (SELECT d.id::text FROM blade_user_dept ud JOIN blade_dept d ON d.id = ud.dept_id AND d.is_deleted = 0
              WHERE ud.user_id = u.id ORDER BY d.sort, d.id LIMIT 1) AS dept_id,
            (extract(epoch FROM t.expire_time) * 1000)::float8 AS expires_ms
       FROM ${LIVE_SESSION}
       LEFT JOIN LATERAL (
         SELECT array_agg(r.id::text ORDER BY r.sort, r.id) AS ids, array_agg(r.role_alias ORDER BY r.sort, r.id) AS aliases
           FROM blade_user_role ur JOIN blade_role r ON r.id = ur.role_id AND r.tenant_id = u.tenant_id AND r.is_deleted = 0
          WHERE ur.user_id = u.id) ro ON true
      WHERE s.id = ANY(ARRAY(SELECT unnest($1::bigint[]))) AND s.revoked_at IS NULL`,
    [ids],
    { name: 'auth_session_scopes' },
  );
  for (const row of rows) {
    const roleAliases = Object.freeze(row.role_aliases ?? []) as string[];
    // Frozen: one cached object serves every request of the session, so no handler may change it.
    const scope: Scope = Object.freeze({
      tenantId: row.tenant_id,
      userId: row.user_id,
      account: row.account,
      deptId: row.dept_id,
      roleIds: Object.freeze(row.role_ids ?? []) as string[],
      roleAliases,
      clientId: row.client_id,
      sessionId: row.session_id,
      isPlatformAdmin: isPlatformAdmin(row.tenant_id, roleAliases),
    });
    found.set(row.session_id, { scope, expiresAt: row.expires_ms == null ? null : Number(row.expires_ms) });
  }
  return found;
}

/** The scope of a session that may act now (see readSessions), from the database; null if it may not. */
export async function loadScope(db: Db, sessionId: string): Promise<Scope | null> {
  const live = (await readSessions(db, [sessionId])).get(sessionId);
  return live && (live.expiresAt === null || live.expiresAt > Date.now()) ? live.scope : null;
}

/**
 * The scope of each live session, kept so that a signed-in request costs no statement. Guarantees:
 * - Revocation is the bus's, not the lifetime's: every change that ends or narrows a session
 *   (sign-out, a user's status, roles, departments or password, a role's alias, a tenant's status,
 *   expiry or removal) is announced on AuthEvents once committed, and each node forgets the sessions it
 *   concerns as it hears it — the publishing node before the change's answer leaves (see events.ts).
 * - A read that began before a change was heard is not kept (the generation check): it may hold the
 *   old state.
 * - A tenant's expiry is checked on every hit against the time read with the session.
 * - Only live sessions are kept: a refused token is refused again from the database each time.
 * - While the bus is not delivering (Redis down), every request reads the database; when it resumes
 *   the cache starts empty.
 * - Bounded (lru-cache: max sessions, ttl): the lifetime only limits what a lost announcement can cost.
 */
export class SessionCache {
  private cache: LRUCache<string, LiveSession>;
  /**
   * Access tokens already verified, with their session and expiry: the same token string verifies the
   * same way until it expires (one key, never rotated while running), so its signature is checked once.
   * Keyed by the whole token (signature included), so only a token that verified can hit.
   */
  private verified: LRUCache<string, { sid: string; exp: number }>;
  /** Bumped by every change heard: reads that began under an older generation are not kept. */
  private generation = 0;
  /** Sessions asked for while others are being read are read together (a restarted node's clients). */
  private reads: ReadBatcher<string, LiveSession>;
  constructor(
    private readonly db: Db,
    private readonly events?: AuthEvents,
    { max = 10_000, ttlMs = 60_000 }: { max?: number; ttlMs?: number } = {},
  ) {
    this.cache = lru(max, ttlMs);
    this.verified = lru(max, ttlMs);
    this.reads = new ReadBatcher((ids) => readSessions(db, ids), SIGN_IN_READS);
    events?.on((c) => this.forget(c), { now: true });
    events?.onResume(() => this.clear());
  }

  /** The session an access token speaks for; throws TokenError as TokenService.verifyAccess does. */
  async sessionOf(tokens: TokenService, token: string): Promise<string> {
    const hit = this.verified.get(token);
    if (hit && hit.exp * 1000 > Date.now()) return hit.sid;
    const c = await tokens.verifyAccess(token);
    const sid = String(c.sid);
    this.verified.set(token, { sid, exp: c.exp });
    return sid;
  }

  /** The session's scope if it may act now, else null. */
  async scope(sessionId: string): Promise<Scope | null> {
    const trusted = this.events?.delivering ?? false;
    if (trusted) {
      const hit = this.cache.get(sessionId);
      if (hit) {
        if (hit.expiresAt === null || hit.expiresAt > Date.now()) return hit.scope;
        this.cache.delete(sessionId);
        return null;
      }
    }
    const generation = this.generation;
    const live = await this.reads.get(sessionId);
    if (!live || (live.expiresAt !== null && live.expiresAt <= Date.now())) return null;
    if (trusted && generation === this.generation && this.events?.delivering) this.cache.set(sessionId, live);
    return live.scope;
  }

  /** Forgets what the change may have made wrong. Idempotent: the publishing node hears it twice. */
  forget(change: AuthChange): void {
    this.generation++;
    if (change.kind === 'session') {
      this.cache.delete(change.id);
      return;
    }
    if (change.kind === 'grants') return; // grants are not part of a scope (PermissionCache's)
    const stale: string[] = [];
    for (const [sid, { scope }] of this.cache.entries()) {
      const hit =
        change.kind === 'user'
          ? scope.userId === change.id
          : change.kind === 'tenant'
            ? scope.tenantId === change.id
            : scope.roleIds.includes(change.id);
      if (hit) stale.push(sid);
    }
    for (const sid of stale) this.cache.delete(sid);
  }

  clear(): void {
    this.generation++;
    this.cache.clear();
  }
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
 * session is calling: what the caller may do is the database's (through the session cache when given,
 * which forgets on every change), never taken from the token.
 */
export async function authenticate(
  db: Db,
  tokens: TokenService,
  token: string | undefined,
  sessions?: SessionCache,
): Promise<Scope> {
  if (!token) throw unauthorized();
  let sid: string;
  try {
    sid = sessions ? await sessions.sessionOf(tokens, token) : String((await tokens.verifyAccess(token)).sid);
  } catch (e) {
    if (e instanceof TokenError) throw unauthorized('common.tokenInvalid');
    throw e;
  }
  const scope = sessions ? await sessions.scope(sid) : await loadScope(db, sid);
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
    if (await holdsCode(scope, permission.slice(5), perms)) return;
    throw forbidden();
  }
  throw new AppError(500, 'common.serverError');
}

/** Whether the scope holds a button code, as `code:` permissions are judged (the administrator holds all). */
export async function holdsCode(scope: Scope, code: string, perms: PermissionCache): Promise<boolean> {
  return scope.roleAliases.includes('administrator') || (await perms.codes(scope.roleIds)).has(code);
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

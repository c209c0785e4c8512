import { randomUUID } from 'node:crypto';
import type { TokenAnswer } from '@forecourt/contracts';
import type { Db } from '../../platform/db/index.js';
import { newId } from '../../platform/ids.js';
import { OAuthError } from '../../platform/errors.js';
import type { AuthEvents } from '../../platform/auth/events.js';
import { TokenError, type TokenService } from '../../platform/auth/tokens.js';
import { loadProfile, type UserProfile } from './account.js';
import { all, allTenants, exec, first, globalDb, prepared, scoped, sql } from '../../platform/sql/index.js';

export type { TokenAnswer };

export interface SessionOrigin {
  clientId: string;
  grantType: string;
  ip?: string;
  userAgent?: string;
}

async function issue(
  tokens: TokenService,
  sid: string,
  jti: string,
  p: UserProfile,
  clientId: string,
): Promise<TokenAnswer> {
  const [access, refresh] = await Promise.all([
    tokens.signAccess({
      sid,
      uid: p.user_id,
      tid: p.tenant_id,
      acc: p.account,
      rids: p.role_id ? p.role_id.split(',') : [],
      ral: p.role_aliases,
      did: p.dept_id.split(',')[0] || null,
      cid: clientId,
    }),
    tokens.signRefresh({ sid, jti, uid: p.user_id, tid: p.tenant_id, cid: clientId }),
  ]);
  const { role_aliases: _r, brand_names: _b, email: _e, sex: _s, password_initial: _p, ...fields } = p;
  return {
    ...fields,
    access_token: access,
    refresh_token: refresh,
    token_type: 'bearer',
    expires_in: tokens.accessTtl,
    license: 'powered by forecourt',
  };
}

/**
 * Every sign-in writes its session here, so it is a named statement: on PGlite an unnamed one is parsed,
 * planned and described again each time, 0.7 ms of the main thread against 0.3 ms (docs/bench.md,
 * fifteenth session).
 */
const insertSession = prepared(
  'auth.openSession',
  (
    tenantId: string,
    id: string,
    userId: string,
    clientId: string,
    grantType: string,
    refreshJti: string,
    refreshTtl: number,
    ip: string | null,
    userAgent: string | null,
  ) =>
    scoped({ tenantId, isPlatformAdmin: false }).insertInto('auth_session', {
      id,
      userId,
      clientId,
      grantType,
      refreshJti,
      refreshExpiresAt: sql<Date>`now() + make_interval(secs => ${refreshTtl})`,
      ip,
      userAgent,
    }),
);

/** A new session (one per sign-in) and its first token pair; `known`: the profile the caller just read. */
export async function openSession(
  db: Db,
  tokens: TokenService,
  userId: string,
  origin: SessionOrigin,
  known?: UserProfile,
): Promise<TokenAnswer> {
  const profile = known ?? (await loadProfile(db, userId));
  if (!profile) throw new OAuthError(401, 'invalid_grant', 'auth.badCredentials');
  const sid = newId();
  const jti = randomUUID();
  await insertSession.all(
    db,
    profile.tenant_id,
    sid,
    userId,
    origin.clientId,
    origin.grantType,
    jti,
    tokens.refreshTtl,
    origin.ip ?? null,
    origin.userAgent?.slice(0, 500) ?? null,
  );
  return issue(tokens, sid, jti, profile, origin.clientId);
}

/**
 * Rotates a refresh token: the presented one is spent and a new pair is issued. Presenting a spent
 * token again means it leaked: the whole session (every token of the chain) is revoked, and announced
 * (events) before the refusal leaves, so its access tokens stop on every node at once.
 */
export async function rotateRefresh(
  db: Db,
  tokens: TokenService,
  refreshToken: string,
  clientId: string,
  events?: AuthEvents,
): Promise<TokenAnswer> {
  let claims;
  try {
    claims = await tokens.verifyRefresh(refreshToken);
  } catch (e) {
    if (e instanceof TokenError) throw new OAuthError(401, 'invalid_grant', 'auth.refreshInvalid');
    throw e;
  }
  const outcome = await db.tx(async (t) => {
    // The session the signed refresh token names, whatever its tenant: the token is the authority.
    const sessions = scoped(allTenants);
    const s = await first(
      t,
      sessions
        .selectFrom('auth_session')
        .select([
          'refreshJti',
          'revokedAt',
          'userId',
          'clientId',
          sql<boolean>`${sql.ref('refreshExpiresAt')} > now()`.as('live'),
        ])
        .where('id', '=', claims.sid)
        .forUpdate(),
    );
    if (!s || s.revokedAt || !s.live || s.clientId !== clientId)
      return { error: 'auth.refreshInvalid' as const };
    const revoke = (reason: string) =>
      exec(
        t,
        sessions
          .updateTable('auth_session')
          .set({ revokedAt: sql`now()`, revokeReason: reason })
          .where('id', '=', claims.sid),
      );
    if (s.refreshJti !== claims.jti) {
      const spent = await first(
        t,
        globalDb
          .selectFrom('auth_refresh_spent')
          .select('jti')
          .where('jti', '=', claims.jti)
          .where('sessionId', '=', claims.sid),
      );
      if (spent) {
        await revoke('refresh_reuse');
        return { error: 'auth.refreshReused' as const, revoked: true };
      }
      return { error: 'auth.refreshInvalid' as const };
    }
    // The same conditions as each request's (guard.ts, LIVE_SESSION): a refresh must not outlive them.
    const state = await first(
      t,
      sessions
        .selectFrom('blade_user', 'u')
        .leftJoin('blade_tenant as tn', (j) =>
          j.onRef('tn.tenantId', '=', 'u.tenantId').on('tn.isDeleted', '=', 0),
        )
        .select([
          'u.status',
          'u.tenantId',
          'tn.status as tenantStatus',
          sql<boolean>`coalesce(${sql.ref('tn.expireTime')} <= now(), false)`.as('tenantExpired'),
        ])
        .where('u.id', '=', s.userId),
    );
    if (state?.status !== 1) {
      await revoke('user_inactive');
      return { error: 'auth.refreshInvalid' as const, revoked: true };
    }
    // Not revoked: a tenant enabled or extended again lets its sessions go on.
    if (state.tenantStatus !== 1)
      return { error: 'auth.tenantInvalid' as const, params: { tenantId: state.tenantId } };
    if (state.tenantExpired)
      return { error: 'auth.tenantExpired' as const, params: { tenantId: state.tenantId } };
    const jti = randomUUID();
    await exec(
      t,
      globalDb.insertInto('auth_refresh_spent').values({ jti: claims.jti, sessionId: claims.sid }),
    );
    await exec(
      t,
      sessions
        .updateTable('auth_session')
        .set({
          refreshJti: jti,
          refreshedAt: sql`now()`,
          refreshExpiresAt: sql`now() + make_interval(secs => ${tokens.refreshTtl})`,
        })
        .where('id', '=', claims.sid),
    );
    return { jti, userId: s.userId };
  });
  if ('error' in outcome) {
    if ('revoked' in outcome) await events?.sessionEnded(claims.sid);
    throw new OAuthError(
      401,
      'invalid_grant',
      outcome.error!,
      'params' in outcome ? outcome.params : undefined,
    );
  }
  // Roles and departments are read afresh, so a changed grant reaches the session at the next refresh.
  const profile = await loadProfile(db, outcome.userId);
  if (!profile) throw new OAuthError(401, 'invalid_grant', 'auth.refreshInvalid');
  return issue(tokens, claims.sid, outcome.jti, profile, clientId);
}

export async function revokeSession(db: Db, sessionId: string, reason: string): Promise<void> {
  await exec(
    db,
    scoped(allTenants)
      .updateTable('auth_session')
      .set({ revokedAt: sql`now()`, revokeReason: reason })
      .where('id', '=', sessionId)
      .where('revokedAt', 'is', null),
  );
}

/** Ends every session of a user (password changed or reset), optionally keeping the caller's own. */
export async function revokeUserSessions(
  db: Db,
  userId: string,
  reason: string,
  keepSessionId?: string,
): Promise<number> {
  let q = scoped(allTenants)
    .updateTable('auth_session')
    .set({ revokedAt: sql`now()`, revokeReason: reason })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null);
  if (keepSessionId) q = q.where('id', '<>', keepSessionId);
  const rows = await all(db, q.returning('id'));
  return rows.length;
}

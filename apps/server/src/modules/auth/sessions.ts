import { randomUUID } from 'node:crypto';
import type { TokenAnswer } from '@forecourt/contracts';
import type { Db } from '../../platform/db/index.js';
import { newId } from '../../platform/ids.js';
import { OAuthError } from '../../platform/errors.js';
import { TokenError, type TokenService } from '../../platform/auth/tokens.js';
import { loadProfile, type UserProfile } from './account.js';

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

/** A new session (one per sign-in) and its first token pair. */
export async function openSession(
  db: Db,
  tokens: TokenService,
  userId: string,
  origin: SessionOrigin,
): Promise<TokenAnswer> {
  const profile = await loadProfile(db, userId);
  if (!profile) throw new OAuthError(401, 'invalid_grant', 'auth.badCredentials');
  const sid = newId();
  const jti = randomUUID();
  await db.query(
    `INSERT INTO auth_session (id, tenant_id, user_id, client_id, grant_type, refresh_jti, refresh_expires_at, ip, user_agent)
     VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7), $8, $9)`,
    [
      sid,
      profile.tenant_id,
      userId,
      origin.clientId,
      origin.grantType,
      jti,
      tokens.refreshTtl,
      origin.ip ?? null,
      origin.userAgent?.slice(0, 500) ?? null,
    ],
  );
  return issue(tokens, sid, jti, profile, origin.clientId);
}

/**
 * Rotates a refresh token: the presented one is spent and a new pair is issued. Presenting a spent
 * token again means it leaked: the whole session (every token of the chain) is revoked.
 */
export async function rotateRefresh(
  db: Db,
  tokens: TokenService,
  refreshToken: string,
  clientId: string,
): Promise<TokenAnswer> {
  let claims;
  try {
    claims = await tokens.verifyRefresh(refreshToken);
  } catch (e) {
    if (e instanceof TokenError) throw new OAuthError(401, 'invalid_grant', 'auth.refreshInvalid');
    throw e;
  }
  const outcome = await db.tx(async (t) => {
    const s = await t.one<{
      refresh_jti: string;
      revoked_at: Date | null;
      user_id: string;
      client_id: string;
      live: boolean;
    }>(
      `SELECT refresh_jti, revoked_at, user_id, client_id, refresh_expires_at > now() AS live FROM auth_session WHERE id = $1 FOR UPDATE`,
      [claims.sid],
    );
    if (!s || s.revoked_at || !s.live || s.client_id !== clientId)
      return { error: 'auth.refreshInvalid' as const };
    if (s.refresh_jti !== claims.jti) {
      const spent = await t.one('SELECT 1 FROM auth_refresh_spent WHERE jti = $1 AND session_id = $2', [
        claims.jti,
        claims.sid,
      ]);
      if (spent) {
        await t.query(
          `UPDATE auth_session SET revoked_at = now(), revoke_reason = 'refresh_reuse' WHERE id = $1`,
          [claims.sid],
        );
        return { error: 'auth.refreshReused' as const };
      }
      return { error: 'auth.refreshInvalid' as const };
    }
    // The same conditions as each request's (guard.ts, LIVE_SESSION): a refresh must not outlive them.
    const state = await t.one<{
      status: number;
      tenant_id: string;
      tenant_status: number | null;
      tenant_expired: boolean;
    }>(
      `SELECT u.status, u.tenant_id, tn.status AS tenant_status, coalesce(tn.expire_time <= now(), false) AS tenant_expired
         FROM blade_user u LEFT JOIN blade_tenant tn ON tn.tenant_id = u.tenant_id AND tn.is_deleted = 0
        WHERE u.id = $1 AND u.is_deleted = 0`,
      [s.user_id],
    );
    if (state?.status !== 1) {
      await t.query(
        `UPDATE auth_session SET revoked_at = now(), revoke_reason = 'user_inactive' WHERE id = $1`,
        [claims.sid],
      );
      return { error: 'auth.refreshInvalid' as const };
    }
    // Not revoked: a tenant enabled or extended again lets its sessions go on.
    if (state.tenant_status !== 1)
      return { error: 'auth.tenantInvalid' as const, params: { tenantId: state.tenant_id } };
    if (state.tenant_expired)
      return { error: 'auth.tenantExpired' as const, params: { tenantId: state.tenant_id } };
    const jti = randomUUID();
    await t.query('INSERT INTO auth_refresh_spent (jti, session_id) VALUES ($1, $2)', [
      claims.jti,
      claims.sid,
    ]);
    await t.query(
      `UPDATE auth_session SET refresh_jti = $2, refreshed_at = now(), refresh_expires_at = now() + make_interval(secs => $3) WHERE id = $1`,
      [claims.sid, jti, tokens.refreshTtl],
    );
    return { jti, userId: s.user_id };
  });
  if ('error' in outcome)
    throw new OAuthError(
      401,
      'invalid_grant',
      outcome.error!,
      'params' in outcome ? outcome.params : undefined,
    );
  // Roles and departments are read afresh, so a changed grant reaches the session at the next refresh.
  const profile = await loadProfile(db, outcome.userId);
  if (!profile) throw new OAuthError(401, 'invalid_grant', 'auth.refreshInvalid');
  return issue(tokens, claims.sid, outcome.jti, profile, clientId);
}

export async function revokeSession(db: Db, sessionId: string, reason: string): Promise<void> {
  await db.query(
    'UPDATE auth_session SET revoked_at = now(), revoke_reason = $2 WHERE id = $1 AND revoked_at IS NULL',
    [sessionId, reason],
  );
}

/** Ends every session of a user (password changed or reset), optionally keeping the caller's own. */
export async function revokeUserSessions(
  db: Db,
  userId: string,
  reason: string,
  keepSessionId?: string,
): Promise<number> {
  const rows = await db.query(
    `UPDATE auth_session SET revoked_at = now(), revoke_reason = $2
      WHERE user_id = $1 AND revoked_at IS NULL AND ($3::bigint IS NULL OR id <> $3::bigint) RETURNING id`,
    [userId, reason, keepSessionId ?? null],
  );
  return rows.length;
}

import { randomBytes } from 'node:crypto';
import type { Config } from '../../config.js';
import type { Db } from '../../platform/db/index.js';
import { OAuthError } from '../../platform/errors.js';
import { verifyPassword, hashPassword } from '../../platform/auth/passwords.js';
import type { TokenService } from '../../platform/auth/tokens.js';
import type { AuthEvents } from '../../platform/auth/events.js';
import { PLATFORM_TENANT } from '../../platform/scope.js';
import { signInFacts } from './account.js';
import { exec, first, globalDb, prepared, scoped, sql } from '../../platform/sql/index.js';

/** The refresh and social grants read their client's grant types on their own. */
const clientGrants = prepared('auth.clientGrants', (clientId: string) =>
  globalDb
    .selectFrom('blade_client')
    .select('authorizedGrantTypes')
    .where('clientId', '=', clientId)
    .where('isDeleted', '=', 0),
);

/** A wrong password: counted, and the account locked for a while at the limit (the count starts again). */
const countFailure = prepared(
  'auth.countFailure',
  (tenantId: string, userId: string, maxFailures: number, lockMinutes: number) => {
    const next = sql<number>`${sql.ref('failedCount')} + 1`;
    return scoped({ tenantId, isPlatformAdmin: false })
      .updateTable('blade_user')
      .set({
        failedCount: sql<number>`CASE WHEN ${next} >= ${maxFailures} THEN 0 ELSE ${next} END`,
        lockedUntil: sql<Date | null>`CASE WHEN ${next} >= ${maxFailures} THEN now() + make_interval(mins => ${lockMinutes}) ELSE ${sql.ref('lockedUntil')} END`,
      })
      .where('id', '=', userId);
  },
);
import { consumeCaptcha } from './captcha.js';
import { decryptPassword, sm2Keys } from './sm2.js';
import { openSession, rotateRefresh, type SessionOrigin, type TokenAnswer } from './sessions.js';
import { ipKey, recordFailure } from './throttle.js';
import { oauthIdOf, socialProvider } from './social.js';

/** Everything the token endpoint was given, from the query, the form body and the headers. */
export interface TokenRequest {
  grantType?: string;
  tenantId?: string;
  username?: string;
  password?: string;
  refreshToken?: string;
  captchaKey?: string;
  captchaCode?: string;
  source?: string;
  code?: string;
  state?: string;
  ip: string;
  userAgent?: string;
  clientId: string;
}

export interface SignInDeps {
  db: Db;
  config: Config;
  tokens: TokenService;
  /** Announces a session the refresh grant revokes (a reused refresh token), for every node's caches. */
  events?: AuthEvents;
}

const GRANTS = ['password', 'captcha', 'refresh_token', 'social'] as const;

let dummy: Promise<string> | undefined;
/** A hash of a random password with today's parameters, made once: what unknown accounts are checked against. */
const dummyHash = () => (dummy ??= hashPassword(randomBytes(18).toString('base64')));

const need = (v: string | undefined, field: string): string => {
  if (!v || !v.trim()) throw new OAuthError(400, 'invalid_request', 'auth.missingParam', { field });
  return v.trim();
};

/** The client must be known and allowed this grant. */
function checkGrant(grants: string | null | undefined, clientId: string, grant: string): void {
  if (
    !grants
      ?.split(',')
      .map((s) => s.trim())
      .includes(grant)
  ) {
    throw new OAuthError(400, 'unauthorized_client', 'auth.grantNotAllowed', { client: clientId, grant });
  }
}

export async function grantToken(deps: SignInDeps, r: TokenRequest): Promise<TokenAnswer> {
  const grant = need(r.grantType, 'grant_type');
  if (!(GRANTS as readonly string[]).includes(grant))
    throw new OAuthError(400, 'unsupported_grant_type', 'auth.grantUnsupported', { grant });
  const origin: SessionOrigin = { clientId: r.clientId, grantType: grant, ip: r.ip, userAgent: r.userAgent };
  // A password sign-in reads the client's grants with everything else it judges (one statement).
  if (grant === 'password' || grant === 'captcha') return passwordSignIn(deps, r, grant, origin);
  checkGrant((await clientGrants.first(deps.db, r.clientId))?.authorizedGrantTypes, r.clientId, grant);
  if (grant === 'refresh_token')
    return rotateRefresh(
      deps.db,
      deps.tokens,
      need(r.refreshToken, 'refresh_token'),
      r.clientId,
      deps.events,
    );
  return socialSignIn(deps, r, origin);
}

/**
 * A password (or captcha) sign-in: one read of everything it judges, the password check (argon2, off
 * the main thread), and on success one write, the new session — plus, in the same transaction, clearing
 * a failure count or storing a stronger hash when there is one to clear or store. The checks answer in
 * a fixed order: client, parameters, source address, ciphertext, captcha, tenant, account, password.
 */
async function passwordSignIn(
  deps: SignInDeps,
  r: TokenRequest,
  grant: string,
  origin: SessionOrigin,
): Promise<TokenAnswer> {
  const { db, config } = deps;
  const tenantId = r.tenantId?.trim() || PLATFORM_TENANT;
  const window = { maxFailures: config.IP_MAX_FAILURES, windowMinutes: config.LOGIN_LOCK_MINUTES };
  const facts = await signInFacts(db, {
    clientId: r.clientId,
    ipKey: ipKey(r.ip),
    tenantId,
    account: r.username?.trim() ?? '',
  });
  checkGrant(facts.clientGrants, r.clientId, grant);
  need(r.username, 'username');
  const cipher = need(r.password, 'password');

  if (facts.ipLockedLeft)
    throw new OAuthError(429, 'too_many_attempts', 'auth.ipThrottled', { minutes: facts.ipLockedLeft });

  // A plain-text password never gets as far as a comparison.
  const plain = decryptPassword(await sm2Keys(db), cipher);

  if (grant === 'captcha' || config.CAPTCHA_MODE) {
    if (!r.captchaKey || !r.captchaCode) throw new OAuthError(400, 'invalid_captcha', 'auth.captchaRequired');
    if (!(await consumeCaptcha(db, r.captchaKey, r.captchaCode)))
      throw new OAuthError(400, 'invalid_captcha', 'auth.captchaInvalid');
  }

  const tenant = facts.tenant;
  if (!tenant || tenant.status !== 1)
    throw new OAuthError(400, 'invalid_tenant', 'auth.tenantInvalid', { tenantId });
  if (tenant.expired) throw new OAuthError(403, 'tenant_expired', 'auth.tenantExpired', { tenantId });

  const user = facts.account;
  // An unknown account is checked against a dummy hash: the same work and time as a known one, so the
  // answer's timing does not tell which accounts exist.
  const check = await verifyPassword(user?.password ?? (await dummyHash()), plain);
  if (!user || !check.ok) {
    await recordFailure(db, ipKey(r.ip), window);
    // A locked account answers a wrong password like an unknown one, and its lock is not extended.
    if (user && !user.lockedLeft)
      await countFailure.all(
        db,
        user.tenantId,
        user.id,
        config.LOGIN_MAX_FAILURES,
        config.LOGIN_LOCK_MINUTES,
      );
    // The same words for an unknown account, a wrong password and a locked account: the answer must not
    // tell which accounts exist (docs/architecture.md, "Decisions").
    throw new OAuthError(400, 'invalid_grant', 'auth.badCredentials');
  }
  // Only the one who knows the password learns of the lock (the spec's lock message).
  if (user.lockedLeft)
    throw new OAuthError(423, 'account_locked', 'auth.locked', { minutes: Number(user.lockedLeft) });

  if (user.status === 0) throw new OAuthError(403, 'account_pending', 'auth.pending');
  if (user.status !== 1) throw new OAuthError(403, 'account_disabled', 'auth.disabled');

  const open = (d: Db) => openSession(d, deps.tokens, user.id, origin, user.profile);
  const newHash = check.rehash ? await hashPassword(plain) : null;
  if (!newHash && !user.hasFailures) return open(db);
  return db.tx(async (t) => {
    await exec(
      t,
      scoped({ tenantId: user.tenantId, isPlatformAdmin: false })
        .updateTable('blade_user')
        .set(
          newHash
            ? { failedCount: 0, lockedUntil: null, password: newHash }
            : { failedCount: 0, lockedUntil: null },
        )
        .where('id', '=', user.id),
    );
    return open(t);
  });
}

async function socialSignIn(deps: SignInDeps, r: TokenRequest, origin: SessionOrigin): Promise<TokenAnswer> {
  const source = need(r.source, 'source');
  const provider = socialProvider(source);
  if (!provider) throw new OAuthError(400, 'invalid_request', 'auth.socialUnconfigured', { source });
  const code = need(r.code, 'code');
  let identity;
  try {
    identity = await provider.exchange(code, r.state);
  } catch (e) {
    throw new OAuthError(400, 'invalid_grant', 'auth.socialFailed', { reason: (e as Error).message });
  }
  const tenantId = r.tenantId?.trim() || PLATFORM_TENANT;
  const user = await first(
    deps.db,
    scoped({ tenantId, isPlatformAdmin: false })
      .selectFrom('blade_user')
      .select(['id', 'status'])
      .where('oauthId', '=', oauthIdOf(source, identity.uuid)),
  );
  if (!user) throw new OAuthError(400, 'invalid_grant', 'auth.socialUnbound');
  if (user.status === 0) throw new OAuthError(403, 'account_pending', 'auth.pending');
  if (user.status !== 1) throw new OAuthError(403, 'account_disabled', 'auth.disabled');
  return openSession(deps.db, deps.tokens, user.id, origin);
}

import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/index.js';
import { bearerOf } from '../../platform/auth/guard.js';
import { hs256, type Hs256 } from '../../platform/auth/jwt.js';
import { unauthorized } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { getOrCreateSecret } from '../../platform/secrets.js';
import {
  all,
  allTenants,
  exec,
  prepared,
  scoped,
  sql,
  type SqlBool,
  type TenantScope,
} from '../../platform/sql/index.js';

/** A customer signed in on the mobile page. Never a staff Scope: staff routes cannot be reached with it. */
export interface CustomerPrincipal {
  kind: 'customer';
  tenantId: string;
  customerId: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on customer routes only (see customerGuard). */
    customer?: CustomerPrincipal | null;
  }
}

/** A week: a customer signs in again by SMS after that; there is no refresh token to steal. */
export const CUSTOMER_TOKEN_TTL = 7 * 24 * 3600;
const ISSUER = 'forecourt-member';

/**
 * Customer tokens are JWTs with `kind: 'customer'`, signed with a key of their own (kept in sys_secret
 * like the staff key, so every node shares it). The staff verifier checks its own key and `typ: access`,
 * so a customer token fails there twice over; a staff token fails here the same way.
 */
export class CustomerTokens {
  private constructor(private readonly jwt: Hs256) {}

  static async load(db: Db): Promise<CustomerTokens> {
    const secret = await getOrCreateSecret(db, 'member_jwt_secret', () =>
      randomBytes(48).toString('base64url'),
    );
    return new CustomerTokens(hs256(secret, ISSUER));
  }

  async sign(p: CustomerPrincipal): Promise<string> {
    return this.jwt.sign(
      { kind: 'customer', typ: 'customer', tid: p.tenantId, sid: p.sessionId, sub: p.customerId },
      CUSTOMER_TOKEN_TTL,
    );
  }

  /** The principal of a valid customer token, or null (bad signature, expired, not a customer token). */
  async verify(token: string): Promise<CustomerPrincipal | null> {
    try {
      const payload = this.jwt.verify(token);
      if (
        payload.kind !== 'customer' ||
        payload.typ !== 'customer' ||
        typeof payload.sub !== 'string' ||
        !payload.sub
      )
        return null;
      return {
        kind: 'customer',
        tenantId: String(payload.tid),
        customerId: payload.sub,
        sessionId: String(payload.sid),
      };
    } catch {
      return null;
    }
  }
}

/**
 * Sessions are checked by id from node-wide sweeps (the sockets of every tenant), and ended by customer
 * id; both ids are unique across tenants.
 */
export const everyTenant: TenantScope = allTenants;

/** Live sessions of enabled, not removed customers. */
export const liveSessions = (scope: TenantScope) =>
  scoped(scope)
    .selectFrom('member_session', 's')
    .innerJoin(
      scoped(scope).selectFrom('member_customer', 'c').select('c.id').where('c.status', '=', 1).as('c'),
      'c.id',
      's.customerId',
    )
    .select('s.id')
    .where('s.revokedAt', 'is', null)
    .where(sql<SqlBool>`s.expires_at > now()`);

// Runs on every request of a signed-in customer: compiled once, a named statement.
const sessionLive = prepared(
  'member_session_live',
  (tenantId: string, sessionId: string, customerId: string) =>
    liveSessions({ tenantId, isPlatformAdmin: false })
      .where('s.id', '=', sessionId)
      .where('s.customerId', '=', customerId),
);

/** Opens a session for a customer and returns its token. */
export async function openCustomerSession(
  db: Db,
  tokens: CustomerTokens,
  c: { tenantId: string; customerId: string; ip?: string; userAgent?: string },
): Promise<string> {
  const sessionId = newId();
  await exec(
    db,
    scoped({ tenantId: c.tenantId, isPlatformAdmin: false }).insertInto('member_session', {
      id: sessionId,
      customerId: c.customerId,
      ip: c.ip ?? null,
      userAgent: c.userAgent?.slice(0, 255) ?? null,
      // The database's clock, as every other session time (scoped() types values, not expressions).
      expiresAt: sql`now() + make_interval(secs => ${CUSTOMER_TOKEN_TTL})` as unknown as Date,
    }),
  );
  return tokens.sign({ kind: 'customer', tenantId: c.tenantId, customerId: c.customerId, sessionId });
}

export async function revokeCustomerSessions(db: Db, customerIds: string[]): Promise<void> {
  if (!customerIds.length) return;
  // Customer ids are unique across tenants: whoever may touch the customers may end their sessions.
  await exec(
    db,
    scoped(everyTenant)
      .updateTable('member_session')
      .set({ revokedAt: sql`now()` })
      .where(sql<SqlBool>`customer_id = ANY(${customerIds}::bigint[])`)
      .where('revokedAt', 'is', null),
  );
}

export async function revokeCustomerSession(db: Db, sessionId: string): Promise<void> {
  await exec(
    db,
    scoped(everyTenant)
      .updateTable('member_session')
      .set({ revokedAt: sql`now()` })
      .where('id', '=', sessionId)
      .where('revokedAt', 'is', null),
  );
}

/** Of these customer sessions, the ones still signed in (their notification sockets stay open). */
export async function liveCustomerSessions(db: Db, sessionIds: string[]): Promise<Set<string>> {
  if (!sessionIds.length) return new Set();
  const rows = await all(
    db,
    liveSessions(everyTenant).where(sql<SqlBool>`s.id = ANY(${sessionIds}::bigint[])`),
  );
  return new Set(rows.map((r) => String(r.id)));
}

/**
 * The principal of a request's customer token, checked against its session and the customer on every
 * call, so signing out, disabling or removing a customer stops the token at once on every node.
 */
export async function authenticateCustomer(
  db: Db,
  tokens: CustomerTokens,
  token: string | undefined,
): Promise<CustomerPrincipal> {
  if (!token) throw unauthorized('member.signInAgain');
  const p = await tokens.verify(token);
  if (!p) throw unauthorized('member.signInAgain');
  const live = await sessionLive.first(db, p.tenantId, p.sessionId, p.customerId);
  if (!live) throw unauthorized('member.signInAgain');
  return p;
}

/** Route hook of customer routes: the Blade-Auth bearer must be a live customer token. */
export const customerGuard = (db: Db, tokens: CustomerTokens) => async (req: FastifyRequest) => {
  req.customer = await authenticateCustomer(db, tokens, bearerOf(req));
};

export function customerOf(req: FastifyRequest): CustomerPrincipal {
  if (!req.customer) throw unauthorized('member.signInAgain');
  return req.customer;
}

import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/index.js';
import { bearerOf } from '../../platform/auth/guard.js';
import { hs256, type Hs256 } from '../../platform/auth/jwt.js';
import { unauthorized } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { getOrCreateSecret } from '../../platform/secrets.js';

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

/** Opens a session for a customer and returns its token. */
export async function openCustomerSession(
  db: Db,
  tokens: CustomerTokens,
  c: { tenantId: string; customerId: string; ip?: string; userAgent?: string },
): Promise<string> {
  const sessionId = newId();
  await db.query(
    `INSERT INTO member_session (id, tenant_id, customer_id, ip, user_agent, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))`,
    [
      sessionId,
      c.tenantId,
      c.customerId,
      c.ip ?? null,
      c.userAgent?.slice(0, 255) ?? null,
      CUSTOMER_TOKEN_TTL,
    ],
  );
  return tokens.sign({ kind: 'customer', tenantId: c.tenantId, customerId: c.customerId, sessionId });
}

export async function revokeCustomerSessions(db: Db, customerIds: string[]): Promise<void> {
  if (!customerIds.length) return;
  await db.query(
    'UPDATE member_session SET revoked_at = now() WHERE customer_id = ANY($1::bigint[]) AND revoked_at IS NULL',
    [customerIds],
  );
}

export async function revokeCustomerSession(db: Db, sessionId: string): Promise<void> {
  await db.query('UPDATE member_session SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [
    sessionId,
  ]);
}

/** Of these customer sessions, the ones still signed in (their notification sockets stay open). */
export async function liveCustomerSessions(db: Db, sessionIds: string[]): Promise<Set<string>> {
  if (!sessionIds.length) return new Set();
  const rows = await db.query<{ id: string }>(
    `SELECT s.id::text AS id FROM member_session s
       JOIN member_customer c ON c.id = s.customer_id AND c.is_deleted = 0 AND c.status = 1
      WHERE s.id = ANY($1::bigint[]) AND s.revoked_at IS NULL AND s.expires_at > now()`,
    [sessionIds],
  );
  return new Set(rows.map((r) => r.id));
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
  const live = await db.one(
    `SELECT 1 FROM member_session s
       JOIN member_customer c ON c.id = s.customer_id AND c.is_deleted = 0 AND c.status = 1
      WHERE s.id = $1 AND s.customer_id = $2 AND s.tenant_id = $3 AND s.revoked_at IS NULL AND s.expires_at > now()`,
    [p.sessionId, p.customerId, p.tenantId],
  );
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

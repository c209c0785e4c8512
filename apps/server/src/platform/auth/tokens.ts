import { randomUUID } from 'node:crypto';
import { JwtError, hs256, type Hs256 } from './jwt.js';

/**
 * What an access token says about its holder. The server acts only on `sid` (the guard reads the rest of
 * the caller's scope from the database on every request); roles and department stay for BladeX clients
 * that read them, as they were when the token was signed.
 */
export interface AccessClaims {
  sid: string; // session id (sign-out revokes it)
  uid: string;
  tid: string;
  acc: string;
  rids: string[];
  ral: string[]; // role aliases
  did: string | null;
  cid: string; // OAuth client
}

export interface RefreshClaims {
  sid: string;
  jti: string;
  uid: string;
  tid: string;
  cid: string;
}

export class TokenError extends Error {}

const ISSUER = 'forecourt';

/** Signs and verifies the two token kinds with one HMAC key; the kind is part of the token. */
export class TokenService {
  private readonly jwt: Hs256;
  constructor(
    secret: string,
    readonly accessTtl: number,
    readonly refreshTtl: number,
  ) {
    this.jwt = hs256(secret, ISSUER);
  }

  async signAccess(c: AccessClaims): Promise<string> {
    return this.jwt.sign({ ...c, typ: 'access', sub: c.uid, jti: randomUUID() }, this.accessTtl);
  }

  async signRefresh(c: RefreshClaims): Promise<string> {
    return this.jwt.sign({ ...c, typ: 'refresh', sub: c.uid }, this.refreshTtl);
  }

  async verifyAccess(token: string): Promise<AccessClaims & { exp: number; iat: number }> {
    return this.verify(token, 'access') as unknown as AccessClaims & { exp: number; iat: number };
  }

  async verifyRefresh(token: string): Promise<RefreshClaims & { exp: number }> {
    return this.verify(token, 'refresh') as unknown as RefreshClaims & { exp: number };
  }

  private verify(token: string, typ: string): Record<string, unknown> {
    let payload: Record<string, unknown>;
    try {
      payload = this.jwt.verify(token);
    } catch (e) {
      throw new TokenError(e instanceof JwtError ? e.reason : 'malformed token');
    }
    if (payload.typ !== typ) throw new TokenError(`not a ${typ} token`);
    return payload;
  }
}

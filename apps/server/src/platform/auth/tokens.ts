import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { randomUUID } from 'node:crypto';

/** What an access token says about its holder. */
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
  private readonly key: Uint8Array;
  constructor(
    secret: string,
    readonly accessTtl: number,
    readonly refreshTtl: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  signAccess(c: AccessClaims): Promise<string> {
    return new SignJWT({ ...c, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setSubject(c.uid)
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(`${this.accessTtl}s`)
      .sign(this.key);
  }

  signRefresh(c: RefreshClaims): Promise<string> {
    return new SignJWT({ ...c, typ: 'refresh' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setSubject(c.uid)
      .setIssuedAt()
      .setExpirationTime(`${this.refreshTtl}s`)
      .sign(this.key);
  }

  async verifyAccess(token: string): Promise<AccessClaims & { exp: number; iat: number }> {
    return this.verify(token, 'access') as unknown as Promise<AccessClaims & { exp: number; iat: number }>;
  }

  async verifyRefresh(token: string): Promise<RefreshClaims & { exp: number }> {
    return this.verify(token, 'refresh') as unknown as Promise<RefreshClaims & { exp: number }>;
  }

  private async verify(token: string, typ: string): Promise<Record<string, unknown>> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, algorithms: ['HS256'] });
      if (payload.typ !== typ) throw new TokenError(`not a ${typ} token`);
      return payload as Record<string, unknown>;
    } catch (e) {
      if (e instanceof TokenError) throw e;
      if (e instanceof joseErrors.JOSEError) throw new TokenError(e.code);
      throw new TokenError('malformed token');
    }
  }
}

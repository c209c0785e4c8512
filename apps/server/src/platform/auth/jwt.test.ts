import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { JwtError, hs256 } from './jwt.js';

const SECRET = 'a-secret-of-the-kind-sys_secret-holds-0123456789';
const T0 = Date.UTC(2026, 10, 25, 9, 0, 0);
const T0_S = T0 / 1000;

const failure = (fn: () => unknown): JwtError => {
  try {
    fn();
  } catch (e) {
    if (e instanceof JwtError) return e;
    throw e;
  }
  throw new Error('expected a JwtError');
};

/** A token as jose signed them before fast-jwt did. */
const joseToken = (claims: Record<string, unknown>, exp?: number) => {
  const t = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuer('forecourt').setIssuedAt(T0_S);
  return (exp ? t.setExpirationTime(exp) : t).sign(new TextEncoder().encode(SECRET));
};

describe('HS256 tokens', () => {
  it('verifies its own tokens until they expire by the caller’s clock', () => {
    const jwt = hs256(SECRET, 'forecourt');
    const token = jwt.sign({ sub: 'u1', typ: 'access' }, 60, T0);
    expect(jwt.verify(token, T0 + 59_000)).toMatchObject({
      sub: 'u1',
      typ: 'access',
      iss: 'forecourt',
      iat: T0_S,
      exp: T0_S + 60,
    });
    const late = failure(() => jwt.verify(token, T0 + 60_000));
    expect(late.expired).toBe(true);
  });

  it('refuses a token of another secret or issuer, an altered one, one without an expiry, and garbage', async () => {
    const jwt = hs256(SECRET, 'forecourt');
    const [head, , sig] = jwt.sign({ sub: 'u1' }, 60, T0).split('.');
    const forged = Buffer.from(JSON.stringify({ sub: 'admin', iss: 'forecourt', exp: T0_S + 60 })).toString(
      'base64url',
    );
    const refused = [
      hs256('another secret', 'forecourt').sign({ sub: 'u1' }, 60, T0),
      hs256(SECRET, 'forecourt-im').sign({ sub: 'u1' }, 60, T0),
      hs256(SECRET).sign({ sub: 'u1' }, 60, T0),
      `${head}.${forged}.${sig}`,
      await joseToken({ sub: 'u1' }),
      'not a token',
    ];
    for (const token of refused) expect(failure(() => jwt.verify(token, T0)).expired).toBe(false);
  });

  it('accepts the tokens jose signed with the same secret, so signed-in users stay signed in', async () => {
    const token = await joseToken({ sub: 'u1', typ: 'access' }, T0_S + 60);
    expect(hs256(SECRET, 'forecourt').verify(token, T0)).toMatchObject({ sub: 'u1', typ: 'access' });
  });
});

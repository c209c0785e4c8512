import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { Db } from '../../platform/db/index.js';
import { bad } from '../../platform/errors.js';
import { getOrCreateSecret } from '../../platform/secrets.js';
import type { PolicyName } from './policy.js';

/** An upload token: who may put which key into which bucket under which policy, for 10 minutes. */
export interface UploadGrant {
  tid: string;
  uid: string;
  bucket: string;
  key: string;
  policy: PolicyName;
}

export const UPLOAD_TOKEN_TTL_S = 600;

const keys = new WeakMap<Db, Promise<Uint8Array>>();
const keyOf = (db: Db) => {
  let k = keys.get(db);
  if (!k) {
    k = getOrCreateSecret(db, 'oss_token_secret', () => randomBytes(48).toString('base64url')).then((s) =>
      new TextEncoder().encode(s),
    );
    keys.set(db, k);
  }
  return k;
};

export async function signUploadToken(db: Db, g: UploadGrant): Promise<string> {
  return new SignJWT({ ...g, typ: 'oss' })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime(`${UPLOAD_TOKEN_TTL_S}s`)
    .sign(await keyOf(db));
}

export async function verifyUploadToken(db: Db, token: string): Promise<UploadGrant> {
  try {
    const { payload } = await jwtVerify(token, await keyOf(db), { algorithms: ['HS256'] });
    if (payload.typ !== 'oss') throw bad('storage.tokenInvalid');
    return payload as unknown as UploadGrant;
  } catch (e) {
    if (e instanceof joseErrors.JWTExpired) throw bad('storage.tokenExpired');
    if (e instanceof joseErrors.JOSEError) throw bad('storage.tokenInvalid');
    throw e;
  }
}

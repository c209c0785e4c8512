import { randomBytes } from 'node:crypto';
import { JwtError, hs256, type Hs256 } from '../../platform/auth/jwt.js';
import type { Db } from '../../platform/db/index.js';
import { bad } from '../../platform/errors.js';
import { getOrCreateSecret } from '../../platform/secrets.js';
import type { PolicyName } from './policy.js';

/**
 * An upload token: who may put which key into which bucket under which policy, once, for 10 minutes.
 * `jti` is the token's own id, recorded in blade_attach_upload when it is used, so a second use fails
 * on every node.
 */
export interface UploadGrant {
  jti: string;
  tid: string;
  uid: string;
  bucket: string;
  key: string;
  policy: PolicyName;
}

export const UPLOAD_TOKEN_TTL_S = 600;

const keys = new WeakMap<Db, Promise<Hs256>>();
const keyOf = (db: Db) => {
  let k = keys.get(db);
  if (!k) {
    k = getOrCreateSecret(db, 'oss_token_secret', () => randomBytes(48).toString('base64url')).then((s) =>
      hs256(s),
    );
    keys.set(db, k);
  }
  return k;
};

export async function signUploadToken(db: Db, g: Omit<UploadGrant, 'jti'>): Promise<string> {
  return (await keyOf(db)).sign(
    { ...g, jti: randomBytes(16).toString('base64url'), typ: 'oss' },
    UPLOAD_TOKEN_TTL_S,
  );
}

export async function verifyUploadToken(db: Db, token: string): Promise<UploadGrant> {
  const jwt = await keyOf(db);
  let payload: Record<string, unknown>;
  try {
    payload = jwt.verify(token);
  } catch (e) {
    if (e instanceof JwtError) throw bad(e.expired ? 'storage.tokenExpired' : 'storage.tokenInvalid');
    throw e;
  }
  // A token without an id (signed before tokens became single-use) cannot be recorded as used.
  if (payload.typ !== 'oss' || typeof payload.jti !== 'string' || !payload.jti)
    throw bad('storage.tokenInvalid');
  return payload as unknown as UploadGrant;
}

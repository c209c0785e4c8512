import { sm2 } from 'sm-crypto';
import type { Db } from '../../platform/db/index.js';
import { getOrCreateSecret } from '../../platform/secrets.js';
import { OAuthError } from '../../platform/errors.js';

/**
 * Passwords travel SM2-encrypted (sm-crypto conventions): the public key is hex with the 04 prefix;
 * cipher mode 1 = C1C3C2; ciphertext is hex, with or without the leading 04 of C1.
 * The key pair is generated once and kept in sys_secret so every node decrypts the same way.
 */
export const CIPHER_MODE = 1;

export interface Sm2Keys {
  publicKey: string;
  privateKey: string;
}

let cached: { db: Db; keys: Sm2Keys } | undefined;

export async function sm2Keys(db: Db): Promise<Sm2Keys> {
  if (cached?.db === db) return cached.keys;
  const json = await getOrCreateSecret(db, 'sm2_keypair', () => {
    const k = sm2.generateKeyPairHex();
    return JSON.stringify({ publicKey: k.publicKey, privateKey: k.privateKey });
  });
  const keys = JSON.parse(json) as Sm2Keys;
  cached = { db, keys };
  return keys;
}

// C1 (64 bytes) + C3 (32 bytes) = 192 hex characters before the first byte of C2.
const MIN_CIPHER_HEX = 192 + 2;

/** Decrypts an SM2 password; anything that is not our ciphertext is refused, never used as a password. */
export function decryptPassword(keys: Sm2Keys, cipher: string, oauth = true): string {
  const fail = (key: string) =>
    oauth ? new OAuthError(400, 'invalid_request', key) : new PasswordCipherError(key);
  if (!/^[0-9a-fA-F]+$/.test(cipher) || cipher.length < MIN_CIPHER_HEX || cipher.length % 2 !== 0) {
    throw fail('auth.passwordNotEncrypted');
  }
  const attempts =
    cipher.startsWith('04') && cipher.length - 2 >= MIN_CIPHER_HEX ? [cipher, cipher.slice(2)] : [cipher];
  for (const c of attempts) {
    let plain = '';
    try {
      plain = sm2.doDecrypt(c, keys.privateKey, CIPHER_MODE);
    } catch {
      plain = '';
    }
    if (plain) return plain;
  }
  throw fail('auth.passwordUndecryptable');
}

/** The same refusal for enveloped (non-OAuth) routes: the user module turns it into a 400. */
export class PasswordCipherError extends Error {
  constructor(readonly key: string) {
    super(key);
  }
}

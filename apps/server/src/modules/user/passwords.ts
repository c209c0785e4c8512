import type { Db } from '../../platform/db/index.js';
import { bad } from '../../platform/errors.js';
import { decryptPassword, PasswordCipherError, sm2Keys } from '../auth/index.js';

/** Decrypts an SM2 password field of an enveloped route; an absent field is 'please enter password first'. */
export async function plainPassword(db: Db, cipher: string | undefined): Promise<string> {
  if (!cipher) throw bad('user.passwordRequired');
  try {
    return decryptPassword(await sm2Keys(db), cipher, false);
  } catch (e) {
    if (e instanceof PasswordCipherError) throw bad(e.key);
    throw e;
  }
}

/** At least 8 characters with letters and digits; the two entries must match. */
export function checkNewPassword(password: string, confirm: string): void {
  if (password !== confirm) throw bad('user.passwordMismatch');
  if (password.length < 8 || password.length > 64 || !/[A-Za-z]/.test(password) || !/\d/.test(password))
    throw bad('user.passwordPolicy');
}

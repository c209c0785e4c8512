import { createHash, timingSafeEqual } from 'node:crypto';
import argon2 from 'argon2';

/** OWASP's argon2id parameters (19 MiB, 2 passes, 1 lane). */
const ARGON2 = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (plain: string) => argon2.hash(plain, ARGON2);

/** BladeX's old scheme: sha1(md5hex(password)), 40 hex characters. Accepted once, then upgraded. */
export const legacyBladeHash = (plain: string) =>
  createHash('sha1').update(createHash('md5').update(plain).digest('hex')).digest('hex');

export interface PasswordCheck {
  ok: boolean;
  /** The stored hash is legacy or weaker than today's parameters: store a new one. */
  rehash: boolean;
}

export async function verifyPassword(stored: string, plain: string): Promise<PasswordCheck> {
  if (stored.startsWith('$argon2')) {
    const ok = await argon2.verify(stored, plain).catch(() => false);
    return { ok, rehash: ok && argon2.needsRehash(stored, ARGON2) };
  }
  if (/^[0-9a-f]{40}$/i.test(stored)) {
    const a = Buffer.from(legacyBladeHash(plain), 'hex');
    const b = Buffer.from(stored.toLowerCase(), 'hex');
    const ok = timingSafeEqual(a, b);
    return { ok, rehash: ok };
  }
  return { ok: false, rehash: false };
}

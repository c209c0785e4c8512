const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

/**
 * Random bytes are drawn from the platform a pool at a time: a call to getRandomValues costs far more than
 * the 22 bytes an id needs (it was 6 % of a load generator's CPU with one call per message). Each byte
 * of the pool is used once.
 */
const POOL_BYTES = 4096;
let pool = new Uint8Array(0);
let used = 0;

function randomBytes(n: number): Uint8Array {
  if (used + n > pool.length) {
    pool = new Uint8Array(Math.max(POOL_BYTES, n));
    globalThis.crypto.getRandomValues(pool);
    used = 0;
  }
  used += n;
  return pool.subarray(used - n, used);
}

/** A random id of `[A-Za-z0-9_-]` (the server's clientMsgId alphabet); 22 characters carry 132 bits. */
export function randomId(length = 22): string {
  let out = '';
  for (const b of randomBytes(length)) out += ALPHABET[b & 63];
  return out;
}

/**
 * A clientMsgId: the time in base 36 (8 characters, in order until the year 2059), then 14 random characters
 * (84 bits). The server keeps (tenant, sender, clientMsgId) in a unique index: ids that grow with time go in
 * at the end of their sender's part of it, not at random places all over it (a tenth less PostgreSQL CPU
 * per message for the store statement in a loop).
 */
export function messageId(nowMs: number): string {
  return Math.max(0, Math.floor(nowMs)).toString(36).padStart(8, '0').slice(-8) + randomId(14);
}

import type { Db } from '../../platform/db/index.js';

/**
 * Failed sign-ins of a source address within the lock window. Counted in the database so every node
 * of a cluster sees the same numbers.
 */
export interface ThrottleLimits {
  maxFailures: number;
  windowMinutes: number;
}

/** Minutes left while the key is locked, else 0. */
export async function lockedMinutes(db: Db, key: string): Promise<number> {
  const row = await db.one<{ left: string | null }>(
    'SELECT ceil(extract(epoch FROM (locked_until - now())) / 60) AS left FROM auth_failure WHERE key = $1 AND locked_until > now()',
    [key],
  );
  return row?.left ? Number(row.left) : 0;
}

/** Counts one failure; locks the key when the limit is reached within the window. */
export async function recordFailure(db: Db, key: string, limits: ThrottleLimits): Promise<void> {
  const w = `interval '${Math.floor(limits.windowMinutes)} minutes'`;
  await db.query(
    `INSERT INTO auth_failure AS f (key, count, first_at) VALUES ($1, 1, now())
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN f.first_at < now() - ${w} THEN 1 ELSE f.count + 1 END,
       first_at = CASE WHEN f.first_at < now() - ${w} THEN now() ELSE f.first_at END,
       locked_until = CASE WHEN f.first_at >= now() - ${w} AND f.count + 1 >= $2 THEN now() + ${w} ELSE f.locked_until END`,
    [key, limits.maxFailures],
  );
}

export const ipKey = (ip: string) => `ip:${ip}`;

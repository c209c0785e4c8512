import type { Db } from '../../platform/db/index.js';

/**
 * Failed sign-ins of a source address within the lock window. Counted in the database so every node
 * of a cluster sees the same numbers. A key's lock is read with the rest of a sign-in's facts
 * (account.ts, signInFacts).
 */
export interface ThrottleLimits {
  maxFailures: number;
  windowMinutes: number;
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

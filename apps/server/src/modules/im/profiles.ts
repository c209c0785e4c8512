import type { UserProfile } from '@forecourt/im-sdk/types';
import type { ProfileUpdate } from '@forecourt/im-sdk/protocol';
import type { Db } from '../../platform/db/index.js';
import { notFoundIm } from './errors.js';
import { kindOf } from './principals.js';
import { checkAvatar } from './rules.js';

interface UserRow {
  user_id: string;
  nick: string;
  avatar: string;
  gender: string;
  department: string;
  custom_profile: boolean;
}

export const toProfile = (r: UserRow): UserProfile => ({
  userID: r.user_id,
  nick: r.nick,
  avatar: r.avatar,
  gender: r.gender as UserProfile['gender'],
  department: r.department,
});

const COLS = 'user_id, nick, avatar, gender, department, custom_profile';

/**
 * The chat profile of a user, made from the identity's record the first time the user is seen (as a
 * sender or a recipient). Unknown ids → NOT_FOUND.
 */
export async function ensureUser(db: Db, tenantId: string, userID: string): Promise<UserProfile> {
  const [have] = await db.query<UserRow>(
    `SELECT ${COLS} FROM im_user WHERE tenant_id = $1 AND user_id = $2`,
    [tenantId, userID],
    { name: 'im_user_get' },
  );
  return have ? toProfile(have) : refreshFromRecord(db, tenantId, userID);
}

/**
 * At sign-in, and when a user is first seen: the department always follows the identity's record; nick,
 * avatar and gender too until the user sets them in the chat profile.
 */
export async function refreshFromRecord(db: Db, tenantId: string, userID: string): Promise<UserProfile> {
  const { name, kind } = kindOf(userID);
  const seed = await kind.profileSeed(db, tenantId, userID);
  if (!seed) throw notFoundIm('im.noUser', { userID });
  // One statement for a new and a returning user alike: every connection's sign-in runs it.
  const [row] = await db.query<UserRow>(
    `INSERT INTO im_user (tenant_id, user_id, kind, nick, avatar, gender, department)
     VALUES ($1, $2, $7, $4, $5, $6, $3)
     ON CONFLICT (tenant_id, user_id) DO UPDATE SET department = EXCLUDED.department,
            nick = CASE WHEN im_user.custom_profile THEN im_user.nick ELSE EXCLUDED.nick END,
            avatar = CASE WHEN im_user.custom_profile THEN im_user.avatar ELSE EXCLUDED.avatar END,
            gender = CASE WHEN im_user.custom_profile THEN im_user.gender ELSE EXCLUDED.gender END,
            update_time = now()
     RETURNING ${COLS}`,
    [
      tenantId,
      userID,
      seed.department.slice(0, 100),
      seed.nick.slice(0, 64),
      seed.avatar.slice(0, 1000),
      seed.gender,
      name,
    ],
    { name: 'im_user_refresh' },
  );
  return toProfile(row!);
}

/** Only the fields given are changed; the profile is then the user's own (no longer follows the record). */
export async function updateProfile(
  db: Db,
  tenantId: string,
  userID: string,
  p: ProfileUpdate,
): Promise<UserProfile> {
  checkAvatar(p.avatar);
  await ensureUser(db, tenantId, userID);
  const row = await db.one<UserRow>(
    `UPDATE im_user SET nick = COALESCE($3, nick), avatar = COALESCE($4, avatar), gender = COALESCE($5, gender),
            custom_profile = true, update_time = now()
      WHERE tenant_id = $1 AND user_id = $2 RETURNING ${COLS}`,
    [tenantId, userID, p.nick?.trim() || null, p.avatar?.trim() || null, p.gender ?? null],
  );
  return toProfile(row!);
}

/** Profiles of known users; ids never seen are made from their records, unknown ones left out. */
export async function profilesOf(db: Db, tenantId: string, ids: string[]): Promise<UserProfile[]> {
  const unique = [...new Set(ids)];
  const rows = await db.query<UserRow>(
    `SELECT ${COLS} FROM im_user WHERE tenant_id = $1 AND user_id = ANY($2::varchar[])`,
    [tenantId, unique],
  );
  const found = new Map(rows.map((r) => [r.user_id, toProfile(r)]));
  for (const id of unique) {
    if (found.has(id)) continue;
    const p = await ensureUser(db, tenantId, id).catch(() => null);
    if (p) found.set(id, p);
  }
  return unique.flatMap((id) => (found.has(id) ? [found.get(id)!] : []));
}

import type { UserProfile } from '@forecourt/im-sdk/types';
import type { ProfileUpdate } from '@forecourt/im-sdk/protocol';
import type { Db } from '../../platform/db/index.js';
import { all, first, globalDb, prepared, scoped, sql, type SqlBool } from '../../platform/sql/index.js';
import { notFoundIm } from './errors.js';
import { kindOf, profileSeed, type PrincipalKind, type ProfileSeed } from './principals.js';
import { checkAvatar } from './rules.js';

const chat = (tenantId: string) => scoped({ tenantId, isPlatformAdmin: false });
const COLS = ['userId', 'nick', 'avatar', 'gender', 'department', 'customProfile'] as const;

interface UserRow {
  userId: string;
  nick: string;
  avatar: string;
  gender: string;
  department: string;
}

export const toProfile = (r: UserRow): UserProfile => ({
  userID: r.userId,
  nick: r.nick,
  avatar: r.avatar,
  gender: r.gender as UserProfile['gender'],
  department: r.department,
});

// Every sign-in and every first sight of a user runs these two: compiled once, named statements.
const userGet = prepared('im_user_get', (tenantId: string, userID: string) =>
  chat(tenantId).selectFrom('im_user').select(COLS).where('userId', '=', userID),
);
const keepCustom = (col: 'nick' | 'avatar' | 'gender') =>
  sql<string>`CASE WHEN im_user.custom_profile THEN ${sql.ref(`im_user.${col}`)} ELSE ${sql.ref(`excluded.${col}`)} END`;
const userRefresh = prepared(
  'im_user_refresh',
  (
    tenantId: string,
    userID: string,
    department: string,
    nick: string,
    avatar: string,
    gender: string,
    kind: string,
  ) =>
    chat(tenantId)
      .insertInto('im_user', { userId: userID, kind, nick, avatar, gender, department })
      .onConflict((oc) =>
        oc.columns(['tenantId', 'userId']).doUpdateSet({
          department: sql.ref('excluded.department'),
          nick: keepCustom('nick'),
          avatar: keepCustom('avatar'),
          gender: keepCustom('gender'),
          updateTime: sql`now()`,
        }),
      )
      .returning(COLS),
);

/**
 * The chat profile of a user, made from the identity's record the first time the user is seen (as a
 * sender or a recipient). Unknown ids → NOT_FOUND.
 */
export async function ensureUser(db: Db, tenantId: string, userID: string): Promise<UserProfile> {
  const have = await userGet.first(db, tenantId, userID);
  return have ? toProfile(have) : refresh(db, tenantId, userID, true);
}

/**
 * At sign-in, and when a user is first seen: the department always follows the identity's record; nick,
 * avatar and gender too until the user sets them in the chat profile.
 */
export function refreshFromRecord(db: Db, tenantId: string, userID: string): Promise<UserProfile> {
  return refresh(db, tenantId, userID, false);
}

// The identity's record and the chat profile in one statement: a sign-in's reads are one round trip and
// one statement whether the user is new or returning.
const withProfile = new Map<string, ReturnType<typeof seedWithProfile>>();
const seedWithProfile = (name: string, kind: PrincipalKind) =>
  prepared(`im_${name}_profile_seed_row`, (tenantId: string, key: string, userID: string) =>
    globalDb
      .selectFrom(kind.seed.query(tenantId, key).as('s'))
      .leftJoin(
        chat(tenantId).selectFrom('im_user').select(COLS).where('userId', '=', userID).as('iu'),
        (j) => j.onTrue(),
      )
      .selectAll('s')
      .select([
        'iu.userId as imUserId',
        'iu.nick as imNick',
        'iu.avatar as imAvatar',
        'iu.gender as imGender',
        'iu.department as imDepartment',
        'iu.customProfile as imCustomProfile',
      ]),
  );

interface ProfileCols {
  imUserId: string | null;
  imNick: string;
  imAvatar: string;
  imGender: string;
  imDepartment: string;
  imCustomProfile: boolean;
}

async function seedAndRow(
  db: Db,
  tenantId: string,
  userID: string,
): Promise<{ seed: ProfileSeed | null; row: ProfileRow | null }> {
  const { name, kind } = kindOf(userID);
  const key = kind.seed.key(userID);
  if (key === null) return { seed: null, row: null };
  let stmt = withProfile.get(name);
  if (!stmt) withProfile.set(name, (stmt = seedWithProfile(name, kind)));
  const r = (await stmt.first(db, tenantId, key, userID)) as
    (ProfileCols & Record<string, unknown>) | undefined;
  if (!r) return { seed: null, row: null };
  const row =
    r.imUserId === null
      ? null
      : {
          userId: r.imUserId,
          nick: r.imNick,
          avatar: r.imAvatar,
          gender: r.imGender,
          department: r.imDepartment,
          customProfile: r.imCustomProfile,
        };
  return { seed: kind.seed.toSeed(r, userID), row };
}

/**
 * `absent`: the caller already found no chat profile (only the record is read then); otherwise the record
 * and the profile are read together. Every connection's sign-in runs this, and the record rarely changes
 * between two: a row that already says what the record says is not written again (a write is a commit and
 * a WAL flush).
 */
async function refresh(db: Db, tenantId: string, userID: string, absent: boolean): Promise<UserProfile> {
  const { name } = kindOf(userID);
  const { seed, row } = absent
    ? { seed: await profileSeed(db, tenantId, userID), row: null }
    : await seedAndRow(db, tenantId, userID);
  if (!seed) throw notFoundIm('im.noUser', { userID });
  const want = {
    department: seed.department.slice(0, 100),
    nick: seed.nick.slice(0, 64),
    avatar: seed.avatar.slice(0, 1000),
    gender: seed.gender,
  };
  if (row && upToDate(row, want)) return toProfile(row);
  // One statement for a new and a returning user alike.
  const written = await userRefresh.first(
    db,
    tenantId,
    userID,
    want.department,
    want.nick,
    want.avatar,
    want.gender,
    name,
  );
  return toProfile(written!);
}

type ProfileRow = UserRow & { customProfile: boolean };

/** Whether the row already holds what the upsert would write (nick, avatar, gender: unless the user's own). */
export const upToDate = (row: ProfileRow, want: Omit<UserRow, 'userId'>) =>
  row.department === want.department &&
  (row.customProfile || (row.nick === want.nick && row.avatar === want.avatar && row.gender === want.gender));

/** Only the fields given are changed; the profile is then the user's own (no longer follows the record). */
export async function updateProfile(
  db: Db,
  tenantId: string,
  userID: string,
  p: ProfileUpdate,
): Promise<UserProfile> {
  checkAvatar(p.avatar);
  await ensureUser(db, tenantId, userID);
  const row = await first(
    db,
    chat(tenantId)
      .updateTable('im_user')
      .set({
        nick: p.nick?.trim() || sql`nick`,
        avatar: p.avatar?.trim() || sql`avatar`,
        gender: p.gender ?? sql`gender`,
        customProfile: true,
        updateTime: sql`now()`,
      })
      .where('userId', '=', userID)
      .returning(COLS),
  );
  return toProfile(row!);
}

/** Profiles of known users; ids never seen are made from their records, unknown ones left out. */
export async function profilesOf(db: Db, tenantId: string, ids: string[]): Promise<UserProfile[]> {
  const unique = [...new Set(ids)];
  const rows = await all(
    db,
    chat(tenantId)
      .selectFrom('im_user')
      .select(COLS)
      .where(sql<SqlBool>`user_id = ANY(${unique}::varchar[])`),
  );
  const found = new Map(rows.map((r) => [r.userId, toProfile(r)]));
  for (const id of unique) {
    if (found.has(id)) continue;
    const p = await ensureUser(db, tenantId, id).catch(() => null);
    if (p) found.set(id, p);
  }
  return unique.flatMap((id) => (found.has(id) ? [found.get(id)!] : []));
}

import type { UserProfile } from '@forecourt/im-sdk/types';
import type { ProfileUpdate } from '@forecourt/im-sdk/protocol';
import type { Db } from '../../platform/db/index.js';
import { all, first, globalDb, prepared, scoped, sql, type SqlBool } from '../../platform/sql/index.js';
import { GroupedReadBatcher, SIGN_IN_READS } from '../../platform/db/read-batcher.js';
import { notFoundIm } from './errors.js';
import { kindOf, principalKind, profileSeed, type PrincipalKind, type ProfileSeed } from './principals.js';
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

// The identity's record and the chat profile in one statement, for the sign-ins of one kind and tenant
// that arrive together (ReadBatcher: a lone sign-in runs at once): a sign-in's reads are one round trip,
// whether the user is new or returning, and a connect storm's are one statement per batch.
const withProfiles = new Map<string, ReturnType<typeof seedsWithProfiles>>();
const seedsWithProfiles = (name: string, kind: PrincipalKind) =>
  prepared(`im_${name}_profile_seed_rows`, (tenantId: string, keys: string[], userIDs: string[]) =>
    globalDb
      .selectFrom(
        // Behind subqueries, the arrays' lengths are unknown to every plan, so the cached one is used
        // (see convs.ts, readConversationLists).
        sql<{
          key: string;
          uid: string;
        }>`(SELECT unnest(ARRAY(SELECT unnest(${keys}::text[]))) AS key, unnest(ARRAY(SELECT unnest(${userIDs}::text[]))) AS uid)`.as(
          'k',
        ),
      )
      // Each key's record by a lookup of its own, as a lone sign-in's: the LIMIT keeps PostgreSQL from
      // turning the lookups into one join, for which it chose the account's trigram index (12–20 ms for
      // a handful of keys, against 0.03 ms for the unique index).
      .innerJoinLateral(
        globalDb
          .selectFrom(kind.seed.query(tenantId, sql.ref<string>('k.key')).as('r'))
          .selectAll()
          .limit(1)
          .as('s'),
        (j) => j.onTrue(),
      )
      // The profile by its key, for the same reason: as a join, plans made while im_user was nearly
      // empty read all of it.
      .leftJoinLateral(
        chat(tenantId)
          .selectFrom('im_user')
          .select(COLS)
          .where('userId', '=', sql.ref<string>('k.uid'))
          .limit(1)
          .as('iu'),
        (j) => j.onTrue(),
      )
      .selectAll('s')
      .select([
        'k.uid as seedUserId',
        'iu.userId as imUserId',
        'iu.nick as imNick',
        'iu.avatar as imAvatar',
        'iu.gender as imGender',
        'iu.department as imDepartment',
        'iu.customProfile as imCustomProfile',
      ]),
  );

interface ProfileCols {
  seedUserId: string;
  imUserId: string | null;
  imNick: string;
  imAvatar: string;
  imGender: string;
  imDepartment: string;
  imCustomProfile: boolean;
}

interface SeedAndRow {
  seed: ProfileSeed | null;
  row: ProfileRow | null;
}

/** Per pool: a transaction's reads are never batched with others' (refreshFromRecord runs on the pool). */
const seedReads = new WeakMap<Db, GroupedReadBatcher<string, SeedAndRow>>();
const GROUP_SEP = '\n';

function readSeedsAndRows(db: Db, group: string, userIDs: string[]): Promise<Map<string, SeedAndRow>> {
  const at = group.indexOf(GROUP_SEP);
  const name = group.slice(0, at);
  const tenantId = group.slice(at + 1);
  const kind = principalKind(name)!;
  let stmt = withProfiles.get(name);
  if (!stmt) withProfiles.set(name, (stmt = seedsWithProfiles(name, kind)));
  const keys = userIDs.map((u) => kind.seed.key(u)!);
  return stmt.all(db, tenantId, keys, userIDs).then((rows) => {
    const found = new Map<string, SeedAndRow>();
    for (const r of rows as (ProfileCols & Record<string, unknown>)[]) {
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
      found.set(r.seedUserId, { seed: kind.seed.toSeed(r, r.seedUserId), row });
    }
    return found;
  });
}

async function seedAndRow(db: Db, tenantId: string, userID: string): Promise<SeedAndRow> {
  const { name, kind } = kindOf(userID);
  if (kind.seed.key(userID) === null) return { seed: null, row: null };
  let reads = seedReads.get(db);
  if (!reads)
    seedReads.set(
      db,
      (reads = new GroupedReadBatcher((g, ids) => readSeedsAndRows(db, g, ids), SIGN_IN_READS)),
    );
  return (await reads.get(`${name}${GROUP_SEP}${tenantId}`, userID)) ?? { seed: null, row: null };
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
  const group = `${name}${GROUP_SEP}${tenantId}`;
  // A sign-in, on the pool: written with the others of its kind and tenant that arrive meanwhile. A first
  // sight of a user may be inside the caller's transaction: written there, alone, by the same statement.
  let written: UserProfile | undefined;
  if (absent) written = (await writeProfiles(db, group, [userID], [want])).get(userID);
  else {
    let writes = profileWrites.get(db);
    if (!writes)
      profileWrites.set(
        db,
        (writes = new GroupedReadBatcher((g, ids, ws) => writeProfiles(db, g, ids, ws), SIGN_IN_READS)),
      );
    written = await writes.get(group, userID, want);
  }
  if (!written) throw notFoundIm('im.noUser', { userID });
  return written;
}

type Want = Omit<UserRow, 'userId'>;

/**
 * The profiles of the sign-ins of one kind and tenant that arrive together, written by one statement (a
 * connect storm of new users is otherwise a commit each); the department always, nick, avatar and gender
 * unless the user set them. One user signing in twice in a batch is written once, with the later sign-in's record.
 */
async function writeProfiles(
  db: Db,
  group: string,
  userIDs: string[],
  wants: (Want | undefined)[],
): Promise<Map<string, UserProfile>> {
  const at = group.indexOf(GROUP_SEP);
  const rows = await db.query<{
    user_id: string;
    nick: string;
    avatar: string;
    gender: string;
    department: string;
  }>(
    `INSERT INTO im_user AS iu (tenant_id, kind, user_id, nick, avatar, gender, department)
     SELECT $1, $2, x.u, x.n, x.a, x.g, x.d
       FROM unnest($3::varchar[], $4::varchar[], $5::varchar[], $6::varchar[], $7::varchar[]) AS x(u, n, a, g, d)
     ON CONFLICT (tenant_id, user_id) DO UPDATE SET
       department = excluded.department,
       nick = CASE WHEN iu.custom_profile THEN iu.nick ELSE excluded.nick END,
       avatar = CASE WHEN iu.custom_profile THEN iu.avatar ELSE excluded.avatar END,
       gender = CASE WHEN iu.custom_profile THEN iu.gender ELSE excluded.gender END,
       update_time = now()
     RETURNING user_id, nick, avatar, gender, department`,
    [
      group.slice(at + 1),
      group.slice(0, at),
      userIDs,
      wants.map((w) => w!.nick),
      wants.map((w) => w!.avatar),
      wants.map((w) => w!.gender),
      wants.map((w) => w!.department),
    ],
    { name: 'im_users_refresh' },
  );
  return new Map(rows.map((r) => [r.user_id, toProfile({ ...r, userId: r.user_id })]));
}

const profileWrites = new WeakMap<Db, GroupedReadBatcher<string, UserProfile, Want>>();

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

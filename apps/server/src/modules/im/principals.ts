/**
 * Who can chat. A principal is a kind of identity behind a chat user id: staff today (the user id is the
 * login account); customers (`cust_…`, signed in by phone and SMS on the mobile page) plug in through
 * `registerPrincipalKind('customer', …)` and issue their tickets with `issueTicket` — nothing else in the
 * chat module changes.
 */
import type { AliasedSelectQueryBuilder, Compilable, Expression } from 'kysely';
import { prepared, scoped, sql, type SqlBool } from '../../platform/sql/index.js';
import { ERROR_CODE } from '@forecourt/im-sdk/types';
import type { Db } from '../../platform/db/index.js';
import { LIVE_SESSION } from '../../platform/auth/guard.js';
import { ImError } from './errors.js';
import { genderOfSex } from './rules.js';

export interface Principal {
  kind: string;
  tenantId: string;
  userID: string;
  /** The sign-in session behind the ticket (staff: auth_session.id); null when the kind has none. */
  sessionId: string | null;
  /** The numeric id of the identity's own record (staff: blade_user.id), for audit columns. */
  accountId: string | null;
}

/** What a chat profile starts as (nick, avatar, … from the identity's own record). */
export interface ProfileSeed {
  nick: string;
  avatar: string;
  gender: string;
  department: string;
}

/**
 * The identity's own record a chat profile starts from, as a query rather than a function: the chat's
 * sign-in reads it together with the chat profile in one statement (profiles.ts).
 */
export interface SeedSource<R = Record<string, unknown>> {
  /** The record's key in a chat user id (staff: the account itself); null when the id cannot name one. */
  key(userID: string): string | null;
  /**
   * The record of that key in the tenant, through scoped(). The key is a value, or a column of the
   * statement the query is joined into (the chat's sign-ins read a batch of keys at once, profiles.ts).
   */
  query(
    tenantId: string,
    key: string | Expression<string>,
  ): Compilable<R> & { as<A extends string>(alias: A): AliasedSelectQueryBuilder<R, A> };
  toSeed(row: R, userID: string): ProfileSeed;
}

/** Infers a source's row type from its query, so toSeed is typed by what the query selects. */
export const seedSource = <R>(s: SeedSource<R>): SeedSource<R> => s;

export interface PrincipalKind {
  /** The kind of a user id (e.g. a prefix); the first kind that claims an id owns it. */
  owns(userID: string): boolean;
  seed: SeedSource;
  /** Of the given session ids, the ones that ended (signed out, account disabled). */
  endedSessions(db: Db, sessionIds: string[]): Promise<Set<string>>;
  /** Whether this user may chat one-to-one with `peer` (absent: with anyone of the tenant). */
  mayTalk?(db: Db, tenantId: string, self: string, peer: string): Promise<boolean>;
  /** false: users of this kind are never in a group. */
  inGroups?: boolean;
}

const kinds = new Map<string, PrincipalKind>();

export function registerPrincipalKind(name: string, kind: PrincipalKind): void {
  kinds.set(name, kind);
}

/**
 * The session ids among `ids` that are over: malformed ones, and those `live` (given the well-formed ones)
 * does not return. Linear: a node checks every socket's session at once, tens of thousands of them.
 * The `live` queries take the ids as `ANY(ARRAY(SELECT unnest($1)))`: with `ANY($1)` PostgreSQL plans
 * every sign-in's one id anew (a custom plan knows it is one, the cached plan guesses ten, so the cached
 * one never wins); behind a subquery both guess alike and the cached plan is used.
 */
export async function sessionsEnded(
  ids: string[],
  live: (numeric: string[]) => Promise<{ id: string | number }[]>,
): Promise<Set<string>> {
  const numeric: string[] = [];
  const ended = new Set<string>();
  for (const id of ids) {
    if (/^\d{1,19}$/.test(id)) numeric.push(id);
    else ended.add(id);
  }
  if (!numeric.length) return ended;
  const alive = new Set((await live(numeric)).map((r) => String(r.id)));
  for (const id of numeric) if (!alive.has(id)) ended.add(id);
  return ended;
}

export function kindOf(userID: string): { name: string; kind: PrincipalKind } {
  for (const [name, kind] of kinds) if (name !== 'staff' && kind.owns(userID)) return { name, kind };
  return { name: 'staff', kind: kinds.get('staff')! };
}

export const principalKind = (name: string) => kinds.get(name);

// Named, as the other statements every sign-in runs: compiled once per kind, planned once per connection.
const seedStatements = new Map<string, ReturnType<typeof seedStatement>>();
const seedStatement = (name: string, kind: PrincipalKind) =>
  prepared(`im_${name}_profile_seed`, (tenantId: string, key: string) => kind.seed.query(tenantId, key));

/** The profile seed of an existing user, or null when the id is unknown in the tenant. */
export async function profileSeed(db: Db, tenantId: string, userID: string): Promise<ProfileSeed | null> {
  const { name, kind } = kindOf(userID);
  const key = kind.seed.key(userID);
  if (key === null) return null;
  let stmt = seedStatements.get(name);
  if (!stmt) seedStatements.set(name, (stmt = seedStatement(name, kind)));
  const row = await stmt.first(db, tenantId, key);
  return row ? kind.seed.toSeed(row, userID) : null;
}

/** A one-to-one message between a and b must be allowed by both sides' kinds (e.g. a customer and their advisor). */
export async function assertMayTalk(db: Db, tenantId: string, a: string, b: string): Promise<void> {
  for (const [self, peer] of [
    [a, b],
    [b, a],
  ] as const) {
    const { kind } = kindOf(self);
    if (kind.mayTalk && !(await kind.mayTalk(db, tenantId, self, peer)))
      throw new ImError(ERROR_CODE.FORBIDDEN, 'im.talkNotAllowed');
  }
}

/** Every user of a group change must be of a kind that may be in groups. */
export function assertGroupable(userIDs: string[]): void {
  if (userIDs.some((id) => kindOf(id).kind.inGroups === false))
    throw new ImError(ERROR_CODE.FORBIDDEN, 'im.group.notForKind');
}

export const CUSTOMER_PREFIX = 'cust_';

/** The button code that lets staff chat (routes' `code:chat_tim`, and every socket's session check). */
export const CHAT_CODE = 'chat_tim';

/** Staff: the chat user id is the account of an active, not deleted user of the tenant. */
registerPrincipalKind('staff', {
  owns: (userID) => !userID.startsWith(CUSTOMER_PREFIX),
  seed: seedSource({
    key: (userID) => userID,
    query(tenantId: string, account: string | Expression<string>) {
      const own = scoped({ tenantId, isPlatformAdmin: false });
      const firstDept = own
        .selectFrom('blade_dept', 'd')
        .innerJoin('blade_user_dept as ud', 'ud.deptId', 'd.id')
        .select('d.deptName')
        .where(sql<SqlBool>`ud.user_id = u.id`)
        .orderBy('d.id')
        .limit(1);
      return own
        .selectFrom('blade_user', 'u')
        .select(['u.name', 'u.realName', 'u.avatar', 'u.sex', firstDept.as('deptName')])
        .where('u.account', '=', account);
    },
    toSeed: (u, userID) => ({
      nick: u.realName || u.name || userID,
      avatar: u.avatar ?? '',
      gender: genderOfSex(u.sex),
      department: u.deptName ?? '',
    }),
  }),
  // A staff session chats while it may act at all (guard.ts, LIVE_SESSION) and its roles still grant the
  // chat: a role taken away ends the sockets as a sign-out does.
  endedSessions: (db, ids) =>
    sessionsEnded(ids, (numeric) =>
      db.query<{ id: string }>(
        `SELECT s.id FROM ${LIVE_SESSION}
          WHERE s.id = ANY(ARRAY(SELECT unnest($1::bigint[]))) AND s.revoked_at IS NULL
            AND EXISTS (SELECT 1 FROM blade_user_role ur
                          JOIN blade_role r ON r.id = ur.role_id AND r.tenant_id = u.tenant_id AND r.is_deleted = 0
                         WHERE ur.user_id = u.id
                           AND (r.role_alias = 'administrator'
                                OR EXISTS (SELECT 1 FROM blade_role_menu rm
                                             JOIN blade_menu m ON m.id = rm.menu_id AND m.is_deleted = 0 AND m.code = $2
                                            WHERE rm.role_id = r.id)))`,
        [numeric, CHAT_CODE],
        { name: 'im_staff_sessions_live' },
      ),
    ),
});

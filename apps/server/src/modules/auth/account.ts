import type { UserProfile as WireProfile } from '@forecourt/contracts';
import type { Db } from '../../platform/db/index.js';
import { allTenants, globalDb, prepared, scoped, sql, type TenantScope } from '../../platform/sql/index.js';

/**
 * What sign-in and the session read about an account, each in one statement (named, so PostgreSQL plans
 * it once per connection): a sign-in reads everything it judges — the client's grants, the source
 * address's lock, the tenant, the account and its profile — in one round trip, and writes only the
 * session when nothing else changed. Roles and departments come in sort order as text arrays (64-bit
 * ids stay text, as everywhere in the API).
 */

/** blade_user `u` in `scope` with its profile columns, its roles (`ro`) and departments (`de`). */
const userWithProfile = (scope: TenantScope) =>
  scoped(scope)
    .selectFrom('blade_user', 'u')
    .leftJoinLateral(
      scoped(allTenants)
        .selectFrom('blade_role', 'r')
        .innerJoin('blade_user_role as ur', 'ur.roleId', 'r.id')
        .select([
          sql<
            string[]
          >`array_agg(${sql.ref('r.id')}::text ORDER BY ${sql.ref('r.sort')}, ${sql.ref('r.id')})`.as(
            'roleIds',
          ),
          sql<
            string[]
          >`array_agg(${sql.ref('r.roleAlias')} ORDER BY ${sql.ref('r.sort')}, ${sql.ref('r.id')})`.as(
            'roleAliases',
          ),
        ])
        .where('ur.userId', '=', sql.ref<string>('u.id'))
        .as('ro'),
      (j) => j.onTrue(),
    )
    .leftJoinLateral(
      scoped(allTenants)
        .selectFrom('blade_dept', 'd')
        .innerJoin('blade_user_dept as ud', 'ud.deptId', 'd.id')
        .select([
          sql<
            string[]
          >`array_agg(${sql.ref('d.id')}::text ORDER BY ${sql.ref('d.sort')}, ${sql.ref('d.id')})`.as(
            'deptIds',
          ),
          sql<
            string[]
          >`array_agg(${sql.ref('d.deptName')} ORDER BY ${sql.ref('d.sort')}, ${sql.ref('d.id')})`.as(
            'deptNames',
          ),
        ])
        .where('ud.userId', '=', sql.ref<string>('u.id'))
        .as('de'),
      (j) => j.onTrue(),
    )
    .select([
      'u.tenantId',
      'u.id',
      'u.account',
      'u.name',
      'u.realName',
      'u.avatar',
      'u.code',
      'u.phone',
      'u.email',
      'u.sex',
      'u.oauthId',
      'u.brandNames',
      'u.passwordInitial',
      'ro.roleIds',
      'ro.roleAliases',
      'de.deptIds',
      'de.deptNames',
    ]);

type ProfileRow = NonNullable<Awaited<ReturnType<typeof profileQuery.first>>>;

// Every refresh and user-info reads this by the user id the session holds: any tenant's, by design.
const profileQuery = prepared('auth.profile', (userId: string) =>
  userWithProfile(allTenants).where('u.id', '=', userId),
);

/** The profile the shell sees (contracts), plus the role aliases the token carries. */
export type UserProfile = WireProfile & { role_aliases: string[] };

function profileOf(u: ProfileRow): UserProfile {
  const roleIds = u.roleIds ?? [];
  const roleAliases = u.roleAliases ?? [];
  return {
    tenant_id: u.tenantId,
    user_id: u.id,
    account: u.account,
    user_name: u.account,
    nick_name: u.name ?? u.realName ?? u.account,
    real_name: u.realName ?? '',
    role_name: roleAliases.join(','),
    role_id: roleIds.join(','),
    role_aliases: roleAliases,
    dept_id: (u.deptIds ?? []).join(','),
    dept_name: (u.deptNames ?? []).join(','),
    avatar: u.avatar ?? '',
    emp_no: u.code ?? '',
    phone: u.phone ?? '',
    email: u.email ?? '',
    sex: u.sex,
    oauth_id: u.oauthId ?? '',
    brand_names: (u.brandNames as string[] | null) ?? [],
    password_initial: u.passwordInitial,
  };
}

export async function loadProfile(db: Db, userId: string): Promise<UserProfile | undefined> {
  const u = await profileQuery.first(db, userId);
  return u && profileOf(u);
}

/**
 * One password sign-in's reads. Before sign-in the tenant the request names is the scope; every part is
 * left-joined to a single row, so what is missing (client, tenant, account) reads as null.
 */
const signInQuery = prepared(
  'auth.signInFacts',
  (clientId: string, ipKey: string, tenantId: string, account: string) => {
    const scope: TenantScope = { tenantId, isPlatformAdmin: false };
    return globalDb
      .selectFrom(globalDb.selectNoFrom(sql<number>`1`.as('one')).as('one'))
      .leftJoin(
        globalDb
          .selectFrom('blade_client')
          .select('authorizedGrantTypes')
          .where('clientId', '=', clientId)
          .where('isDeleted', '=', 0)
          .as('c'),
        (j) => j.onTrue(),
      )
      .leftJoin(
        globalDb
          .selectFrom('auth_failure')
          .select(
            sql<string>`ceil(extract(epoch FROM (${sql.ref('lockedUntil')} - now())) / 60)`.as(
              'ipLockedLeft',
            ),
          )
          .where('key', '=', ipKey)
          .where('lockedUntil', '>', sql<Date>`now()`)
          .as('f'),
        (j) => j.onTrue(),
      )
      .leftJoin(
        scoped(scope)
          .selectFrom('blade_tenant')
          .select([
            'status as tenantStatus',
            sql<boolean>`coalesce(${sql.ref('expireTime')} < now(), false)`.as('tenantExpired'),
          ])
          .as('tn'),
        (j) => j.onTrue(),
      )
      .leftJoin(
        userWithProfile(scope)
          .select([
            'u.password',
            'u.status',
            sql<boolean>`(${sql.ref('u.failedCount')} > 0 OR ${sql.ref('u.lockedUntil')} IS NOT NULL)`.as(
              'hasFailures',
            ),
            sql<
              string | null
            >`CASE WHEN ${sql.ref('u.lockedUntil')} > now() THEN ceil(extract(epoch FROM (${sql.ref('u.lockedUntil')} - now())) / 60) END`.as(
              'lockedLeft',
            ),
          ])
          .where('u.account', '=', account)
          .as('acct'),
        (j) => j.onTrue(),
      )
      .selectAll(['c', 'f', 'tn', 'acct']);
  },
);

type FactsRow = NonNullable<Awaited<ReturnType<typeof signInQuery.first>>>;

/** What sign-in needs to know about an account. */
export interface SignInAccount {
  id: string;
  tenantId: string;
  password: string;
  status: number;
  /** A failure count or a lock (even a lapsed one) to clear at the next success. */
  hasFailures: boolean;
  /** Minutes left while the account is locked. */
  lockedLeft: string | null;
  profile: UserProfile;
}

export interface SignInFacts {
  /** The client's grant types, null for an unknown client. */
  clientGrants: string | null;
  /** Minutes left while the source address is locked, else 0. */
  ipLockedLeft: number;
  tenant: { status: number; expired: boolean } | undefined;
  account: SignInAccount | undefined;
}

export async function signInFacts(
  db: Db,
  q: { clientId: string; ipKey: string; tenantId: string; account: string },
): Promise<SignInFacts> {
  const r = (await signInQuery.first(db, q.clientId, q.ipKey, q.tenantId, q.account)) as FactsRow;
  return {
    clientGrants: r.authorizedGrantTypes ?? null,
    ipLockedLeft: r.ipLockedLeft ? Number(r.ipLockedLeft) : 0,
    tenant:
      r.tenantStatus == null ? undefined : { status: r.tenantStatus, expired: Boolean(r.tenantExpired) },
    account:
      r.id == null
        ? undefined
        : {
            id: r.id,
            tenantId: r.tenantId!,
            password: r.password!,
            status: r.status!,
            hasFailures: Boolean(r.hasFailures),
            lockedLeft: r.lockedLeft ?? null,
            profile: profileOf(r as ProfileRow),
          },
  };
}

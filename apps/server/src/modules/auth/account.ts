import type { UserProfile as WireProfile } from '@forecourt/contracts';
import type { Db } from '../../platform/db/index.js';
import { allTenants, prepared, scoped, sql } from '../../platform/sql/index.js';

// Sign-in runs these on every attempt: compiled once, named, so PostgreSQL plans them once per connection.
// Before sign-in the tenant the request names is the scope (the slots are filled per call).
const accountQuery = prepared('auth.findAccount', (tenantId: string, account: string) =>
  scoped({ tenantId, isPlatformAdmin: false })
    .selectFrom('blade_user')
    .select([
      'id',
      'tenantId',
      'account',
      'password',
      'status',
      'failedCount',
      'oauthId',
      sql<
        string | null
      >`CASE WHEN ${sql.ref('lockedUntil')} > now() THEN ceil(extract(epoch FROM (${sql.ref('lockedUntil')} - now())) / 60) END`.as(
        'lockedLeft',
      ),
    ])
    .where('account', '=', account),
);

/** What sign-in needs to know about an account. */
export type AccountRow = NonNullable<Awaited<ReturnType<typeof accountQuery.first>>>;

export const findAccount = (db: Db, tenantId: string, account: string): Promise<AccountRow | undefined> =>
  accountQuery.first(db, tenantId, account);

const tenantQuery = prepared('auth.findTenant', (tenantId: string) =>
  scoped({ tenantId, isPlatformAdmin: false })
    .selectFrom('blade_tenant')
    .select([
      'tenantId',
      'status',
      sql<boolean>`coalesce(${sql.ref('expireTime')} < now(), false)`.as('expired'),
    ]),
);

export const findTenant = (db: Db, tenantId: string) => tenantQuery.first(db, tenantId);

/** The profile the shell sees (contracts), plus the role aliases the token carries. */
export type UserProfile = WireProfile & { role_aliases: string[] };

// Every sign-in and refresh reads these by the user id the session holds: any tenant's, by design.
const profileQuery = prepared('auth.profile', (userId: string) =>
  scoped(allTenants)
    .selectFrom('blade_user')
    .select([
      'tenantId',
      'id',
      'account',
      'name',
      'realName',
      'avatar',
      'code',
      'phone',
      'email',
      'sex',
      'oauthId',
      'brandNames',
      'passwordInitial',
    ])
    .where('id', '=', userId),
);
const profileRoles = prepared('auth.profileRoles', (userId: string) =>
  scoped(allTenants)
    .selectFrom('blade_role', 'r')
    .innerJoin('blade_user_role as ur', 'ur.roleId', 'r.id')
    .select(['r.id', 'r.roleAlias', 'r.roleName'])
    .where('ur.userId', '=', userId)
    .orderBy('r.sort')
    .orderBy('r.id'),
);
const profileDepts = prepared('auth.profileDepts', (userId: string) =>
  scoped(allTenants)
    .selectFrom('blade_dept', 'd')
    .innerJoin('blade_user_dept as ud', 'ud.deptId', 'd.id')
    .select(['d.id', 'd.deptName'])
    .where('ud.userId', '=', userId)
    .orderBy('d.sort')
    .orderBy('d.id'),
);

export async function loadProfile(db: Db, userId: string): Promise<UserProfile | undefined> {
  const u = await profileQuery.first(db, userId);
  if (!u) return undefined;
  const roles = await profileRoles.all(db, userId);
  const depts = await profileDepts.all(db, userId);
  return {
    tenant_id: u.tenantId,
    user_id: u.id,
    account: u.account,
    user_name: u.account,
    nick_name: u.name ?? u.realName ?? u.account,
    real_name: u.realName ?? '',
    role_name: roles.map((r) => r.roleAlias).join(','),
    role_id: roles.map((r) => r.id).join(','),
    role_aliases: roles.map((r) => r.roleAlias),
    dept_id: depts.map((d) => d.id).join(','),
    dept_name: depts.map((d) => d.deptName).join(','),
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

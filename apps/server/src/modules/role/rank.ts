import type { Db } from '../../platform/db/index.js';
import { forbidden } from '../../platform/errors.js';
import { registerMessages } from '../../platform/i18n.js';
import type { Scope } from '../../platform/scope.js';
import { all, allTenants, anyId, globalDb, scoped } from '../../platform/sql/index.js';
import {
  ADMINISTRATOR,
  RANK,
  accountRank,
  refusal,
  roleRank,
  type RankedRole,
} from '../../platform/auth/rank.js';

registerMessages(
  {
    'rank.outranked': '不能操作级别不低于自己的账号或角色',
    'rank.ownRoles': '不能修改自己的角色',
    'rank.administratorRole': '只有平台超级管理员可以授予或修改超级管理员角色',
  },
  {
    'rank.outranked': 'You cannot change an account or role that ranks as high as yours or higher',
    'rank.ownRoles': 'You cannot change your own roles',
    'rank.administratorRole': 'Only the platform administrator may assign or change the administrator role',
  },
);

interface RoleRow extends RankedRole {
  id: string;
}

// Any tenant's: the rank of every role a request names is judged, the caller's own included.
const rolesOf = (db: Db, ids: readonly string[]): Promise<RoleRow[]> =>
  all(
    db,
    scoped(allTenants)
      .selectFrom('blade_role')
      .select(['id', 'roleAlias', 'roleRank'])
      .where('id', '=', anyId(ids)),
  );

/** The caller's rank from its roles as they are now (the token's alias list may be older than an edit). */
export async function callerRank(db: Db, scope: Scope): Promise<number> {
  if (scope.isPlatformAdmin) return RANK.platform;
  return accountRank(scope.tenantId, await rolesOf(db, scope.roleIds));
}

const check = (scope: Scope, rank: number, target: { rank: number; touchesAdministrator?: boolean }) => {
  const why = refusal({ rank, isPlatformAdmin: scope.isPlatformAdmin }, target);
  if (why) throw forbidden(why);
};

/**
 * Refuses when any of the accounts ranks as high as the caller or higher. `allowSelf`: the caller's own
 * account passes (editing one's own name through the user form); its roles are guarded by assignRoles.
 */
export async function assertMayManageAccounts(
  db: Db,
  scope: Scope,
  userIds: readonly string[],
  opts: { allowSelf?: boolean } = {},
): Promise<void> {
  const ids = userIds.filter((id) => !(opts.allowSelf && id === scope.userId));
  if (!ids.length) return;
  // Any tenant's accounts, removed ones too: whatever the ids name is judged.
  const rows = await all(
    db,
    scoped(allTenants)
      .selectFrom('blade_user', 'u', { withDeleted: true })
      .leftJoin('blade_user_role as ur', 'ur.userId', 'u.id')
      .leftJoin('blade_role as r', (j) => j.onRef('r.id', '=', 'ur.roleId').on('r.isDeleted', '=', 0))
      .select(['u.id as userId', 'u.tenantId', 'r.roleAlias', 'r.roleRank'])
      .where('u.id', '=', anyId(ids)),
  );
  const byUser = new Map<string, { tenantId: string; roles: RankedRole[] }>();
  for (const r of rows) {
    const u = byUser.get(r.userId) ?? { tenantId: r.tenantId, roles: [] };
    if (r.roleAlias) u.roles.push({ roleAlias: r.roleAlias, roleRank: r.roleRank });
    byUser.set(r.userId, u);
  }
  const mine = await callerRank(db, scope);
  for (const u of byUser.values()) check(scope, mine, { rank: accountRank(u.tenantId, u.roles) });
}

/**
 * Giving an account these roles (new or edited): each must rank below the caller, the administrator role
 * only from a platform administrator, and nobody changes their own roles.
 */
export async function assertMayAssignRoles(
  db: Db,
  scope: Scope,
  userId: string | undefined,
  roleIds: readonly string[],
): Promise<void> {
  if (userId && userId === scope.userId) {
    const now = await all(
      db,
      globalDb.selectFrom('blade_user_role').select('roleId').where('userId', '=', userId),
    );
    const had = new Set(now.map((r) => r.roleId));
    const want = new Set(roleIds);
    if (had.size !== want.size || [...want].some((id) => !had.has(id))) throw forbidden('rank.ownRoles');
    return;
  }
  const mine = await callerRank(db, scope);
  for (const r of await rolesOf(db, roleIds))
    check(scope, mine, { rank: roleRank(r), touchesAdministrator: r.roleAlias === ADMINISTRATOR });
}

/** Editing, removing or granting menus to roles: each must rank below the caller (administrator: platform only). */
export async function assertMayChangeRoles(db: Db, scope: Scope, roleIds: readonly string[]): Promise<void> {
  const mine = await callerRank(db, scope);
  for (const r of await rolesOf(db, roleIds))
    check(scope, mine, { rank: roleRank(r), touchesAdministrator: r.roleAlias === ADMINISTRATOR });
}

/** A role as it will be after a save (its alias and rank): the caller may only make roles below itself. */
export async function assertMayMakeRole(db: Db, scope: Scope, role: RankedRole): Promise<void> {
  check(scope, await callerRank(db, scope), {
    rank: roleRank(role),
    touchesAdministrator: role.roleAlias === ADMINISTRATOR,
  });
}

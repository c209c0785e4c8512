import type { Db } from '../../platform/db/index.js';
import { Repo } from '../../platform/crud.js';
import { bad, forbidden } from '../../platform/errors.js';
import type { Scope } from '../../platform/scope.js';
import { all, allTenants, anyId, exec, first, globalDb, scoped, sql } from '../../platform/sql/index.js';
import { registerMessages } from '../../platform/i18n.js';
import { RANK, roleRank as rankOf, type RankedRole } from '../../platform/auth/rank.js';
import { assertMayChangeRoles, assertMayMakeRole } from './rank.js';

registerMessages(
  {
    'role.duplicateAlias': '角色别名 {alias} 已存在',
    'role.inUse': '还有 {n} 个用户使用该角色，请先调整用户的角色',
    'role.escalation': '不能授予自己没有的菜单权限',
  },
  {
    'role.duplicateAlias': 'A role with alias {alias} already exists',
    'role.inUse': '{n} user(s) still have this role; change their roles first',
    'role.escalation': 'You cannot grant menus you do not have yourself',
  },
);

export const roles = new Repo({
  table: 'blade_role',
  softDelete: true,
  audit: true,
  tree: true,
  fields: ['id', 'tenantId', 'parentId', 'roleName', 'roleAlias', 'sort', 'roleRank'],
  filters: {
    roleName: { column: 'roleName', type: 'text' },
    roleAlias: { column: 'roleAlias', type: 'text' },
  },
  sortable: ['sort', 'roleName'],
  defaultOrder: 't.sort, t.id',
  writable: ['parentId', 'roleName', 'roleAlias', 'sort', 'roleRank'],
});

/**
 * Adds or changes a role. The caller may change only roles below itself and make them no higher than
 * that (a new role without a rank is staff); the administrator role is the platform administrator's alone.
 */
export async function submitRole(
  db: Db,
  scope: Scope,
  input: {
    id?: string;
    parentId?: string;
    roleName: string;
    roleAlias: string;
    sort?: number;
    roleRank?: number;
  },
) {
  return db.tx(async (t) => {
    const parentId = input.parentId && input.parentId !== '0' ? input.parentId : '0';
    if (parentId !== '0') await roles.assertAccessible(t, scope, [parentId]);
    let roleRank = input.roleRank;
    if (input.id) {
      await roles.assertAccessible(t, scope, [input.id]);
      await assertMayChangeRoles(t, scope, [input.id]);
      if (roleRank === undefined) {
        // Kept as it stands, written out: a row without the column keeps the rank its old alias gave it.
        const old = await first<RankedRole>(
          t,
          scoped(scope).selectFrom('blade_role').select(['roleAlias', 'roleRank']).where('id', '=', input.id),
        );
        roleRank = old!.roleRank ?? rankOf(old!);
      }
    }
    roleRank ??= RANK.staff;
    await assertMayMakeRole(t, scope, { roleAlias: input.roleAlias, roleRank });
    // Aliases are unique within the tenant written to, the platform administrator's too.
    const dup = await first(
      t,
      scoped({ tenantId: scope.tenantId, isPlatformAdmin: false })
        .selectFrom('blade_role')
        .select('id')
        .where('roleAlias', '=', input.roleAlias)
        .where('id', '<>', input.id ?? '0'),
    );
    if (dup) throw bad('role.duplicateAlias', { alias: input.roleAlias });
    return roles.submit(t, scope, { ...input, parentId, roleRank });
  });
}

export async function removeRoles(db: Db, scope: Scope, ids: string[]) {
  return db.tx(async (t) => {
    await roles.assertAccessible(t, scope, ids);
    await assertMayChangeRoles(t, scope, ids);
    // Any tenant's users: a role is in use whoever holds it.
    const used = await first(
      t,
      scoped(allTenants)
        .selectFrom('blade_user', 'u')
        .innerJoin('blade_user_role as ur', 'ur.userId', 'u.id')
        .select(sql<string>`count(DISTINCT ${sql.ref('ur.userId')})`.as('n'))
        .where('ur.roleId', '=', anyId(ids)),
    );
    if (Number(used?.n ?? 0) > 0) throw bad('role.inUse', { n: Number(used!.n) });
    const n = await roles.remove(t, scope, ids);
    await exec(t, globalDb.deleteFrom('blade_role_menu').where('roleId', '=', anyId(ids)));
    return n;
  });
}

/**
 * Replaces the menus of roles. An administrator grants what it likes within its tenant; anyone else only
 * menus its own roles hold, so a grant can never raise anyone above the granter; and only to roles
 * below the granter's rank (the administrator role: the platform administrator's alone).
 */
export async function grantMenus(db: Db, scope: Scope, roleIds: string[], menuIds: string[]) {
  return db.tx(async (t) => {
    await roles.assertAccessible(t, scope, roleIds);
    await assertMayChangeRoles(t, scope, roleIds);
    const menus = [...new Set(menuIds)];
    if (!scope.roleAliases.includes('administrator') && menus.length) {
      const held = await all(
        t,
        globalDb
          .selectFrom('blade_role_menu')
          .select('menuId')
          .distinct()
          .where('roleId', '=', anyId(scope.roleIds))
          .where('menuId', '=', anyId(menus)),
      );
      if (held.length !== menus.length) throw forbidden('role.escalation');
    }
    await exec(t, globalDb.deleteFrom('blade_role_menu').where('roleId', '=', anyId(roleIds)));
    if (menus.length) {
      // Every role times every live menu named: one statement whatever the counts.
      await exec(
        t,
        globalDb
          .insertInto('blade_role_menu')
          .columns(['roleId', 'menuId'])
          .expression(
            globalDb
              .selectFrom('blade_menu')
              .select([sql<string>`unnest(${roleIds}::bigint[])`.as('r'), 'id'])
              .where('id', '=', anyId(menus))
              .where('isDeleted', '=', 0),
          ),
      );
    }
    return roleIds.length;
  });
}

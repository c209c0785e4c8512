import type { Db } from '../../platform/db/index.js';
import { Repo } from '../../platform/crud.js';
import { bad, forbidden } from '../../platform/errors.js';
import type { Scope } from '../../platform/scope.js';
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
        const old = await t.one<RankedRole>(
          'SELECT role_alias AS "roleAlias", role_rank AS "roleRank" FROM blade_role WHERE id = $1',
          [input.id],
        );
        roleRank = old!.roleRank ?? rankOf(old!);
      }
    }
    roleRank ??= RANK.staff;
    await assertMayMakeRole(t, scope, { roleAlias: input.roleAlias, roleRank });
    const dup = await t.one(
      'SELECT 1 FROM blade_role WHERE tenant_id = $1 AND role_alias = $2 AND is_deleted = 0 AND id <> $3',
      [scope.tenantId, input.roleAlias, input.id ?? '0'],
    );
    if (dup) throw bad('role.duplicateAlias', { alias: input.roleAlias });
    return roles.submit(t, scope, { ...input, parentId, roleRank });
  });
}

export async function removeRoles(db: Db, scope: Scope, ids: string[]) {
  return db.tx(async (t) => {
    await roles.assertAccessible(t, scope, ids);
    await assertMayChangeRoles(t, scope, ids);
    const used = await t.one<{ n: string }>(
      'SELECT count(DISTINCT ur.user_id) AS n FROM blade_user_role ur JOIN blade_user u ON u.id = ur.user_id AND u.is_deleted = 0 WHERE ur.role_id = ANY($1::bigint[])',
      [ids],
    );
    if (Number(used?.n ?? 0) > 0) throw bad('role.inUse', { n: Number(used!.n) });
    const n = await roles.remove(t, scope, ids);
    await t.query('DELETE FROM blade_role_menu WHERE role_id = ANY($1::bigint[])', [ids]);
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
      const held = await t.query<{ menu_id: string }>(
        'SELECT DISTINCT menu_id FROM blade_role_menu WHERE role_id = ANY($1::bigint[]) AND menu_id = ANY($2::bigint[])',
        [scope.roleIds, menus],
      );
      if (held.length !== menus.length) throw forbidden('role.escalation');
    }
    await t.query('DELETE FROM blade_role_menu WHERE role_id = ANY($1::bigint[])', [roleIds]);
    if (menus.length) {
      await t.query(
        `INSERT INTO blade_role_menu (role_id, menu_id)
         SELECT r, m FROM unnest($1::bigint[]) r CROSS JOIN (SELECT id AS m FROM blade_menu WHERE id = ANY($2::bigint[]) AND is_deleted = 0) menus`,
        [roleIds, menus],
      );
    }
    return roleIds.length;
  });
}

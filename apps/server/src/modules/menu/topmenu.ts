import { Repo } from '../../platform/crud.js';
import type { Db } from '../../platform/db/index.js';
import { bad } from '../../platform/errors.js';
import { registerMessages } from '../../platform/i18n.js';
import type { Scope } from '../../platform/scope.js';
import { first, scoped } from '../../platform/sql/index.js';
import { grantedMenus } from './tree.js';

registerMessages(
  {
    'topmenu.duplicateCode': '顶部菜单编号 {code} 已存在',
    'topmenu.notRoot': '菜单 {name} 不是可归入顶部菜单的一级菜单',
  },
  {
    'topmenu.duplicateCode': 'A top menu with code {code} already exists',
    'topmenu.notRoot': 'Menu {name} is not a first-level menu that a top menu can hold',
  },
);

/** Top menus of a tenant: each groups first-level menus; the shell shows one at a time. */
export const topMenus = new Repo({
  table: 'blade_top_menu',
  softDelete: true,
  audit: true,
  fields: ['id', 'tenantId', 'code', 'name', 'source', 'path', 'sort', 'meta'],
  filters: {
    code: { column: 'code', type: 'text' },
    name: { column: 'name', type: 'text' },
  },
  sortable: ['sort', 'code', 'name'],
  defaultOrder: 't.sort, t.id',
  writable: ['code', 'name', 'source', 'path', 'sort', 'meta'],
});

export interface TopMenuInput {
  id?: string;
  tenantId?: string;
  code: string;
  name: string;
  nameEn?: string;
  source?: string;
  path?: string;
  sort?: number;
}

/** Adds or changes a top menu; codes are unique within the tenant. */
export async function submitTopMenu(db: Db, scope: Scope, input: TopMenuInput): Promise<string> {
  return db.tx(async (t) => {
    let tenantId = scope.isPlatformAdmin && input.tenantId ? input.tenantId : scope.tenantId;
    if (input.id) {
      await topMenus.assertAccessible(t, scope, [input.id]);
      tenantId = (await first(
        t,
        scoped(scope).selectFrom('blade_top_menu').select('tenantId').where('id', '=', input.id),
      ))!.tenantId;
    }
    // Codes are unique within the tenant the menu belongs to.
    const dup = await first(
      t,
      scoped({ tenantId, isPlatformAdmin: false })
        .selectFrom('blade_top_menu')
        .select('id')
        .where('code', '=', input.code)
        .where('id', '<>', input.id ?? '0'),
    );
    if (dup) throw bad('topmenu.duplicateCode', { code: input.code });
    const meta = JSON.stringify({ i18n: { zh: input.name, en: input.nameEn || input.name } });
    return topMenus.submit(t, scope, { ...input, tenantId, meta });
  });
}

/** Removes top menus and what they held (the menus themselves stay). */
export async function removeTopMenus(db: Db, scope: Scope, ids: string[]): Promise<number> {
  return db.tx(async (t) => {
    const n = await topMenus.remove(t, scope, ids);
    await t.query('DELETE FROM blade_top_menu_setting WHERE top_menu_id = ANY($1::bigint[])', [ids]);
    return n;
  });
}

/**
 * First-level menus the caller may place under a top menu: those it can open itself (the routes of a top menu
 * are the caller's first-level menus it holds, so anything else would never show).
 */
export async function placeableMenus(db: Db, scope: Scope) {
  return (await grantedMenus(db, scope, 1)).filter((m) => String(m.parentId) === '0');
}

/** The menu ids held by top menus of the caller's tenant. */
export async function topMenuKeys(db: Db, scope: Scope, topMenuIds: string[]): Promise<string[]> {
  await topMenus.assertAccessible(db, scope, topMenuIds);
  const rows = await db.query<{ menu_id: string }>(
    `SELECT DISTINCT s.menu_id::text AS menu_id FROM blade_top_menu_setting s
       JOIN blade_menu m ON m.id = s.menu_id AND m.is_deleted = 0
      WHERE s.top_menu_id = ANY($1::bigint[]) ORDER BY 1`,
    [topMenuIds],
  );
  return rows.map((r) => r.menu_id);
}

/** Replaces what the given top menus hold with the given first-level menus. */
export async function grantTopMenus(
  db: Db,
  scope: Scope,
  topMenuIds: string[],
  menuIds: string[],
): Promise<number> {
  const wanted = [...new Set(menuIds)];
  return db.tx(async (t) => {
    await topMenus.assertAccessible(t, scope, topMenuIds);
    const allowed = new Set((await placeableMenus(t, scope)).map((m) => String(m.id)));
    const refused = wanted.filter((id) => !allowed.has(id));
    if (refused.length) {
      const m = await t.one<{ name: string }>(
        'SELECT name FROM blade_menu WHERE id = $1 AND is_deleted = 0',
        [refused[0]],
      );
      throw bad('topmenu.notRoot', { name: m?.name ?? refused[0] });
    }
    await t.query('DELETE FROM blade_top_menu_setting WHERE top_menu_id = ANY($1::bigint[])', [topMenuIds]);
    if (wanted.length)
      await t.query(
        `INSERT INTO blade_top_menu_setting (top_menu_id, menu_id)
         SELECT tm, m FROM unnest($1::bigint[]) tm CROSS JOIN unnest($2::bigint[]) m`,
        [topMenuIds, wanted],
      );
    return topMenuIds.length;
  });
}

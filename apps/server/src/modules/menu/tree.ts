import type { MenuItem } from '@forecourt/contracts';
import type { Db } from '../../platform/db/index.js';
import type { Scope } from '../../platform/scope.js';
import { all, scoped } from '../../platform/sql/index.js';

const COLUMNS = `m.id, m.parent_id AS "parentId", m.code, m.name, m.alias, m.path, m.source, m.sort, m.category, m.action,
                 m.is_open AS "isOpen", m.meta`;

const seesEverything = (scope: Scope) => scope.roleAliases.includes('administrator');

/** The caller's menus of a category: granted through roles, plus every ancestor of a granted menu. */
export async function grantedMenus(db: Db, scope: Scope, category: 1 | 2): Promise<MenuItem[]> {
  if (seesEverything(scope)) {
    return db.query(
      `SELECT ${COLUMNS} FROM blade_menu m WHERE m.is_deleted = 0 AND m.category = $1 ORDER BY m.sort, m.id`,
      [category],
    );
  }
  if (!scope.roleIds.length) return [];
  return db.query(
    `WITH RECURSIVE granted AS (
       SELECT m.id, m.parent_id FROM blade_menu m JOIN blade_role_menu rm ON rm.menu_id = m.id
        WHERE rm.role_id = ANY($1::bigint[]) AND m.is_deleted = 0 AND m.category = $2
       UNION
       SELECT p.id, p.parent_id FROM blade_menu p JOIN granted g ON p.id = g.parent_id WHERE p.is_deleted = 0
     )
     SELECT ${COLUMNS} FROM blade_menu m WHERE m.id IN (SELECT id FROM granted) AND m.category = $2 ORDER BY m.sort, m.id`,
    [scope.roleIds, category],
  );
}

/** Root menu ids owned by a top menu of the caller's tenant. */
export async function topMenuRoots(db: Db, scope: Scope, topMenuId: string): Promise<Set<string>> {
  const rows = await all(
    db,
    scoped({ tenantId: scope.tenantId, isPlatformAdmin: false })
      .selectFrom('blade_top_menu', 't')
      .innerJoin('blade_top_menu_setting as s', 's.topMenuId', 't.id')
      .select('s.menuId')
      .where('t.id', '=', topMenuId),
  );
  return new Set(rows.map((r) => r.menuId));
}

/** Buttons grouped under their page: [{ page fields, children: buttons }]. */
export async function buttonGroups(db: Db, scope: Scope) {
  const buttons = await grantedMenus(db, scope, 2);
  const pages = new Map(
    (
      await db.query<{
        id: string;
        code: string;
        name: string;
        path: string | null;
        sort: number;
        parentId: string;
      }>(
        `SELECT id, code, name, path, sort, parent_id AS "parentId" FROM blade_menu WHERE id = ANY($1::bigint[])`,
        [[...new Set(buttons.map((b) => b.parentId))]],
      )
    ).map((p) => [p.id, { ...p, children: [] as typeof buttons }]),
  );
  for (const b of buttons) pages.get(b.parentId)?.children.push(b);
  return [...pages.values()].sort((a, b) => a.sort - b.sort);
}

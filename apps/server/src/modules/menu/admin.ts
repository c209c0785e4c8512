import type { Db } from '../../platform/db/index.js';
import { Repo } from '../../platform/crud.js';
import { bad, forbidden } from '../../platform/errors.js';
import { registerMessages } from '../../platform/i18n.js';
import type { Scope } from '../../platform/scope.js';

registerMessages(
  {
    'menu.duplicateCode': '菜单编号 {code} 已存在',
    'menu.parentMissing': '上级菜单不存在',
    'menu.buttonParent': '按钮必须挂在一个菜单下',
    'menu.cycle': '菜单不能移到它自己或它的下级之下',
    'menu.platformOnly': '菜单是全平台共用的，只有平台管理员可以修改',
  },
  {
    'menu.duplicateCode': 'A menu with code {code} already exists',
    'menu.parentMissing': 'The parent menu does not exist',
    'menu.buttonParent': 'A button must sit under a menu',
    'menu.cycle': 'A menu cannot move under itself or one of its children',
    'menu.platformOnly':
      'Menus are shared by the whole platform: only the platform administrator may change them',
  },
);

/** Menus are global (one catalog for every tenant); grants decide who sees them. */
export const menus = new Repo({
  table: 'blade_menu',
  softDelete: true,
  audit: true,
  tree: true,
  fields: [
    'id',
    'parentId',
    'code',
    'name',
    'alias',
    'path',
    'source',
    'sort',
    'category',
    'action',
    'isOpen',
    'component',
    'remark',
    'meta',
  ],
  filters: {
    name: { column: 'name', type: 'text' },
    code: { column: 'code', type: 'text' },
    alias: { column: 'alias', type: 'text' },
    category: { column: 'category', type: 'number' },
  },
  sortable: ['sort', 'name', 'code'],
  defaultOrder: 't.sort, t.id',
  writable: [
    'parentId',
    'code',
    'name',
    'alias',
    'path',
    'source',
    'sort',
    'category',
    'action',
    'isOpen',
    'component',
    'remark',
    'meta',
  ],
});

export interface MenuInput {
  id?: string;
  parentId?: string;
  code: string;
  name: string;
  nameEn?: string;
  alias?: string;
  path?: string;
  source?: string;
  sort?: number;
  category: 1 | 2;
  action?: number;
  isOpen?: number;
  remark?: string;
}

export async function submitMenu(db: Db, scope: Scope, input: MenuInput): Promise<string> {
  if (!scope.isPlatformAdmin) throw forbidden('menu.platformOnly');
  return db.tx(async (t) => {
    const parentId = input.parentId && input.parentId !== '0' ? input.parentId : '0';
    if (parentId !== '0') {
      const parent = await t.one<{ category: number; id: string }>(
        'SELECT id, category FROM blade_menu WHERE id = $1 AND is_deleted = 0',
        [parentId],
      );
      if (!parent) throw bad('menu.parentMissing');
      if (parent.category !== 1) throw bad('menu.buttonParent');
      if (input.id) {
        // Walk up from the new parent: meeting the menu itself means a cycle.
        let cursor: string | undefined = parentId;
        while (cursor && cursor !== '0') {
          if (cursor === input.id) throw bad('menu.cycle');
          cursor = (
            await t.one<{ p: string }>('SELECT parent_id AS p FROM blade_menu WHERE id = $1', [cursor])
          )?.p;
        }
      }
    } else if (input.category === 2) throw bad('menu.buttonParent');
    const dup = await t.one('SELECT 1 FROM blade_menu WHERE code = $1 AND is_deleted = 0 AND id <> $2', [
      input.code,
      input.id ?? '0',
    ]);
    if (dup) throw bad('menu.duplicateCode', { code: input.code });
    const meta = JSON.stringify({ i18n: { zh: input.name, en: input.nameEn ?? input.name } });
    return menus.submit(t, scope, { ...input, parentId, alias: input.alias ?? input.code, meta });
  });
}

export async function removeMenus(db: Db, scope: Scope, ids: string[]): Promise<number> {
  if (!scope.isPlatformAdmin) throw forbidden('menu.platformOnly');
  return db.tx(async (t) => {
    const n = await menus.remove(t, scope, ids);
    await t.query('DELETE FROM blade_role_menu WHERE menu_id = ANY($1::bigint[])', [ids]);
    await t.query('DELETE FROM blade_top_menu_setting WHERE menu_id = ANY($1::bigint[])', [ids]);
    return n;
  });
}

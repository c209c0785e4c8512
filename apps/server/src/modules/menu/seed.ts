import type { Db } from '../../platform/db/index.js';
import { newId } from '../../platform/ids.js';
import { PLATFORM_TENANT } from '../../platform/scope.js';
import type { SeedContext } from '../module.js';
import type { RoleAlias } from '../system/index.js';
import { MENU_CATALOG, TOP_MENUS, type MenuSeed } from './catalog.js';

interface Row {
  id: string;
  parentId: string;
  code: string;
  name: string;
  alias: string;
  path: string | null;
  source: string | null;
  sort: number;
  category: 1 | 2;
  action: number;
  /** 1 only for an address that opens in a new window; every other page opens as a tab. */
  isOpen: 0 | 1;
  meta: string | null;
  roles: RoleAlias[];
}

/** Flattens the catalog into rows (buttons included), parents before children. */
export function catalogRows(catalog: MenuSeed[] = MENU_CATALOG): Row[] {
  const rows: Row[] = [];
  const walk = (items: MenuSeed[], parentId: string, inherited: RoleAlias[]) => {
    items.forEach((m, i) => {
      const roles = m.roles ?? inherited;
      const id = newId();
      const meta = {
        i18n: { zh: m.zh, en: m.en },
        ...(m.hidden ? { hidden: true } : {}),
        ...(m.keepAlive ? { keepAlive: true } : {}),
        ...(m.notTab ? { notTab: true } : {}),
      };
      rows.push({
        id,
        parentId,
        code: m.code,
        name: m.zh,
        alias: m.code,
        path: m.path ?? null,
        source: m.icon ?? null,
        sort: i + 1,
        category: 1,
        action: 0,
        isOpen: m.path && /^https?:/i.test(m.path) ? 1 : 0,
        meta: JSON.stringify(meta),
        roles,
      });
      (m.buttons ?? []).forEach(([suffix, zh, en, bRoles], j) => {
        const code = suffix.startsWith('_') ? m.code + suffix : suffix;
        const action = /_(edit|delete|view)$/.test(code) ? 2 : 0;
        rows.push({
          id: newId(),
          parentId: id,
          code,
          name: zh,
          alias: suffix.replace(/^_/, ''),
          path: null,
          source: null,
          sort: j + 1,
          category: 2,
          action,
          isOpen: 0,
          meta: JSON.stringify({ i18n: { zh, en } }),
          roles: bRoles ?? roles,
        });
      });
      if (m.children) walk(m.children, id, roles);
    });
  };
  walk(catalog, '0', []);
  return rows;
}

/** Adds the catalog's menus that are missing (by code), grants new ones to tenant 000000's roles, and the top menus. */
export async function seedMenus(ctx: SeedContext): Promise<void> {
  const { db } = ctx;
  const existing = new Map(
    (
      await db.query<{ code: string; id: string }>(
        'SELECT code, id FROM blade_menu WHERE is_deleted = 0 AND code IS NOT NULL',
      )
    ).map((r) => [r.code, r.id]),
  );
  const rows = catalogRows();
  // A missing menu whose parent already exists hangs under the existing parent.
  const idOf = new Map<string, string>();
  const fresh: Row[] = [];
  for (const r of rows) {
    const have = existing.get(r.code);
    if (have) {
      idOf.set(r.id, have);
      continue;
    }
    fresh.push({ ...r, parentId: idOf.get(r.parentId) ?? r.parentId });
  }
  if (!fresh.length) return;
  const roleIds = new Map(
    (
      await db.query<{ role_alias: RoleAlias; id: string }>(
        'SELECT role_alias, id FROM blade_role WHERE tenant_id = $1 AND is_deleted = 0',
        [PLATFORM_TENANT],
      )
    ).map((r) => [r.role_alias, r.id]),
  );
  await db.tx(async (t) => {
    await t.query(
      `INSERT INTO blade_menu (id, parent_id, code, name, alias, path, source, sort, category, action, meta, is_open)
       SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::int[], $9::int[], $10::int[], $11::jsonb[], $12::int[])`,
      [
        fresh.map((r) => r.id),
        fresh.map((r) => r.parentId),
        fresh.map((r) => r.code),
        fresh.map((r) => r.name),
        fresh.map((r) => r.alias),
        fresh.map((r) => r.path),
        fresh.map((r) => r.source),
        fresh.map((r) => r.sort),
        fresh.map((r) => r.category),
        fresh.map((r) => r.action),
        fresh.map((r) => r.meta),
        fresh.map((r) => r.isOpen),
      ],
    );
    const grants: Array<[string, string]> = [];
    for (const r of fresh) {
      for (const alias of new Set<RoleAlias>(['administrator', ...r.roles])) {
        const roleId = roleIds.get(alias);
        if (roleId) grants.push([roleId, r.id]);
      }
    }
    await t.query(
      'INSERT INTO blade_role_menu (role_id, menu_id) SELECT * FROM unnest($1::bigint[], $2::bigint[]) ON CONFLICT DO NOTHING',
      [grants.map((g) => g[0]), grants.map((g) => g[1])],
    );
    await seedTopMenus(t, PLATFORM_TENANT);
  });
  ctx.log(`seeded ${fresh.length} menus and buttons`);
}

/** The top menus of a tenant, each owning its root menus (skipped when the tenant has them). */
export async function seedTopMenus(db: Db, tenantId: string): Promise<void> {
  const have = await db.one('SELECT 1 FROM blade_top_menu WHERE tenant_id = $1 AND is_deleted = 0', [
    tenantId,
  ]);
  if (have) return;
  for (const [i, [code, zh, en, icon, roots]] of TOP_MENUS.entries()) {
    const id = newId();
    await db.query(
      'INSERT INTO blade_top_menu (id, tenant_id, code, name, source, sort, meta) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [id, tenantId, code, zh, icon, i + 1, JSON.stringify({ i18n: { zh, en } })],
    );
    await db.query(
      `INSERT INTO blade_top_menu_setting (top_menu_id, menu_id) SELECT $1, id FROM blade_menu WHERE code = ANY($2::text[]) AND is_deleted = 0`,
      [id, roots],
    );
  }
}

/** A new tenant's admin role gets what admin of 000000 has (the console and the business pages). */
export async function grantTenantAdminMenus(db: Db, tenantId: string, adminRoleId: string): Promise<void> {
  await db.query(
    `INSERT INTO blade_role_menu (role_id, menu_id)
     SELECT $1, rm.menu_id FROM blade_role_menu rm JOIN blade_role r ON r.id = rm.role_id
      WHERE r.tenant_id = $2 AND r.role_alias = 'admin' AND r.is_deleted = 0
     ON CONFLICT DO NOTHING`,
    [adminRoleId, PLATFORM_TENANT],
  );
  await seedTopMenus(db, tenantId);
}

import type { Db } from '../../platform/db/index.js';
import { bad, forbidden } from '../../platform/errors.js';
import { registerMessages } from '../../platform/i18n.js';
import { newId } from '../../platform/ids.js';
import type { Scope } from '../../platform/scope.js';
import { allTenants, exec, globalDb, scoped, sql } from '../../platform/sql/index.js';

registerMessages(
  {
    'menu.sync.notConfigured': '未配置菜单同步：请设置环境变量 {missing}',
    'menu.sync.unreachable': '无法连接远程环境 {url}，请检查地址和网络',
    'menu.sync.badToken': '远程环境 {url} 拒绝了同步令牌，请检查 MENU_SYNC_TOKEN',
    'menu.sync.exportOff': '远程环境 {url} 未开放菜单导出（需在远程设置 MENU_EXPORT_TOKEN）',
    'menu.sync.badAnswer': '远程环境 {url} 的响应不是 Forecourt 菜单数据，请检查地址',
    'menu.sync.tokenInvalid': '同步令牌无效',
    'menu.sync.exportDisabled': '本环境未开放菜单导出',
    'menu.sync.stale': '远程菜单在比较后发生了变化（{key}），请重新比较',
    'menu.sync.parentMissing': '菜单 {code} 的上级菜单 {parent} 在本环境不存在，请一并同步上级菜单',
    'menu.sync.removeHasChildren': '菜单 {code} 下还有未删除的子菜单，请一并选择子菜单',
    'menu.sync.cycle': '菜单 {code} 不能移到它自己的下级之下',
  },
  {
    'menu.sync.notConfigured': 'Menu sync is not set up: set the environment variable(s) {missing}',
    'menu.sync.unreachable': 'Cannot reach the remote environment {url}; check the address and the network',
    'menu.sync.badToken': 'The remote environment {url} refused the sync token; check MENU_SYNC_TOKEN',
    'menu.sync.exportOff':
      'The remote environment {url} does not allow menu export (set MENU_EXPORT_TOKEN there)',
    'menu.sync.badAnswer':
      'The remote environment {url} did not answer with Forecourt menus; check the address',
    'menu.sync.tokenInvalid': 'The sync token is not valid',
    'menu.sync.exportDisabled': 'Menu export is not enabled on this environment',
    'menu.sync.stale': 'The remote menus changed after the comparison ({key}); compare again',
    'menu.sync.parentMissing':
      'The parent {parent} of menu {code} does not exist here; include the parent in the sync',
    'menu.sync.removeHasChildren': 'Menu {code} still has sub-menus here; select them too',
    'menu.sync.cycle': 'Menu {code} cannot move under one of its own sub-menus',
  },
);

/** A menu as the sync sees it: placed by its parent's code, since ids differ between environments. */
export interface SyncMenu {
  id: string;
  parentId: string;
  parentCode: string | null;
  code: string;
  name: string;
  alias: string | null;
  path: string | null;
  source: string | null;
  sort: number;
  category: number;
  action: number;
  isOpen: number;
  component: string | null;
  remark: string | null;
  status: number;
  meta: unknown;
  hasChildren?: boolean;
}

/** The fields a sync compares and copies (everything but ids and audit columns). */
export const SYNC_FIELDS = [
  'parentCode',
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
  'status',
  'meta',
] as const;
type SyncField = (typeof SYNC_FIELDS)[number];

export interface FieldChange {
  field: SyncField;
  local: unknown;
  remote: unknown;
}

interface ItemBase {
  /** `type:code`, what saveMenuDiff is told to apply. */
  key: string;
  code: string;
  name: string;
  category: number;
  parentCode: string | null;
}
export type DiffItem =
  | (ItemBase & { type: 'added' })
  | (ItemBase & { type: 'changed'; changes: FieldChange[] })
  | (ItemBase & { type: 'removed' });

const SELECT = `SELECT m.id::text AS id, m.parent_id::text AS "parentId", p.code AS "parentCode", m.code, m.name,
  m.alias, m.path, m.source, m.sort, m.category, m.action, m.is_open AS "isOpen", m.component, m.remark,
  m.status, m.meta
  FROM blade_menu m LEFT JOIN blade_menu p ON p.id = m.parent_id AND p.is_deleted = 0`;
// Menus without a code cannot be matched across environments, so the sync leaves them alone.
const LIVE = `m.is_deleted = 0 AND m.code IS NOT NULL AND m.code <> ''`;

/** Every syncable local menu and button. */
export function localMenus(db: Db): Promise<SyncMenu[]> {
  return db.query<SyncMenu>(`${SELECT} WHERE ${LIVE} ORDER BY m.sort, m.id`);
}

/** One level of the tree (remote browsing), each row knowing whether it has children. */
export async function menuChildren(db: Db, parentId: string): Promise<SyncMenu[]> {
  const rows = await db.query<SyncMenu>(
    `${SELECT} WHERE ${LIVE} AND m.parent_id = $1 ORDER BY m.sort, m.id`,
    [parentId],
  );
  if (!rows.length) return rows;
  const parents = new Set(
    (
      await db.query<{ p: string }>(
        'SELECT DISTINCT parent_id::text AS p FROM blade_menu WHERE parent_id = ANY($1::bigint[]) AND is_deleted = 0',
        [rows.map((r) => r.id)],
      )
    ).map((r) => r.p),
  );
  return rows.map((r) => ({ ...r, hasChildren: parents.has(r.id) }));
}

/** The given menus with all their descendants, parents before children. */
export function menuSubtrees(db: Db, ids: string[]): Promise<SyncMenu[]> {
  return db.query<SyncMenu>(
    `WITH RECURSIVE sub AS (
       SELECT id, 0 AS depth FROM blade_menu WHERE id = ANY($1::bigint[]) AND is_deleted = 0
       UNION
       SELECT c.id, sub.depth + 1 FROM blade_menu c JOIN sub ON c.parent_id = sub.id WHERE c.is_deleted = 0
     ), ranked AS (SELECT id, min(depth) AS depth FROM sub GROUP BY id)
     ${SELECT} JOIN ranked r ON r.id = m.id WHERE ${LIVE} ORDER BY r.depth, m.sort, m.id`,
    [ids],
  );
}

/** JSON with sorted keys, so two equal metas compare equal whatever order their keys came in. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v ?? null);
}

const norm = (field: SyncField, v: unknown): unknown => {
  if (field === 'meta') return canonical(typeof v === 'string' ? JSON.parse(v) : v);
  if (v === '' || v === undefined) return null;
  return typeof v === 'number' || typeof v === 'string' || v === null ? v : String(v);
};

/** The fields in which a remote menu differs from the local one. */
export function changesOf(local: SyncMenu, remote: SyncMenu): FieldChange[] {
  return SYNC_FIELDS.filter((f) => norm(f, local[f]) !== norm(f, remote[f])).map((field) => ({
    field,
    local: local[field] ?? null,
    remote: remote[field] ?? null,
  }));
}

/**
 * The diff of chosen remote sub-trees against the local menus, matched by code: menus only the remote has
 * (added, parents first), menus whose fields differ (changed), and menus under the chosen roots that only
 * the local side has (removed, children first). Nothing outside the chosen sub-trees is ever touched.
 */
export function diffMenus(remote: SyncMenu[], local: SyncMenu[], rootCodes: string[]): DiffItem[] {
  const localByCode = new Map(local.map((m) => [m.code, m]));
  const remoteCodes = new Set(remote.map((m) => m.code));
  const item = (m: SyncMenu) => ({
    code: m.code,
    name: m.name,
    category: Number(m.category),
    parentCode: m.parentCode ?? null,
  });
  const added: DiffItem[] = [];
  const changed: DiffItem[] = [];
  for (const r of remote) {
    const l = localByCode.get(r.code);
    if (!l) added.push({ key: `added:${r.code}`, type: 'added', ...item(r) });
    else {
      const changes = changesOf(l, r);
      if (changes.length) changed.push({ key: `changed:${r.code}`, type: 'changed', ...item(r), changes });
    }
  }
  // Local descendants of the chosen roots, deepest first, that the remote no longer has.
  const childrenOf = new Map<string, SyncMenu[]>();
  for (const m of local) {
    if (!m.parentCode) continue;
    const list = childrenOf.get(m.parentCode) ?? [];
    list.push(m);
    childrenOf.set(m.parentCode, list);
  }
  const removed: DiffItem[] = [];
  const walk = (code: string) => {
    for (const c of childrenOf.get(code) ?? []) {
      walk(c.code);
      if (!remoteCodes.has(c.code)) removed.push({ key: `removed:${c.code}`, type: 'removed', ...item(c) });
    }
  };
  for (const code of rootCodes) if (localByCode.has(code)) walk(code);
  return [...added, ...changed, ...removed];
}

export const countOf = (items: DiffItem[]) => ({
  added: items.filter((i) => i.type === 'added').length,
  changed: items.filter((i) => i.type === 'changed').length,
  removed: items.filter((i) => i.type === 'removed').length,
});

export function requirePlatformAdmin(scope: Scope) {
  if (!scope.isPlatformAdmin) throw forbidden('menu.platformOnly');
}

export interface SaveResult {
  recordId: string;
  added: number;
  changed: number;
  removed: number;
}

/**
 * Applies the chosen items of a freshly computed diff in one transaction and records the sync. Menus keep
 * their ids when they change, so grants and top-menu settings stay; new menus are granted to the
 * administrator role of every tenant only (a sync never widens anyone else's rights); removed menus lose
 * their grants and top-menu settings.
 */
export async function applyMenuDiff(
  db: Db,
  scope: Scope,
  input: { remoteUrl: string; remote: SyncMenu[]; rootCodes: string[]; keys: string[] },
): Promise<SaveResult> {
  requirePlatformAdmin(scope);
  return db.tx(async (t) => {
    const local = await localMenus(t);
    const items = diffMenus(input.remote, local, input.rootCodes);
    const byKey = new Map(items.map((i) => [i.key, i]));
    const chosen = [...new Set(input.keys)].map((key) => {
      const it = byKey.get(key);
      if (!it) throw bad('menu.sync.stale', { key });
      return it;
    });
    const keys = new Set(chosen.map((i) => i.key));
    const remoteByCode = new Map(input.remote.map((m) => [m.code, m]));
    const idOf = new Map(local.map((m) => [m.code, m.id]));
    const categoryOf = new Map(local.map((m) => [m.code, Number(m.category)]));
    const parentIdFor = (code: string, parentCode: string | null) => {
      if (!parentCode) return '0';
      const id = idOf.get(parentCode);
      if (!id) throw bad('menu.sync.parentMissing', { code, parent: parentCode });
      if (categoryOf.get(parentCode) !== 1) throw bad('menu.buttonParent');
      return id;
    };
    const values = (m: SyncMenu) => [
      m.name,
      m.alias ?? null,
      m.path ?? null,
      m.source ?? null,
      Number(m.sort ?? 0),
      Number(m.category),
      Number(m.action ?? 0),
      Number(m.isOpen ?? 1),
      m.component ?? null,
      m.remark ?? null,
      Number(m.status ?? 1),
      m.meta === null || m.meta === undefined ? null : JSON.stringify(m.meta),
    ];

    // Added, in the remote's order (parents first), so a new page's new buttons find it.
    const addedIds: string[] = [];
    for (const it of items) {
      if (it.type !== 'added' || !keys.has(it.key)) continue;
      const m = remoteByCode.get(it.code)!;
      const id = newId();
      await t.query(
        `INSERT INTO blade_menu (id, parent_id, code, name, alias, path, source, sort, category, action, is_open,
           component, remark, status, meta, create_user, create_dept, update_user)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $16)`,
        [id, parentIdFor(m.code, m.parentCode), m.code, ...values(m), scope.userId, scope.deptId ?? '0'],
      );
      idOf.set(m.code, id);
      categoryOf.set(m.code, Number(m.category));
      addedIds.push(id);
    }
    if (addedIds.length) {
      // Every tenant's administrator role gets the new menus.
      await exec(
        t,
        globalDb
          .insertInto('blade_role_menu')
          .columns(['roleId', 'menuId'])
          .expression(
            scoped(allTenants)
              .selectFrom('blade_role', 'r')
              .select(['r.id', sql<string>`unnest(${addedIds}::bigint[])`.as('m')])
              .where('r.roleAlias', '=', 'administrator'),
          )
          .onConflict((oc) => oc.doNothing()),
      );
    }

    for (const it of chosen) {
      if (it.type !== 'changed') continue;
      const m = remoteByCode.get(it.code)!;
      const id = idOf.get(it.code)!;
      const parentId = parentIdFor(m.code, m.parentCode);
      // Walking up from the new parent must never meet the menu itself.
      let cursor: string | undefined = parentId;
      while (cursor && cursor !== '0') {
        if (cursor === id) throw bad('menu.sync.cycle', { code: it.code });
        cursor = (
          await t.one<{ p: string }>('SELECT parent_id::text AS p FROM blade_menu WHERE id = $1', [cursor])
        )?.p;
      }
      await t.query(
        `UPDATE blade_menu SET parent_id = $2, name = $3, alias = $4, path = $5, source = $6, sort = $7,
           category = $8, action = $9, is_open = $10, component = $11, remark = $12, status = $13, meta = $14,
           update_user = $15, update_time = now()
         WHERE id = $1`,
        [id, parentId, ...values(m), scope.userId],
      );
    }

    const removeIds = chosen.filter((i) => i.type === 'removed').map((i) => idOf.get(i.code)!);
    if (removeIds.length) {
      const left = await t.one<{ code: string }>(
        `SELECT p.code FROM blade_menu c JOIN blade_menu p ON p.id = c.parent_id
          WHERE c.parent_id = ANY($1::bigint[]) AND NOT (c.id = ANY($1::bigint[])) AND c.is_deleted = 0 LIMIT 1`,
        [removeIds],
      );
      if (left) throw bad('menu.sync.removeHasChildren', { code: left.code });
      await t.query(
        'UPDATE blade_menu SET is_deleted = 1, update_user = $2, update_time = now() WHERE id = ANY($1::bigint[])',
        [removeIds, scope.userId],
      );
      await t.query('DELETE FROM blade_role_menu WHERE menu_id = ANY($1::bigint[])', [removeIds]);
      await t.query('DELETE FROM blade_top_menu_setting WHERE menu_id = ANY($1::bigint[])', [removeIds]);
    }

    const counts = countOf(chosen);
    const recordId = newId();
    await exec(
      t,
      scoped({ tenantId: scope.tenantId, isPlatformAdmin: false }).insertInto('blade_menu_sync_record', {
        id: recordId,
        remoteUrl: input.remoteUrl,
        added: counts.added,
        changed: counts.changed,
        removed: counts.removed,
        items: JSON.stringify(chosen),
        createUser: scope.userId,
      }),
    );
    return { recordId, ...counts };
  });
}

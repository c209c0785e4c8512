import { Type } from 'typebox';
import { MenuDiff, MenuSyncRecord, RemoteMenu, SyncMenu } from '@forecourt/contracts';
import { scopeOf } from '../../platform/auth/guard.js';
import type { App } from '../../platform/context.js';
import { all, anyId, scoped } from '../../platform/sql/index.js';
import { Repo } from '../../platform/crud.js';
import { envelope, ok, pageSchema } from '../../platform/envelope.js';
import {
  localMenus,
  menuChildren,
  menuSubtrees,
  applyMenuDiff,
  changesOf,
  countOf,
  diffMenus,
} from './sync.js';
import { requirePlatformAdmin } from './sync.js';
import { checkExportToken, remoteOf, SYNC_TOKEN_HEADER, EXPORT_PATH } from './sync-remote.js';
import { Id, IdList } from '../../platform/schema.js';

const id = Id();
const remoteIds = Type.Array(id, { minItems: 1, maxItems: 200 });

/** One row per sync: who, when, from where, how many of each kind, and the items applied. */
export const syncRecords = new Repo({
  table: 'blade_menu_sync_record',
  fields: ['id', 'tenantId', 'remoteUrl', 'added', 'changed', 'removed', 'items', 'createUser', 'createTime'],
  filters: { remoteUrl: { column: 'remoteUrl', type: 'text' } },
  sortable: ['createTime'],
  defaultOrder: 't.create_time DESC, t.id DESC',
});

/**
 * Menu sync between environments (spec §7 Menus): this node pulls chosen sub-trees from a remote Forecourt
 * (MENU_SYNC_URL, MENU_SYNC_TOKEN) and serves its own menus to others (MENU_EXPORT_TOKEN).
 */
export async function menuSyncRoutes(app: App) {
  const { db, config } = app.ctx;
  const base = '/api/blade-system/menu/sync';
  const tags = ['menu-sync'];

  app.get(
    EXPORT_PATH,
    {
      // Called by another environment's server, not by a browser: no client header, no session; the
      // export token is the whole credential.
      config: { permission: 'public', client: false },
      schema: {
        tags,
        summary: `Menus of this environment for a remote sync (header ${SYNC_TOKEN_HEADER}): one level by parentId, or sub-trees by ids`,
        querystring: Type.Object({
          parentId: Type.Optional(id),
          ids: Type.Optional(IdList()),
        }),
        response: { 200: envelope(Type.Object({ records: Type.Array(SyncMenu) })) },
      },
    },
    async (req) => {
      checkExportToken(config, req.headers[SYNC_TOKEN_HEADER]);
      const { ids, parentId } = req.query;
      return ok({
        records: (ids
          ? await menuSubtrees(db, ids.split(','))
          : await menuChildren(db, parentId ?? '0')) as SyncMenu[],
      });
    },
  );

  app.get(
    `${base}/lazyRemoteMenuList`,
    {
      config: { permission: 'code:menu_sync' },
      schema: {
        tags,
        summary:
          "The remote's menus under a remote parent, each with syncState: missing here, changed, or same",
        querystring: Type.Object({ parentId: Type.Optional(id) }),
        response: { 200: envelope(Type.Array(RemoteMenu)) },
      },
    },
    async (req) => {
      requirePlatformAdmin(scopeOf(req));
      const remote = remoteOf(config);
      const [rows, local] = await Promise.all([remote.children(req.query.parentId ?? '0'), localMenus(db)]);
      const byCode = new Map(local.map((m) => [m.code, m]));
      return ok(
        rows.map((r) => {
          const l = byCode.get(r.code);
          return {
            ...(r as SyncMenu),
            leaf: !r.hasChildren,
            syncState: !l ? 'missing' : changesOf(l, r).length ? 'changed' : 'same',
          };
        }),
      );
    },
  );

  app.post(
    `${base}/menuDiff`,
    {
      config: { permission: 'code:menu_sync' },
      schema: {
        tags,
        summary:
          'The diff of remote sub-trees (by remote ids) against the local menus, by code: added, changed (with fields), removed',
        body: Type.Object({ ids: remoteIds }),
        response: { 200: envelope(MenuDiff) },
      },
    },
    async (req) => {
      requirePlatformAdmin(scopeOf(req));
      const remote = remoteOf(config);
      const rows = await remote.subtrees(req.body.ids);
      const roots = rootCodes(rows, req.body.ids);
      const items = diffMenus(rows, await localMenus(db), roots);
      return ok({ remoteUrl: remote.url, ...countOf(items), items } as MenuDiff);
    },
  );

  app.post(
    `${base}/saveMenuDiff`,
    {
      config: { permission: 'code:menu_sync' },
      schema: {
        tags,
        summary:
          'Applies the chosen diff items (keys from menuDiff) in one transaction, recomputed from the remote, and records the sync',
        body: Type.Object({
          ids: remoteIds,
          keys: Type.Array(Type.String({ pattern: '^(added|changed|removed):.{1,255}$' }), {
            minItems: 1,
            maxItems: 5000,
          }),
        }),
        response: {
          200: envelope(
            Type.Object({
              recordId: Type.String(),
              added: Type.Integer(),
              changed: Type.Integer(),
              removed: Type.Integer(),
            }),
          ),
        },
      },
    },
    async (req) => {
      const scope = scopeOf(req);
      requirePlatformAdmin(scope);
      const remote = remoteOf(config);
      const rows = await remote.subtrees(req.body.ids);
      const out = await applyMenuDiff(db, scope, {
        remoteUrl: remote.url,
        remote: rows,
        rootCodes: rootCodes(rows, req.body.ids),
        keys: req.body.keys,
      });
      app.ctx.permissions.invalidate();
      return ok(out);
    },
  );

  app.post(
    `${base}/menuSyncRecordPage`,
    {
      config: { permission: 'code:menu_sync' },
      schema: {
        tags,
        summary: 'A page of past syncs, newest first, with who ran them',
        body: Type.Object({
          current: Type.Optional(Type.Integer({ minimum: 1 })),
          size: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
          remoteUrl: Type.Optional(Type.String({ maxLength: 500 })),
        }),
        response: { 200: envelope(pageSchema(MenuSyncRecord)) },
      },
    },
    async (req) => {
      const scope = scopeOf(req);
      requirePlatformAdmin(scope);
      const page = await syncRecords.page(db, scope, req.body);
      // The platform administrator's page: whoever ran a sync, removed accounts too.
      const users = await all(
        db,
        scoped(scope)
          .selectFrom('blade_user', 'blade_user', { withDeleted: true })
          .select(['id', 'account', 'realName'])
          .where(
            'id',
            '=',
            anyId([...new Set(page.records.map((r) => String(r.createUser)))].filter((u) => /^\d+$/.test(u))),
          ),
      );
      const names = new Map(users.map((u) => [u.id, u]));
      return ok({
        ...page,
        records: page.records.map((r) => {
          const u = names.get(String(r.createUser));
          return {
            ...(r as Omit<MenuSyncRecord, 'createUserAccount' | 'createUserName'>),
            createUserAccount: u?.account ?? null,
            createUserName: u?.realName ?? null,
          };
        }),
      });
    },
  );
}

/** Codes of the rows the caller chose (the roots of the sub-trees). */
const rootCodes = (rows: { id: string; code: string }[], ids: string[]) => {
  const chosen = new Set(ids);
  return rows.filter((r) => chosen.has(r.id)).map((r) => r.code);
};

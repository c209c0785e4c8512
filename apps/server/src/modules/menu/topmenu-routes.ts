import { Type } from 'typebox';
import { type Page, TopMenuGrantNode, TopMenuRow } from '@forecourt/contracts';
import { scopeOf } from '../../platform/auth/guard.js';
import type { App } from '../../platform/context.js';
import { envelope, ok, pageSchema } from '../../platform/envelope.js';
import { listQuerySchema } from '../../platform/paging.js';
import { splitIds } from '../../platform/rows.js';
import {
  grantTopMenus,
  placeableMenus,
  removeTopMenus,
  submitTopMenu,
  topMenuKeys,
  topMenus,
} from './topmenu.js';
import { Id, IdList } from '../../platform/schema.js';

const id = Id();
const idList = IdList();
const PERMISSION = 'code:menu_top' as const;

/** Top-menu administration (BladeX /api/blade-system/topmenu), per tenant. */
export async function topMenuRoutes(app: App) {
  const { db } = app.ctx;
  const base = '/api/blade-system/topmenu';
  const tags = ['topmenu'];
  // The shell's menus per top menu are cached; any change here clears those caches.
  const changed = () => app.ctx.permissions.invalidate();

  app.get(
    `${base}/list`,
    {
      config: { permission: PERMISSION },
      schema: {
        tags,
        summary: "A page of the tenant's top menus, filtered by code and name",
        querystring: listQuerySchema(topMenus.def.filters!, {
          tenantId: Type.Optional(Type.String({ maxLength: 12 })),
        }),
        response: { 200: envelope(pageSchema(TopMenuRow)) },
      },
    },
    async (req) => {
      const { tenantId } = req.query;
      return ok(
        (await topMenus.page(db, scopeOf(req), req.query, (q) =>
          // The platform administrator may look at one tenant; everyone else is scoped by the Repo anyway.
          tenantId ? q.where('t.tenantId', '=', tenantId) : q,
        )) as Page<TopMenuRow>,
      );
    },
  );

  app.get(
    `${base}/detail`,
    {
      config: { permission: PERMISSION },
      schema: {
        tags,
        summary: 'One top menu',
        querystring: Type.Object({ id }),
        response: { 200: envelope(TopMenuRow) },
      },
    },
    async (req) => ok((await topMenus.detail(db, scopeOf(req), req.query.id)) as TopMenuRow),
  );

  app.post(
    `${base}/submit`,
    {
      config: { permission: PERMISSION },
      schema: {
        tags,
        summary: 'Adds (no id) or changes a top menu; codes are unique within the tenant',
        body: Type.Object({
          id: Type.Optional(id),
          tenantId: Type.Optional(Type.String({ maxLength: 12 })),
          code: Type.String({ minLength: 1, maxLength: 255, pattern: '^[A-Za-z][\\w-]*$' }),
          name: Type.String({ minLength: 1, maxLength: 255 }),
          nameEn: Type.Optional(Type.String({ maxLength: 255 })),
          source: Type.Optional(Type.String({ maxLength: 255 })),
          path: Type.Optional(Type.String({ maxLength: 255 })),
          sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000 })),
        }),
        response: { 200: envelope(Type.String()) },
      },
    },
    async (req) => {
      const out = await submitTopMenu(db, scopeOf(req), req.body);
      changed();
      return ok(out);
    },
  );

  app.post(
    `${base}/remove`,
    {
      config: { permission: PERMISSION },
      schema: {
        tags,
        summary: 'Removes top menus (the menus they held stay)',
        querystring: Type.Object({ ids: IdList() }),
        response: { 200: envelope(Type.Integer()) },
      },
    },
    async (req) => {
      const n = await removeTopMenus(db, scopeOf(req), splitIds(req.query.ids));
      changed();
      return ok(n);
    },
  );

  const grantTree = {
    config: { permission: PERMISSION },
    schema: {
      tags,
      summary:
        'The first-level menus the caller may place under a top menu: { id, parentId, title, key, value }',
      response: { 200: envelope(Type.Array(TopMenuGrantNode)) },
    },
  };
  const grantTreeHandler = async (req: Parameters<typeof scopeOf>[0]) =>
    ok(
      (await placeableMenus(db, scopeOf(req))).map((m) => ({
        id: m.id,
        parentId: m.parentId,
        code: m.code,
        title: m.name,
        key: m.id,
        value: m.id,
        meta: m.meta,
        hasChildren: false,
      })),
    );
  app.get(`${base}/grant-tree`, grantTree, grantTreeHandler);
  // The BladeX name of the same tree.
  app.get('/api/blade-system/menu/grant-top-tree', grantTree, grantTreeHandler);

  const treeKeys = {
    config: { permission: PERMISSION },
    schema: {
      tags,
      summary: 'Ids of the menus the given top menus hold (checked keys of the grant dialog)',
      querystring: Type.Object({ topMenuIds: idList }),
      response: { 200: envelope(Type.Array(Type.String())) },
    },
  };
  const treeKeysHandler = async (req: { query: { topMenuIds: string } } & Parameters<typeof scopeOf>[0]) =>
    ok(await topMenuKeys(db, scopeOf(req), splitIds(req.query.topMenuIds)));
  app.get(`${base}/tree-keys`, treeKeys, treeKeysHandler);
  app.get('/api/blade-system/menu/top-tree-keys', treeKeys, treeKeysHandler);

  app.post(
    `${base}/grant`,
    {
      config: { permission: PERMISSION },
      schema: {
        tags,
        summary: 'Sets the first-level menus of top menus (replacing what they held)',
        body: Type.Object({
          topMenuIds: Type.Array(id, { minItems: 1, maxItems: 200 }),
          menuIds: Type.Array(id, { maxItems: 1000 }),
        }),
        response: { 200: envelope(Type.Integer()) },
      },
    },
    async (req) => {
      const n = await grantTopMenus(db, scopeOf(req), req.body.topMenuIds, req.body.menuIds);
      changed();
      return ok(n);
    },
  );
}

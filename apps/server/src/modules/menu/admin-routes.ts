import { Type, type Static } from 'typebox';
import { MenuRow, MenuTreeNode } from '@forecourt/contracts';
import type { App } from '../../platform/context.js';
import { envelope, ok } from '../../platform/envelope.js';
import { requireCode, scopeOf } from '../../platform/auth/guard.js';
import { listQuerySchema } from '../../platform/paging.js';
import { splitIds } from '../../platform/rows.js';
import { buildTree } from '../../platform/tree.js';
import { menus, removeMenus, submitMenu } from './admin.js';
import { Id, IdList } from '../../platform/schema.js';

const id = Id();

/** The menu console: browse, add, change and remove menus and buttons (platform administrator for writes). */
export async function menuAdminRoutes(app: App) {
  const { db } = app.ctx;
  const base = '/api/blade-system/menu';
  const tags = ['menu'];
  const text = Type.Optional(Type.String({ maxLength: 200 }));
  // name/code/alias are the Repo's filters too; declared here because a search by them leaves the parent.
  const q = listQuerySchema(menus.def.filters!, {
    parentId: Type.Optional(id),
    name: text,
    code: text,
    alias: text,
  });
  const lazy =
    (categoryOnly?: 1) => async (req: { query: Static<typeof q> } & Parameters<typeof scopeOf>[0]) => {
      const query = req.query;
      const searching = Boolean(query.name || query.code || query.alias);
      return ok(
        (await menus.list(db, scopeOf(req), query, (q) => {
          const level = searching ? q : q.where('t.parentId', '=', query.parentId ?? '0');
          return categoryOnly ? level.where('t.category', '=', 1) : level;
        })) as MenuRow[],
      );
    };

  app.get(
    `${base}/lazy-list`,
    {
      config: { permission: 'code:menu' },
      schema: {
        tags,
        summary: 'Menus and buttons under a parent (or matching a search)',
        querystring: q,
        response: { 200: envelope(Type.Array(MenuRow)) },
      },
    },
    lazy(),
  );
  app.get(
    `${base}/lazy-menu-list`,
    {
      config: { permission: 'code:menu' },
      schema: {
        tags,
        summary: 'Menus (no buttons) under a parent',
        querystring: q,
        response: { 200: envelope(Type.Array(MenuRow)) },
      },
    },
    lazy(1),
  );
  app.get(
    `${base}/list`,
    {
      config: { permission: 'code:menu' },
      schema: {
        tags,
        summary: 'Every menu and button, filtered',
        querystring: q,
        response: { 200: envelope(Type.Array(MenuRow)) },
      },
    },
    async (req) => ok((await menus.list(db, scopeOf(req), req.query)) as MenuRow[]),
  );
  app.get(
    `${base}/tree`,
    {
      config: { permission: 'code:menu' },
      schema: {
        tags,
        summary: 'Menus (no buttons) as a tree for the parent select',
        response: { 200: envelope(Type.Array(MenuTreeNode)) },
      },
    },
    async (req) => {
      const rows = (await menus.list(db, scopeOf(req), {}, (q) =>
        q.where('t.category', '=', 1),
      )) as MenuRow[];
      return ok(
        buildTree(rows.map((m) => ({ ...m, title: m.name, key: m.id, value: m.id }))) as MenuTreeNode[],
      );
    },
  );
  app.get(
    `${base}/detail`,
    {
      config: { permission: 'code:menu' },
      schema: {
        tags,
        summary: 'One menu or button',
        querystring: Type.Object({ id }),
        response: { 200: envelope(MenuRow) },
      },
    },
    async (req) => ok((await menus.detail(db, scopeOf(req), req.query.id)) as MenuRow),
  );
  app.post(
    `${base}/submit`,
    {
      config: { permission: 'code:menu_add' },
      schema: {
        tags,
        summary: 'Adds (no id) or changes a menu or button; codes are unique, buttons sit under menus',
        body: Type.Object({
          id: Type.Optional(id),
          parentId: Type.Optional(Id()),
          code: Type.String({ minLength: 1, maxLength: 255, pattern: '^[A-Za-z][\\w-]*$' }),
          name: Type.String({ minLength: 1, maxLength: 255 }),
          nameEn: Type.Optional(Type.String({ maxLength: 255 })),
          alias: Type.Optional(Type.String({ maxLength: 255 })),
          path: Type.Optional(Type.String({ maxLength: 255 })),
          source: Type.Optional(Type.String({ maxLength: 255 })),
          sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000 })),
          category: Type.Union([Type.Literal(1), Type.Literal(2)]),
          action: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 })),
          isOpen: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
          remark: Type.Optional(Type.String({ maxLength: 255 })),
        }),
        response: { 200: envelope(Type.String()) },
      },
    },
    async (req) => {
      const scope = scopeOf(req);
      if (req.body.id) await requireCode(scope, 'menu_edit', app.ctx.permissions);
      const out = await submitMenu(db, scope, req.body);
      app.ctx.permissions.invalidate();
      return ok(out);
    },
  );
  app.post(
    `${base}/remove`,
    {
      config: { permission: 'code:menu_delete' },
      schema: {
        tags,
        summary: 'Removes menus without children, and their grants',
        querystring: Type.Object({ ids: IdList() }),
        response: { 200: envelope(Type.Integer()) },
      },
    },
    async (req) => {
      const n = await removeMenus(db, scopeOf(req), splitIds(req.query.ids));
      app.ctx.permissions.invalidate();
      return ok(n);
    },
  );
}

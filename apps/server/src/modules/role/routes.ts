import { all, anyId, globalDb } from '../../platform/sql/index.js';
import { Type } from 'typebox';
import { MenuTreeNode, Role, RoleNode, RoleTreeRow } from '@forecourt/contracts';
import type { App } from '../../platform/context.js';
import { envelope, ok } from '../../platform/envelope.js';
import { requireCode, scopeOf } from '../../platform/auth/guard.js';
import { listQuerySchema } from '../../platform/paging.js';
import { splitIds } from '../../platform/rows.js';
import { MAX_ROLE_RANK } from '../../platform/auth/rank.js';
import { buildTree } from '../../platform/tree.js';
import { grantMenus, removeRoles, roles, submitRole } from './rules.js';
import { Id, IdList } from '../../platform/schema.js';

const id = Id();
const idList = Type.Array(id, { maxItems: 2000 });

export async function roleRoutes(app: App) {
  const { db } = app.ctx;
  const base = '/api/blade-system/role';
  const tags = ['role'];

  app.get(
    `${base}/list`,
    {
      config: { permission: 'code:role' },
      schema: {
        tags,
        summary: "The tenant's roles",
        querystring: listQuerySchema(roles.def.filters!),
        response: { 200: envelope(Type.Array(RoleTreeRow)) },
      },
    },
    async (req) => ok(buildTree((await roles.list(db, scopeOf(req), req.query)) as Role[]) as RoleTreeRow[]),
  );
  app.get(
    `${base}/tree`,
    {
      config: { permission: 'login' },
      schema: {
        tags,
        summary: 'Roles as tree nodes for selects',
        response: { 200: envelope(Type.Array(RoleNode)) },
      },
    },
    async (req) => {
      const rows = (await roles.list(db, scopeOf(req))) as Array<{
        id: string;
        parentId: string;
        roleName: string;
        roleAlias: string;
        sort: number;
      }>;
      return ok(
        buildTree(
          rows.map((r) => ({
            id: r.id,
            parentId: r.parentId,
            title: r.roleName,
            key: r.id,
            value: r.id,
            roleAlias: r.roleAlias,
            sort: r.sort,
          })),
        ) as RoleNode[],
      );
    },
  );
  app.get(
    `${base}/detail`,
    {
      config: { permission: 'code:role' },
      schema: {
        tags,
        summary: 'One role',
        querystring: Type.Object({ id }),
        response: { 200: envelope(Role) },
      },
    },
    async (req) => ok((await roles.detail(db, scopeOf(req), req.query.id)) as Role),
  );
  app.post(
    `${base}/submit`,
    {
      config: { permission: 'code:role_add' },
      schema: {
        tags,
        summary: "Adds (no id) or changes a role below the caller's rank; aliases are unique per tenant",
        body: Type.Object({
          id: Type.Optional(id),
          parentId: Type.Optional(Id()),
          roleName: Type.String({ minLength: 1, maxLength: 255 }),
          roleAlias: Type.String({ minLength: 1, maxLength: 255, pattern: '^[a-z][a-z0-9_]*$' }),
          sort: Type.Optional(Type.Integer({ minimum: 0 })),
          // Who may act on whom (docs/roles.md): 10 staff, 50 managers, 80 admin; below the caller's own.
          roleRank: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ROLE_RANK })),
        }),
        response: { 200: envelope(Type.String()) },
      },
    },
    async (req) => {
      const scope = scopeOf(req);
      if (req.body.id) await requireCode(scope, 'role_edit', app.ctx.permissions);
      const id = await submitRole(db, scope, req.body);
      // An alias is a permission ('role:…', administrator): its holders' sockets are checked again.
      if (req.body.id) await app.ctx.events.roleChanged(req.body.id);
      return ok(id);
    },
  );
  app.post(
    `${base}/remove`,
    {
      config: { permission: 'code:role_delete' },
      schema: {
        tags,
        summary: 'Removes roles that no user holds and that have no sub-roles',
        querystring: Type.Object({ ids: IdList() }),
        response: { 200: envelope(Type.Integer()) },
      },
    },
    async (req) => ok(await removeRoles(db, scopeOf(req), splitIds(req.query.ids))),
  );
  app.post(
    `${base}/grant`,
    {
      config: { permission: 'code:role_grant' },
      schema: {
        tags,
        summary: 'Replaces the menus and buttons of roles',
        body: Type.Object({ roleIds: idList, menuIds: idList }),
        response: { 200: envelope(Type.Integer()) },
      },
    },
    async (req) => {
      const n = await grantMenus(db, scopeOf(req), req.body.roleIds, req.body.menuIds);
      app.ctx.permissions.invalidate();
      return ok(n);
    },
  );

  app.get(
    '/api/blade-system/menu/grant-tree',
    {
      config: { permission: 'code:role_grant' },
      schema: {
        tags,
        summary: 'Every menu and button as a tree for the grant dialog',
        response: { 200: envelope(Type.Array(MenuTreeNode)) },
      },
    },
    async () => {
      const rows = await db.query<{
        id: string;
        parentId: string;
        name: string;
        sort: number;
        category: number;
        code: string;
      }>(
        'SELECT id, parent_id AS "parentId", name, sort, category, code FROM blade_menu WHERE is_deleted = 0 ORDER BY sort, id',
      );
      return ok(
        buildTree(rows.map((m) => ({ ...m, title: m.name, key: m.id, value: m.id }))) as MenuTreeNode[],
      );
    },
  );
  app.get(
    '/api/blade-system/menu/role-tree-keys',
    {
      config: { permission: 'code:role' },
      schema: {
        tags,
        summary: 'Menu ids granted to roles',
        querystring: Type.Object({ roleIds: IdList() }),
        response: { 200: envelope(Type.Array(Type.String())) },
      },
    },
    async (req) => {
      const ids = splitIds(req.query.roleIds);
      await roles.assertAccessible(db, scopeOf(req), ids);
      const rows = await all(
        db,
        globalDb.selectFrom('blade_role_menu').select('menuId').distinct().where('roleId', '=', anyId(ids)),
      );
      return ok(rows.map((r) => r.menuId));
    },
  );
}

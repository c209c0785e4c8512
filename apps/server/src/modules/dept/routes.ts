import { Type } from 'typebox';
import { Dept, DeptNode } from '@forecourt/contracts';
import type { App } from '../../platform/context.js';
import { envelope, ok } from '../../platform/envelope.js';
import { requireCode, scopeOf } from '../../platform/auth/guard.js';
import type { Extra } from '../../platform/crud.js';
import { all, scoped, sql } from '../../platform/sql/index.js';
import { listQuerySchema } from '../../platform/paging.js';
import { splitIds } from '../../platform/rows.js';
import { buildTree } from '../../platform/tree.js';
import { deptNode, depts, removeDepts, submitDept } from './rules.js';
import { Id, IdList } from '../../platform/schema.js';

const id = Id();
const parentQuery = { parentId: Type.Optional(id), tenantId: Type.Optional(Type.String({ maxLength: 12 })) };
// The name filters a lazy list searches the whole tree by (also declared as filters of the Repo).
const nameQuery = {
  deptName: Type.Optional(Type.String({ maxLength: 200 })),
  fullName: Type.Optional(Type.String({ maxLength: 200 })),
};
// The platform administrator may look at one tenant's tree; everyone else is scoped by the Repo anyway.
const tenantFilter =
  (tenantId: string | undefined): Extra =>
  (q) =>
    tenantId ? q.where('t.tenantId', '=', tenantId) : q;
const underParent =
  (parentId: string | undefined): Extra =>
  (q) =>
    q.where('t.parentId', '=', parentId ?? '0');

export async function deptRoutes(app: App) {
  const { db } = app.ctx;
  const base = '/api/blade-system/dept';
  const tags = ['dept'];

  app.get(
    `${base}/lazy-list`,
    {
      config: { permission: 'login' },
      schema: {
        tags,
        summary: 'Departments under a parent (rows with hasChildren), filtered by name',
        querystring: listQuerySchema(depts.def.filters!, { ...parentQuery, ...nameQuery }),
        response: { 200: envelope(Type.Array(Dept)) },
      },
    },
    async (req) => {
      const q = req.query;
      const filtering = Boolean(q.deptName || q.fullName);
      // A name search looks through the whole tree; browsing goes one level at a time.
      return ok(
        (await depts.list(db, scopeOf(req), req.query, (w) =>
          filtering ? tenantFilter(q.tenantId)(w) : tenantFilter(q.tenantId)(underParent(q.parentId)(w)),
        )) as Dept[],
      );
    },
  );

  app.get(
    `${base}/list`,
    {
      config: { permission: 'login' },
      schema: {
        tags,
        summary: 'Every department of the tenant, filtered',
        querystring: listQuerySchema(depts.def.filters!, parentQuery),
        response: { 200: envelope(Type.Array(Dept)) },
      },
    },
    async (req) =>
      ok((await depts.list(db, scopeOf(req), req.query, tenantFilter(req.query.tenantId))) as Dept[]),
  );

  app.get(
    `${base}/tree`,
    {
      config: { permission: 'login' },
      schema: {
        tags,
        summary: 'The department tree: { id, parentId, title, key, value, children }',
        querystring: Type.Object({ tenantId: Type.Optional(Type.String({ maxLength: 12 })) }),
        response: { 200: envelope(Type.Array(DeptNode)) },
      },
    },
    async (req) => {
      const rows = await depts.list(db, scopeOf(req), {}, tenantFilter(req.query.tenantId));
      return ok(
        buildTree(
          rows.map((d) => ({ ...deptNode(d as never), sort: Number((d as { sort: number }).sort) })),
        ) as DeptNode[],
      );
    },
  );

  app.get(
    `${base}/lazy-tree`,
    {
      config: { permission: 'login' },
      schema: {
        tags,
        summary: 'Tree nodes under a parent, for pickers (employees come from dept-personnel)',
        querystring: Type.Object(parentQuery),
        response: { 200: envelope(Type.Array(DeptNode)) },
      },
    },
    async (req) =>
      ok(
        (
          await depts.list(db, scopeOf(req), {}, (w) =>
            tenantFilter(req.query.tenantId)(underParent(req.query.parentId)(w)),
          )
        ).map((d) => deptNode(d as never)),
      ),
  );

  app.get(
    `${base}/detail`,
    {
      config: { permission: 'login' },
      schema: {
        tags,
        summary: 'One department',
        querystring: Type.Object({ id }),
        response: { 200: envelope(Dept) },
      },
    },
    async (req) => ok((await depts.detail(db, scopeOf(req), req.query.id)) as Dept),
  );

  app.post(
    `${base}/submit`,
    {
      config: { permission: 'code:dept_add' },
      schema: {
        tags,
        summary: 'Adds (no id) or changes a department; the parent must be of the same tenant',
        body: Type.Object({
          id: Type.Optional(id),
          parentId: Type.Optional(Id()),
          deptName: Type.String({ minLength: 1, maxLength: 45 }),
          fullName: Type.Optional(Type.String({ maxLength: 45 })),
          deptCategory: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
          sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000 })),
          remark: Type.Optional(Type.String({ maxLength: 255 })),
        }),
        response: { 200: envelope(Type.String()) },
      },
    },
    async (req) => {
      const scope = scopeOf(req);
      if (req.body.id) await requireCode(scope, 'dept_edit', app.ctx.permissions);
      return ok(await submitDept(db, scope, req.body));
    },
  );

  app.post(
    `${base}/remove`,
    {
      config: { permission: 'code:dept_delete' },
      schema: {
        tags,
        summary: 'Removes departments without sub-departments or employees',
        querystring: Type.Object({ ids: IdList() }),
        response: { 200: envelope(Type.Integer()) },
      },
    },
    async (req) => ok(await removeDepts(db, scopeOf(req), splitIds(req.query.ids))),
  );

  app.get(
    '/api/blade-user/dept-personnel',
    {
      config: { permission: 'login' },
      schema: {
        tags,
        summary: 'Active employees of a department, as picker leaves (isEmployee true)',
        querystring: Type.Object({
          deptId: id,
          type: Type.Optional(Type.String({ maxLength: 4 })),
          tenantId: Type.Optional(Type.String({ maxLength: 12 })),
        }),
        response: { 200: envelope(Type.Array(DeptNode)) },
      },
    },
    async (req) => {
      const scope = scopeOf(req);
      await depts.assertAccessible(db, scope, [req.query.deptId]);
      const rows = await all(
        db,
        scoped(scope)
          .selectFrom('blade_user', 'u')
          .innerJoin('blade_user_dept as ud', 'ud.userId', 'u.id')
          .select(['u.id', 'u.realName', 'u.account', 'u.code', 'u.phone', 'u.brandNames', 'u.avatar'])
          .where('ud.deptId', '=', req.query.deptId)
          .where('u.status', '=', 1)
          .orderBy(sql`${sql.ref('u.code')} NULLS LAST`)
          .orderBy('u.id'),
      );
      return ok(
        rows.map((u) => ({
          id: u.id,
          parentId: req.query.deptId,
          title: u.realName || u.account,
          key: u.id,
          value: u.id,
          isEmployee: true,
          leaf: true,
          hasChildren: false,
          account: u.account,
          empNo: u.code,
          phone: u.phone,
          avatar: u.avatar,
          brandNames: u.brandNames as string[],
        })),
      );
    },
  );
}

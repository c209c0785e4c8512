import { Type } from 'typebox';
import { type Page, Param } from '@forecourt/contracts';
import type { App } from '../../platform/context.js';
import { envelope, ok, pageSchema } from '../../platform/envelope.js';
import { AppError, bad, forbidden } from '../../platform/errors.js';
import { requireCode, scopeOf } from '../../platform/auth/guard.js';
import { Repo } from '../../platform/crud.js';
import { first, scoped } from '../../platform/sql/index.js';
import { listQuerySchema } from '../../platform/paging.js';
import { splitIds } from '../../platform/rows.js';
import { registerMessages } from '../../platform/i18n.js';
import { Id, IdList } from '../../platform/schema.js';

registerMessages(
  { 'param.duplicateKey': '参数键 {key} 已存在', 'param.notPublic': '参数 {key} 不是公开参数，没有权限读取' },
  {
    'param.duplicateKey': 'A parameter with key {key} already exists',
    'param.notPublic': 'Parameter {key} is not public; you do not have permission to read it',
  },
);

/** System parameters of a tenant: name, key, value, remark, and whether every signed-in user may read it. */
export const params = new Repo({
  table: 'blade_param',
  softDelete: true,
  audit: true,
  fields: ['id', 'tenantId', 'paramName', 'paramKey', 'paramValue', 'remark', 'isPublic'],
  filters: {
    paramName: { column: 'paramName', type: 'text' },
    paramKey: { column: 'paramKey', type: 'text' },
    isPublic: { column: 'isPublic', type: 'number' },
  },
  sortable: ['paramKey', 'paramName'],
  defaultOrder: 't.param_key',
  writable: ['paramName', 'paramKey', 'paramValue', 'remark', 'isPublic'],
});

const id = Id();

export async function paramRoutes(app: App) {
  const { db } = app.ctx;
  const base = '/api/blade-system/param';
  const tags = ['param'];

  app.get(
    `${base}/list`,
    {
      config: { permission: 'code:param' },
      schema: {
        tags,
        summary: 'A page of parameters',
        querystring: listQuerySchema(params.def.filters!),
        response: { 200: envelope(pageSchema(Param)) },
      },
    },
    async (req) => ok((await params.page(db, scopeOf(req), req.query)) as Page<Param>),
  );
  app.get(
    `${base}/detail`,
    {
      config: { permission: 'code:param' },
      schema: {
        tags,
        summary: 'One parameter',
        querystring: Type.Object({ id }),
        response: { 200: envelope(Param) },
      },
    },
    async (req) => ok((await params.detail(db, scopeOf(req), req.query.id)) as Param),
  );
  app.get(
    `${base}/value`,
    {
      config: { permission: 'login' },
      schema: {
        tags,
        summary:
          "A parameter's value by key (null when unset); without the param permission only public ones",
        querystring: Type.Object({ key: Type.String({ minLength: 1, maxLength: 255 }) }),
        response: { 200: envelope(Type.Union([Type.String(), Type.Null()])) },
      },
    },
    async (req) => {
      const scope = scopeOf(req);
      const r = await first(
        db,
        scoped(scope)
          .selectFrom('blade_param', 't')
          .select(['t.paramValue as v', 't.isPublic'])
          .where('t.paramKey', '=', req.query.key),
      );
      // Without the permission a missing key is refused like a private one, so keys cannot be probed.
      if (r?.isPublic !== 1) {
        await requireCode(scope, 'param', app.ctx.permissions).catch((e: unknown) => {
          throw e instanceof AppError && e.status === 403
            ? forbidden('param.notPublic', { key: req.query.key })
            : e;
        });
      }
      return ok(r?.v ?? null);
    },
  );
  app.post(
    `${base}/submit`,
    {
      config: { permission: 'code:param_add' },
      schema: {
        tags,
        summary: 'Adds (no id) or changes a parameter; keys are unique per tenant',
        body: Type.Object({
          id: Type.Optional(id),
          paramName: Type.String({ minLength: 1, maxLength: 255 }),
          paramKey: Type.String({ minLength: 1, maxLength: 255, pattern: '^[\\w.:-]+$' }),
          paramValue: Type.String({ maxLength: 2000 }),
          remark: Type.Optional(Type.String({ maxLength: 255 })),
          isPublic: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
        }),
        response: { 200: envelope(Type.String()) },
      },
    },
    async (req) => {
      const scope = scopeOf(req);
      if (req.body.id) await requireCode(scope, 'param_edit', app.ctx.permissions);
      return ok(
        await db.tx(async (t) => {
          // Keys are unique within the tenant written to, the platform administrator's too.
          const dup = await first(
            t,
            scoped({ tenantId: scope.tenantId, isPlatformAdmin: false })
              .selectFrom('blade_param')
              .select('id')
              .where('paramKey', '=', req.body.paramKey)
              .where('id', '<>', req.body.id ?? '0'),
          );
          if (dup) throw bad('param.duplicateKey', { key: req.body.paramKey });
          return params.submit(t, scope, req.body);
        }),
      );
    },
  );
  app.post(
    `${base}/remove`,
    {
      config: { permission: 'code:param_delete' },
      schema: {
        tags,
        summary: 'Removes parameters',
        querystring: Type.Object({ ids: IdList() }),
        response: { 200: envelope(Type.Integer()) },
      },
    },
    async (req) => ok(await params.remove(db, scopeOf(req), splitIds(req.query.ids))),
  );
}

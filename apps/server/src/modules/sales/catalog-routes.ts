import { Type } from 'typebox';
import {
  CatalogLevelSchema,
  CatalogNode,
  CatalogRow,
  CatalogSubmit,
  type CatalogLevel,
} from '@forecourt/contracts/sales';
import type { App } from '../../platform/context.js';
import { envelope, ok, pageSchema } from '../../platform/envelope.js';
import { requireCode, scopeOf } from '../../platform/auth/guard.js';
import { pageQueryProps } from '../../platform/paging.js';
import { splitIds } from '../../platform/rows.js';
import { Id, IdList } from '../../platform/schema.js';
import {
  catalogDetail,
  catalogInput,
  catalogPage,
  catalogTree,
  removeCatalog,
  submitCatalog,
} from './catalog-rules.js';

const text = Type.Optional(Type.String({ maxLength: 100 }));

/** `/api/blade-sales/catalog/*`: every signed-in user reads; catalog_add/_edit/_delete change it. */
export async function catalogRoutes(app: App) {
  const { db } = app.ctx;
  const base = '/api/blade-sales/catalog';
  const tags = ['sales'];
  const level = Type.Optional(CatalogLevelSchema);

  app.get(
    `${base}/list`,
    {
      config: { permission: 'login' },
      schema: {
        tags,
        summary: 'A page of brands, series or models (level, default model), filtered and sorted',
        querystring: Type.Object({
          ...pageQueryProps,
          level,
          name: text,
          code: text,
          trim: text,
          brandId: Type.Optional(Id()),
          seriesId: Type.Optional(Id()),
          energyType: text,
          modelYear: Type.Optional(Type.Integer({ minimum: 1990, maximum: 2100 })),
        }),
        response: { 200: envelope(pageSchema(CatalogRow)) },
      },
    },
    async (req) =>
      ok(await catalogPage(db, scopeOf(req), (req.query.level ?? 'model') as CatalogLevel, req.query)),
  );
  app.get(
    `${base}/detail`,
    {
      config: { permission: 'login' },
      schema: {
        tags,
        summary: 'One brand, series or model',
        querystring: Type.Object({ id: Id(), level }),
        response: { 200: envelope(CatalogRow) },
      },
    },
    async (req) => ok(await catalogDetail(db, scopeOf(req), req.query.level ?? 'model', req.query.id)),
  );
  app.get(
    `${base}/tree`,
    {
      config: { permission: 'login' },
      schema: {
        tags,
        summary: 'The cascader tree brand → series → model for every model picker',
        response: { 200: envelope(Type.Array(CatalogNode)) },
      },
    },
    async (req) => ok(await catalogTree(db, scopeOf(req))),
  );
  app.post(
    `${base}/submit`,
    {
      config: { permission: 'code:catalog_add' },
      schema: {
        tags,
        summary: 'Adds (no id) or changes a brand, series or model (level says which)',
        body: CatalogSubmit,
        response: { 200: envelope(Type.String()) },
      },
    },
    async (req) => {
      const scope = scopeOf(req);
      if (req.body.id) await requireCode(scope, 'catalog_edit', app.ctx.permissions);
      return ok(await submitCatalog(db, scope, catalogInput(req.body)));
    },
  );
  app.post(
    `${base}/remove`,
    {
      config: { permission: 'code:catalog_delete' },
      schema: {
        tags,
        summary: 'Removes brands, series or models nothing refers to any more',
        querystring: Type.Object({ ids: IdList(), level }),
        response: { 200: envelope(Type.Integer()) },
      },
    },
    async (req) =>
      ok(await removeCatalog(db, scopeOf(req), req.query.level ?? 'model', splitIds(req.query.ids))),
  );
}

import { Type } from 'typebox';
import {
  ResourceImportBody,
  ResourceImportResult,
  ResourceRow,
  ResourceStatusSchema,
  ResourceSubmit,
  STOCK_BANDS,
} from '@forecourt/contracts/sales';
import type { App } from '../../platform/context.js';
import { envelope, ok, pageSchema } from '../../platform/envelope.js';
import { requireCode, scopeOf } from '../../platform/auth/guard.js';
import { pageQueryProps } from '../../platform/paging.js';
import { splitIds } from '../../platform/rows.js';
import { Id, IdList } from '../../platform/schema.js';
import { t } from '../../platform/i18n.js';
import { importResources, readUpload } from './resource-import.js';
import {
  releaseResource,
  removeResources,
  resourceDetail,
  resourcePage,
  submitResource,
  sweepReservations,
} from './resource-rules.js';

const DateFilter = () => Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }));

/** How often each node looks for lapsed reservations. */
export const SWEEP_MS = 60_000;

/**
 * `/api/blade-sales/resource/*`. Lists and details answer what the caller may see (resourceOut); the
 * export of the console reads the same list, so it hides the same fields.
 */
export async function resourceRoutes(app: App) {
  const { db } = app.ctx;
  const base = '/api/blade-sales/resource';
  const tags = ['sales'];

  app.get(
    `${base}/list`,
    {
      config: { permission: 'code:resource' },
      schema: {
        tags,
        summary:
          'A page of stock vehicles: filters VIN, brand/series/model, status, store, stock-age band, arrival dates',
        querystring: Type.Object({
          ...pageQueryProps,
          vin: Type.Optional(Type.String({ maxLength: 40 })),
          modelId: Type.Optional(Id()),
          seriesId: Type.Optional(Id()),
          brandId: Type.Optional(Id()),
          status: Type.Optional(ResourceStatusSchema),
          storeId: Type.Optional(Id()),
          energyType: Type.Optional(Type.String({ maxLength: 10 })),
          exteriorColor: Type.Optional(Type.String({ maxLength: 40 })),
          stockBand: Type.Optional(Type.Union(STOCK_BANDS.map((b) => Type.Literal(b)))),
          arrivalDate_ge: DateFilter(),
          arrivalDate_le: DateFilter(),
          productionDate_ge: DateFilter(),
          productionDate_le: DateFilter(),
        }),
        response: { 200: envelope(pageSchema(ResourceRow)) },
      },
    },
    async (req) => ok(await resourcePage(db, scopeOf(req), req.query)),
  );
  app.get(
    `${base}/detail`,
    {
      config: { permission: 'code:resource' },
      schema: {
        tags,
        summary: 'One stock vehicle, as far as the caller may see it',
        querystring: Type.Object({ id: Id() }),
        response: { 200: envelope(ResourceRow) },
      },
    },
    async (req) => ok(await resourceDetail(db, scopeOf(req), req.query.id)),
  );
  app.post(
    `${base}/submit`,
    {
      config: { permission: 'code:resource_add' },
      schema: {
        tags,
        summary: 'Adds (no id) or changes a stock vehicle; the VIN is checked with its check digit',
        body: ResourceSubmit,
        response: { 200: envelope(Type.String()) },
      },
    },
    async (req) => {
      const scope = scopeOf(req);
      if (req.body.id) await requireCode(scope, 'resource_edit', app.ctx.permissions);
      return ok(await submitResource(db, scope, req.body));
    },
  );
  app.post(
    `${base}/remove`,
    {
      config: { permission: 'code:resource_delete' },
      schema: {
        tags,
        summary: 'Removes vehicles in transit or in stock',
        querystring: Type.Object({ ids: IdList() }),
        response: { 200: envelope(Type.Integer()) },
      },
    },
    async (req) => ok(await removeResources(db, scopeOf(req), splitIds(req.query.ids))),
  );
  app.post(
    `${base}/release`,
    {
      config: { permission: 'code:resource_release' },
      schema: {
        tags,
        summary: 'Ends a reservation: reserved → in_stock',
        querystring: Type.Object({ id: Id() }),
        response: { 200: envelope(Type.Boolean()) },
      },
    },
    async (req) => {
      await releaseResource(db, scopeOf(req), req.query.id);
      return ok(true);
    },
  );
  app.post(
    `${base}/import`,
    {
      config: { permission: 'code:resource_import' },
      schema: {
        tags,
        summary:
          'Imports the template sheet (base64 .xlsx): every bad row is answered with its row number and reason, and then nothing is imported',
        body: ResourceImportBody,
        response: { 200: envelope(ResourceImportResult) },
      },
    },
    async (req, reply) => {
      const result = await importResources(db, scopeOf(req), await readUpload(req.body.file), req.lang);
      if (!result.errors.length) return ok(result);
      // A refused sheet is a 400 whose message names the rows; the list of every row is in data.
      const rows = result.errors.map((e) => `${t(req.lang, 'sales.import.row', { row: e.row })}${e.reason}`);
      // No schema for 400: the refused sheet's answer is written as it is.
      void reply.status(400 as never);
      return {
        code: 400,
        success: false,
        data: result,
        msg: t(req.lang, 'sales.import.failed', {
          count: new Set(result.errors.map((e) => e.row)).size,
          rows: rows.join(req.lang === 'en' ? '; ' : '；'),
        }),
      } as never;
    },
  );

  // Lapsed reservations back to stock, on every node: the sweep's one UPDATE makes concurrent runs safe.
  const timer = setInterval(() => {
    sweepReservations(db).catch((e: unknown) => app.log.error({ err: e }, 'reservation sweep failed'));
  }, SWEEP_MS).unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

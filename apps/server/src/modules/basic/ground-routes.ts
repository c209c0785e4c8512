import { Type } from 'typebox';
import { Ground, GroundSubmit } from '@forecourt/contracts';
import { requireCode, scopeOf } from '../../platform/auth/guard.js';
import type { App } from '../../platform/context.js';
import { envelope, ok, pageSchema } from '../../platform/envelope.js';
import { listQuerySchema } from '../../platform/paging.js';
import { splitIds } from '../../platform/rows.js';
import { Id, IdList } from '../../platform/schema.js';
import { groundDetail, groundPage, grounds, saveGround } from './ground-rules.js';

/** The tenant's ground stores (/base/ground): where each stands on the map, its zone, who runs it. */
export async function groundRoutes(app: App) {
  const { db } = app.ctx;
  const base = '/api/blade-basic/ground';
  const tags = ['ground'];

  app.get(
    `${base}/list`,
    {
      config: { permission: 'code:ground' },
      schema: {
        tags,
        summary:
          "A page of the tenant's stores by sort and code; filter by name, code (contains), zone and status",
        querystring: listQuerySchema(grounds.def.filters!),
        response: { 200: envelope(pageSchema(Ground)) },
      },
    },
    async (req) => ok(await groundPage(db, scopeOf(req), req.query)),
  );
  app.get(
    `${base}/detail`,
    {
      config: { permission: 'code:ground' },
      schema: {
        tags,
        summary: 'One store with the path of its zone',
        querystring: Type.Object({ id: Id() }),
        response: { 200: envelope(Ground) },
      },
    },
    async (req) => ok(await groundDetail(db, scopeOf(req), req.query.id)),
  );
  app.post(
    `${base}/submit`,
    {
      config: { permission: 'code:ground_add' },
      schema: {
        tags,
        summary:
          'Adds a store (no id) or changes one (id: needs ground_edit); code and name unique in the tenant',
        body: GroundSubmit,
        response: { 200: envelope(Ground) },
      },
    },
    async (req) => {
      const scope = scopeOf(req);
      if (req.body.id) await requireCode(scope, 'ground_edit', app.ctx.permissions);
      const id = await saveGround(db, scope, req.body);
      return ok(await groundDetail(db, scope, id));
    },
  );
  app.post(
    `${base}/remove`,
    {
      config: { permission: 'code:ground_delete' },
      schema: {
        tags,
        summary: 'Removes stores (ids=1,2,3); their code and name become free again',
        querystring: Type.Object({ ids: IdList() }),
        response: { 200: envelope(Type.Integer()) },
      },
    },
    async (req) => ok(await grounds.remove(db, scopeOf(req), splitIds(req.query.ids))),
  );
}

import { Type } from 'typebox';
import { Zone, ZoneNode, ZoneRegion, ZoneRow } from '@forecourt/contracts';

type ZoneRowFields = Omit<ZoneRow, 'title' | 'key' | 'value'>;
import type { App } from '../../platform/context.js';
import { envelope, ok } from '../../platform/envelope.js';
import { requireCode, scopeOf } from '../../platform/auth/guard.js';
import { splitIds } from '../../platform/rows.js';
import { bad } from '../../platform/errors.js';
import { buildTree } from '../../platform/tree.js';
import { all, globalDb, scoped, sql } from '../../platform/sql/index.js';
import { removeZones, saveZone, zones } from './zone-rules.js';
import { Id, IdList } from '../../platform/schema.js';

const id = Id();
const zoneBody = Type.Object({
  id: Type.Optional(id),
  parentId: Type.Optional(Id()),
  code: Type.String({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_-]+$' }),
  name: Type.String({ minLength: 1, maxLength: 64 }),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000 })),
  remark: Type.Optional(Type.String({ maxLength: 255 })),
  regionCodes: Type.Optional(Type.Array(Type.String({ pattern: '^\\d{2,12}$' }), { maxItems: 5000 })),
});

/** Sales zones of a tenant, each covering regions; shown as "code name" and sorted by code. */
export async function zoneRoutes(app: App) {
  const { db } = app.ctx;
  const base = '/api/blade-basic/zone';
  const tags = ['zone'];
  const label = (z: { code: string; name: string }) => `${z.code} ${z.name}`;

  app.get(
    `${base}/lazy-tree`,
    {
      config: { permission: 'login' },
      schema: {
        tags,
        summary: 'Zones under a parent (or matching a name anywhere)',
        querystring: Type.Object({
          parentId: Type.Optional(id),
          name: Type.Optional(Type.String({ maxLength: 64 })),
        }),
        response: { 200: envelope(Type.Array(ZoneRow)) },
      },
    },
    async (req) => {
      const rows = await zones.list(db, scopeOf(req), req.query.name ? { name: req.query.name } : {}, (q) =>
        req.query.name ? q : q.where('t.parentId', '=', req.query.parentId ?? '0'),
      );
      return ok((rows as ZoneRowFields[]).map((z) => ({ ...z, title: label(z), key: z.id, value: z.id })));
    },
  );

  app.get(
    `${base}/list-zone-tree`,
    {
      config: { permission: 'login' },
      schema: {
        tags,
        summary: 'Every zone as a tree of { id, title: "code name", value, children }, sorted by code',
        response: { 200: envelope(Type.Array(ZoneNode)) },
      },
    },
    async (req) => {
      const rows = (await zones.list(db, scopeOf(req))) as Array<{
        id: string;
        parentId: string;
        code: string;
        name: string;
      }>;
      const sorted = [...rows].sort((a, b) => a.code.localeCompare(b.code));
      return ok(
        buildTree(
          sorted.map((z, i) => ({
            id: z.id,
            parentId: z.parentId,
            title: label(z),
            key: z.id,
            value: z.id,
            code: z.code,
            sort: i,
          })),
        ) as ZoneNode[],
      );
    },
  );

  app.get(
    `${base}/detail`,
    {
      config: { permission: 'login' },
      schema: {
        tags,
        summary: 'One zone with the regions it covers',
        querystring: Type.Object({ id }),
        response: { 200: envelope(Zone) },
      },
    },
    async (req) => {
      const scope = scopeOf(req);
      const zone = await zones.detail(db, scope, req.query.id);
      const regions = await all(
        db,
        scoped(scope)
          .selectFrom('blade_zone_region')
          .select('regionCode')
          .where('zoneId', '=', req.query.id)
          .orderBy('regionCode'),
      );
      return ok({ ...(zone as ZoneRowFields), regionCodes: regions.map((r) => r.regionCode) });
    },
  );

  app.get(
    `${base}/getRegionList`,
    {
      config: { permission: 'login' },
      schema: {
        tags,
        summary:
          'Regions under a parent code for the zone form; those covered by another zone are marked (isUpdate: the zone being edited keeps its own)',
        querystring: Type.Object({
          parentCode: Type.Optional(Type.String({ pattern: '^\\d{2,12}$' })),
          id: Type.Optional(id),
          isUpdate: Type.Optional(Type.Boolean()),
        }),
        response: { 200: envelope(Type.Array(ZoneRegion)) },
      },
    },
    async (req) => {
      const scope = scopeOf(req);
      const own = req.query.isUpdate && req.query.id ? req.query.id : '0';
      // Marks follow the caller's own tenant's zones, also for the platform administrator.
      const tenant = scoped({ tenantId: scope.tenantId, isPlatformAdmin: false });
      const covered = tenant
        .selectFrom('blade_zone_region', 'zr')
        .leftJoin(
          tenant.selectFrom('blade_zone', 'z', { withDeleted: true }).select(['z.id', 'z.name']).as('z'),
          'z.id',
          'zr.zoneId',
        )
        .select(['zr.regionCode', 'zr.zoneId', 'z.name']);
      const rows = await all(
        db,
        globalDb
          .selectFrom('blade_region as r')
          .leftJoin(covered.as('zr'), 'zr.regionCode', 'r.code')
          .select([
            'r.code',
            'r.name',
            'r.regionLevel',
            sql<boolean>`EXISTS (SELECT 1 FROM blade_region c WHERE c.parent_code = r.code)`.as(
              'hasChildren',
            ),
            'zr.name as zoneName',
            sql<boolean>`(zr.zone_id IS NOT NULL AND zr.zone_id <> ${own})`.as('taken'),
            sql<boolean>`(zr.zone_id = ${own})`.as('selected'),
          ])
          .where('r.parentCode', '=', req.query.parentCode ?? '00')
          .orderBy('r.code'),
      );
      return ok(rows as ZoneRegion[]);
    },
  );

  const submit = (path: string, summary: string) =>
    app.post(
      `${base}/${path}`,
      {
        config: { permission: path === 'update' ? 'code:zone_edit' : 'code:zone_add' },
        schema: { tags, summary, body: zoneBody, response: { 200: envelope(Type.String()) } },
      },
      async (req) => {
        const scope = scopeOf(req);
        if (path === 'update' && !req.body.id) throw bad('validation.required', { field: 'id' });
        if (req.body.id && path === 'submit') await requireCode(scope, 'zone_edit', app.ctx.permissions);
        return ok(await saveZone(db, scope, req.body));
      },
    );
  submit('submit', 'Adds (no id) or changes a zone and the regions it covers');
  submit('update', 'Changes a zone and the regions it covers');

  app.post(
    `${base}/remove`,
    {
      config: { permission: 'code:zone_delete' },
      schema: {
        tags,
        summary: 'Removes a zone without sub-zones; its regions become free',
        querystring: Type.Object({ id: IdList() }),
        response: { 200: envelope(Type.Integer()) },
      },
    },
    async (req) => ok(await removeZones(db, scopeOf(req), splitIds(req.query.id))),
  );
}

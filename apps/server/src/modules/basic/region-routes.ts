import { Type } from 'typebox';
import { Region, RegionCascade, RegionNode, RegionSaved } from '@forecourt/contracts';
import type { App } from '../../platform/context.js';
import { envelope, ok } from '../../platform/envelope.js';
import { notFound } from '../../platform/errors.js';
import { scopeOf } from '../../platform/auth/guard.js';
import { all, first, globalDb, sql } from '../../platform/sql/index.js';
import { removeRegion, submitRegion } from './region-rules.js';

const code = Type.String({ pattern: '^\\d{2,12}$' });

interface RegionRow {
  code: string;
  parentCode: string;
  name: string;
  regionLevel: number;
  hasChildren: boolean;
}

const node = (r: RegionRow) => ({
  id: r.code,
  key: r.code,
  value: r.code,
  title: r.name,
  code: r.code,
  name: r.name,
  parentCode: r.parentCode,
  regionLevel: r.regionLevel,
  hasChildren: r.hasChildren,
});

/** Regions (GB/T 2260) for cascaders and the console: read by every signed-in user. */
export async function regionRoutes(app: App) {
  const { db } = app.ctx;
  const base = '/api/blade-basic/region';
  const tags = ['region'];
  const children = (parent: string): Promise<RegionRow[]> =>
    all(
      db,
      globalDb
        .selectFrom('blade_region as r')
        .select([
          'r.code',
          'r.parentCode',
          'r.name',
          'r.regionLevel',
          sql<boolean>`EXISTS (SELECT 1 FROM blade_region c WHERE c.parent_code = r.code)`.as('hasChildren'),
        ])
        .where('r.parentCode', '=', parent)
        .orderBy('r.code'),
    );

  app.get(
    `${base}/lazy-tree`,
    {
      config: { permission: 'login' },
      schema: {
        tags,
        summary: 'The regions under a parent code (00: provinces)',
        querystring: Type.Object({ parentCode: Type.Optional(Type.String({ pattern: '^\\d{2,12}$' })) }),
        response: { 200: envelope(Type.Array(RegionNode)) },
      },
    },
    async (req) => ok((await children(req.query.parentCode ?? '00')).map(node)),
  );

  app.get(
    `${base}/select`,
    {
      config: { permission: 'login' },
      schema: {
        tags,
        summary: 'Options of one cascader level',
        querystring: Type.Object({ code: Type.Optional(code) }),
        response: { 200: envelope(Type.Array(RegionNode)) },
      },
    },
    async (req) => ok((await children(req.query.code ?? '00')).map(node)),
  );

  app.get(
    `${base}/detail`,
    {
      config: { permission: 'login' },
      schema: {
        tags,
        summary: 'One region with its province, city and district',
        querystring: Type.Object({ code }),
        response: { 200: envelope(Region) },
      },
    },
    async (req) => {
      const r = await first(
        db,
        globalDb
          .selectFrom('blade_region')
          .select([
            'code',
            'parentCode',
            'ancestors',
            'name',
            'provinceCode',
            'provinceName',
            'cityCode',
            'cityName',
            'districtCode',
            'districtName',
            'regionLevel',
            'sort',
            'remark',
          ])
          .where('code', '=', req.query.code),
      );
      if (!r) throw notFound();
      return ok(r as Region);
    },
  );

  app.get(
    `${base}/list-region-tree`,
    {
      config: { permission: 'login' },
      schema: {
        tags,
        summary: 'The whole tree to a level (default 3): { value, title, children }',
        querystring: Type.Object({ level: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })) }),
        response: { 200: envelope(Type.Array(RegionCascade)) },
      },
    },
    async (req) => {
      const rows = await all(
        db,
        globalDb
          .selectFrom('blade_region')
          .select(['code', 'parentCode', 'name'])
          .where('regionLevel', '<=', req.query.level ?? 3)
          .orderBy('code'),
      );
      type N = { value: string; title: string; children?: N[] };
      const byCode = new Map<string, N>(rows.map((r) => [r.code, { value: r.code, title: r.name }]));
      const roots: N[] = [];
      for (const r of rows) {
        const n = byCode.get(r.code)!;
        const parent = byCode.get(r.parentCode);
        if (parent) (parent.children ??= []).push(n);
        else roots.push(n);
      }
      return ok(roots);
    },
  );

  app.post(
    `${base}/submit`,
    {
      config: { permission: 'code:region_add' },
      schema: {
        tags,
        summary: 'Add a region under a parent (code extends the parent code) or, with isUpdate, rename one',
        body: Type.Object({
          code,
          parentCode: Type.Optional(Type.String({ pattern: '^\\d{2,12}$' })),
          name: Type.String({ minLength: 1, maxLength: 32 }),
          sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
          remark: Type.Optional(Type.String({ maxLength: 255 })),
          isUpdate: Type.Optional(Type.Boolean()),
        }),
        response: { 200: envelope(RegionSaved) },
      },
    },
    async (req) => ok(await submitRegion(db, scopeOf(req), req.body)),
  );

  app.post(
    `${base}/remove`,
    {
      config: { permission: 'code:region_delete' },
      schema: {
        tags,
        summary: 'Remove a region without sub-regions that no zone covers',
        querystring: Type.Object({ id: code }),
        response: { 200: envelope(Type.Boolean()) },
      },
    },
    async (req) => {
      await removeRegion(db, scopeOf(req), req.query.id);
      return ok(true);
    },
  );
}

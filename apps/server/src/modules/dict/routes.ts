import { all, sql } from '../../platform/sql/index.js';
import { Type } from 'typebox';
import { Dict, DictNode, type Page } from '@forecourt/contracts';
import type { App } from '../../platform/context.js';
import { envelope, ok, pageSchema } from '../../platform/envelope.js';
import { requireCode, scopeOf } from '../../platform/auth/guard.js';
import { listQuerySchema } from '../../platform/paging.js';
import { splitIds } from '../../platform/rows.js';
import { t } from '../../platform/i18n.js';
import { bizDicts, systemDicts } from './repo.js';
import { removeDicts, submitDict, toTree } from './rules.js';
import { Id, IdList } from '../../platform/schema.js';

const id = Id();
const entry = Type.Object({
  id: Type.String(),
  dictKey: Type.String(),
  dictValue: Type.String(),
  sort: Type.Integer(),
  remark: Type.Union([Type.String(), Type.Null()]),
  isSealed: Type.Integer(),
});
const submitBody = Type.Object({
  id: Type.Optional(id),
  parentId: Type.Optional(Id()),
  code: Type.Optional(Type.String({ maxLength: 255 })),
  dictKey: Type.Optional(Type.String({ maxLength: 255 })),
  dictValue: Type.String({ minLength: 1, maxLength: 255 }),
  dictValueEn: Type.Optional(Type.String({ maxLength: 255 })),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000 })),
  remark: Type.Optional(Type.String({ maxLength: 255 })),
  isSealed: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
});

/** System (`dict`) and business (`dict-biz`) dictionaries: the same rules, global or per tenant. */
export async function dictRoutes(app: App) {
  const { db } = app.ctx;
  for (const [kind, repo, codePrefix] of [
    ['dict', systemDicts, 'dict'],
    ['dict-biz', bizDicts, 'dict_biz'],
  ] as const) {
    const base = `/api/blade-system/${kind}`;
    const tags = [kind];
    const filters = listQuerySchema(repo.def.filters!, {
      parentId: Type.Optional(Id()),
    });

    app.get(
      `${base}/dictionary`,
      {
        config: { permission: 'login' },
        schema: {
          tags,
          summary: 'Entries of one dictionary by code, in the caller language (sealed entries dropped)',
          querystring: Type.Object({ code: Type.String({ minLength: 1, maxLength: 255 }) }),
          response: { 200: envelope(Type.Array(entry)) },
        },
      },
      async (req) => {
        const scope = scopeOf(req);
        const value =
          req.lang === 'en'
            ? sql<string>`coalesce(${sql.ref('t.dictValueEn')}, ${sql.ref('t.dictValue')})`
            : sql<string>`${sql.ref('t.dictValue')}`;
        const rows = await all<{
          id: string;
          dictKey: string;
          dictValue: string;
          sort: number;
          remark: string | null;
          isSealed: number;
        }>(
          db,
          repo
            .query(scope)
            .select(['t.id', 't.dictKey', value.as('dictValue'), 't.sort', 't.remark', 't.isSealed'] as never)
            .where('t.code', '=', req.query.code)
            .where('t.parentId', '<>', '0')
            .where('t.isSealed', '=', 0)
            .orderBy('t.sort' as never)
            .orderBy('t.id' as never),
        );
        return ok(rows);
      },
    );

    app.get(
      `${base}/list`,
      {
        config: { permission: 'login' },
        schema: {
          tags,
          summary: 'Dictionary rows (all levels), filtered',
          querystring: filters,
          response: { 200: envelope(Type.Array(Dict)) },
        },
      },
      async (req) =>
        ok(
          (await repo.list(db, scopeOf(req), req.query, (q) =>
            req.query.parentId !== undefined ? q.where('t.parentId', '=', req.query.parentId) : q,
          )) as Dict[],
        ),
    );

    app.get(
      `${base}/parent-list`,
      {
        config: { permission: 'login' },
        schema: {
          tags,
          summary: 'A page of dictionaries (the roots)',
          querystring: filters,
          response: { 200: envelope(pageSchema(Dict)) },
        },
      },
      async (req) =>
        ok(
          (await repo.page(db, scopeOf(req), req.query, (q) =>
            q.where('t.parentId', '=', '0'),
          )) as Page<Dict>,
        ),
    );

    app.get(
      `${base}/child-list`,
      {
        config: { permission: 'login' },
        schema: {
          tags,
          summary: 'A page of the entries of one dictionary',
          querystring: listQuerySchema(repo.def.filters!, { parentId: id }),
          response: { 200: envelope(pageSchema(Dict)) },
        },
      },
      async (req) =>
        ok(
          (await repo.page(db, scopeOf(req), req.query, (q) =>
            q.where('t.parentId', '=', req.query.parentId),
          )) as Page<Dict>,
        ),
    );

    app.get(
      `${base}/detail`,
      {
        config: { permission: 'login' },
        schema: {
          tags,
          summary: 'One dictionary row',
          querystring: Type.Object({ id, code: Type.Optional(Type.String({ maxLength: 255 })) }),
          response: { 200: envelope(Dict) },
        },
      },
      async (req) => ok((await repo.detail(db, scopeOf(req), req.query.id)) as Dict),
    );

    app.get(
      `${base}/tree`,
      {
        config: { permission: 'login' },
        schema: {
          tags,
          summary: 'Dictionaries as a tree for selects (code=DICT: every dictionary)',
          querystring: Type.Object({ code: Type.Optional(Type.String({ maxLength: 255 })) }),
          response: { 200: envelope(Type.Array(DictNode)) },
        },
      },
      async (req) => {
        const code = req.query.code && req.query.code !== 'DICT' ? req.query.code : undefined;
        const rows = await repo.list(db, scopeOf(req), {}, (q) => (code ? q.where('t.code', '=', code) : q));
        return ok(toTree(rows as never) as DictNode[]);
      },
    );

    app.post(
      `${base}/submit`,
      {
        config: { permission: `code:${codePrefix}_add` },
        schema: {
          tags,
          summary: 'Adds (no id) or changes a dictionary row; keys are unique within a dictionary',
          body: submitBody,
          response: { 200: envelope(Type.String()) },
        },
      },
      async (req) => {
        const scope = scopeOf(req);
        if (req.body.id) await requireCode(scope, `${codePrefix}_edit`, app.ctx.permissions);
        return ok(await submitDict(db, repo, scope, req.body));
      },
    );

    app.post(
      `${base}/remove`,
      {
        config: { permission: `code:${codePrefix}_delete` },
        schema: {
          tags,
          summary: 'Removes rows; a dictionary that still has entries is refused',
          querystring: Type.Object({ ids: IdList() }),
          response: { 200: envelope(Type.Integer()) },
        },
      },
      async (req) => ok(await removeDicts(db, repo, scopeOf(req), splitIds(req.query.ids))),
    );
  }

  app.post(
    '/api/blade-system/dict-biz/refresh',
    {
      config: { permission: 'code:dict_biz_refresh' },
      schema: {
        tags: ['dict-biz'],
        summary:
          'Refreshes the dictionary cache (answers are read live; clears the permission and menu caches)',
        response: { 200: envelope(Type.Boolean()) },
      },
    },
    async (req) => {
      app.ctx.permissions.invalidate();
      return ok(true, t(req.lang, 'dict.refreshed'));
    },
  );
}

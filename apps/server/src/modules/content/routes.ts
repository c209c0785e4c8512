import { Type } from 'typebox';
import {
  Article,
  ArticleDetail,
  ArticleSubmit,
  ContentColumn,
  ContentColumnNode,
  ContentColumnSubmit,
  type Page,
} from '@forecourt/contracts';
import { requireCode, scopeOf } from '../../platform/auth/guard.js';
import type { App } from '../../platform/context.js';
import { envelope, ok, pageSchema } from '../../platform/envelope.js';
import { listQuerySchema } from '../../platform/paging.js';
import { splitIds } from '../../platform/rows.js';
import { Id, IdList } from '../../platform/schema.js';
import {
  ARTICLE_FILTERS,
  articleDetail,
  articlePage,
  columnTree,
  columns,
  moveArticle,
  removeArticles,
  removeColumns,
  saveArticle,
  saveColumn,
} from './rules.js';

/** Columns and articles (`/api/blade-content/*`), docs/content.md. */
export async function contentRoutes(app: App) {
  const { db } = app.ctx;
  const col = '/api/blade-content/column';
  const art = '/api/blade-content/article';
  const tags = ['content'];

  app.get(
    `${col}/list`,
    {
      config: { permission: 'code:column' },
      schema: {
        tags,
        summary:
          "A page of the tenant's columns (parentId=0: the top level), each saying whether it has children",
        querystring: listQuerySchema(columns.def.filters!),
        response: { 200: envelope(pageSchema(ContentColumn)) },
      },
    },
    async (req) => ok((await columns.page(db, scopeOf(req), req.query)) as Page<ContentColumn>),
  );
  app.get(
    `${col}/tree`,
    {
      config: { permission: 'login' },
      schema: {
        tags,
        summary: 'Every column as a nested tree (the pickers of the column and article forms)',
        response: { 200: envelope(Type.Array(ContentColumnNode)) },
      },
    },
    async (req) => ok(await columnTree(db, scopeOf(req))),
  );
  app.get(
    `${col}/detail`,
    {
      config: { permission: 'code:column' },
      schema: {
        tags,
        summary: 'One column',
        querystring: Type.Object({ id: Id() }),
        response: { 200: envelope(ContentColumn) },
      },
    },
    async (req) => ok((await columns.detail(db, scopeOf(req), req.query.id)) as ContentColumn),
  );
  app.post(
    `${col}/submit`,
    {
      config: { permission: 'code:column_add' },
      schema: {
        tags,
        summary:
          'Adds a column (no id) or changes one (id: needs column_edit); its code unique in the tenant',
        body: ContentColumnSubmit,
        response: { 200: envelope(ContentColumn) },
      },
    },
    async (req) => {
      const scope = scopeOf(req);
      if (req.body.id) await requireCode(scope, 'column_edit', app.ctx.permissions);
      return ok((await columns.detail(db, scope, await saveColumn(db, scope, req.body))) as ContentColumn);
    },
  );
  app.post(
    `${col}/remove`,
    {
      config: { permission: 'code:column_delete' },
      schema: {
        tags,
        summary: 'Removes columns that hold neither columns nor articles',
        querystring: Type.Object({ ids: IdList() }),
        response: { 200: envelope(Type.Integer()) },
      },
    },
    async (req) => ok(await removeColumns(db, scopeOf(req), splitIds(req.query.ids))),
  );

  app.get(
    `${art}/list`,
    {
      config: { permission: 'code:publish_list' },
      schema: {
        tags,
        summary: 'A page of the articles (without bodies): pinned first, then newest',
        querystring: listQuerySchema(ARTICLE_FILTERS),
        response: { 200: envelope(pageSchema(Article)) },
      },
    },
    async (req) => ok(await articlePage(db, scopeOf(req), req.query)),
  );
  app.get(
    `${art}/detail`,
    {
      config: { permission: 'code:publish_list' },
      schema: {
        tags,
        summary: "One article with its body (the editor's JSON document)",
        querystring: Type.Object({ id: Id() }),
        response: { 200: envelope(ArticleDetail) },
      },
    },
    async (req) => ok(await articleDetail(db, scopeOf(req), req.query.id)),
  );
  app.post(
    `${art}/submit`,
    {
      config: { permission: 'code:publish_list_add' },
      schema: {
        tags,
        summary:
          'Writes a new draft (no id) or changes an article (id: needs publish_list_edit; its status kept)',
        body: ArticleSubmit,
        response: { 200: envelope(ArticleDetail) },
      },
    },
    async (req) => {
      const scope = scopeOf(req);
      if (req.body.id) await requireCode(scope, 'publish_list_edit', app.ctx.permissions);
      return ok(await articleDetail(db, scope, await saveArticle(db, scope, req.body)));
    },
  );
  app.post(
    `${art}/remove`,
    {
      config: { permission: 'code:publish_list_delete' },
      schema: {
        tags,
        summary: 'Removes articles',
        querystring: Type.Object({ ids: IdList() }),
        response: { 200: envelope(Type.Integer()) },
      },
    },
    async (req) => ok(await removeArticles(db, scopeOf(req), splitIds(req.query.ids))),
  );
  for (const [path, to, summary] of [
    ['publish', 'published', 'Publishes a draft or an offline article'],
    ['offline', 'offline', 'Takes a published article offline'],
  ] as const)
    app.post(
      `${art}/${path}`,
      {
        config: { permission: 'code:publish_list_publish' },
        schema: { tags, summary, body: Type.Object({ id: Id() }), response: { 200: envelope(Article) } },
      },
      async (req) => ok(await moveArticle(db, scopeOf(req), req.body.id, to)),
    );
}

/**
 * Column-content publishing (docs/content.md).
 *
 * Guarantees:
 * 1. A column's code is unique in its tenant (unique index); a column is never placed under itself or one
 *    of its own columns; a column with children or articles is not removed.
 * 2. An article's body is the editor's JSON document, checked for its shape and size: no HTML is stored,
 *    so nothing a writer types is ever trusted as markup by a reader's browser.
 * 3. An article's status moves draft → published ⇄ offline only, each move one conditional UPDATE.
 */
import {
  ARTICLE_BODY_MAX_BYTES,
  CONTENT_LABELS,
  type Article,
  type ArticleDetail,
  type ArticleStatus,
  type ArticleSubmit,
  type ContentColumnSubmit,
} from '@forecourt/contracts';
import { Repo } from '../../platform/crud.js';
import { buildTree } from '../../platform/tree.js';
import type { Db } from '../../platform/db/index.js';
import { isUniqueViolation } from '../../platform/db/unique.js';
import { AppError, bad, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { listPage, type ListSpec } from '../../platform/list.js';
import type { FilterDef, PageQuery } from '../../platform/paging.js';
import type { Scope } from '../../platform/scope.js';
import { all, camelKeys, exec, first, scoped, sql } from '../../platform/sql/index.js';

export const columns = new Repo({
  table: 'content_column',
  tree: true,
  fields: ['id', 'parentId', 'name', 'code', 'sort', 'status', 'remark', 'createTime'],
  filters: {
    name: { column: 'name', type: 'text' },
    status: { column: 'status', type: 'exact' },
    parentId: { column: 'parentId', type: 'exact' },
  },
  sortable: ['sort'],
  defaultOrder: 't.sort, t.id',
  writable: ['parentId', 'name', 'code', 'sort', 'status', 'remark'],
});

export async function saveColumn(db: Db, scope: Scope, body: ContentColumnSubmit): Promise<string> {
  const name = body.name.trim();
  if (!name) throw bad('validation.required', { field: 'name' });
  const parentId = body.parentId && body.parentId !== '0' ? body.parentId : '0';
  try {
    return await db.tx(async (t) => {
      if (parentId !== '0') {
        const tree = await all(
          t,
          scoped(scope).selectFrom('content_column', 'c').select(['c.id', 'c.parentId']),
        );
        const up = new Map(tree.map((c) => [String(c.id), String(c.parentId)]));
        if (!up.has(parentId)) throw bad('content.parentMissing', { field: 'parentId' });
        // Walking up from the new parent must never meet the column itself.
        for (let at: string | undefined = parentId, n = 0; at && at !== '0' && n < 64; at = up.get(at), n++)
          if (at === body.id) throw bad('content.cycle', { field: 'parentId' });
      }
      return columns.submit(t, scope, {
        ...body,
        name,
        parentId,
        sort: body.sort ?? 0,
        remark: body.remark?.trim() ?? '',
      });
    });
  } catch (e) {
    if (isUniqueViolation(e, 'content_column_code')) throw bad('content.codeTaken', { code: body.code });
    throw e;
  }
}

/** Removes columns with neither children (the Repo refuses) nor articles. */
export async function removeColumns(db: Db, scope: Scope, ids: string[]): Promise<number> {
  return db.tx(async (t) => {
    const used = await first(
      t,
      scoped(scope).selectFrom('content_article', 'a').select('a.id').where('a.columnId', 'in', ids).limit(1),
    );
    if (used) throw bad('content.columnHasArticles');
    return columns.remove(t, scope, ids);
  });
}

/** Every column as a nested tree for pickers: `{ id, name, title, value, children }`, by sort. */
export async function columnTree(db: Db, scope: Scope): Promise<ColumnNode[]> {
  const rows = (await columns.list(db, scope)) as Array<{
    id: string;
    parentId: string;
    name: string;
    sort: number;
  }>;
  const tree = buildTree(
    rows.map((r) => ({ id: String(r.id), parentId: String(r.parentId), sort: Number(r.sort), name: r.name })),
  );
  const shape = (list: typeof tree): ColumnNode[] =>
    list.map((n) => ({
      id: n.id,
      name: n.name,
      title: n.name,
      value: n.id,
      ...(n.children?.length ? { children: shape(n.children as typeof tree) } : {}),
    }));
  return shape(tree);
}
export interface ColumnNode {
  id: string;
  name: string;
  title: string;
  value: string;
  children?: ColumnNode[];
}

// ---- articles -----------------------------------------------------------------------------------------

const timeText = (col: string) => sql<string | null>`to_char(${sql.ref(col)}, 'YYYY-MM-DD HH24:MI:SS')`;

function articleQuery(scope: Scope) {
  return scoped(scope)
    .selectFrom('content_article', 'a')
    .leftJoin('content_column as c', 'c.id', 'a.columnId')
    .leftJoin('blade_user as u', 'u.id', 'a.createUser')
    .select([
      sql<string>`a.id::text`.as('id'),
      sql<string>`a.column_id::text`.as('columnId'),
      sql<string>`coalesce(c.name, '')`.as('columnName'),
      'a.title',
      'a.summary',
      'a.coverUrl',
      'a.status',
      'a.top',
      timeText('a.publishTime').as('publishTime'),
      sql<string>`coalesce(nullif(u.real_name, ''), u.account, '')`.as('authorName'),
      timeText('a.createTime').as('createTime'),
      timeText('a.updateTime').as('updateTime'),
    ]);
}

export const ARTICLE_FILTERS: Record<string, FilterDef> = {
  title: { column: 'a.title', type: 'text', kind: 'text' },
  columnId: { column: 'a.columnId', type: 'exact', kind: 'integer' },
  status: { column: 'a.status', type: 'exact', kind: 'text' },
  createTime: { column: 'a.createTime', type: 'date', kind: 'date' },
};
const ARTICLE_LIST: ListSpec = {
  filters: ARTICLE_FILTERS,
  ref: (f) => f,
  sortable: { createTime: 'a.create_time', publishTime: 'a.publish_time' },
  defaultOrder: 'a.top DESC, a.create_time DESC, a.id DESC',
  id: 'a.id',
  tables: { a: 'content_article' },
};

export async function articlePage(db: Db, scope: Scope, query: PageQuery & Record<string, unknown>) {
  const p = await listPage(db, articleQuery(scope), ARTICLE_LIST, query, (s) => s);
  return { ...p, records: p.records.map((r) => camelKeys<Article>(r)) };
}

export async function articleDetail(db: Db, scope: Scope, id: string): Promise<ArticleDetail> {
  const row = await first(db, articleQuery(scope).select('a.body').where('a.id', '=', id));
  if (!row) throw notFound();
  const body = typeof row.body === 'string' ? JSON.parse(row.body) : row.body;
  return { ...camelKeys<Article>(row), body } as ArticleDetail;
}

/** The body's shape and size: a `doc` with at least one node holding text or an image. */
export function checkBody(body: unknown): string {
  const text = JSON.stringify(body);
  if (Buffer.byteLength(text) > ARTICLE_BODY_MAX_BYTES)
    throw bad('content.bodyTooLarge', { field: 'body', max: ARTICLE_BODY_MAX_BYTES });
  if (!/"text":"[^"]*[^"\s]|"type":"image"/.test(text)) throw bad('content.bodyEmpty', { field: 'body' });
  return text;
}

export async function saveArticle(db: Db, scope: Scope, body: ArticleSubmit): Promise<string> {
  const title = body.title.trim();
  if (!title) throw bad('validation.required', { field: 'title' });
  const doc = checkBody(body.body);
  return db.tx(async (t) => {
    const col = await first(
      t,
      scoped(scope).selectFrom('content_column', 'c').select('c.id').where('c.id', '=', body.columnId),
    );
    if (!col) throw bad('content.columnMissing', { field: 'columnId' });
    const fields = {
      columnId: body.columnId,
      title,
      summary: body.summary?.trim() ?? '',
      coverUrl: body.coverUrl?.trim() ?? '',
      top: body.top ?? false,
      body: doc,
      updateUser: scope.userId,
    };
    if (body.id) {
      const done = await exec(
        t,
        scoped(scope)
          .updateTable('content_article')
          .set({ ...fields, updateTime: sql<Date>`now()` } as never)
          .where('id', '=', body.id)
          .returning('id'),
      );
      if (!done.length) throw notFound();
      return body.id;
    }
    const id = newId();
    await exec(
      t,
      scoped(scope).insertInto('content_article', {
        id,
        ...fields,
        status: 'draft',
        createUser: scope.userId,
        createDept: scope.deptId,
      } as never),
    );
    return id;
  });
}

const MOVES: Record<'published' | 'offline', ArticleStatus[]> = {
  published: ['draft', 'offline'],
  offline: ['published'],
};

/** Publishes (a draft or an offline article) or takes offline (a published one); anything else is refused. */
export async function moveArticle(
  db: Db,
  scope: Scope,
  id: string,
  to: 'published' | 'offline',
): Promise<Article> {
  const done = await exec(
    db,
    scoped(scope)
      .updateTable('content_article')
      .set({
        status: to,
        ...(to === 'published' ? { publishTime: sql<Date>`now()` } : {}),
        updateUser: scope.userId,
        updateTime: sql<Date>`now()`,
      } as never)
      .where('id', '=', id)
      .where('status', 'in', MOVES[to])
      .returning('id'),
  );
  const a = await articleDetail(db, scope, id);
  if (!done.length) {
    const [fromZh, fromEn] = CONTENT_LABELS.articleStatus![a.status]!;
    const [toZh, toEn] = CONTENT_LABELS.articleStatus![to]!;
    throw new AppError(409, 'content.moveRefused', { fromZh, fromEn, toZh, toEn });
  }
  const { body: _body, ...view } = a;
  void _body;
  return view;
}

export const removeArticles = async (db: Db, scope: Scope, ids: string[]) => {
  if (!ids.length) throw bad('validation.required', { field: 'ids' });
  const done = await exec(
    db,
    scoped(scope)
      .updateTable('content_article')
      .set({ isDeleted: 1, updateUser: scope.userId, updateTime: sql<Date>`now()` })
      .where('id', 'in', ids)
      .returning('id'),
  );
  return done.length;
};

/**
 * Column-content publishing (栏目内容发布): columns (栏目, a tree) and their articles, written in a rich-text
 * editor and published, taken offline, published again. `/store/column/column`, `/store/publish/*`,
 * `/api/blade-content/*`; docs/content.md.
 */
import { Type, type Static } from 'typebox';
import { Id, Nullable, treeOf } from './common.js';

/** draft → published ⇄ offline. */
export const ARTICLE_STATUSES = ['draft', 'published', 'offline'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

export const CONTENT_LABELS: Record<string, Record<string, [zh: string, en: string]>> = {
  articleStatus: {
    draft: ['草稿', 'Draft'],
    published: ['已发布', 'Published'],
    offline: ['已下线', 'Offline'],
  },
};

/** The stored body: the editor's document (TipTap / ProseMirror JSON), never HTML, so no markup is trusted. */
export const ARTICLE_BODY_MAX_BYTES = 200_000;
export const ARTICLE_TITLE_MAX = 100;
export const ARTICLE_SUMMARY_MAX = 200;

export const ContentColumn = Type.Object({
  id: Id(),
  parentId: Type.String(),
  name: Type.String(),
  code: Type.String(),
  sort: Type.Integer(),
  /** 1 shown, 0 hidden. */
  status: Type.Integer(),
  remark: Type.String(),
  hasChildren: Type.Optional(Type.Boolean()),
  createTime: Type.String(),
});
export type ContentColumn = Static<typeof ContentColumn>;

export const ContentColumnSubmit = Type.Object({
  id: Type.Optional(Id()),
  parentId: Type.Optional(Type.String({ pattern: '^(0|[1-9]\\d{0,18})$' })),
  name: Type.String({ minLength: 1, maxLength: 40 }),
  code: Type.String({ pattern: '^[a-z0-9_-]{1,32}$' }),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 9999 })),
  status: Type.Integer({ minimum: 0, maximum: 1 }),
  remark: Type.Optional(Type.String({ maxLength: 200 })),
});
export type ContentColumnSubmit = Static<typeof ContentColumnSubmit>;

/** A column in the pickers' tree (`column/tree`): value = id. */
export const ContentColumnNode = treeOf('ContentColumnNode', {
  id: Type.String(),
  name: Type.String(),
  title: Type.String(),
  value: Type.String(),
});
export type ContentColumnNode = Static<typeof ContentColumnNode>;

/** A node's or a mark's attributes: scalar values only (a heading's level, a link's address). */
const Attrs = Type.Record(
  Type.String({ maxLength: 40 }),
  Type.Union([Type.String({ maxLength: 2000 }), Type.Number(), Type.Boolean(), Type.Null()]),
);

/**
 * A node of the editor's document (ProseMirror JSON as TipTap writes it): its type, attributes, marks, text
 * and children, declared field by field so no open object passes the route's schema.
 */
export const DocNode = Type.Cyclic(
  {
    DocNode: Type.Object({
      type: Type.String({ maxLength: 40 }),
      attrs: Type.Optional(Attrs),
      marks: Type.Optional(
        Type.Array(Type.Object({ type: Type.String({ maxLength: 40 }), attrs: Type.Optional(Attrs) }), {
          maxItems: 20,
        }),
      ),
      text: Type.Optional(Type.String()),
      content: Type.Optional(Type.Array(Type.Ref('DocNode'))),
    }),
  },
  'DocNode',
);
export type DocNode = Static<typeof DocNode>;

/** The editor's document: the root `doc` node. */
export const ArticleDoc = Type.Object({
  type: Type.Literal('doc'),
  content: Type.Optional(Type.Array(DocNode)),
});
export type ArticleDoc = Static<typeof ArticleDoc>;

export const Article = Type.Object({
  id: Id(),
  columnId: Id(),
  columnName: Type.String(),
  title: Type.String(),
  summary: Type.String(),
  coverUrl: Type.String(),
  status: Type.Unsafe<ArticleStatus>(Type.Union(ARTICLE_STATUSES.map((s) => Type.Literal(s)))),
  /** Shown first in its column. */
  top: Type.Boolean(),
  publishTime: Nullable(Type.String()),
  authorName: Type.String(),
  createTime: Type.String(),
  updateTime: Type.String(),
});
export type Article = Static<typeof Article>;

/** The article with its body (detail only: lists never carry bodies). */
export const ArticleDetail = Type.Intersect([Article, Type.Object({ body: ArticleDoc })]);
export type ArticleDetail = Static<typeof ArticleDetail>;

export const ArticleSubmit = Type.Object({
  id: Type.Optional(Id()),
  columnId: Id(),
  title: Type.String({ minLength: 1, maxLength: ARTICLE_TITLE_MAX }),
  summary: Type.Optional(Type.String({ maxLength: ARTICLE_SUMMARY_MAX })),
  coverUrl: Type.Optional(Type.String({ maxLength: 500 })),
  top: Type.Optional(Type.Boolean()),
  body: ArticleDoc,
});
export type ArticleSubmit = Static<typeof ArticleSubmit>;

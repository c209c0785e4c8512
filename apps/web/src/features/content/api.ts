import { ARTICLE_BODY_MAX_BYTES, type Article, type ArticleDetail } from '@forecourt/contracts';
import { http } from '@/shared/http';
import type { TreeChoice } from '@/shared/crud';

export const COLUMN = '/api/blade-content/column';
export const ARTICLE = '/api/blade-content/article';
/** The article list's query-cache name (its def's name). */
export const ARTICLE_LIST = 'content-article';
/** The column tree's cache key, shared by the tree selects (`['crud-tree', key]`, what the engine's reload renews). */
export const COLUMN_TREE = 'content-column-tree';

export const LIST_PATH = '/store/publish/PublishList';
export const DETAIL_PATH = '/store/publish/ContentDetail';

interface ColumnNode {
  id: string | number;
  name: string;
  children?: ColumnNode[];
}

const toChoices = (nodes: ColumnNode[]): TreeChoice[] =>
  nodes.map((n) => ({
    value: String(n.id),
    title: n.name,
    ...(n.children?.length ? { children: toChoices(n.children) } : {}),
  }));

/** Every column as a tree select's nodes. */
export const loadColumnTree = async () => toChoices((await http.get<ColumnNode[]>(`${COLUMN}/tree`)) ?? []);

export const articleDetail = (id: string) => http.get<ArticleDetail>(`${ARTICLE}/detail`, { params: { id } });
export const publishArticle = (id: string) => http.post<Article>(`${ARTICLE}/publish`, { id });
export const offlineArticle = (id: string) => http.post<Article>(`${ARTICLE}/offline`, { id });

/** A document with no text in it (an empty paragraph, blank lines). */
export function isEmptyDoc(node: unknown): boolean {
  if (!node || typeof node !== 'object') return true;
  const n = node as { type?: string; text?: string; content?: unknown[] };
  if (n.type === 'text') return !n.text?.trim();
  return (n.content ?? []).every(isEmptyDoc);
}

/** The body's size as the server weighs it (UTF-8 bytes of its JSON). */
export const bodyBytes = (doc: unknown) => new TextEncoder().encode(JSON.stringify(doc)).length;
export const bodyTooLarge = (doc: unknown) => bodyBytes(doc) > ARTICLE_BODY_MAX_BYTES;

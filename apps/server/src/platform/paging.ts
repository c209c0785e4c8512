import { Type, type TProperties } from 'typebox';
import { bad } from './errors.js';
import type { Page } from './envelope.js';

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 1000;

export interface PageQuery {
  current?: number | string;
  size?: number | string;
  ascs?: string;
  descs?: string;
}

export function pageParams(q: PageQuery) {
  const current = Math.max(1, Math.floor(Number(q.current ?? 1)) || 1);
  const size = Math.min(
    MAX_PAGE_SIZE,
    Math.max(1, Math.floor(Number(q.size ?? DEFAULT_PAGE_SIZE)) || DEFAULT_PAGE_SIZE),
  );
  return { current, size, offset: (current - 1) * size };
}

export function toPage<T>(records: T[], total: number, current: number, size: number): Page<T> {
  return { records, total, size, current, pages: Math.ceil(total / size) };
}

/**
 * ORDER BY from ascs/descs (comma-separated field names). Only whitelisted fields may be named,
 * so no caller text ever reaches the SQL.
 */
export function orderBy(q: PageQuery, sortable: Record<string, string>, fallback: string): string {
  const parts: string[] = [];
  for (const [dir, list] of [
    ['ASC', q.ascs],
    ['DESC', q.descs],
  ] as const) {
    for (const f of (list ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const col = sortable[f] ?? sortable[snakeToCamel(f)];
      if (!col) throw bad('common.badSort', { field: f });
      parts.push(`${col} ${dir}`);
    }
  }
  return parts.length ? parts.join(', ') : fallback;
}

const snakeToCamel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** How a list filter compares: text is LIKE %v% by default, the rest equality; suffixes change the operator. */
export type FilterType = 'text' | 'number' | 'exact' | 'date';
export interface FilterDef {
  column: string;
  type: FilterType;
}

const SUFFIX_OPS: Record<string, string> = {
  _equal: '=',
  _ge: '>=',
  _le: '<=',
  _gt: '>',
  _lt: '<',
  _like: 'LIKE',
};

/**
 * Builds WHERE fragments for the declared filters present in the query, appending their values to params.
 * Undeclared parameters are ignored: only declared columns can ever be filtered.
 */
export function buildFilters(
  q: Record<string, unknown>,
  defs: Record<string, FilterDef>,
  params: unknown[],
): string[] {
  const where: string[] = [];
  for (const [key, raw] of Object.entries(q)) {
    if (raw === undefined || raw === null || raw === '') continue;
    let field = key;
    let op: string | undefined;
    for (const [suffix, o] of Object.entries(SUFFIX_OPS)) {
      if (key.endsWith(suffix)) {
        field = key.slice(0, -suffix.length);
        op = o;
        break;
      }
    }
    const def = defs[field];
    if (!def) continue;
    const value = String(raw);
    op ??= def.type === 'text' ? 'LIKE' : '=';
    if (op === 'LIKE') {
      params.push(`%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      where.push(`${def.column}::text LIKE $${params.length}`);
    } else {
      params.push(def.type === 'number' ? Number(value) : value);
      where.push(`${def.column} ${op} $${params.length}${def.type === 'date' ? '::timestamptz' : ''}`);
    }
  }
  return where;
}

/** Query-string schema of a list route: paging, sorting and each declared filter with its suffixes. */
export function listQuerySchema(defs: Record<string, FilterDef>, extra: TProperties = {}) {
  const props: TProperties = {
    current: Type.Optional(Type.Integer({ minimum: 1 })),
    size: Type.Optional(Type.Integer({ minimum: 1 })),
    ascs: Type.Optional(Type.String({ maxLength: 200 })),
    descs: Type.Optional(Type.String({ maxLength: 200 })),
    ...extra,
  };
  for (const f of Object.keys(defs)) {
    props[f] = Type.Optional(Type.String({ maxLength: 200 }));
    for (const s of Object.keys(SUFFIX_OPS)) props[f + s] = Type.Optional(Type.String({ maxLength: 200 }));
  }
  return Type.Object(props);
}

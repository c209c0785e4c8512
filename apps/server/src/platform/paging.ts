import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { Type, type TObject, type TOptional, type TProperties, type TString } from 'typebox';
import { bad } from './errors.js';
import type { Page } from './envelope.js';
import { BIGINT_MAX } from './schema.js';

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 1000;
/** Far beyond any real list, and small enough that (current - 1) * size stays an exact integer. */
export const MAX_PAGE = 1_000_000;

export interface PageQuery {
  current?: number | string;
  size?: number | string;
  ascs?: string;
  descs?: string;
  cursor?: string;
}

/**
 * A route whose schema lets current/size through as text still gets bounded integers: `1e21` or
 * `Infinity` would otherwise reach OFFSET and fail in the database.
 */
function pageNumber(field: string, raw: number | string | undefined, fallback: number, max: number) {
  if (raw === undefined || raw === '') return fallback;
  const n = typeof raw === 'number' ? raw : /^\s*-?\d{1,16}\s*$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n)) throw bad('validation.type', { field, type: 'integer' });
  if (n > max) throw bad('validation.maximum', { field, limit: max });
  return Math.max(1, n);
}

export function pageParams(q: PageQuery) {
  const current = pageNumber('current', q.current, 1, MAX_PAGE);
  const size = Math.min(
    MAX_PAGE_SIZE,
    pageNumber('size', q.size, DEFAULT_PAGE_SIZE, Number.MAX_SAFE_INTEGER),
  );
  return { current, size, offset: (current - 1) * size };
}

export function toPage<T>(records: T[], total: number, current: number, size: number): Page<T> {
  return { records, total, size, current, pages: Math.ceil(total / size) };
}

/** One key of an ORDER BY: a trusted column reference and its direction. */
export interface SortKey {
  col: string;
  desc: boolean;
  /** May hold NULL (keyset paging needs to know). */
  nullable?: boolean;
}

/**
 * `t.sort, t.id DESC` → keys. Trusted text only (a definition's default order). NULLS FIRST/LAST may be
 * written where it is PostgreSQL's default for the direction (keyset paging assumes that placement).
 */
export function parseOrder(order: string): SortKey[] {
  return order
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((part) => {
      const m = /^(\S+)(?:\s+(ASC|DESC))?(?:\s+NULLS\s+(FIRST|LAST))?$/i.exec(part);
      const desc = (m?.[2] ?? '').toUpperCase() === 'DESC';
      const nulls = m?.[3]?.toUpperCase();
      if (!m || (nulls && nulls !== (desc ? 'FIRST' : 'LAST')))
        throw new Error(`not an order key a list can page by: ${part}`);
      return { col: m[1]!, desc };
    });
}

/**
 * The sort keys from ascs/descs (comma-separated field names), or the fallback. Only whitelisted fields
 * may be named, so no caller text ever reaches the SQL.
 */
export function orderKeys(q: PageQuery, sortable: Record<string, string>, fallback: string): SortKey[] {
  const keys: SortKey[] = [];
  for (const [desc, list] of [
    [false, q.ascs],
    [true, q.descs],
  ] as const) {
    for (const f of (list ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      // Own properties only: `__proto__` or `constructor` must not find Object.prototype's members.
      const name = Object.hasOwn(sortable, f) ? f : snakeToCamel(f);
      const col = Object.hasOwn(sortable, name) ? sortable[name] : undefined;
      if (!col) throw bad('common.badSort', { field: f });
      if (!keys.some((k) => k.col === col)) keys.push({ col, desc });
    }
  }
  return keys.length ? keys : parseOrder(fallback);
}

/** ORDER BY text of orderKeys(). */
export function orderBy(q: PageQuery, sortable: Record<string, string>, fallback: string): string {
  const keys = orderKeys(q, sortable, fallback);
  return q.ascs || q.descs ? keys.map((k) => `${k.col} ${k.desc ? 'DESC' : 'ASC'}`).join(', ') : fallback;
}

const snakeToCamel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** How a list filter compares: text is LIKE %v% by default, the rest equality; suffixes change the operator. */
export type FilterType = 'text' | 'number' | 'exact' | 'date';
/** What the column holds in the database, as far as a filter value must be checked before it gets there. */
export type ColumnKind = 'integer' | 'numeric' | 'date' | 'text';
export interface FilterDef {
  /** The field (camelCase column) of the table the filter compares. */
  column: string;
  type: FilterType;
  /** The column's type in the database (Repo takes it from the generated schema); wins over `type` for checks. */
  kind?: ColumnKind;
}

const INTEGER = /^-?\d{1,19}$/;
const NUMERIC = /^-?(?:\d{1,30}(?:\.\d{0,30})?|\.\d{1,30})$/;
/** yyyy-MM-dd, optionally with a time and an offset: what the console sends and PostgreSQL reads. */
const DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/;

const validDate = (v: string) => {
  const m = DATE.exec(v);
  if (!m) return false;
  const [y, mo, d, h = '0', mi = '0', s = '0'] = m.slice(1).map((x) => x ?? '0');
  const day = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  return (
    Number(y) >= 1 &&
    day.getUTCMonth() === Number(mo) - 1 &&
    day.getUTCDate() === Number(d) &&
    Number(h) < 24 &&
    Number(mi) < 60 &&
    Number(s) < 60
  );
};

const MIN_BIGINT = -BigInt(BIGINT_MAX) - 1n;

/** The value as the column takes it, or a 400 naming the query field: never a database error. */
function typedValue(field: string, def: FilterDef, value: string): unknown {
  const kind = def.kind ?? (def.type === 'number' ? 'numeric' : def.type === 'date' ? 'date' : 'text');
  if (kind === 'integer') {
    if (!INTEGER.test(value)) throw bad('validation.type', { field, type: 'integer' });
    const n = BigInt(value);
    if (n > BigInt(BIGINT_MAX) || n < MIN_BIGINT)
      throw bad('validation.maximum', { field, limit: BIGINT_MAX });
    return value;
  }
  if (kind === 'numeric') {
    if (!NUMERIC.test(value)) throw bad('validation.type', { field, type: 'number' });
    return def.type === 'number' ? Number(value) : value;
  }
  if (kind === 'date' && !validDate(value)) throw bad('validation.format', { field });
  return value;
}

const SUFFIX_OPS: Record<string, string> = {
  _equal: '=',
  _ge: '>=',
  _le: '<=',
  _gt: '>',
  _lt: '<',
  _like: 'LIKE',
};

/** The declared filters present in the query, with the operator each compares by. */
function* activeFilters(q: Record<string, unknown>, defs: Record<string, FilterDef>) {
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
    const def = Object.hasOwn(defs, field) ? defs[field] : undefined;
    if (!def) continue;
    yield { key, def, op: op ?? (def.type === 'text' ? 'LIKE' : '='), value: String(raw) };
  }
}

/** Whether the query searches (a declared filter compares by LIKE %v%): no index orders its matches. */
export function isSearch(q: Record<string, unknown>, defs: Record<string, FilterDef>): boolean {
  for (const f of activeFilters(q, defs)) if (f.op === 'LIKE') return true;
  return false;
}

/**
 * The WHERE conditions for the declared filters present in the query, each value checked against its
 * column's kind first. Undeclared parameters are ignored: only declared columns can ever be filtered.
 * `ref` turns a filter's field into the column reference (CamelCasePlugin snake-cases it).
 */
export function filterConditions(
  q: Record<string, unknown>,
  defs: Record<string, FilterDef>,
  ref: (field: string) => string = (f) => `t.${f}`,
): RawBuilder<SqlBool>[] {
  const where: RawBuilder<SqlBool>[] = [];
  for (const { key, def, op, value } of activeFilters(q, defs)) {
    const col = sql.ref(ref(def.column));
    if (op === 'LIKE') {
      // A text column is compared as it is, so its trigram index (PostgreSQL) can serve the search.
      const text = def.kind === 'text' ? col : sql`${col}::text`;
      where.push(sql<SqlBool>`${text} LIKE ${`%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
    } else {
      const v = typedValue(key, def, value);
      where.push(
        def.type === 'date'
          ? sql<SqlBool>`${col} ${sql.raw(op)} ${v}::timestamptz`
          : sql<SqlBool>`${col} ${sql.raw(op)} ${v}`,
      );
    }
  }
  return where;
}

/** current/size/ascs/descs for routes that build their own query schema. */
export const pageQueryProps = {
  current: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
  ascs: Type.Optional(Type.String({ maxLength: 200 })),
  descs: Type.Optional(Type.String({ maxLength: 200 })),
  cursor: Type.Optional(Type.String({ maxLength: 2000 })),
} satisfies TProperties;

/** Query-string schema of a list route: paging, sorting and each declared filter with its suffixes. */
export function listQuerySchema<E extends TProperties = Record<never, never>>(
  defs: Record<string, FilterDef>,
  extra?: E,
) {
  const props: TProperties = {
    ...pageQueryProps,
    ...extra,
  };
  for (const f of Object.keys(defs)) {
    props[f] = Type.Optional(Type.String({ maxLength: 200 }));
    for (const s of Object.keys(SUFFIX_OPS)) props[f + s] = Type.Optional(Type.String({ maxLength: 200 }));
  }
  // Typed by the fields a handler reads by name (paging and the extras); the filters are read by the Repo.
  return Type.Object(props) as unknown as TObject<typeof pageQueryProps & E>;
}

/** Query-string schema of a route that reads a list's filters without paging it (a summary, an export). */
export function filterQuerySchema(defs: Record<string, FilterDef>) {
  const props: TProperties = {};
  for (const f of Object.keys(defs)) {
    props[f] = Type.Optional(Type.String({ maxLength: 200 }));
    for (const s of Object.keys(SUFFIX_OPS)) props[f + s] = Type.Optional(Type.String({ maxLength: 200 }));
  }
  return Type.Object(props) as unknown as TObject<Record<string, TOptional<TString>>>;
}

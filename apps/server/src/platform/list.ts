import { LRUCache } from 'lru-cache';
import { sql, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Page } from '@forecourt/contracts';
import type { Db, Row } from './db/index.js';
import { GroupedReadBatcher } from './db/read-batcher.js';
import { dbKey, keptSearches, keptTables, seenSearches, versionedTables } from './list-cache.js';
import { bad } from './errors.js';
import { qb } from './sql/kysely.js';
import {
  filterConditions,
  isSearch,
  orderKeys,
  pageParams,
  type FilterDef,
  type PageQuery,
  type SortKey,
} from './paging.js';
import { nullableColumns } from './sql/schema.gen.js';

/**
 * Every list of the product reads its pages here, so a list of a million rows answers as fast as one of ten.
 *
 * Guarantees:
 * - The rows of a page are read by an ordered LIMIT: `OFFSET` only for pages the caller names by number,
 *   keyset (`cursor`) for the neighbouring pages, whatever their depth; the ORDER BY always ends in the id,
 *   so the order is total and a row is never skipped or shown twice between neighbouring pages.
 * - `total` is exact up to EXACT_COUNT_LIMIT rows; above it, it is the planner's estimate and the page says
 *   `estimated: true` (PostgREST's `count=estimated`). A page that ends the list makes the total exact
 *   without a count. No request ever counts more than EXACT_COUNT_LIMIT + 1 rows.
 * - A search (a LIKE filter) reads its matches once: no index gives them in the list's order, so the page
 *   and its capped count would each read every match (the trigram index finds them, the table holds
 *   them). One statement gathers at most EXACT_COUNT_LIMIT + 1 of them, counts them and takes the page
 *   from them; only when there are more does the page run on its own, and the total is the estimate.
 * - A search of tables that keep a version (dictionaries) keeps its matches' ids between requests while
 *   the tables are unchanged: each page is then one statement of its own rows and the versions, checked
 *   against the kept ones in the same snapshot (list-cache.ts). A cursor whose row has moved since, or a
 *   table without a version, reads as above.
 * - The planner's estimate of a list (its filters, its tenant) is asked at most once per ESTIMATE_TTL_MS
 *   and kept in a bounded cache: paging through a list runs its rows, and its capped count when it is
 *   small, and nothing else. The estimate only ever picks between "count it" and "about N"; the planner's
 *   statistics it comes from are themselves minutes old, so seconds more do not make it worse.
 * - The same statement of a list (its SQL and parameters: the tenant, the scope, the filters, the page)
 *   asked by requests that arrive together runs once for all of them — staff opening the same list, a
 *   search typed on many desks — and each gets its own copy of the rows. A request never joins a read
 *   already on its way (it may predate a change its caller made): it goes with the next one, so every
 *   answer was read after its request came. At most two reads of one statement are on their way at once.
 *   Inside a transaction, never (its reads must see its own writes).
 * - A cursor only carries sort-key values; it is checked against the order at hand (a cursor of another
 *   order is a 400 naming `cursor`) and its values only ever reach SQL as parameters.
 */
export const EXACT_COUNT_LIMIT = 10_000;
export const ESTIMATE_TTL_MS = 10_000;

/**
 * Estimates by statement and parameters (the tenant and the caller's filters are among them, so one
 * tenant's or one search's figure never answers another's). Keyed by caller input, so bounded in entries
 * and in key bytes.
 */
export const estimates = new LRUCache<string, number>({
  max: 5_000,
  maxSize: 4 * 1024 * 1024,
  sizeCalculation: (_v, key) => key.length + 16,
  ttl: ESTIMATE_TTL_MS,
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ListQuery = SelectQueryBuilder<any, any, object>;

export interface ListSpec {
  /** Query field → the column it compares (see paging.ts FilterDef). */
  filters: Record<string, FilterDef>;
  /** A filter's field → its column reference (default `t.<field>`). */
  ref?: (field: string) => string;
  /** Field → trusted column reference (`t.create_time`) that `ascs`/`descs` may name. */
  sortable: Record<string, string>;
  /** Trusted, e.g. `t.sort, t.id` or `t.create_time DESC, t.id DESC`. */
  defaultOrder: string;
  /** The unique id column that ends every order (`t.id`). */
  id: string;
  /** Alias → table, for knowing which sort columns may hold NULL. */
  tables: Record<string, string>;
  /**
   * A tree's table (trusted): each row of the page says whether it has children (`has_children`), probed
   * in the page's own statement after its LIMIT, one EXISTS on the parent index per row of the page.
   */
  children?: { table: string; softDelete: boolean };
}

interface Cursor {
  /** The order the values belong to. */
  o: string;
  /** n: rows after v; p: rows before v. */
  d: 'n' | 'p';
  v: (string | null)[];
}

const signature = (keys: SortKey[]) => keys.map((k) => `${k.col}${k.desc ? '-' : '+'}`).join(',');

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

function decodeCursor(raw: string, keys: SortKey[]): Cursor | 'last' {
  if (raw === 'last') return 'last';
  let c: unknown;
  try {
    c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw bad('validation.format', { field: 'cursor' });
  }
  const ok =
    typeof c === 'object' &&
    c !== null &&
    (c as Cursor).o === signature(keys) &&
    ((c as Cursor).d === 'n' || (c as Cursor).d === 'p') &&
    Array.isArray((c as Cursor).v) &&
    (c as Cursor).v.length === keys.length &&
    (c as Cursor).v.every((x) => x === null || (typeof x === 'string' && x.length <= 200));
  if (!ok) throw bad('validation.format', { field: 'cursor' });
  return c as Cursor;
}

/** The sort keys of the request, ending in the id (in the direction of the key before it). */
export function listOrder(query: PageQuery, spec: ListSpec): SortKey[] {
  const keys = orderKeys(query, spec.sortable, spec.defaultOrder);
  if (!keys.some((k) => k.col === spec.id)) keys.push({ col: spec.id, desc: keys.at(-1)?.desc ?? false });
  return keys.map((k) => ({ ...k, nullable: k.nullable ?? isNullable(spec, k.col) }));
}

const camel = (s: string) => s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

function isNullable(spec: ListSpec, col: string): boolean {
  const [alias, column] = col.includes('.') ? col.split('.') : ['t', col];
  const table = spec.tables[alias!];
  // A column we cannot place is treated as nullable: slower, never wrong.
  if (!table) return true;
  return (nullableColumns[table] ?? []).includes(camel(column!));
}

const ORDER = (keys: SortKey[]) => sql.raw(keys.map((k) => `${k.col} ${k.desc ? 'DESC' : 'ASC'}`).join(', '));

/**
 * Rows strictly after `v` in the order of `keys` (PostgreSQL's default: NULLS LAST ascending, FIRST
 * descending). One row comparison when the keys share a direction and hold no NULL — the form an index
 * range scan serves; otherwise the expanded form.
 */
export function after(keys: SortKey[], v: (string | null)[]): RawBuilder<SqlBool> {
  const sameDir = keys.every((k) => k.desc === keys[0]!.desc);
  if (sameDir && keys.every((k, i) => !k.nullable && v[i] !== null)) {
    const cols = sql.raw(keys.map((k) => k.col).join(', '));
    const vals = sql.join(v.map((x) => sql`${x}`));
    return keys[0]!.desc ? sql<SqlBool>`(${cols}) < (${vals})` : sql<SqlBool>`(${cols}) > (${vals})`;
  }
  const eq = (k: SortKey, x: string | null) =>
    x === null ? sql<SqlBool>`${sql.raw(k.col)} IS NULL` : sql<SqlBool>`${sql.raw(k.col)} = ${x}`;
  const gt = (k: SortKey, x: string | null): RawBuilder<SqlBool> => {
    const c = sql.raw(k.col);
    if (!k.desc) return x === null ? sql<SqlBool>`FALSE` : sql<SqlBool>`(${c} > ${x} OR ${c} IS NULL)`;
    return x === null ? sql<SqlBool>`${c} IS NOT NULL` : sql<SqlBool>`${c} < ${x}`;
  };
  const ors = keys.map((k, i) => {
    const parts = [...keys.slice(0, i).map((p, j) => eq(p, v[j]!)), gt(k, v[i]!)];
    return sql<SqlBool>`(${sql.join(parts, sql` AND `)})`;
  });
  return sql<SqlBool>`(${sql.join(ors, sql` OR `)})`;
}

/**
 * `has_children` of each row of the page `p` (a CTE of the page's rows, after its LIMIT), as a semi-join
 * over them: one probe of the parent index per row. (An EXISTS in the select list runs under a sort for
 * every candidate row, and the planner, expecting many children per parent, plans it as a scan that stops
 * at the first child: a whole-table read for every leaf.)
 */
function childrenProbe(children: NonNullable<ListSpec['children']>, ids = 'p', id = 'id'): string {
  const live = children.softDelete ? ' AND c.is_deleted = 0' : '';
  return (
    `p.id IN (SELECT k.${id} FROM ${ids} k WHERE EXISTS ` +
    `(SELECT 1 FROM ${children.table} c WHERE c.parent_id = k.${id}${live})) AS has_children`
  );
}

const flip = (keys: SortKey[]) => keys.map((k) => ({ ...k, desc: !k.desc }));
const KEY = (i: number) => `zkey${i}`;
/** The sort keys as their own type, for ordering the page again outside its LIMIT (spec.children). */
const ORD = (i: number) => `zord${i}`;

type Compiled = { sql: string; parameters: readonly unknown[] };
interface KeptStatements {
  /** The tables the search reads: it is kept only if each of them keeps a version. */
  tables: string[];
  /** What keeps this search's matches apart from every other's: its gathering, order and parameters. */
  key: string;
  /** The gathered page (as `gathered`), with every match's id in the list's order and the versions. */
  gathered: Compiled;
  /** The rows of these ids (in no order) and the tables' versions, in one snapshot. */
  page: (ids: string[]) => Compiled;
}

/** The page's statements, built but not run (the plan test explains them). */
export function listStatements(
  from: ListQuery,
  spec: ListSpec,
  query: PageQuery & Record<string, unknown>,
  select: (q: ListQuery) => ListQuery,
  exactLimit = EXACT_COUNT_LIMIT,
) {
  const { current, size, offset } = pageParams(query);
  let where = from;
  for (const c of filterConditions(query, spec.filters, spec.ref)) where = where.where(c);
  const keys = listOrder(query, spec);
  const cursor =
    typeof query.cursor === 'string' && query.cursor ? decodeCursor(query.cursor, keys) : undefined;

  // Walking backwards (prev, last) reads the flipped order and turns the rows round afterwards.
  const backwards = cursor === 'last' || cursor?.d === 'p';
  const readKeys = backwards ? flip(keys) : keys;
  let rows = select(where).select(keys.map((k, i) => sql`(${sql.raw(k.col)})::text`.as(KEY(i))));
  if (spec.children) rows = rows.select(readKeys.map((k, i) => sql`${sql.raw(k.col)}`.as(ORD(i))));
  if (cursor && cursor !== 'last') rows = rows.where(after(readKeys, cursor.v));
  rows = rows.orderBy(ORDER(readKeys)).limit(size);
  if (!cursor && offset) rows = rows.offset(offset);
  let page = rows.compile() as { sql: string; parameters: readonly unknown[] };
  if (spec.children) {
    // The probe runs on the page's rows only; the outer ORDER BY puts the page's few rows back in order.
    const order = readKeys.map((k, i) => `p.${ORD(i)} ${k.desc ? 'DESC' : 'ASC'}`).join(', ');
    page = {
      sql: `WITH p AS (${page.sql}) SELECT p.*, ${childrenProbe(spec.children)} FROM p ORDER BY ${order}`,
      parameters: page.parameters,
    };
  }

  // A search: the matches gathered once (at most exactLimit + 1), counted, and the page taken from them —
  // its cursor, order and OFFSET as above, on the gathered rows' typed keys. Only the keys and the id are
  // gathered (carrying every column of ten thousand matches cost a fifth of the statement); the page's
  // ids (z) are then read back as rows. The children probe runs over z, whose LIMIT tells the planner how
  // few rows it has (over p, an estimate of one row turned the probe into a walk of the whole parent
  // index). The count comes on every row, and on a row of NULLs when the page is empty (the LEFT JOIN).
  let gathered: { sql: string; parameters: readonly unknown[] } | undefined;
  let kept: KeptStatements | undefined;
  if (isSearch(query, spec.filters)) {
    // Whatever the route selected on `from` stays out of the gathering (a list's own subqueries too).
    const m = where
      .clearSelect()
      .select(sql`${sql.raw(spec.id)}`.as('zid'))
      .select(keys.map((k, i) => sql`${sql.raw(k.col)}`.as(ORD(i))))
      .limit(exactLimit + 1);
    const on = (alias: string) => readKeys.map((k, i) => ({ ...k, col: `${alias}.${ORD(i)}` }));
    const cond = cursor && cursor !== 'last' ? sql`WHERE ${after(on('m'), cursor.v)}` : sql``;
    const skip = !cursor && offset ? sql`OFFSET ${offset}` : sql``;
    const p = select(where)
      .select(keys.map((k, i) => sql`(${sql.raw(k.col)})::text`.as(KEY(i))))
      .select(keys.map((k, i) => sql`${sql.raw(k.col)}`.as(ORD(i))))
      .where(sql<SqlBool>`${sql.raw(spec.id)} IN (SELECT z.zid FROM z)`);
    const children = spec.children ? sql.raw(`, ${childrenProbe(spec.children, 'z', 'zid')}`) : sql``;
    // The page, the count of every match and (kept searches) what `counted` adds, in one statement.
    const gather = (counted = sql``, shown = sql``) =>
      sql`WITH m AS MATERIALIZED (${m}), z AS MATERIALIZED (SELECT m.zid FROM m ${cond} ORDER BY ${ORDER(on('m'))} LIMIT ${size} ${skip}), p AS (${p}) SELECT p.*${children}, c.zcount${shown} FROM (SELECT count(*) AS zcount${counted} FROM m) c LEFT JOIN p ON TRUE ORDER BY ${ORDER(on('p'))}`.compile(
        qb,
      );
    gathered = gather();
    // The same matches kept between requests (list-cache.ts), when every table the search reads keeps a
    // version. Nothing kept: the gathering above, with every match's id in the list's order (on one row
    // only) and the tables' versions, read in its snapshot. Kept: the page's rows by id with the versions.
    const mc = m.compile();
    const tables = keptTables(mc.sql);
    if (tables) {
      // In the list's own order whichever way this request reads: every page of the search shares them.
      const forward = keys.map((k, i) => ({ ...k, col: `m.${ORD(i)}` }));
      const versions = sql`(SELECT string_agg(name || ':' || version, ',' ORDER BY name) FROM sys_list_version WHERE name = ANY(${tables}::text[]))`;
      kept = {
        tables,
        key: `${mc.sql}\u0000${ORDER(forward).compile(qb).sql}\u0000${JSON.stringify(mc.parameters, bigintText)}`,
        gathered: gather(
          sql`, string_agg(m.zid::text, ',' ORDER BY ${ORDER(forward)}) AS zids, ${versions} AS zversions`,
          sql`, CASE WHEN row_number() OVER () = 1 THEN c.zids END AS zids, c.zversions`,
        ),
        page: (ids: string[]) =>
          sql`WITH z AS MATERIALIZED (SELECT unnest(${ids}::bigint[]) AS zid), p AS (${p}) SELECT p.*${children}, v.zversions FROM (SELECT ${versions} AS zversions) v LEFT JOIN p ON TRUE`.compile(
            qb,
          ),
      };
    }
  }

  // Compiled once for both: the estimate explains it, the count caps it with one more parameter.
  const estimate = where
    .clearSelect()
    .select(sql`1`.as('one'))
    .compile();
  const countQ = {
    sql: `${estimate.sql} limit $${estimate.parameters.length + 1}`,
    parameters: [...estimate.parameters, exactLimit + 1],
  };
  return {
    current,
    size,
    offset,
    keys,
    cursor,
    backwards,
    rows: page,
    gathered,
    kept,
    count: { sql: `SELECT count(*) AS n FROM (${countQ.sql}) s`, parameters: countQ.parameters },
    estimate: { sql: `EXPLAIN (FORMAT JSON) ${estimate.sql}`, parameters: estimate.parameters },
  };
}

const bigintText = (_k: string, v: unknown) => (typeof v === 'bigint' ? v.toString() : v);

function copyValue(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (v instanceof Date) return new Date(v.getTime());
  if (Buffer.isBuffer(v)) return Buffer.from(v);
  return structuredClone(v);
}

interface Statement {
  text: string;
  params: readonly unknown[];
}
/**
 * Identical reads in flight, per database. A statement's group lives while it has callers, so what the
 * map holds is bounded by the requests being answered, whatever their parameters. Two of one statement
 * may be on their way at once: with one, requests that came during a read waited all of it before theirs
 * began (the bench's search at 1M rows: 208–241/s against 281–311/s with two).
 */
const sharedReads = new WeakMap<Db, GroupedReadBatcher<0, Row[], Statement>>();

/** A statement's rows, shared with the requests that asked for it together: read them, never change them. */
async function read(db: Db, text: string, params: readonly unknown[]): Promise<readonly Row[]> {
  if (db.inTx) return db.query<Row>(text, params);
  let reads = sharedReads.get(db);
  if (!reads) {
    // The group is the statement itself; each of its calls carries it, so any of them says what to run.
    const run = async (_g: string, keys: 0[], st: (Statement | undefined)[]) =>
      new Map([[keys[0]!, await db.query<Row>(st[0]!.text, st[0]!.params)]]);
    reads = new GroupedReadBatcher(run, { maxBatch: 1, maxInFlight: 2, gatherTurn: true });
    sharedReads.set(db, reads);
  }
  return (await reads.get(`${text}\u0000${JSON.stringify(params, bigintText)}`, 0, { text, params })) ?? [];
}

/** Whether this search's matches may be kept (list-cache.ts): decided without waiting. */
function keeps(db: Db, st: ReturnType<typeof listStatements>): boolean {
  if (!st.kept || db.inTx) return false;
  const have = versionedTables(db);
  return !!have && st.kept.tables.every((t) => have.has(t));
}

/**
 * A search's page from its kept matches (list-cache.ts): the rows, in the statement's read order, and the
 * exact total; the count when there are more matches than the limit; undefined when it cannot be kept or
 * the cursor's row is not where its values say (the caller then reads as if nothing were kept).
 */
async function keptPage(
  db: Db,
  st: ReturnType<typeof listStatements>,
  exactLimit: number,
): Promise<{ rows: Row[]; total: number } | number | undefined> {
  const { cursor, offset, size, keys, backwards } = st;
  const kept = st.kept!;
  const key = `${dbKey(db)}\u0000${kept.key}`;
  let e = keptSearches.get(key);
  // Twice at most: kept matches that a write has made stale are read again, once.
  for (let attempt = 0; attempt < 2; attempt++) {
    if (!e) {
      // Asked for the first time: read as if nothing were kept.
      if (attempt === 0 && !seenSearches.has(key)) {
        seenSearches.set(key, true);
        return undefined;
      }
      // Nothing kept: the page as the gathering reads it, and its matches kept for the next pages.
      const rows = await read(db, kept.gathered.sql, kept.gathered.parameters);
      const n = Number(rows[0]?.zcount ?? 0);
      if (n > exactLimit) return n;
      const all = rows.find((r) => r.zids != null)?.zids;
      keptSearches.set(key, {
        versions: String(rows[0]?.zversions ?? ''),
        ids: all ? String(all).split(',') : [],
      });
      return { rows: rows.filter((r) => r[KEY(keys.length - 1)] !== null), total: n };
    }
    // The page's ids in the list's order; by cursor, the cursor's own row is read too, to check its values.
    let ids: string[];
    const by = cursor && cursor !== 'last' ? cursor : undefined;
    const at = by?.v.at(-1) ?? undefined;
    if (!cursor) ids = e.ids.slice(offset, offset + size);
    else if (!by) ids = e.ids.slice(Math.max(0, e.ids.length - size));
    else {
      const i = at === undefined ? -1 : e.ids.indexOf(at);
      if (i < 0) return undefined;
      ids = by.d === 'n' ? e.ids.slice(i + 1, i + 1 + size) : e.ids.slice(Math.max(0, i - size), i);
    }
    const q = kept.page(at === undefined ? ids : [...ids, at]);
    const rows = await read(db, q.sql, q.parameters);
    if (String(rows[0]?.zversions ?? '') !== e.versions) {
      keptSearches.delete(key);
      e = undefined;
      continue;
    }
    const byId = new Map<string, Row>();
    for (const r of rows) if (r[KEY(keys.length - 1)] != null) byId.set(String(r[KEY(keys.length - 1)]), r);
    if (by) {
      // Ordered by id position, a cursor means "after these values": only the same when the row still has them.
      const c = byId.get(at!);
      if (!c || keys.some((_, i) => (c[KEY(i)] ?? null) !== by.v[i])) return undefined;
    }
    const page = ids.map((id) => byId.get(id)).filter((r): r is Row => r !== undefined);
    return { rows: backwards ? page.reverse() : page, total: e.ids.length };
  }
  return undefined;
}

function planRows(row: Row | undefined): number {
  let plan = row?.['QUERY PLAN'];
  if (typeof plan === 'string') plan = JSON.parse(plan);
  const n = (plan as { Plan?: { 'Plan Rows'?: number } }[] | undefined)?.[0]?.Plan?.['Plan Rows'];
  return typeof n === 'number' && Number.isFinite(n) ? Math.round(n) : 0;
}

/**
 * A page of `from` (scoped, with its joins and the route's own conditions; no select list): the declared
 * filters of the query, its order, and the rows by `select`. Rows come back as the database names them
 * (snake_case); the caller shapes them.
 */
export async function listPage(
  db: Db,
  from: ListQuery,
  spec: ListSpec,
  query: PageQuery & Record<string, unknown>,
  select: (q: ListQuery) => ListQuery,
  /** Tests make a small list count as large. */
  exactLimit = EXACT_COUNT_LIMIT,
): Promise<Page<Row>> {
  const st = listStatements(from, spec, query, select, exactLimit);
  const { size, offset, keys, cursor, backwards } = st;
  const key = `${db.kind}\u0000${st.estimate.sql}\u0000${JSON.stringify(st.estimate.parameters, bigintText)}`;
  const plannerEstimate = async () => {
    let est = estimates.get(key);
    if (est === undefined) {
      est = planRows((await read(db, st.estimate.sql, st.estimate.parameters))[0]);
      estimates.set(key, est);
    }
    return est;
  };

  let raw: readonly Row[] | undefined;
  let total = 0;
  let estimated = false;
  let found: number | undefined;
  // A search known to be large skips the gathering: it would stop at the limit and count nothing.
  const known = estimates.get(key);
  const gathering = st.gathered && (known === undefined || known <= exactLimit);
  const k = gathering && keeps(db, st) ? await keptPage(db, st, exactLimit) : undefined;
  if (typeof k === 'number') found = k;
  else if (k) {
    raw = k.rows;
    total = k.total;
  } else if (st.gathered && gathering) {
    const rows = await read(db, st.gathered.sql, st.gathered.parameters);
    const n = Number(rows[0]?.zcount ?? 0);
    if (n <= exactLimit) {
      // All the matches were gathered: the total is exact and the page is theirs.
      raw = rows.filter((r) => r[KEY(keys.length - 1)] !== null);
      total = n;
    } else found = n;
  }
  if (!raw) {
    raw = await read(db, st.rows.sql, st.rows.parameters);
    if (found !== undefined) {
      // More matches than the limit: the planner says how many, never fewer than were found.
      total = Math.max(found, await plannerEstimate());
      estimates.set(key, total);
      estimated = true;
    } else if (!cursor && raw.length < size && (raw.length > 0 || offset === 0)) {
      // The list ends on this page: the total needs no count.
      total = offset + raw.length;
    } else {
      const est = await plannerEstimate();
      if (est > exactLimit) {
        total = est;
        estimated = true;
      } else {
        const n = Number((await read(db, st.count.sql, st.count.parameters))[0]?.n ?? 0);
        if (n > exactLimit) {
          total = Math.max(n, est);
          estimated = true;
          // The planner thought it small: the next page of this list goes by what the count found.
          estimates.set(key, total);
        } else total = n;
      }
    }
  }
  const ordered = backwards ? [...raw].reverse() : raw;
  const keyOf = (r: Row) => keys.map((_, i) => (r[KEY(i)] ?? null) as string | null);
  const edges = ordered.length ? { first: keyOf(ordered[0]!), last: keyOf(ordered.at(-1)!) } : undefined;
  // The caller's own rows, without the engine's columns: the statement's rows may be another request's too,
  // and the caller shapes what it gets (down to its dates and JSON values).
  const engine = new Set(['zcount', 'zids', 'zversions', ...keys.flatMap((_, i) => [KEY(i), ORD(i)])]);
  const records = ordered.map((r) => {
    const own: Row = {};
    for (const k in r) if (!engine.has(k)) own[k] = copyValue(r[k]);
    return own;
  });

  const pages = Math.max(1, Math.ceil(total / size));
  // By cursor the caller's page number is carried on; `last` is the last page by definition.
  const current = cursor === 'last' ? pages : st.current;
  if (estimated) total = Math.max(total, (current - 1) * size + records.length);
  const sig = signature(keys);
  return {
    records,
    total,
    size,
    current,
    pages: Math.ceil(total / size),
    ...(estimated ? { estimated } : {}),
    ...(edges
      ? {
          next: encodeCursor({ o: sig, d: 'n', v: edges.last }),
          prev: encodeCursor({ o: sig, d: 'p', v: edges.first }),
        }
      : {}),
  };
}

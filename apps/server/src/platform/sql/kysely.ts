import {
  CamelCasePlugin,
  sql,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type Compilable,
  type CompiledQuery,
} from 'kysely';
import type { Db, Row } from '../db/index.js';
import type { QueryOptions } from '../db/db.js';
import type { DB } from './schema.gen.js';

/**
 * Kysely as a compiler only: queries are built and checked against the generated schema, compiled to
 * `$n` SQL, and run through the one `Db` seam, so PGlite, pg, transactions and named statements behave
 * as before. It never opens a connection (DummyDriver).
 */
export const qb = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
  plugins: [new CamelCasePlugin()],
});

/** Result keys as CamelCasePlugin would give them (its result hook does not run: we execute ourselves). */
const keyCache = new Map<string, string>();
const camelKey = (k: string) => {
  let c = keyCache.get(k);
  if (c === undefined) {
    c = k.replace(/_([a-z0-9])/g, (_, ch: string) => ch.toUpperCase());
    if (keyCache.size < 10_000) keyCache.set(k, c);
  }
  return c;
};

export function camelKeys<T>(row: Row): T {
  const out: Row = {};
  for (const k in row) out[camelKey(k)] = row[k];
  return out as T;
}

type Query<O> = Compilable<O> | CompiledQuery<O>;
const compiled = <O>(q: Query<O>): CompiledQuery<O> => ('compile' in q ? q.compile() : q);

/** Every row of the query, camelCased; int8 and numeric stay text, timestamps are Dates. */
export async function all<O>(db: Db, query: Query<O>, opts?: QueryOptions): Promise<O[]> {
  const c = compiled(query);
  const rows = await db.query<Row>(c.sql, c.parameters, opts);
  return rows.map((r) => camelKeys<O>(r));
}

/** The first row, or undefined. */
export async function first<O>(db: Db, query: Query<O>, opts?: QueryOptions): Promise<O | undefined> {
  return (await all(db, query, opts))[0];
}

/** Runs a statement for its effect; returns the rows it returned (RETURNING), if any. */
export const exec = all;

const SLOT = Symbol('slot');
interface Slot {
  [SLOT]: number;
}
const isSlot = (v: unknown): v is Slot => typeof v === 'object' && v !== null && SLOT in v;

/**
 * A hot statement compiled once and run as a named prepared statement: `build` receives placeholders
 * for the arguments and is compiled a single time; each call only swaps the values in.
 *
 *   const byAccount = prepared('auth.user', (tenantId: string, account: string) => qb.selectFrom(...)...);
 *   await byAccount.first(db, tenant, account);
 */
export function prepared<A extends unknown[], O>(name: string, build: (...args: A) => Compilable<O>) {
  let cached: { sql: string; params: readonly unknown[] } | undefined;
  const compile = () => {
    const slots = Array.from({ length: build.length }, (_, i) => ({ [SLOT]: i })) as unknown as A;
    const c = build(...slots).compile();
    return (cached = { sql: c.sql, params: c.parameters });
  };
  const runAll = async (db: Db, ...args: A): Promise<O[]> => {
    const c = cached ?? compile();
    const params = c.params.map((p) => (isSlot(p) ? args[p[SLOT]] : p));
    const rows = await db.query<Row>(c.sql, params, { name });
    return rows.map((r) => camelKeys<O>(r));
  };
  return {
    all: runAll,
    first: async (db: Db, ...args: A) => (await runAll(db, ...args))[0],
    /** The SQL text (tests, explain). */
    sql: () => (cached ?? compile()).sql,
  };
}

/**
 * `= ANY($n::bigint[])` for a list of ids: one parameter whatever the count (an IN list would make each
 * length a statement of its own). Use as the right side: `.where('id', '=', anyId(ids))`.
 */
export const anyId = (ids: readonly string[]) => sql<string>`ANY(${ids}::bigint[])`;

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
  type QueryId,
  type RootOperationNode,
} from 'kysely';
import type { Db, Row } from '../db/index.js';
import type { QueryOptions } from '../db/db.js';
import type { DB } from './schema.gen.js';

/** CamelCasePlugin's own mapping of a camelCase name to its column (Kysely memoises it). */
class Names extends CamelCasePlugin {
  readonly snake = (name: string) => this.snakeCase(name);
}
const names = new Names();

/** The way statements were compiled before SnakeCaseCompiler: CamelCasePlugin's pass, then the stock compiler. */
const stock = new PostgresQueryCompiler();
const byPlugin = (node: RootOperationNode, queryId: QueryId) =>
  stock.compileQuery(names.transformQuery({ node, queryId }), queryId);
let checking = false;

/**
 * The server's tests compile every statement both ways as well and fail on any difference in its SQL or its
 * parameters (test/setup.ts): the renaming is proven on every statement the suite runs, not on examples.
 */
export function checkAgainstPlugin(on: boolean): void {
  checking = on;
}

/**
 * PostgreSQL's compiler, writing each identifier snake_cased as it goes. CamelCasePlugin renamed them in a
 * pass of its own before compiling: it copied (and froze) every node of the statement, and every subquery's
 * again as it was embedded, a fifth of the main thread of a list request (docs/bench.md). The SQL is the
 * same, word for word: the mapping is the plugin's own.
 */
class SnakeCaseCompiler extends PostgresQueryCompiler {
  protected override sanitizeIdentifier(identifier: string): string {
    return super.sanitizeIdentifier(names.snake(identifier));
  }

  override compileQuery(node: RootOperationNode, queryId: QueryId): CompiledQuery {
    const ours = super.compileQuery(node, queryId);
    if (checking) {
      const theirs = byPlugin(node, queryId);
      const same =
        ours.sql === theirs.sql &&
        ours.parameters.length === theirs.parameters.length &&
        ours.parameters.every((p, i) => Object.is(p, theirs.parameters[i]));
      if (!same)
        throw new Error(`SnakeCaseCompiler differs from CamelCasePlugin:\n${ours.sql}\n${theirs.sql}`);
    }
    return ours;
  }
}

/**
 * Kysely as a compiler only: queries are built and checked against the generated schema, compiled to
 * `$n` SQL, and run through the one `Db` seam, so PGlite, pg, transactions and named statements behave
 * as before. It never opens a connection (DummyDriver). Result rows are camelCased by `camelKeys`.
 */
export const qb = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new SnakeCaseCompiler(),
  },
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

import pg from 'pg';
import type { Db, QueryOptions, Row } from './db.js';
import { INT8_OID, NUMERIC_OID } from './db.js';
import { KeptNames, RESULT_CHANGED } from './kept.js';

pg.types.setTypeParser(INT8_OID, (v) => v);
pg.types.setTypeParser(NUMERIC_OID, (v) => v);

/**
 * Texts kept prepared on each connection (kept.ts). Fewer than PGlite's 256: every connection of the pool
 * keeps its own, in the server's memory (a list page's generic plan is ~57 KB).
 */
export const KEPT_PER_CONNECTION = 128;

/** node-postgres's record of what it has prepared on a connection (not in its types). */
type Parsed = { connection: { parsedStatements: Record<string, string> } };

/**
 * One connection's kept statements. Those evicted are deallocated before the connection's next statement
 * outside a transaction, and forgotten by node-postgres too, so neither side holds them without bound.
 */
class KeptOnConnection {
  private closing: string[] = [];
  readonly names = new KeptNames(KEPT_PER_CONNECTION, (name) => this.closing.push(name));

  async closeEvicted(c: pg.PoolClient): Promise<void> {
    if (!this.closing.length) return;
    const parsed = (c as unknown as Parsed).connection.parsedStatements;
    // A text whose Parse failed was never prepared: DEALLOCATE would fail on it.
    const names = this.closing.filter((n) => parsed[n] !== undefined);
    this.closing = [];
    if (!names.length) return;
    await c.query(names.map((n) => `DEALLOCATE ${n}`).join('; '));
    for (const n of names) delete parsed[n];
  }
}

const keptOf = new WeakMap<pg.PoolClient, KeptOnConnection>();

/**
 * A statement the caller did not name, outside a transaction: kept on the connection it runs on. Inside
 * a transaction statements run as the caller gives them: a kept one whose table another node altered
 * would fail the transaction, where outside one it is prepared again.
 */
async function runKept<T>(c: pg.PoolClient, sql: string, values: unknown[]): Promise<T[] | undefined> {
  let kept = keptOf.get(c);
  if (!kept) keptOf.set(c, (kept = new KeptOnConnection()));
  const name = kept.names.nameOf(sql);
  if (!name) return undefined;
  await kept.closeEvicted(c);
  try {
    return (await c.query({ text: sql, values, name })).rows as T[];
  } catch (e) {
    if (!RESULT_CHANGED.test(String((e as Error).message))) throw e;
    kept.names.drop(sql, name);
    await kept.closeEvicted(c);
    return (await c.query({ text: sql, values, name: kept.names.nameOf(sql) })).rows as T[];
  }
}

class ClientDb implements Db {
  readonly kind = 'postgres' as const;
  readonly inTx = true;
  constructor(private readonly c: pg.PoolClient) {}
  async query<T = Row>(sql: string, params: readonly unknown[] = [], opts?: QueryOptions) {
    return (await this.c.query({ text: sql, values: params as unknown[], name: opts?.name })).rows as T[];
  }
  async one<T = Row>(sql: string, params: readonly unknown[] = []) {
    return (await this.query<T>(sql, params))[0];
  }
  async exec(sql: string) {
    await this.c.query(sql);
  }
  tx<T>(fn: (db: Db) => Promise<T>): Promise<T> {
    return fn(this);
  }
  async close() {}
}

/** A real PostgreSQL server through a connection pool. */
export class PostgresDb implements Db {
  readonly kind = 'postgres' as const;
  private constructor(private readonly pool: pg.Pool) {}

  static async open(url: string, max = 10): Promise<PostgresDb> {
    const pool = new pg.Pool({ connectionString: url, max });
    // An idle connection the server ends (a restart, a dropped database, an administrator) is reported
    // here; without a listener it would crash the process. The pool drops it and opens another when
    // needed, and a query in flight gets its own error.
    pool.on('error', () => undefined);
    // Fail at start-up, with the server's reason, rather than on the first request.
    const c = await pool.connect();
    c.release();
    return new PostgresDb(pool);
  }

  async query<T = Row>(sql: string, params: readonly unknown[] = [], opts?: QueryOptions) {
    const values = params as unknown[];
    const c = await this.pool.connect();
    let broken: Error | undefined;
    try {
      if (opts?.name) return (await c.query({ text: sql, values, name: opts.name })).rows as T[];
      return (await runKept<T>(c, sql, values)) ?? ((await c.query({ text: sql, values })).rows as T[]);
    } catch (e) {
      // The server's refusal (a constraint, a bad value) leaves the connection and what it keeps usable;
      // anything else (a lost connection) ends it.
      if (!(e instanceof pg.DatabaseError)) broken = e as Error;
      throw e;
    } finally {
      c.release(broken);
    }
  }
  async one<T = Row>(sql: string, params: readonly unknown[] = []) {
    return (await this.query<T>(sql, params))[0];
  }
  async exec(sql: string) {
    await this.pool.query(sql);
  }
  async tx<T>(fn: (db: Db) => Promise<T>): Promise<T> {
    const c = await this.pool.connect();
    try {
      await c.query('BEGIN');
      const out = await fn(new ClientDb(c));
      await c.query('COMMIT');
      return out;
    } catch (e) {
      await c.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      c.release();
    }
  }
  async close() {
    await this.pool.end();
  }
}

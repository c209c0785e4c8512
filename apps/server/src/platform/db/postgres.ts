import pg from 'pg';
import type { Db, QueryOptions, Row } from './db.js';
import { INT8_OID, NUMERIC_OID } from './db.js';

pg.types.setTypeParser(INT8_OID, (v) => v);
pg.types.setTypeParser(NUMERIC_OID, (v) => v);

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
    return (await this.pool.query({ text: sql, values: params as unknown[], name: opts?.name })).rows as T[];
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

import fs from 'node:fs';
import path from 'node:path';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import lockfile from 'proper-lockfile';
import type { Db, Row } from './db.js';

const parsers = {
  [types.INT8]: (v: string) => v,
  [types.NUMERIC]: (v: string) => v,
};

class PgliteTx implements Db {
  readonly kind = 'pglite' as const;
  readonly inTx = true;
  constructor(private readonly t: Transaction) {}
  async query<T = Row>(sql: string, params: readonly unknown[] = []) {
    return (await this.t.query<T>(sql, params as unknown[])).rows;
  }
  async one<T = Row>(sql: string, params: readonly unknown[] = []) {
    return (await this.query<T>(sql, params))[0];
  }
  async exec(sql: string) {
    await this.t.exec(sql);
  }
  tx<T>(fn: (db: Db) => Promise<T>): Promise<T> {
    return fn(this);
  }
  async close() {}
}

export class DataDirLockedError extends Error {}

/** Embedded PostgreSQL. One process per data folder: a second start is refused, never allowed to corrupt it. */
export class PgliteDb implements Db {
  readonly kind = 'pglite' as const;
  private constructor(
    private readonly pg: PGlite,
    private readonly release: (() => Promise<void>) | undefined,
  ) {}

  /** dir undefined = in memory (tests). */
  static async open(dir?: string): Promise<PgliteDb> {
    let release: (() => Promise<void>) | undefined;
    if (dir) {
      fs.mkdirSync(dir, { recursive: true });
      try {
        release = await lockfile.lock(dir, {
          lockfilePath: path.join(dir, '.forecourt.lock'),
          stale: 15_000,
        });
      } catch {
        throw new DataDirLockedError(
          `The data folder ${dir} is in use by another Forecourt process. ` +
            'Stop that process first, or start this one with another DATA_DIR or with DATABASE_URL.',
        );
      }
    }
    const pg = await PGlite.create(dir ? path.join(dir, 'pg') : undefined, { parsers });
    return new PgliteDb(pg, release);
  }

  /** An in-memory database started from a dump (tests clone a migrated, seeded template this way). */
  static async fromDump(dump: Blob): Promise<PgliteDb> {
    return new PgliteDb(await PGlite.create({ loadDataDir: dump, parsers }), undefined);
  }

  /** The whole data folder as an uncompressed tarball. */
  dump(): Promise<Blob> {
    return this.pg.dumpDataDir('none');
  }

  async query<T = Row>(sql: string, params: readonly unknown[] = []) {
    return (await this.pg.query<T>(sql, params as unknown[])).rows;
  }
  async one<T = Row>(sql: string, params: readonly unknown[] = []) {
    return (await this.query<T>(sql, params))[0];
  }
  async exec(sql: string) {
    await this.pg.exec(sql);
  }
  tx<T>(fn: (db: Db) => Promise<T>): Promise<T> {
    return this.pg.transaction((t) => fn(new PgliteTx(t)));
  }
  async close() {
    await this.pg.close();
    await this.release?.();
  }
}

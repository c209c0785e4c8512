import fs from 'node:fs';
import path from 'node:path';
import { parse, PGlite, protocol, types, type Transaction } from '@electric-sql/pglite';
import lockfile from 'proper-lockfile';
import type { Db, QueryOptions, Row } from './db.js';
import { KEPT_PREFIX, KeptNames, RESULT_CHANGED } from './kept.js';
import { makeFromSnapshot, type Snapshot } from './snapshot.js';

const parsers = {
  [types.INT8]: (v: string) => v,
  [types.NUMERIC]: (v: string) => v,
};

const { serialize } = protocol;

/**
 * PostgreSQL's page cache inside PGlite's WebAssembly memory. PostgreSQL sets its whole page cache aside at
 * start, and Emscripten's mmap writes zeros over it: every page of it is touched before the first query.
 * A page touched for the first time costs the process a page fault, and on the slower shared machines a
 * fault costs ~18 µs (4.5 ms per MB): PostgreSQL's default, 128 MB, cost a restart ~0.3 s and kept the
 * node's memory 100 MB higher than it needed (docs/bench.md, thirteenth session); 32 MB still cost ~80 ms
 * more than 16 MB (twenty-eighth session). A page not in this cache is read from the data folder through
 * the operating system's own file cache, so a smaller one costs a system call per miss, not a disk read;
 * 16 MB holds a dealership's working set (the demo company's whole database, catalogs included, is 17 MB).
 */
export const SHARED_BUFFERS = '16MB';

/** PGlite's own start parameters, with ours after them (a later `-c` wins). */
const startParams = () => [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`];

/**
 * Named statements on PGlite, kept the way node-postgres keeps them on a server (`QueryOptions.name`).
 * PGlite's `query` parses, plans and describes every statement again, in five calls into its
 * WebAssembly; a statement kept by name is planned by PostgreSQL's plan cache and runs in one call
 * (the sign-in's facts: 1.0–1.5 ms → 0.17 ms).
 *
 * Guarantees:
 * - The same rows as `query`: parameters go through PGlite's serializers for the types PostgreSQL
 *   described, rows through its parsers (the database's own `parsers`).
 * - A name is bound to one SQL text for the life of the database: other SQL under it is an error, as
 *   on a server. A statement that fails to prepare is not kept.
 * - Each call is one message ending in Sync, run under the caller's locks (see `PgliteDb.query` and
 *   `PgliteTx.query`): after an error the session is ready again, or its transaction failed as with
 *   `query`. Named statements outlive a rollback, as on a server.
 * - A statement the caller did not name is kept too (kept.ts), for the AUTO_STATEMENTS texts used last:
 *   the rest of every request's statements (a list page, a form's save) skip the parse, plan and
 *   describe that was half of a PGlite request's main thread. A kept statement's plan follows schema
 *   changes as on a server; one whose columns a change altered is no longer kept after DDL
 *   (`forgetAuto`) and is prepared again.
 */
export const AUTO_STATEMENTS = 256;

class NamedStatements {
  private readonly known = new Map<string, { sql: string; types: number[] }>();
  /** Names evicted from `auto`, closed by the next call before its own messages. */
  private closing: string[] = [];
  private readonly auto = new KeptNames(AUTO_STATEMENTS, (name) => {
    if (this.known.delete(name)) this.closing.push(name);
  });
  constructor(private readonly pg: PGlite) {}

  /** The name a statement the caller did not name is kept under, or undefined: run it unnamed. */
  autoName(sql: string): string | undefined {
    return this.auto.nameOf(sql);
  }

  /** After DDL: every kept statement is prepared again when next used (its columns may have changed). */
  forgetAuto(): void {
    this.auto.clear();
  }

  /** Close messages for the evicted statements, sent ahead of a call's own. */
  private closes(): Buffer[] {
    if (!this.closing.length) return [];
    const out = this.closing.map((name) => Buffer.from(serialize.close({ type: 'S', name })));
    this.closing = [];
    return out;
  }

  async run<T>(name: string, sql: string, params: readonly unknown[], inTx: boolean): Promise<T[]> {
    const options = { syncToFs: !inTx };
    let st = this.known.get(name);
    if (st && st.sql !== sql) throw new Error(`statement name "${name}" is already used for other SQL`);
    if (!st) {
      const described = await this.pg.execProtocol(
        Buffer.concat([
          ...this.closes(),
          serialize.parse({ name, text: sql }),
          serialize.describe({ type: 'S', name }),
          serialize.sync(),
        ]),
        options,
      );
      st = { sql, types: parse.parseDescribeStatementResults(described.messages) };
      this.known.set(name, st);
    }
    const types = st.types;
    const values = params.map((v, i) => {
      if (v === null || v === undefined) return null;
      const serializer = this.pg.serializers[types[i]!];
      return serializer ? serializer(v) : String(v);
    });
    let answer;
    try {
      answer = await this.pg.execProtocol(
        Buffer.concat([
          serialize.bind({ statement: name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ]),
        options,
      );
    } catch (e) {
      // A kept statement whose table's columns changed since it was prepared: prepared again, once,
      // where that is still possible (a transaction has failed with it, as on a server).
      if (!name.startsWith(KEPT_PREFIX) || !RESULT_CHANGED.test(String((e as Error).message))) throw e;
      this.auto.drop(sql, name);
      if (inTx) throw e;
      return this.run<T>(this.autoName(sql)!, sql, params, inTx);
    }
    return (parse.parseResults(answer.messages, this.pg.parsers)[0]?.rows ?? []) as T[];
  }
}

const DDL = /^\s*(create|alter|drop|comment|grant|revoke)\b/i;

class PgliteTx implements Db {
  readonly kind = 'pglite' as const;
  readonly inTx = true;
  constructor(
    private readonly t: Transaction,
    private readonly pg: PGlite,
    private readonly named: NamedStatements,
  ) {}
  async query<T = Row>(sql: string, params: readonly unknown[] = [], opts?: QueryOptions) {
    // The transaction holds PGlite's transaction lock; a statement takes its query lock, as t.query does.
    const name = opts?.name ?? this.named.autoName(sql);
    if (name) return this.pg.runExclusive(() => this.named.run<T>(name, sql, params, true));
    try {
      return (await this.t.query<T>(sql, params as unknown[])).rows;
    } finally {
      if (DDL.test(sql)) this.named.forgetAuto();
    }
  }
  async one<T = Row>(sql: string, params: readonly unknown[] = []) {
    return (await this.query<T>(sql, params))[0];
  }
  async exec(sql: string) {
    try {
      await this.t.exec(sql);
    } finally {
      this.named.forgetAuto();
    }
  }
  tx<T>(fn: (db: Db) => Promise<T>): Promise<T> {
    return fn(this);
  }
  async close() {}
}

export class DataDirLockedError extends Error {}

/** The kernel's start time of a process (Linux; undefined elsewhere): a pid reused later differs in it. */
function startTimeOf(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether the process that took the lock is gone. The lock's own staleness is judged by age (15 s
 * without a refresh), which made a restart right after a crash wait that long; the owner's pid and its
 * start time tell at once. No owner record (a crash between locking and writing it): not known, so
 * the age decides.
 */
function ownerGone(ownerFile: string): boolean {
  let owner: { pid?: unknown; start?: unknown };
  try {
    owner = JSON.parse(fs.readFileSync(ownerFile, 'utf8')) as typeof owner;
  } catch {
    return false;
  }
  if (typeof owner.pid !== 'number') return false;
  if (!alive(owner.pid)) return true;
  // The pid is taken (in a container often by the new start itself): by the same process only if it
  // started at the same moment.
  const start = startTimeOf(owner.pid);
  return start !== undefined && owner.start !== undefined && start !== owner.start;
}

/** One process per data folder: a live owner refuses the start, a dead one's lock is taken over at once. */
async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, '.forecourt.lock');
  const ownerFile = `${lockPath}.owner`;
  const take = () => lockfile.lock(dir, { lockfilePath: lockPath, stale: 15_000 });
  let release: () => Promise<void>;
  try {
    release = await take();
  } catch (first) {
    try {
      if ((first as NodeJS.ErrnoException).code !== 'ELOCKED' || !ownerGone(ownerFile)) throw first;
      fs.rmSync(lockPath, { recursive: true, force: true });
      release = await take();
    } catch {
      throw new DataDirLockedError(
        `The data folder ${dir} is in use by another Forecourt process. ` +
          'Stop that process first, or start this one with another DATA_DIR or with DATABASE_URL.',
      );
    }
  }
  fs.writeFileSync(ownerFile, JSON.stringify({ pid: process.pid, start: startTimeOf(process.pid) }));
  return async () => {
    fs.rmSync(ownerFile, { force: true });
    await release();
  };
}

/** Embedded PostgreSQL. One process per data folder: a second start is refused, never allowed to corrupt it. */
export class PgliteDb implements Db {
  readonly kind = 'pglite' as const;
  private readonly named: NamedStatements;
  private constructor(
    private readonly pg: PGlite,
    private readonly release: (() => Promise<void>) | undefined,
  ) {
    this.named = new NamedStatements(pg);
  }

  /**
   * dir undefined = in memory (tests). A folder without a database yet is made from `snapshot` when it fits
   * this build (snapshot.ts), else by initdb; `log` hears which.
   */
  static async open(
    dir?: string,
    opts: { snapshot?: Snapshot; log?: (msg: string) => void } = {},
  ): Promise<PgliteDb> {
    let release: (() => Promise<void>) | undefined;
    if (dir) release = await lockDataDir(dir);
    try {
      const pgDir = dir ? path.join(dir, 'pg') : undefined;
      // Only a folder with nothing in it yet; whatever else is there (a database, or the remains of an
      // initdb that was cut short) is left to PGlite as before.
      if (pgDir && opts.snapshot && !fs.existsSync(pgDir)) {
        const { skipped } = await makeFromSnapshot(opts.snapshot, pgDir);
        opts.log?.(
          skipped ? `new database: initdb (${skipped})` : 'new database: from the snapshot of this build',
        );
      }
      const pg = await PGlite.create(pgDir, { parsers, startParams: startParams() });
      return new PgliteDb(pg, release);
    } catch (e) {
      await release?.();
      throw e;
    }
  }

  /** An in-memory database started from a dump (tests clone a migrated, seeded template this way). */
  static async fromDump(dump: Blob): Promise<PgliteDb> {
    return new PgliteDb(
      await PGlite.create({ loadDataDir: dump, parsers, startParams: startParams() }),
      undefined,
    );
  }

  /** The whole data folder as an uncompressed tarball. */
  dump(): Promise<Blob> {
    return this.pg.dumpDataDir('none');
  }

  async query<T = Row>(sql: string, params: readonly unknown[] = [], opts?: QueryOptions) {
    const name = opts?.name ?? this.named.autoName(sql);
    if (name) {
      // The locks PGlite's own query takes: after any open transaction, one statement at a time.
      await this.pg._checkReady();
      return this.pg._runExclusiveTransaction(() =>
        this.pg._runExclusiveQuery(() => this.named.run<T>(name, sql, params, false)),
      );
    }
    try {
      return (await this.pg.query<T>(sql, params as unknown[])).rows;
    } finally {
      if (DDL.test(sql)) this.named.forgetAuto();
    }
  }
  async one<T = Row>(sql: string, params: readonly unknown[] = []) {
    return (await this.query<T>(sql, params))[0];
  }
  async exec(sql: string) {
    try {
      await this.pg.exec(sql);
    } finally {
      // Migrations and other DDL: a kept statement's columns may have changed.
      this.named.forgetAuto();
    }
  }
  tx<T>(fn: (db: Db) => Promise<T>): Promise<T> {
    return this.pg.transaction((t) => fn(new PgliteTx(t, this.pg, this.named)));
  }
  async close() {
    await this.pg.close();
    await this.release?.();
  }
}

/**
 * A migrated, empty embedded database shipped with the build, so a first start skips initdb.
 *
 * Guarantees:
 * - It holds the schema only: no row a seed writes, no password, no key, no secret. The first start still
 *   seeds (demo company, per-install initial passwords) and makes its own secrets, so no two installs
 *   share one.
 * - It is used only for a data folder that holds no database yet; an existing database (a restart, an
 *   upgrade) is never touched by it.
 * - It is used only when made by the same PGlite with the very migrations of this build (a fingerprint of
 *   both); anything else, a missing or a damaged file included, falls back to initdb + migrations, which
 *   reach the same database, only slower. The migrations run on it anyway, so a database from it and one
 *   migrated from scratch are the same (snapshot.test.ts compares schema and rows).
 *
 * Why: PGlite's initdb is most of a first start (it was some 2 s of a 4–6 s first start, docs/architecture.md
 * "Start"); unpacking the same catalog from a tarball is a fraction of that.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip, gzipSync } from 'node:zlib';
import type { ModuleMigrations } from './migrate.js';

/** Where the build puts it, beside the server bundle (dist/). */
export const SNAPSHOT_FILE = 'pglite-snapshot.tar.gz';

export interface Snapshot {
  /** The gzipped tarball of a data folder (PGlite's dumpDataDir). */
  file: string;
  /**
   * The migrations of this build: the snapshot must have been made from exactly these (fingerprintOf). A
   * promise lets the folder be unpacked while they load (server.ts loads the modules while the database
   * opens); it is put in place only once they are known to match.
   */
  migrations: ModuleMigrations[] | Promise<ModuleMigrations[]>;
}

const NO_SNAPSHOT = 'no database snapshot in this build';
const OTHER_MIGRATIONS = 'the database snapshot was made for other migrations';

function pgliteVersion(): string {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('@electric-sql/pglite'); // …/pglite/dist/index.cjs
  const pkg = JSON.parse(fs.readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

/** The PGlite version and every migration (module, id, text): a snapshot is good for exactly these. */
export function fingerprintOf(modules: ModuleMigrations[]): string {
  const h = createHash('sha256').update(`pglite ${pgliteVersion()}\n`);
  for (const m of modules) for (const mig of m.migrations) h.update(`${m.module}/${mig.id}\n${mig.sql}\n\0`);
  return h.digest('hex');
}

const metaOf = (file: string) => `${file}.json`;

/** The fingerprint the snapshot was made for; undefined when the build has none. */
function fingerprintIn(file: string): string | undefined {
  try {
    const meta = JSON.parse(fs.readFileSync(metaOf(file), 'utf8')) as { fingerprint?: unknown };
    return typeof meta.fingerprint === 'string' ? meta.fingerprint : undefined;
  } catch {
    return undefined;
  }
}

const gunzipAsync = promisify(gunzip);

/**
 * Makes the new data folder `dir` from the snapshot when it fits this build, all or nothing; otherwise says
 * why not (the caller then lets PGlite run initdb) and leaves nothing at `dir`.
 *
 * The tarball is read, unzipped and written beside `dir` on libuv's threads while `s.migrations` may still
 * be loading on the main thread, and renamed into place only once they match the snapshot's: a start
 * killed meanwhile, or a snapshot of other migrations, leaves no half a database behind.
 */
export async function makeFromSnapshot(s: Snapshot, dir: string): Promise<{ skipped?: string }> {
  const fingerprint = fingerprintIn(s.file);
  if (fingerprint === undefined) return { skipped: NO_SNAPSHOT };
  const partial = `${dir}.partial`;
  const unpacking = (async () => {
    let tar: Buffer;
    try {
      // In large chunks: zlib's default (16 KB) is a round trip to the thread pool for every 16 KB.
      tar = await gunzipAsync(await fs.promises.readFile(s.file), { chunkSize: 4 << 20 });
    } catch (e) {
      return `the database snapshot cannot be read: ${(e as Error).message}`;
    }
    try {
      await unpackTar(tar, partial);
    } catch (e) {
      return `the database snapshot cannot be unpacked: ${(e as Error).message}`;
    }
    return undefined;
  })();
  const [failed, migrations] = await Promise.all([unpacking, s.migrations]);
  const skipped = fingerprint !== fingerprintOf(migrations) ? OTHER_MIGRATIONS : failed;
  if (skipped) {
    fs.rmSync(partial, { recursive: true, force: true });
    return { skipped };
  }
  fs.renameSync(partial, dir);
  return {};
}

/** At most this many files are written at once (libuv has four threads by default). */
const WRITES_AT_ONCE = 8;

/**
 * Writes the data folder held in `tar` (PGlite's dump: directories and plain files only) as `dir`, which
 * is emptied first. Every header is checked before anything is written; throws on anything else in it (a
 * link, a path leaving the folder, a damaged header, no PG_VERSION). Unpacked here with plain file writes
 * rather than by PGlite, whose unpacking goes through its emulated file system: the same files, in a
 * fraction of the time.
 */
async function unpackTar(tar: Buffer, dir: string): Promise<void> {
  const files: { target: string; body: Buffer }[] = [];
  const dirs = new Set<string>([dir]);
  const field = (at: number, len: number) => tar.toString('latin1', at, at + len).replace(/\0.*$/s, '');
  const octal = (at: number, len: number) => {
    const v = field(at, len).trim();
    if (!/^[0-7]*$/.test(v)) throw new Error('a damaged tar header');
    return v ? parseInt(v, 8) : 0;
  };
  let at = 0;
  while (at + 512 <= tar.length) {
    if (tar.subarray(at, at + 512).every((b) => b === 0)) break; // the end: two zero blocks
    const prefix = field(at + 345, 155);
    const name = (prefix ? `${prefix}/` : '') + field(at, 100);
    const size = octal(at + 124, 12);
    const type = field(at + 156, 1) || '0';
    const rel = name.replace(/^\/+/, '').replace(/\/+$/, '');
    if (!rel || rel.split('/').some((p) => p === '..' || p === '.'))
      throw new Error(`a path outside the folder: ${name}`);
    const target = path.join(dir, rel);
    const body = at + 512;
    if (type === '5') dirs.add(target);
    else if (type === '0') {
      if (body + size > tar.length) throw new Error('a truncated tarball');
      dirs.add(path.dirname(target));
      files.push({ target, body: tar.subarray(body, body + size) });
    } else throw new Error(`an entry of type ${type}: ${name}`);
    at = body + Math.ceil(size / 512) * 512;
  }
  if (!files.some((f) => f.target === path.join(dir, 'PG_VERSION')))
    throw new Error('no PG_VERSION in the snapshot');
  fs.rmSync(dir, { recursive: true, force: true });
  for (const d of dirs) fs.mkdirSync(d, { recursive: true });
  let next = 0;
  const writer = async () => {
    while (next < files.length) {
      const f = files[next++]!;
      await fs.promises.writeFile(f.target, f.body);
    }
  };
  await Promise.all(Array.from({ length: WRITES_AT_ONCE }, writer));
}

/** PostgreSQL's initdb makes these beside `postgres`; the snapshot leaves them out. */
export const TEMPLATE_DATABASES = ['template0', 'template1'] as const;

/** Migrates a new in-memory database and writes it as the snapshot of this build (the build runs this). */
export async function writeSnapshot(file: string, modules: ModuleMigrations[]): Promise<void> {
  const { PgliteDb } = await import('./pglite.js');
  const { migrate } = await import('./migrate.js');
  const db = await PgliteDb.open();
  try {
    await migrate(db, modules);
    // Without the template databases: an embedded database is the one database `postgres`, and nothing
    // creates another (CREATE DATABASE is refused by name: no template1). They were 600 of the
    // snapshot's 1,450 files, and a first start's unpacking costs by the file (docs/bench.md).
    for (const template of TEMPLATE_DATABASES) {
      await db.query(`ALTER DATABASE ${template} WITH IS_TEMPLATE false`);
      await db.query(`DROP DATABASE ${template}`);
    }
    // A checkpoint first: the write-ahead log then holds nothing the data files do not.
    await db.exec('CHECKPOINT');
    const tar = Buffer.from(await (await db.dump()).arrayBuffer());
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, gzipSync(tar));
    fs.writeFileSync(metaOf(file), JSON.stringify({ fingerprint: fingerprintOf(modules) }) + '\n');
  } finally {
    await db.close();
  }
}

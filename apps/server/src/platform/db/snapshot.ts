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
import { gunzipSync, gzipSync } from 'node:zlib';
import type { ModuleMigrations } from './migrate.js';

/** Where the build puts it, beside the server bundle (dist/). */
export const SNAPSHOT_FILE = 'pglite-snapshot.tar.gz';

export interface Snapshot {
  /** The gzipped tarball of a data folder (PGlite's dumpDataDir). */
  file: string;
  /** The migrations of this build: the snapshot must have been made from exactly these (fingerprintOf). */
  migrations: ModuleMigrations[];
}

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

/**
 * The snapshot's tarball when it fits this build, else undefined (and why, for the log). Reads the file:
 * call it only when a new database is to be made.
 */
export function readSnapshot(s: Snapshot): { tar?: Buffer; skipped?: string } {
  let meta: { fingerprint?: string };
  try {
    meta = JSON.parse(fs.readFileSync(metaOf(s.file), 'utf8')) as typeof meta;
  } catch {
    return { skipped: 'no database snapshot in this build' };
  }
  if (meta.fingerprint !== fingerprintOf(s.migrations))
    return { skipped: 'the database snapshot was made for other migrations' };
  try {
    // Unpacked here (zlib, native) rather than by PGlite's stream decompression: the same bytes, sooner.
    return { tar: gunzipSync(fs.readFileSync(s.file)) };
  } catch (e) {
    return { skipped: `the database snapshot cannot be read: ${(e as Error).message}` };
  }
}

/**
 * Writes the data folder held in `tar` (PGlite's dump: directories and plain files only) as `dir`, all or
 * nothing: it is unpacked beside it and renamed into place, so a start killed meanwhile leaves no half a
 * database behind (PG_VERSION, the mark of a database, comes first in the tarball). Throws on anything
 * else in it (a link, a path leaving the folder, a damaged header); the caller then falls back to initdb.
 * Unpacked here with plain file writes rather than by PGlite, whose unpacking goes through its emulated
 * file system: the same files, in a fraction of the time.
 */
export function unpackSnapshot(tar: Buffer, dir: string): void {
  const partial = `${dir}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { recursive: true });
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
    const target = path.join(partial, rel);
    const body = at + 512;
    if (type === '5') fs.mkdirSync(target, { recursive: true });
    else if (type === '0') {
      if (body + size > tar.length) throw new Error('a truncated tarball');
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, tar.subarray(body, body + size));
    } else throw new Error(`an entry of type ${type}: ${name}`);
    at = body + Math.ceil(size / 512) * 512;
  }
  if (!fs.existsSync(path.join(partial, 'PG_VERSION'))) throw new Error('no PG_VERSION in the snapshot');
  fs.renameSync(partial, dir);
}

/** Migrates a new in-memory database and writes it as the snapshot of this build (the build runs this). */
export async function writeSnapshot(file: string, modules: ModuleMigrations[]): Promise<void> {
  const { PgliteDb } = await import('./pglite.js');
  const { migrate } = await import('./migrate.js');
  const db = await PgliteDb.open();
  try {
    await migrate(db, modules);
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

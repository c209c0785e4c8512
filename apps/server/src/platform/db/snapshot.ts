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
export function readSnapshot(s: Snapshot): { tar?: Blob; skipped?: string } {
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
    return { tar: new Blob([gunzipSync(fs.readFileSync(s.file))]) };
  } catch (e) {
    return { skipped: `the database snapshot cannot be read: ${(e as Error).message}` };
  }
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

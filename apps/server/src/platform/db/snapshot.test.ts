import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMigrations, prepareDatabase } from '../../boot.js';
import { onPostgres, testConfig } from '../../../test/harness.js';
import type { Db } from './db.js';
import { PgliteDb, SHARED_BUFFERS } from './pglite.js';
import { fingerprintOf, makeFromSnapshot, SNAPSHOT_FILE, writeSnapshot } from './snapshot.js';

/** A tarball of `entries` (ustar headers, as PGlite's dump writes them), gzipped. */
function tarOf(entries: { name: string; type?: string; body?: string }[]): Buffer {
  const blocks: Buffer[] = [];
  for (const e of entries) {
    const body = Buffer.from(e.body ?? '');
    const h = Buffer.alloc(512);
    h.write(e.name, 0, 100, 'latin1');
    h.write('0000644\0', 100, 'latin1');
    h.write(body.length.toString(8).padStart(11, '0') + '\0', 124, 'latin1');
    h.write(e.type ?? '0', 156, 'latin1');
    blocks.push(h, body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  return gzipSync(Buffer.concat([...blocks, Buffer.alloc(1024)]));
}

/** Everything a database's shape is: columns, indexes, constraints, views, functions, triggers. */
async function schemaOf(db: Db): Promise<string[]> {
  const rows = await db.query<{ line: string }>(`
    SELECT 'column ' || table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' ||
           coalesce(column_default, '') AS line
      FROM information_schema.columns WHERE table_schema = 'public'
    UNION ALL SELECT 'index ' || indexdef FROM pg_indexes WHERE schemaname = 'public'
    UNION ALL SELECT 'constraint ' || conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid)
      FROM pg_constraint WHERE connamespace = 'public'::regnamespace
    UNION ALL SELECT 'view ' || viewname || ' ' || definition FROM pg_views WHERE schemaname = 'public'
    UNION ALL SELECT 'function ' || p.oid::regprocedure || ' ' || md5(p.prosrc)
      FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace
    UNION ALL SELECT 'trigger ' || tgrelid::regclass || ' ' || tgname FROM pg_trigger WHERE NOT tgisinternal
    UNION ALL SELECT 'sequence ' || sequence_name FROM information_schema.sequences WHERE sequence_schema = 'public'`);
  return rows.map((r) => r.line).sort();
}

/** Rows per table: the demo company a first start seeds. */
async function rowsOf(db: Db): Promise<Record<string, number>> {
  const tables = await db.query<{ t: string }>(
    `SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  const counts: Record<string, number> = {};
  for (const { t } of tables)
    counts[t] = Number((await db.one<{ n: string }>(`SELECT count(*) AS n FROM "${t}"`))!.n);
  return counts;
}

// The snapshot is PGlite's (the embedded database); a PostgreSQL server is always migrated.
describe.skipIf(onPostgres)('the database snapshot of a build (pglite)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-snapshot-'));
  const file = path.join(dir, SNAPSHOT_FILE);
  const migrations = allMigrations();
  const config = testConfig({ DATA_DIR: path.join(dir, 'data') });
  let fromScratch: PgliteDb;

  beforeAll(async () => {
    await writeSnapshot(file, migrations);
    fromScratch = await PgliteDb.open(); // initdb, then every migration
    await prepareDatabase(fromScratch, config);
  }, 300_000); // two databases made the slow way (initdb): minutes on a busy machine
  afterAll(async () => {
    await fromScratch?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('holds no row a seed writes: no account, no password, no secret', async () => {
    const db = await PgliteDb.fromDump(new Blob([gunzipSync(fs.readFileSync(file))]));
    try {
      const rows = await rowsOf(db);
      // The migrations' own bookkeeping: which ran, and the lists' versions (list-cache.ts), all at 0.
      const filled = Object.entries(rows).filter(
        ([t, n]) => n > 0 && t !== 'schema_migrations' && t !== 'sys_list_version',
      );
      expect(filled).toEqual([]);
      expect(await db.query('SELECT DISTINCT version::int AS v FROM sys_list_version')).toEqual([{ v: 0 }]);
      expect(rows.schema_migrations).toBe(migrations.reduce((n, m) => n + m.migrations.length, 0));
    } finally {
      await db.close();
    }
  });

  it('makes a new data folder that equals one migrated from scratch, and a restart keeps it', async () => {
    const folder = path.join(dir, 'data', 'db');
    const heard: string[] = [];
    const db = await PgliteDb.open(folder, { snapshot: { file, migrations }, log: (m) => heard.push(m) });
    expect(heard).toEqual(['new database: from the snapshot of this build']);
    // One database, without initdb's templates (a first start unpacks by the file).
    expect(await db.query('SELECT datname FROM pg_database')).toEqual([{ datname: 'postgres' }]);
    const files = (fs.readdirSync(folder, { recursive: true, withFileTypes: true }) as fs.Dirent[]).filter(
      (e) => e.isFile(),
    );
    expect(files.length).toBeLessThan(1000);
    await prepareDatabase(db, config);
    expect(await schemaOf(db)).toEqual(await schemaOf(fromScratch));
    const rows = await rowsOf(db);
    expect(rows).toEqual(await rowsOf(fromScratch));
    expect(rows.blade_user).toBeGreaterThan(0);
    // The password hashes were made by this start (salts of its own): none came with the snapshot.
    const hashes = async (d: Db) =>
      (await d.query<{ password: string }>('SELECT password FROM blade_user ORDER BY id')).map(
        (r) => r.password,
      );
    expect(await hashes(db)).not.toEqual(await hashes(fromScratch));
    await db.exec('CREATE TABLE restart_marker (x int)');
    await db.close();

    heard.length = 0;
    const again = await PgliteDb.open(folder, { snapshot: { file, migrations }, log: (m) => heard.push(m) });
    try {
      expect(heard).toEqual([]); // a database is there: the snapshot is not even read
      expect(await again.one("SELECT to_regclass('restart_marker') AS t")).toEqual({ t: 'restart_marker' });
      expect(await rowsOf(again)).toMatchObject(rows);
      // A data folder runs with our page cache, not PostgreSQL's 128 MB written over at every start
      // (pglite.ts, SHARED_BUFFERS): all its shared memory, each page of it touched at start, is 16 MB of
      // cache and ~8 MB of PostgreSQL's other tables (44 MB with a 32 MB cache, ~150 MB with the default).
      expect(await again.one('SHOW shared_buffers')).toEqual({ shared_buffers: SHARED_BUFFERS });
      const shm = await again.one<{ mb: string }>(
        'SELECT (sum(allocated_size) / 1048576)::int AS mb FROM pg_shmem_allocations',
      );
      expect(Number(shm!.mb)).toBeLessThan(32);
    } finally {
      await again.close();
    }
  });

  it('is used only for the migrations and the PGlite it was made from', async () => {
    const folder = (name: string) => path.join(dir, 'used', name, 'pg');
    expect(await makeFromSnapshot({ file, migrations }, folder('fits'))).toEqual({});
    expect(fs.existsSync(path.join(folder('fits'), 'PG_VERSION'))).toBe(true);
    const changed = migrations.map((m, i) =>
      i === 0 ? { ...m, migrations: [...m.migrations, { id: '9999_later', sql: 'SELECT 1' }] } : m,
    );
    expect(fingerprintOf(changed)).not.toBe(fingerprintOf(migrations));
    expect(await makeFromSnapshot({ file, migrations: changed }, folder('changed'))).toEqual({
      skipped: 'the database snapshot was made for other migrations',
    });
    expect(
      await makeFromSnapshot({ file: path.join(dir, 'none.tar.gz'), migrations }, folder('none')),
    ).toEqual({
      skipped: 'no database snapshot in this build',
    });
    const damaged = path.join(dir, 'damaged.tar.gz');
    fs.writeFileSync(damaged, 'not a tarball');
    fs.copyFileSync(`${file}.json`, `${damaged}.json`);
    expect((await makeFromSnapshot({ file: damaged, migrations }, folder('damaged'))).skipped).toMatch(
      /^the database snapshot cannot be read/,
    );
    for (const name of ['changed', 'none', 'damaged']) expect(fs.existsSync(folder(name)), name).toBe(false);
  });

  it('is unpacked while the migrations load, and put in place only once they match', async () => {
    const folder = path.join(dir, 'made', 'pg');
    const later = <T>(v: T) => new Promise<T>((resolve) => setTimeout(() => resolve(v), 50));
    // Another build's migrations: nothing is left behind, not even the unpacked copy.
    const changed = migrations.map((m, i) =>
      i === 0 ? { ...m, migrations: [...m.migrations, { id: '9999_later', sql: 'SELECT 1' }] } : m,
    );
    expect(await makeFromSnapshot({ file, migrations: later(changed) }, folder)).toEqual({
      skipped: 'the database snapshot was made for other migrations',
    });
    expect(fs.existsSync(folder)).toBe(false);
    expect(fs.existsSync(`${folder}.partial`)).toBe(false);

    expect(await makeFromSnapshot({ file, migrations: later(migrations) }, folder)).toEqual({});
    expect(fs.readFileSync(path.join(folder, 'PG_VERSION'), 'utf8')).toMatch(/^\d+/);
    expect(fs.existsSync(`${folder}.partial`)).toBe(false);
  });

  it('refuses a tarball that would write outside its folder, or anything but files and folders', async () => {
    const cases: [string, Buffer][] = [
      [
        'escape',
        tarOf([
          { name: 'PG_VERSION', body: '17\n' },
          { name: '../escaped', body: 'x' },
        ]),
      ],
      [
        'link',
        tarOf([
          { name: 'PG_VERSION', body: '17\n' },
          { name: 'base/1/link', type: '2' },
        ]),
      ],
      [
        'no PG_VERSION',
        tarOf([
          { name: 'base/', type: '5' },
          { name: 'base/1/x', body: 'x' },
        ]),
      ],
    ];
    for (const [label, tar] of cases) {
      const bad = path.join(dir, `${label}.tar.gz`);
      fs.writeFileSync(bad, tar);
      fs.copyFileSync(`${file}.json`, `${bad}.json`);
      const folder = path.join(dir, `bad-${label}`, 'pg');
      const made = await makeFromSnapshot({ file: bad, migrations }, folder);
      expect(made.skipped, label).toMatch(/^the database snapshot cannot be unpacked: /);
      // Nothing written: not the folder, not its unpacked copy, not a file beside them.
      expect(fs.existsSync(path.dirname(folder)) && fs.readdirSync(path.dirname(folder)), label).toBeFalsy();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbLabel, testConfig, testDb } from '../../../test/harness.js';
import type { Db } from './db.js';
import { AUTO_STATEMENTS } from './pglite.js';
import { KEPT_PER_CONNECTION } from './postgres.js';

// A statement run by name (QueryOptions.name, what `prepared()` passes) answers as the same SQL run
// without one, on PGlite (pglite.ts, NamedStatements) as on a server (node-postgres).
describe(`named statements (${dbLabel})`, () => {
  let db: Db;
  let drop: () => Promise<void>;
  const SELECT = `SELECT id, amount, label, doc, at, flag, tags FROM named_probe WHERE id = ANY($1::bigint[]) AND ($2::text IS NULL OR label = $2) ORDER BY id`;

  beforeAll(async () => {
    ({ db, drop } = await testDb(testConfig()));
    await db.exec(`CREATE TABLE named_probe (
      id bigint PRIMARY KEY, amount numeric(12,2), label text UNIQUE, doc jsonb, at timestamptz, flag boolean, tags text[])`);
    await db.query(
      `INSERT INTO named_probe VALUES
        (9007199254740993, 12345678.91, '甲', '{"a":[1,"b"]}', '2026-11-27T01:02:03Z', true, '{x,y}'),
        (2, NULL, 'b', NULL, NULL, false, NULL)`,
    );
  });
  afterAll(() => drop?.());

  it('answers the same rows, values and types as the same SQL without a name', async () => {
    for (const params of [
      [['9007199254740993', '2'], null],
      [['2'], 'b'],
      [['3'], null],
    ] as const) {
      // A leading comment keeps the statement from being kept on its own (kept.ts):
      // this is the database driver's own unnamed path.
      const plain = await db.query(`/* unnamed */ ${SELECT}`, params as unknown as unknown[]);
      const named = await db.query(SELECT, params as unknown as unknown[], { name: 'test.named.select' });
      expect(named).toEqual(plain);
    }
    const [row] = await db.query(SELECT, [['9007199254740993'], null], { name: 'test.named.select' });
    expect(row).toEqual({
      id: '9007199254740993',
      amount: '12345678.91',
      label: '甲',
      doc: { a: [1, 'b'] },
      at: new Date('2026-11-27T01:02:03Z'),
      flag: true,
      tags: ['x', 'y'],
    });
  });

  it('refuses other SQL under a name already used', async () => {
    await db.query('SELECT 1 AS one', [], { name: 'test.named.once' });
    await expect(db.query('SELECT 2 AS two', [], { name: 'test.named.once' })).rejects.toThrow();
    await expect(db.query('SELECT 1 AS one', [], { name: 'test.named.once' })).resolves.toEqual([{ one: 1 }]);
  });

  it('fails a statement as the database does, and the next one runs', async () => {
    const insert = 'INSERT INTO named_probe (id, label) VALUES ($1, $2)';
    await expect(db.query(insert, ['5', '甲'], { name: 'test.named.insert' })).rejects.toMatchObject({
      code: '23505',
    });
    await db.query(insert, ['5', 'e'], { name: 'test.named.insert' });
    expect(await db.query('SELECT label FROM named_probe WHERE id = 5')).toEqual([{ label: 'e' }]);
  });

  it('runs inside a transaction, sees its writes, is undone with it, and is kept after it', async () => {
    const count = 'SELECT count(*)::int AS n FROM named_probe';
    const before = (await db.query<{ n: number }>(count, [], { name: 'test.named.count' }))[0]!.n;
    await expect(
      db.tx(async (t) => {
        await t.query('INSERT INTO named_probe (id, label) VALUES ($1, $2)', ['6', 'f'], {
          name: 'test.named.insert6',
        });
        expect((await t.query<{ n: number }>(count, [], { name: 'test.named.count' }))[0]!.n).toBe(
          before + 1,
        );
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect((await db.query<{ n: number }>(count, [], { name: 'test.named.count' }))[0]!.n).toBe(before);
  });

  it('never lets a statement outside a transaction see or join its writes', async () => {
    const count = 'SELECT count(*)::int AS n FROM named_probe';
    const before = (await db.query<{ n: number }>(count, [], { name: 'test.named.count' }))[0]!.n;
    let outside: Promise<{ n: number }[]> | undefined;
    await expect(
      db.tx(async (t) => {
        await t.query('INSERT INTO named_probe (id, label) VALUES (7, $1)', ['g']);
        // Asked while the transaction holds an uncommitted row (PGlite: it waits for the transaction).
        outside = db.query<{ n: number }>(count, [], { name: 'test.named.count' });
        await new Promise((r) => setTimeout(r, 20));
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect((await outside!)[0]!.n).toBe(before);
  });
});

// The statements a caller does not name are kept too (kept.ts): on PGlite (pglite.ts, NamedStatements) and
// on each connection to a server (postgres.ts), bounded, and following the schema as unnamed ones do. On a
// server the pool has one connection here, so pg_prepared_statements shows what it keeps.
describe(`statements kept without a name (${dbLabel})`, () => {
  let db: Db;
  let drop: () => Promise<void>;
  const bound = dbLabel === 'pglite' ? AUTO_STATEMENTS : KEPT_PER_CONNECTION;
  const kept = async () =>
    (
      await db.query<{ n: number }>(
        `/* unnamed */ SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE 'fc\\_kept\\_%'`,
      )
    )[0]!.n;

  beforeAll(async () => {
    ({ db, drop } = await testDb(testConfig(), { poolSize: 1 }));
    await db.exec(`CREATE TABLE auto_probe (id bigint PRIMARY KEY, label text UNIQUE)`);
  });
  afterAll(() => drop?.());

  it('keeps the rows-and-writes statements it is given, once each, and no other kind', async () => {
    const before = await kept();
    await db.query('INSERT INTO auto_probe VALUES ($1, $2)', ['1', 'a']);
    await db.query('INSERT INTO auto_probe VALUES ($1, $2)', ['2', 'b']);
    expect(await db.query('SELECT label FROM auto_probe WHERE id = $1', ['2'])).toEqual([{ label: 'b' }]);
    expect(await kept()).toBe(before + 2);
    await db.query('EXPLAIN SELECT label FROM auto_probe WHERE id = $1', ['2']);
    await db.query('SET LOCAL statement_timeout = 0');
    expect(await kept()).toBe(before + 2);
  });

  it("keeps them through the database's refusal of one: the connection is not given up", async () => {
    const before = await kept();
    await expect(db.query('INSERT INTO auto_probe VALUES ($1, $2)', ['3', 'a'])).rejects.toMatchObject({
      code: '23505',
    });
    // What the test before kept is still prepared (the refused insert is the same text as its inserts).
    expect(await kept()).toBe(before);
    expect(await db.query('SELECT label FROM auto_probe WHERE id = $1', ['1'])).toEqual([{ label: 'a' }]);
  });

  it('leaves unnamed an ON CONFLICT whose predicate is a parameter, which only an unnamed one can run', async () => {
    await db.exec(`CREATE TABLE auto_conflict (id bigint PRIMARY KEY, k text NOT NULL, gone int NOT NULL DEFAULT 0);
      CREATE UNIQUE INDEX auto_conflict_k ON auto_conflict (k) WHERE gone = 0`);
    const insert =
      'INSERT INTO auto_conflict (id, k) VALUES ($1, $2) ON CONFLICT (k) WHERE gone = $3 DO NOTHING';
    for (let i = 1; i <= 7; i++) await db.query(insert, [String(i), 'same', 0]);
    expect(await db.query('SELECT id FROM auto_conflict')).toEqual([{ id: '1' }]);
  });

  it(`keeps at most ${bound}: the least recently used are closed`, async () => {
    for (let i = 0; i < bound + 20; i++)
      expect(await db.query(`SELECT $1::int + ${i} AS n`, [1])).toEqual([{ n: 1 + i }]);
    expect(await kept()).toBe(bound);
    // The one used just now is still kept; the first of the loop is prepared again, and answers.
    expect(await db.query(`SELECT $1::int + 0 AS n`, [5])).toEqual([{ n: 5 }]);
    expect(await kept()).toBe(bound);
  });

  it('answers with the new columns after DDL, by exec, by query, and by DDL it could not recognise', async () => {
    const all = 'SELECT * FROM auto_probe WHERE id = $1';
    expect(await db.query(all, ['1'])).toEqual([{ id: '1', label: 'a' }]);
    await db.exec('ALTER TABLE auto_probe ADD COLUMN a int');
    expect(await db.query(all, ['1'])).toEqual([{ id: '1', label: 'a', a: null }]);
    await db.query('ALTER TABLE auto_probe ADD COLUMN b int');
    expect(await db.query(all, ['1'])).toEqual([{ id: '1', label: 'a', a: null, b: null }]);
    // Behind a comment the DDL is not seen (as when another node changes the table): the kept statement
    // fails on its changed columns, is prepared again and answers.
    await db.query('/* hidden */ ALTER TABLE auto_probe ADD COLUMN c int');
    expect(await db.query(all, ['1'])).toEqual([{ id: '1', label: 'a', a: null, b: null, c: null }]);
    await db.query('/* hidden */ ALTER TABLE auto_probe ADD COLUMN d int');
    if (dbLabel === 'pglite') {
      // In a transaction that failure is the transaction's, as on a server; the next statement prepares anew.
      await expect(db.tx((t) => t.query(all, ['1']))).rejects.toThrow(/cached plan/);
    } else {
      // On a server a transaction's statements are not kept: another node's change cannot fail it.
      expect(await db.tx((t) => t.query(all, ['1']))).toEqual([
        { id: '1', label: 'a', a: null, b: null, c: null, d: null },
      ]);
    }
    expect(await db.query(all, ['1'])).toEqual([{ id: '1', label: 'a', a: null, b: null, c: null, d: null }]);
  });
});

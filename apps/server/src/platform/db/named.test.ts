import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbLabel, testConfig, testDb } from '../../../test/harness.js';
import type { Db } from './db.js';

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
      const plain = await db.query(SELECT, params as unknown as unknown[]);
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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbLabel, testConfig, testDb } from '../../test/harness.js';
import { Repo } from './crud.js';
import type { Db, Row } from './db/index.js';
import { keptSearches, keptTables, seenSearches } from './list-cache.js';
import { EXACT_COUNT_LIMIT, estimates, listPage } from './list.js';
import { parseOrder } from './paging.js';
import type { Scope } from './scope.js';

/**
 * The list engine against a real table: every row exactly once walking by cursor, in the order OFFSET
 * gives; totals exact when small and estimated when large; statement counts; cursors refused when forged.
 */
const PARENT = '880000000000000001';
const ROWS = 57;
const scope = { tenantId: '000000', isPlatformAdmin: false, userId: '1', deptId: '1' } as unknown as Scope;

const items = new Repo({
  table: 'blade_dict_biz',
  fields: ['id', 'dictKey', 'dictValue', 'sort', 'remark'],
  filters: { dictValue: { column: 'dictValue', type: 'text' } },
  sortable: ['sort', 'remark', 'dictKey'],
  defaultOrder: 't.sort, t.id',
});

type Q = Record<string, unknown>;

/** One more item of the list under test, written straight into the table (as another node or psql would). */
const addItem = (d: Db, id: string, key: string, value: string, sort: number) =>
  d.query(
    `INSERT INTO blade_dict_biz (id, tenant_id, parent_id, code, dict_key, dict_value, sort)
     VALUES ($1, '000000', $2, 'list_test', $3, $4, $5)`,
    [id, PARENT, key, value, sort],
  );

/** The database with every statement it runs counted; `keep: false` hides the tables' versions from it. */
function countedDb(db: Db, statements: string[], keep: boolean): Db {
  const hidden = (sql: string) => !keep && sql === 'SELECT name FROM sys_list_version';
  return {
    ...db,
    query: (sql: string, params?: readonly unknown[]) => {
      if (hidden(sql)) return Promise.resolve([]);
      statements.push(sql);
      return db.query(sql, params);
    },
    one: async (sql: string, params?: readonly unknown[]) => {
      statements.push(sql);
      return db.one(sql, params);
    },
  } as Db;
}

describe(`list engine on ${dbLabel}`, () => {
  let db: Db;
  let drop: () => Promise<void>;
  const statements: string[] = [];
  // The engine's reading of a search, on a database that keeps none (the table's version hidden from it),
  // and on one that keeps them (list-cache.ts).
  let counted: Db;
  let keeping: Db;
  beforeAll(async () => {
    ({ db, drop } = await testDb(testConfig()));
    // Few distinct sorts (ties the id must break) and a nullable remark with NULLs among the values.
    await db.query(
      `INSERT INTO blade_dict_biz (id, tenant_id, parent_id, code, dict_key, dict_value, sort, remark)
       SELECT ${PARENT} + g, '000000', ${PARENT}, 'list_test', 'k' || lpad(g::text, 3, '0'), 'item ' || g, g % 4,
              CASE WHEN g % 5 = 0 THEN NULL ELSE 'r' || (g % 7) END
         FROM generate_series(1, ${ROWS}) g`,
    );
    counted = countedDb(db, statements, false);
    keeping = countedDb(db, statements, true);
  }, 120_000);
  afterAll(async () => drop?.());

  const page = (q: Q, limit?: number, on: Db = counted) =>
    listPage(
      on,
      items.query(scope).where('t.parentId', '=', PARENT),
      items.spec,
      { size: 10, ...q },
      (s) => s.select(['t.id', 't.sort', 't.remark', 't.dictKey']),
      limit,
    );
  const ids = (rs: Row[]) => rs.map((r) => String(r.id));

  async function byOffset(q: Q): Promise<string[]> {
    const out: string[] = [];
    for (let current = 1; ; current++) {
      const p = await page({ ...q, current });
      out.push(...ids(p.records));
      if (p.records.length < 10) return out;
    }
  }

  it.each([
    ['the default order (sort, id)', {}],
    ['a descending sort with ties', { descs: 'sort' }],
    ['a nullable column ascending', { ascs: 'remark' }],
    ['a nullable column descending', { descs: 'remark' }],
    ['mixed directions', { ascs: 'sort', descs: 'dictKey' }],
    ['a search', { dictValue: '1' }],
  ])('walks %s by next cursors: every row once, as OFFSET orders them', async (_l, q) => {
    const expected = await byOffset(q);
    expect(new Set(expected).size).toBe(expected.length);
    const walked: string[] = [];
    let p = await page({ ...q, current: 1 });
    walked.push(...ids(p.records));
    for (let current = 2; p.records.length === 10 && p.next; current++) {
      const next = await page({ ...q, current, cursor: p.next });
      // And back again: the previous page of the next one is the page we came from.
      if (next.records.length && next.prev)
        expect(ids((await page({ ...q, current: current - 1, cursor: next.prev })).records)).toEqual(
          ids(p.records),
        );
      p = next;
      walked.push(...ids(p.records));
    }
    expect(walked).toEqual(expected);
  });

  it('reads the last page from the end, and says which page it is', async () => {
    const all = await byOffset({});
    const last = await page({ cursor: 'last' });
    expect(ids(last.records)).toEqual(all.slice(-10));
    expect(last.current).toBe(Math.ceil(ROWS / 10));
    expect(last.total).toBe(ROWS);
  });

  it('counts exactly up to the limit, and a page that ends the list needs no count', async () => {
    estimates.clear();
    statements.length = 0;
    const small = await page({ dictValue: 'item 5' }); // item 5, 50..57: one page
    expect(small.total).toBe(small.records.length);
    expect(small.estimated).toBeUndefined();
    expect(statements).toHaveLength(1);

    statements.length = 0;
    const first = await page({});
    expect(first).toMatchObject({ total: ROWS, pages: 6, current: 1 });
    expect(first.estimated).toBeUndefined();
    // The rows, the planner's estimate, the count capped at the limit.
    expect(statements).toHaveLength(3);
    expect(statements[2]).toMatch(new RegExp(`LIMIT \\$\\d+\\) s$|limit \\$\\d+\\) s$`));
    expect(EXACT_COUNT_LIMIT).toBe(10_000);
  });

  it('asks the planner once per list while paging: the next pages run their rows and the capped count only', async () => {
    estimates.clear();
    statements.length = 0;
    await page({ current: 2 });
    expect(statements.filter((s) => s.startsWith('EXPLAIN'))).toHaveLength(1);
    statements.length = 0;
    const third = await page({ current: 3 });
    expect(third).toMatchObject({ total: ROWS, current: 3 });
    expect(statements).toHaveLength(2);
    expect(statements.some((s) => s.startsWith('EXPLAIN'))).toBe(false);

    // Another filter, or another tenant, is another list: its own estimate.
    statements.length = 0;
    await page({ current: 2, dictValue_equal: 'item 1' });
    const other = { ...scope, tenantId: '000001' } as Scope;
    await listPage(
      counted,
      items.query(other).where('t.parentId', '=', PARENT),
      items.spec,
      { size: 10, current: 2 },
      (s) => s.select(['t.id']),
    );
    expect(statements.filter((s) => s.startsWith('EXPLAIN'))).toHaveLength(2);
  });

  it('a search reads its matches once: the page and its exact total in one statement, from any page on', async () => {
    estimates.clear();
    const all = await byOffset({ dictValue: 'item' });
    expect(all).toHaveLength(ROWS);
    for (const q of [{ current: 2 }, { current: 3, descs: 'remark' }, { cursor: 'last' }]) {
      statements.length = 0;
      const p = await page({ ...q, dictValue: 'item' });
      expect(statements).toHaveLength(1);
      expect(statements[0]).toMatch(/MATERIALIZED/);
      expect(p).toMatchObject({ total: ROWS, pages: 6 });
      expect(p.estimated).toBeUndefined();
      for (const r of p.records) expect(Object.keys(r).some((k) => k.startsWith('z'))).toBe(false);
    }
    expect(ids((await page({ current: 2, dictValue: 'item' })).records)).toEqual(all.slice(10, 20));
    // Past the end, and a search without a match: no rows, the exact total.
    statements.length = 0;
    expect(await page({ current: 9, dictValue: 'item' })).toMatchObject({ records: [], total: ROWS });
    expect(await page({ dictValue: 'no such item' })).toMatchObject({ records: [], total: 0, pages: 0 });
    expect(statements).toHaveLength(2);
  });

  it('a search with more matches than the limit says "about", asks the planner once, then pages on its rows alone', async () => {
    await db.query(`ANALYZE blade_dict_biz`);
    estimates.clear();
    statements.length = 0;
    const first = await page({ dictValue: 'item' }, 20);
    expect(first.estimated).toBe(true);
    expect(first.total).toBeGreaterThan(20);
    // The gathering stopped at 21 matches; then the page on its own and the planner's estimate.
    expect(statements).toHaveLength(3);
    expect(statements.filter((x) => x.startsWith('EXPLAIN'))).toHaveLength(1);
    expect(ids(first.records)).toEqual((await byOffset({ dictValue: 'item' })).slice(0, 10));
    statements.length = 0;
    const second = await page({ dictValue: 'item', current: 2, cursor: first.next }, 20);
    expect(statements).toHaveLength(1);
    expect(statements[0]).not.toMatch(/MATERIALIZED/);
    expect(second).toMatchObject({ estimated: true, total: first.total });
  });

  it('a large list pages on its cached estimate: one statement a page, the same "about" total', async () => {
    await db.query(`ANALYZE blade_dict_biz`);
    estimates.clear();
    const second = await page({ current: 2 }, 20);
    expect(second.estimated).toBe(true);
    statements.length = 0;
    const next = await page({ current: 3, cursor: second.next }, 20);
    expect(statements).toHaveLength(1);
    expect(next).toMatchObject({ estimated: true, total: second.total });
  });

  it('above the limit says the total is an estimate, never less than the rows it has shown', async () => {
    await db.query(`ANALYZE blade_dict_biz`);
    const p = await page({ current: 2 }, 20);
    expect(p.estimated).toBe(true);
    expect(p.total).toBeGreaterThanOrEqual(20);
    expect(p.pages).toBe(Math.ceil(p.total / 10));
  });

  it("says which rows of a tree's page have live children in the page's own statement, in the page's order", async () => {
    // A live grandchild under item 1, a removed one under item 2.
    await db.query(
      `INSERT INTO blade_dict_biz (id, tenant_id, parent_id, code, dict_key, dict_value, sort, is_deleted)
       VALUES (${PARENT} + 1001, '000000', ${PARENT} + 1, 'list_test', 'g1', 'grandchild', 0, 0),
              (${PARENT} + 1002, '000000', ${PARENT} + 2, 'list_test', 'g2', 'grandchild', 0, 1)`,
    );
    const tree = { ...items.spec, children: { table: 'blade_dict_biz', softDelete: true } };
    const treePage = (q: Q) =>
      listPage(counted, items.query(scope).where('t.parentId', '=', PARENT), tree, { size: 10, ...q }, (s) =>
        s.select(['t.id', 't.sort', 't.remark', 't.dictKey']),
      );
    try {
      for (const q of [
        { descs: 'remark' },
        { cursor: 'last' },
        { ascs: 'dictKey' },
        { ascs: 'dictKey', dictValue: 'item' },
      ]) {
        const all = await byOffset(q.cursor ? {} : q);
        statements.length = 0;
        const p = await treePage(q);
        // One statement reads the page and its children; the others are the total's (estimate, capped count).
        const reads = statements.filter((x) => !x.startsWith('EXPLAIN') && !/^SELECT count\(\*\)/.test(x));
        expect(reads).toHaveLength(1);
        expect(reads[0]).toMatch(/has_children/);
        expect(ids(p.records)).toEqual(q.cursor ? all.slice(-10) : all.slice(0, 10));
        for (const r of p.records) {
          expect(r.has_children).toBe(String(r.id) === String(BigInt(PARENT) + 1n));
          expect(Object.keys(r).some((k) => k.startsWith('z'))).toBe(false);
        }
      }
      const byId = async (id: bigint) =>
        (await treePage({ ascs: 'dictKey', size: 100 })).records.find((r) => String(r.id) === String(id));
      expect((await byId(BigInt(PARENT) + 1n))?.has_children).toBe(true);
      expect((await byId(BigInt(PARENT) + 2n))?.has_children).toBe(false);
    } finally {
      await db.query(`DELETE FROM blade_dict_biz WHERE parent_id IN (${PARENT} + 1, ${PARENT} + 2)`);
    }
  });

  it('refuses a forged cursor and a cursor of another order with a 400 naming cursor', async () => {
    const p = await page({});
    for (const cursor of ['not-base64-json', Buffer.from('{"o":"x","d":"n","v":[]}').toString('base64url')]) {
      await expect(page({ cursor })).rejects.toMatchObject({
        status: 400,
        key: 'validation.format',
        params: { field: 'cursor' },
      });
    }
    await expect(page({ descs: 'sort', cursor: p.next })).rejects.toMatchObject({
      status: 400,
      params: { field: 'cursor' },
    });
  });

  it('runs the same statement once for requests that arrive together, each answered with its own rows', async () => {
    const q = { dictValue: 'item 1' }; // item 1, 10..19: one gathered search
    const alone = await page(q);
    statements.length = 0;
    const together = await Promise.all([1, 2, 3, 4, 5].map(() => page(q)));
    expect(statements).toHaveLength(1);
    for (const p of together) expect(p).toEqual(alone);
    // Copies: one caller's page taken apart does not touch another's.
    expect(together[0]!.records[0]).not.toBe(together[1]!.records[0]);

    // Another tenant's, another filter's or another page's statement is its own.
    statements.length = 0;
    await Promise.all([page(q), page({ dictValue: 'item 2' }), page({ ...q, size: 5 })]);
    expect(statements).toHaveLength(3);
  });

  it('never answers a request with a read that was on its way before it came', async () => {
    const q = { dictValue: 'item 1', size: 20 };
    const was = (await page(q)).total;
    statements.length = 0;
    const before = page(q);
    // One turn: the first read is sent. A row is written, then the same list asked for again.
    await new Promise((r) => setImmediate(r));
    expect(statements).toHaveLength(1);
    const id = String(BigInt(PARENT) + 1000n);
    await addItem(db, id, 'k-new', 'item 1 new', 9);
    try {
      const after = await page(q);
      expect(ids(after.records)).toContain(id);
      expect(after.total).toBe(was + 1);
      expect(statements).toHaveLength(2);
      await before;
    } finally {
      await db.query('DELETE FROM blade_dict_biz WHERE id = $1', [id]);
    }
  });

  describe('a search of a table that keeps a version (list-cache.ts)', () => {
    const kept = (q: Q) => page(q, undefined, keeping);
    const search = { dictValue: 'item' };

    it('answers every page, by number and by cursor either way, as the search read afresh does', async () => {
      keptSearches.clear();
      for (const q of [search, { ...search, descs: 'remark' }, { dictValue: 'item 1' }]) {
        const expected = await byOffset(q);
        for (let current = 1; current <= Math.ceil(expected.length / 10) + 1; current++) {
          const fresh = await page({ ...q, current });
          const p = await kept({ ...q, current });
          expect(p).toEqual(fresh);
          if (p.next)
            expect(await kept({ ...q, current: current + 1, cursor: p.next })).toEqual(
              await page({ ...q, current: current + 1, cursor: p.next }),
            );
          if (p.prev)
            expect(await kept({ ...q, current: current - 1, cursor: p.prev })).toEqual(
              await page({ ...q, current: current - 1, cursor: p.prev }),
            );
        }
        expect(await kept({ ...q, cursor: 'last' })).toEqual(await page({ ...q, cursor: 'last' }));
      }
    });

    it('gathers the matches once, then reads each page in one statement of its ten rows', async () => {
      keptSearches.clear();
      seenSearches.clear();
      statements.length = 0;
      // Asked once: the gathering as if nothing were kept (it does not sort every match).
      await kept(search);
      expect(statements).toHaveLength(1);
      expect(statements[0]).not.toMatch(/zids/);
      statements.length = 0;
      // Asked again: the gathering that brings every match's id with the versions.
      const first = await kept(search);
      expect(statements).toHaveLength(1);
      expect(statements[0]).toMatch(/WITH m AS.*zids/s);
      expect(first).toMatchObject({ total: ROWS, pages: 6 });
      for (const q of [
        { current: 2 },
        { current: 6 },
        { cursor: first.next, current: 2 },
        { cursor: 'last' },
      ]) {
        statements.length = 0;
        await kept({ ...search, ...q });
        expect(statements).toHaveLength(1);
        expect(statements[0]).toMatch(/unnest/);
        expect(statements[0]).not.toMatch(/WITH m AS/);
      }
    });

    it('sees every write committed since, by any connection, on the next page', async () => {
      keptSearches.clear();
      const before = await kept({ ...search, current: 6 });
      const id = String(BigInt(PARENT) + 2000n);
      // Written past the engine, as another node or psql would.
      await addItem(db, id, 'k-kept', 'item kept', 99);
      try {
        const after = await kept({ ...search, current: 6 });
        expect(after.total).toBe(before.total + 1);
        expect(ids(after.records)).toContain(id);
        await db.query(`UPDATE blade_dict_biz SET dict_value = 'gone' WHERE id = $1`, [id]);
        const again = await kept({ ...search, current: 6 });
        expect(again.total).toBe(before.total);
        expect(ids(again.records)).not.toContain(id);
      } finally {
        await db.query('DELETE FROM blade_dict_biz WHERE id = $1', [id]);
      }
      expect(await kept({ ...search, current: 6 })).toEqual(await page({ ...search, current: 6 }));
    });

    it('by a cursor whose row has moved since, answers as the search read afresh does', async () => {
      keptSearches.clear();
      const first = await kept(search);
      const edge = first.records.at(-1)!;
      await db.query(`UPDATE blade_dict_biz SET sort = 3 WHERE id = $1`, [String(edge.id)]);
      try {
        const q = { ...search, current: 2, cursor: first.next };
        expect(await kept(q)).toEqual(await page(q));
      } finally {
        await db.query(`UPDATE blade_dict_biz SET sort = $2 WHERE id = $1`, [String(edge.id), edge.sort]);
      }
    });

    it('keeps nothing inside a transaction, and never a statement that reads a table without a version', async () => {
      keptSearches.clear();
      await db.tx(async (t) => {
        const id = String(BigInt(PARENT) + 3000n);
        await addItem(t, id, 'k-tx', 'item tx', 0);
        const p = await listPage(
          t,
          items.query(scope).where('t.parentId', '=', PARENT),
          items.spec,
          search,
          (s) => s.select(['t.id']),
        );
        expect(p.total).toBe(ROWS + 1);
        await t.query('DELETE FROM blade_dict_biz WHERE id = $1', [id]);
      });
      expect(keptSearches.size).toBe(0);
      // A join to a table that keeps no version (blade_user): read afresh every time.
      statements.length = 0;
      const joined = () =>
        listPage(
          keeping,
          items
            .query(scope)
            .where('t.parentId', '=', PARENT)
            .where(({ exists, selectFrom }) =>
              exists(selectFrom('blade_user as u').select('u.id').where('u.account', '=', 'admin')),
            ),
          items.spec,
          search,
          (s) => s.select(['t.id']),
        );
      await joined();
      await joined();
      expect(keptSearches.size).toBe(0);
      expect(statements.filter((x) => /MATERIALIZED/.test(x))).toHaveLength(2);
    });

    it('moves the version once for each writing statement, writers on two connections included', async () => {
      const version = async () =>
        Number(
          (await db.one<{ v: string }>(
            `SELECT version AS v FROM sys_list_version WHERE name = 'blade_dict_biz'`,
          ))!.v,
        );
      // Every versioned table has its trigger.
      const names = (await db.query<{ name: string }>('SELECT name FROM sys_list_version')).map(
        (r) => r.name,
      );
      expect(names.sort()).toEqual(['blade_dict', 'blade_dict_biz']);
      const triggers = await db.query<{ t: string }>(
        `SELECT tgrelid::regclass::text AS t FROM pg_trigger WHERE tgname LIKE '%_list_version' ORDER BY 1`,
      );
      expect(triggers.map((r) => r.t)).toEqual(['blade_dict', 'blade_dict_biz']);
      const was = await version();
      const ids = [4000n, 4001n].map((n) => String(BigInt(PARENT) + n));
      // Two transactions at once (two connections on PostgreSQL): the second waits for the first's row.
      await Promise.all(
        ids.map((id) =>
          db.tx(async (t) => {
            await addItem(t, id, `k-two-${id}`, 'two writers', 0);
            await new Promise((r) => setTimeout(r, 20));
          }),
        ),
      );
      expect(await version()).toBe(was + 2);
      await db.query('DELETE FROM blade_dict_biz WHERE id = ANY($1::bigint[])', [ids]);
      expect(await version()).toBe(was + 3);
    });

    it('names the tables of a statement only when every FROM and JOIN is a plain table', () => {
      expect(
        keptTables('select "t"."id" from "blade_dict_biz" as "t" where "t"."dict_value" like $1'),
      ).toEqual(['blade_dict_biz']);
      expect(keptTables('select 1 from "a" as "t" inner join "b" as "u" on u.x = t.y')).toEqual(['a', 'b']);
      expect(keptTables('select 1 from "a" where exists (select 1 from "b" "c" where c.p = 1)')).toEqual([
        'a',
        'b',
      ]);
      for (const text of [
        'select 1 from "a" as "t", "b"',
        'select 1 from unnest($1) as k',
        'select 1 from (select 1 from a) s',
        'select 1 from a cross join lateral (select 1) x',
        'select 1',
      ])
        expect(keptTables(text)).toBeUndefined();
    });
  });

  it('pages by a default order that names NULLS where PostgreSQL puts them anyway, and refuses one it cannot', () => {
    expect(parseOrder('t.code NULLS LAST, t.id DESC NULLS FIRST')).toEqual([
      { col: 't.code', desc: false },
      { col: 't.id', desc: true },
    ]);
    expect(() => parseOrder('t.code NULLS FIRST')).toThrow(/cannot|page/);
  });
});

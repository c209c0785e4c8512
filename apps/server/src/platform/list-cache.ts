import { LRUCache } from 'lru-cache';
import type { Db } from './db/index.js';

/**
 * A search's matches kept between requests, for tables that say when they change.
 *
 * Why: a search (a LIKE filter) has no index in the list's order, so every page of it reads every match —
 * 10,000 matches are 10,000 heap pages, 15–25 ms of the database however they are found (docs/bench.md).
 * Paging through a search, or the same search on several desks, read them all again each time.
 *
 * Guarantees:
 * - Only tables that keep a version are kept from: a statement trigger of theirs moves their row of
 *   `sys_list_version` in the writing transaction, so any committed write — on any node, by any route or by
 *   hand in psql — is seen by the next read of the version. A statement that reads any other table (a join,
 *   a subquery, a function in FROM) is never kept (`keptTables` reads the statement's own FROM and JOINs).
 * - What is kept is the matches' ids in the list's order and their count, read in one statement with the
 *   versions of its tables (one snapshot). A page from it is read by id in one statement with the versions
 *   again, and used only when they are the same; otherwise the matches are read afresh. So a page never
 *   answers from matches older than the last write its statement could see.
 * - Never inside a transaction (its reads must see its own writes), and only for searches whose matches were
 *   all gathered (at most EXACT_COUNT_LIMIT). A search is kept from its second request on (`seenSearches`),
 *   so one asked once costs what it did before anything was kept.
 * - Keyed by the statement and its parameters (the tenant, the scope, the filters, the order): bounded in
 *   entries and in bytes, since the key is caller input.
 *
 * The price: writers of a versioned table queue on its version row until they commit, so only tables that
 * are read far more than written (dictionaries) keep one.
 */

/** The migration that makes `tables` versioned (idempotent: any module may version its own tables). */
export function versionedLists(tables: readonly string[]): string {
  for (const t of tables) if (!/^[a-z_][a-z0-9_]*$/.test(t)) throw new Error(`not a table name: ${t}`);
  return `
CREATE TABLE IF NOT EXISTS sys_list_version (name text PRIMARY KEY, version bigint NOT NULL DEFAULT 0);
CREATE OR REPLACE FUNCTION sys_list_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sys_list_version SET version = version + 1 WHERE name = TG_TABLE_NAME;
  RETURN NULL;
END $$;
${tables
  .map(
    (t) => `INSERT INTO sys_list_version (name) VALUES ('${t}') ON CONFLICT (name) DO NOTHING;
CREATE TRIGGER ${t}_list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${t}
  FOR EACH STATEMENT EXECUTE FUNCTION sys_list_version_bump();`,
  )
  .join('\n')}
`;
}

const versioned = new WeakMap<Db, Set<string> | Promise<void>>();

/**
 * The tables of this database that keep a version, or undefined until they are known: the first call
 * starts reading them (once per database: they change only by migration, which runs before any request),
 * and a search asked before they are known is read afresh. Synchronous, so a search that keeps nothing goes
 * to its read in the same turn (the engine's reads of one turn are shared: list.ts).
 */
export function versionedTables(db: Db): Set<string> | undefined {
  const v = versioned.get(db);
  if (v instanceof Set) return v;
  if (!v)
    versioned.set(
      db,
      db.query<{ name: string }>('SELECT name FROM sys_list_version').then(
        (rows) => void versioned.set(db, new Set(rows.map((r) => r.name))),
        // Asked again by the next search.
        () => void versioned.delete(db),
      ),
    );
  return undefined;
}

const dbKeys = new WeakMap<Db, number>();
let lastDbKey = 0;
/**
 * A number of this database object's own, for the caches' keys: two databases of one process (the tests'
 * do) may have the same versions and never share a kept search.
 */
export function dbKey(db: Db): number {
  let k = dbKeys.get(db);
  if (k === undefined) dbKeys.set(db, (k = ++lastDbKey));
  return k;
}

const NAME = String.raw`("?)([a-z_][a-z0-9_$]*)\1(?![a-z0-9_$"])`;
// A FROM or JOIN of a plain table with its alias, and what follows it (a comma is another table).
const FROM = new RegExp(
  String.raw`\b(?:from|join)\s+${NAME}(?!\s*[(.])(?:\s+(?:as\s+)?"?[a-z_][a-z0-9_$]*"?(?![a-z0-9_$"(]))?\s*(,?)`,
  'gi',
);
const SOURCE = /\b(?:from|join)\b/gi;

/**
 * The tables a statement reads, when all of them can be named from its text; undefined when one cannot
 * (a function, a subquery or a list of tables in FROM, a LATERAL), so the statement is never kept.
 */
export function keptTables(text: string): string[] | undefined {
  const names = new Set<string>();
  let found = 0;
  for (const m of text.matchAll(FROM)) {
    if (m[3]) return undefined;
    names.add(m[2]!.toLowerCase());
    found++;
  }
  // Every FROM and JOIN must have been a plain table: a FROM ( … ) or FROM f(…) leaves one unmatched.
  if (!found || found !== [...text.matchAll(SOURCE)].length) return undefined;
  return [...names];
}

export interface KeptSearch {
  /** `name:version,…` of the statement's tables when the matches were read. */
  versions: string;
  /** The matches' ids, in the list's order. */
  ids: string[];
}

/**
 * Searches asked once, by the same key: a search is kept from its second request on. Gathering every
 * match's id in order sorts all of them (some 8 ms of PostgreSQL for 10,000 where the page's top ten
 * take a fraction of it), which a search nobody pages through or asks again would pay for nothing.
 */
export const seenSearches = new LRUCache<string, true>({
  max: 5_000,
  maxSize: 4 * 1024 * 1024,
  sizeCalculation: (_v, key) => key.length + 16,
});

/** Kept searches, by database (`dbKey`), statement and parameters. */
export const keptSearches = new LRUCache<string, KeptSearch>({
  max: 1_000,
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (v, key) =>
    key.length + v.versions.length + v.ids.reduce((n, id) => n + id.length + 16, 64),
});

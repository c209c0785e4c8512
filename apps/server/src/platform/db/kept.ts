/**
 * Statements kept prepared though the caller did not name them (`QueryOptions.name`), on PGlite and on
 * each connection to a PostgreSQL server: the SQL texts used last, each under a name of its own. A kept
 * statement is parsed and planned once, and after five runs PostgreSQL's plan cache runs it on a generic
 * plan, so a list page's eight joins are not planned again at every request (2.4 ms of the server's CPU
 * for the orders' first page, ten times its execution: docs/bench.md, twenty-fifth session).
 *
 * Guarantees:
 * - Only statements that read or write rows are kept (KEEPS); anything else (EXPLAIN, SET, DDL) runs as
 *   the driver runs it.
 * - At most `max` texts are kept; the least recently used is handed to `closed` when a new one comes,
 *   so the database can close it. A name is never given to a second text.
 */
const KEEPS = /^\s*(select|insert|update|delete|with|values)\b/i;
/**
 * `ON CONFLICT (…) WHERE …`: PostgreSQL matches that predicate to a partial unique index only with its
 * values in hand, so a kept statement fails on its generic plan where an unnamed one runs. Left
 * unnamed; write the predicate as a literal (`sql.lit(0)`) and it is kept like any other.
 */
const ARBITER_WHERE = /\bon\s+conflict\b[^]*?\bwhere\b[^]*?\$\d/i;
/** The names kept statements are given (`pg_prepared_statements.name`), a number after it. */
export const KEPT_PREFIX = 'fc_kept_';
/** A kept statement whose table's columns changed since it was prepared (SQLSTATE 0A000). */
export const RESULT_CHANGED = /cached plan must not change result type/;

export class KeptNames {
  /** SQL text → its name, least recently used first (a Map keeps insertion order). */
  private readonly names = new Map<string, string>();
  private next = 0;
  constructor(
    private readonly max: number,
    private readonly closed: (name: string) => void,
  ) {}

  /** The name `sql` is kept under, or undefined: run it unnamed. */
  nameOf(sql: string): string | undefined {
    if (!KEEPS.test(sql) || ARBITER_WHERE.test(sql)) return undefined;
    let name = this.names.get(sql);
    if (name !== undefined) {
      this.names.delete(sql);
      this.names.set(sql, name);
      return name;
    }
    name = `${KEPT_PREFIX}${++this.next}`;
    this.names.set(sql, name);
    if (this.names.size > this.max) {
      const [oldSql, oldName] = this.names.entries().next().value as [string, string];
      this.names.delete(oldSql);
      this.closed(oldName);
    }
    return name;
  }

  /** No longer keeps `sql` under `name` (its columns changed): the next use prepares it anew. */
  drop(sql: string, name: string): void {
    if (this.names.get(sql) !== name) return;
    this.names.delete(sql);
    this.closed(name);
  }

  /** After DDL: every kept statement is prepared again when next used. */
  clear(): void {
    for (const name of this.names.values()) this.closed(name);
    this.names.clear();
  }
}

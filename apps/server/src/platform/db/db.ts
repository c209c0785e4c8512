/** The one query layer: the same SQL runs on embedded PGlite and on a PostgreSQL server. */
export type Row = Record<string, unknown>;

export interface QueryOptions {
  /** Unique per SQL text (a name reused for other SQL is an error on the server). */
  name?: string;
}

export interface Db {
  readonly kind: 'pglite' | 'postgres';
  /** true inside tx(): work queued for a later statement would escape the transaction. */
  readonly inTx?: boolean;
  /**
   * Runs one parameterised statement ($1, $2 …) and returns its rows. A `name` keeps the statement
   * prepared on each server connection, so a hot statement is parsed and planned once, not per call.
   */
  query<T = Row>(sql: string, params?: readonly unknown[], opts?: QueryOptions): Promise<T[]>;
  /** First row or undefined. */
  one<T = Row>(sql: string, params?: readonly unknown[]): Promise<T | undefined>;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs fn in a transaction; nested calls join the outer one. */
  tx<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Postgres type ids whose text form we keep: 64-bit ids travel as strings, as the API promises. */
export const INT8_OID = 20;
export const NUMERIC_OID = 1700;

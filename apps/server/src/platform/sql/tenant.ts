import {
  sql,
  type DeleteQueryBuilder,
  type DeleteResult,
  type InsertObject,
  type InsertQueryBuilder,
  type InsertResult,
  type Kysely,
  type SelectQueryBuilder,
  type UpdateQueryBuilder,
  type UpdateResult,
} from 'kysely';
import { PLATFORM_TENANT, type Scope } from '../scope.js';
import { qb } from './kysely.js';
import { tableColumns, type DB } from './schema.gen.js';

/** Tables with a tenant_id column: reachable only through `scoped()`, which cannot be built without a scope. */
export type TenantTable = {
  [K in keyof DB]: 'tenantId' extends keyof DB[K] ? K : never;
}[keyof DB];
/** Everything else: dictionaries, menus, join tables, platform state. */
export type GlobalTable = Exclude<keyof DB, TenantTable>;
export type GlobalDB = Pick<DB, GlobalTable>;

/** The part of a caller the scope needs: sign-in has a tenant before it has a user. */
export type TenantScope = Pick<Scope, 'tenantId' | 'isPlatformAdmin'>;

/**
 * Every tenant, for the few reads that must judge rows whatever their tenant (ranks of the ids a request
 * names, sign-in lookups across tenants). Named so each such read is easy to find.
 */
export const allTenants: TenantScope = Object.freeze({ tenantId: PLATFORM_TENANT, isPlatformAdmin: true });

export const tenantTables = (Object.keys(tableColumns) as (keyof DB)[])
  .filter((t) => 'tenantId' in tableColumns[t])
  .sort() as TenantTable[];

export const isTenantTable = (t: string): t is TenantTable => tenantTables.includes(t as TenantTable);
export const hasSoftDelete = (t: keyof DB) => 'isDeleted' in tableColumns[t];

/** Queries over global tables (no tenant_id): the builder cannot even name a tenant-owned table. */
export const globalDb = qb as unknown as Kysely<GlobalDB>;

type Aliased<T extends keyof DB, A extends string> = DB & { [K in A]: DB[T] };
type TenantInsert<T extends TenantTable> = Omit<InsertObject<DB, T>, 'tenantId'> & { tenantId?: string };

export interface ScopeOptions {
  /** Also rows marked deleted (uniqueness checks that must see them, restores). */
  withDeleted?: boolean;
}

/**
 * The only way to a tenant-owned table. Reads, updates and deletes get `tenant_id = scope.tenantId`
 * (the platform administrator: every tenant, as before) and `is_deleted = 0` where the table has it;
 * inserts take tenant_id from the scope (the platform administrator may name another).
 */
export function scoped(scope: TenantScope) {
  const where = <Q>(q: Q, table: TenantTable, ref: string, opts?: ScopeOptions): Q => {
    let out = q as unknown as { where: (...a: unknown[]) => unknown };
    // A literal, not a parameter: a named statement's generic plan cannot prove a partial index's
    // `is_deleted = 0` from `is_deleted = $1`, so PostgreSQL kept planning such statements anew on every
    // execution (the chat's connect rate, bench:im, lost a tenth to it).
    if (!opts?.withDeleted && hasSoftDelete(table))
      out = out.where(sql.ref(`${ref}.isDeleted`), '=', sql.lit(0)) as typeof out;
    if (!scope.isPlatformAdmin)
      out = out.where(sql.ref(`${ref}.tenantId`), '=', scope.tenantId) as typeof out;
    return out as unknown as Q;
  };
  const tenantOf = (v: { tenantId?: string }) =>
    scope.isPlatformAdmin && typeof v.tenantId === 'string' && v.tenantId ? v.tenantId : scope.tenantId;
  return {
    scope,
    selectFrom<T extends TenantTable, A extends string = T>(
      table: T,
      alias?: A,
      opts?: ScopeOptions,
    ): SelectQueryBuilder<Aliased<T, A>, A, object> {
      const q = qb.selectFrom((alias ? `${table} as ${alias}` : table) as T);
      return where(q, table, alias ?? table, opts) as unknown as SelectQueryBuilder<Aliased<T, A>, A, object>;
    },
    updateTable<T extends TenantTable>(
      table: T,
      opts?: ScopeOptions,
    ): UpdateQueryBuilder<DB, T, T, UpdateResult> {
      return where(qb.updateTable(table) as UpdateQueryBuilder<DB, T, T, UpdateResult>, table, table, opts);
    },
    deleteFrom<T extends TenantTable>(
      table: T,
      opts?: ScopeOptions,
    ): DeleteQueryBuilder<DB, T, DeleteResult> {
      return where(
        qb.deleteFrom(table) as unknown as DeleteQueryBuilder<DB, T, DeleteResult>,
        table,
        table,
        opts,
      );
    },
    insertInto<T extends TenantTable>(
      table: T,
      values: TenantInsert<T> | TenantInsert<T>[],
    ): InsertQueryBuilder<DB, T, InsertResult> {
      const rows = (Array.isArray(values) ? values : [values]).map((v) => ({ ...v, tenantId: tenantOf(v) }));
      return qb.insertInto(table).values(rows as never) as unknown as InsertQueryBuilder<DB, T, InsertResult>;
    },
  };
}

export type Scoped = ReturnType<typeof scoped>;

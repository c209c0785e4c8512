import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Db } from './db/index.js';
import { bad, forbidden, notFound } from './errors.js';
import { newId } from './ids.js';
import { listPage, type ListSpec } from './list.js';
import { filterConditions, orderBy, parseOrder, type FilterDef, type PageQuery } from './paging.js';
import { camelRow } from './rows.js';
import { isId } from './schema.js';
import type { Scope } from './scope.js';
import { qb } from './sql/kysely.js';
import { tableColumns, type DB } from './sql/schema.gen.js';
import { scoped, type TenantScope } from './sql/tenant.js';

/** A column of the table as JSON names it (camelCase, from the generated schema). */
export type Field<T extends keyof DB> = keyof DB[T] & string;

/**
 * A table as the console sees it. Tenant isolation, soft delete, audit columns, paging, filters,
 * sorting and tree rules live here once, so no route has to remember them. Fields are the table's own
 * columns as the generated schema names them: there is no column map to keep.
 */
export interface TableDef<T extends keyof DB = keyof DB> {
  table: T;
  /** The fields a read returns (default: every column). Leave out what must never leave the server. */
  fields?: readonly Field<T>[];
  /** Has is_deleted: remove marks rows instead of deleting them (default: when the table has the column). */
  softDelete?: boolean;
  /** Has create_user, create_dept, create_time, update_user, update_time (default: when it has them). */
  audit?: boolean;
  /** Tree by parent_id: remove refuses nodes with children; lists report hasChildren. */
  tree?: boolean;
  /** Query field → the table's field it compares, and how. */
  filters?: Record<string, FilterDef & { column: Field<T> }>;
  /** Fields that may be sorted on. */
  sortable?: readonly Field<T>[];
  /** Trusted SQL over the alias t (snake_case), e.g. 't.sort, t.id'. */
  defaultOrder?: string;
  /** Fields a submit may write (default: every field but id and tenantId). */
  writable?: readonly Field<T>[];
}

/** What a Repo keeps of its definition: the field lists are checked where the definition is written. */
export interface RepoDef<T extends keyof DB = keyof DB> {
  table: T;
  tree?: boolean;
  filters?: Record<string, FilterDef>;
  defaultOrder?: string;
  writable?: readonly string[];
}

/** The select every list starts from: table alias t, already scoped; add conditions with `.where`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type RepoQuery = SelectQueryBuilder<any, 't', object>;
export type Extra = (q: RepoQuery) => RepoQuery;

const snake = (f: string) => f.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
// Inside the Repo the table is a runtime value; the typing is on TableDef.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const anyQb = qb as unknown as Kysely<any>;

export class Repo<
  T extends keyof DB = keyof DB,
  R extends Record<string, unknown> = Record<string, unknown>,
> {
  readonly tenant: boolean;
  readonly softDelete: boolean;
  readonly audit: boolean;
  private readonly fields: string[];
  private readonly sortCols: Record<string, string>;
  private readonly filters: Record<string, FilterDef>;
  readonly def: RepoDef<T>;
  constructor(def: TableDef<T>) {
    this.def = def;
    const cols = tableColumns[def.table] as Record<string, string>;
    const has = (f: string) => Object.hasOwn(cols, f);
    this.tenant = has('tenantId');
    this.softDelete = def.softDelete ?? has('isDeleted');
    this.audit = def.audit ?? (has('createUser') && has('updateTime'));
    this.fields = [...(def.fields ?? Object.keys(cols))];
    this.sortCols = Object.fromEntries((def.sortable ?? []).map((f) => [f, `t.${snake(f)}`]));
    this.filters = Object.fromEntries(
      Object.entries(def.filters ?? {}).map(([k, d]) => {
        const kind = cols[d.column] as FilterDef['kind'];
        return [k, kind ? { ...d, kind } : d];
      }),
    );
    this.spec = {
      filters: this.filters,
      sortable: this.sortCols,
      defaultOrder: def.defaultOrder ?? 't.id',
      id: 't.id',
      tables: { t: def.table },
      ...(def.tree ? { children: { table: def.table, softDelete: this.softDelete } } : {}),
    };
    // A default order the list engine cannot page by fails at start, not on the first request.
    parseOrder(this.spec.defaultOrder);
  }

  private get table(): string {
    return this.def.table;
  }

  /** The scoped select over alias t: the caller's tenant (all for the platform administrator), live rows. */
  query(scope: TenantScope): RepoQuery {
    if (this.tenant) return scoped(scope).selectFrom(this.def.table as never, 't') as unknown as RepoQuery;
    let q = anyQb.selectFrom(`${this.table} as t`) as RepoQuery;
    if (this.softDelete) q = q.where('t.isDeleted', '=', 0);
    return q;
  }

  private selectFields(q: RepoQuery): RepoQuery {
    return q.select(this.fields.map((f) => `t.${f}`) as never);
  }

  /**
   * Tree rows learn whether they have children from one statement over the rows at hand: one EXISTS probe
   * of the parent index per row, so a row with a million children costs what a row with one does (a
   * DISTINCT over the children read them all; a correlated EXISTS in the select list scanned the table).
   */
  private async withChildren(db: Db, rows: Record<string, unknown>[]): Promise<R[]> {
    const out = rows.map((r) => camelRow<R>(r));
    if (!this.def.tree || !out.length) return out;
    const ids = out.map((r) => String(r.id));
    const live = this.softDelete ? sql` AND c.is_deleted = 0` : sql``;
    const c = sql<{ id: string }>`SELECT k.id::text AS id FROM unnest(${ids}::bigint[]) AS k(id)
      WHERE EXISTS (SELECT 1 FROM ${sql.table(this.table)} c WHERE c.parent_id = k.id${live})`.compile(qb);
    const parents = new Set((await db.query<{ id: string }>(c.sql, c.parameters)).map((r) => String(r.id)));
    return out.map((r) => ({ ...r, hasChildren: parents.has(String(r.id)) }));
  }

  private filtered(scope: Scope, query: Record<string, unknown>, extra?: Extra): RepoQuery {
    let q = this.query(scope);
    const conds: RawBuilder<SqlBool>[] = filterConditions(query, this.filters);
    for (const c of conds) q = q.where(c);
    return extra ? extra(q) : q;
  }

  private order(query: PageQuery) {
    return sql.raw(orderBy(query, this.sortCols, this.def.defaultOrder ?? 't.id'));
  }

  /** The list's shape for the page engine (platform/list.ts). */
  readonly spec: ListSpec;

  /**
   * A page: filters, order, keyset cursors and estimated totals of large tables come from the one list
   * engine (platform/list.ts).
   */
  async page(db: Db, scope: Scope, query: PageQuery & Record<string, unknown>, extra?: Extra) {
    let q = this.query(scope);
    if (extra) q = extra(q);
    // A tree's page says which rows have children in its own statement (ListSpec.children).
    const p = await listPage(db, q, this.spec, query, (s) => this.selectFields(s));
    return { ...p, records: p.records.map((r) => camelRow<R>(r)) };
  }

  /** Every matching row, unpaged (trees, pickers); capped so a mistake cannot exhaust memory. */
  async list(db: Db, scope: Scope, query: Record<string, unknown> = {}, extra?: Extra, cap = 5000) {
    const c = this.selectFields(this.filtered(scope, query, extra))
      .orderBy(this.order(query))
      .limit(cap)
      .compile();
    return this.withChildren(db, await db.query(c.sql, c.parameters));
  }

  /** One row of the caller's tenant; a row of another tenant is 403, a missing one 404 — never the row. */
  async detail(db: Db, scope: Scope, id: string): Promise<R> {
    await this.assertAccessible(db, scope, [id]);
    const c = this.selectFields(this.query(scope)).where('t.id', '=', id).compile();
    const row = await db.one(c.sql, c.parameters);
    if (!row) throw notFound();
    return (await this.withChildren(db, [row]))[0]!;
  }

  /** Throws 403 if any id belongs to another tenant, 404 if any is missing. */
  async assertAccessible(db: Db, scope: Scope, ids: string[]) {
    if (!ids.length) return;
    if (!ids.every(isId)) throw notFound();
    // Unscoped on purpose: another tenant's row must be told apart from a missing one (403, not 404).
    let q = anyQb
      .selectFrom(this.table)
      .select(this.tenant ? ['id', 'tenantId'] : ['id'])
      .where(sql<SqlBool>`id = ANY(${ids}::bigint[])`);
    if (this.softDelete) q = q.where('isDeleted', '=', 0);
    const c = q.compile();
    const rows = await db.query<{ id: string; tenant_id?: string }>(c.sql, c.parameters);
    if (this.tenant && !scope.isPlatformAdmin && rows.some((r) => r.tenant_id !== scope.tenantId)) {
      throw forbidden('common.otherTenant');
    }
    if (rows.length !== ids.length) throw notFound();
  }

  private writableFields(): readonly string[] {
    return this.def.writable ?? this.fields.filter((f) => f !== 'id' && f !== 'tenantId');
  }

  private values(data: Record<string, unknown>): Record<string, unknown> {
    const v: Record<string, unknown> = {};
    for (const f of this.writableFields()) if (data[f] !== undefined) v[f] = data[f];
    return v;
  }

  /** Inserts; returns the new id. tenant_id is the caller's (a platform administrator may name one). */
  async insert(db: Db, scope: Scope, data: Record<string, unknown>): Promise<string> {
    const id = (data.id as string | undefined) ?? newId();
    const v: Record<string, unknown> = { id, ...this.values(data) };
    if (this.audit)
      Object.assign(v, {
        createUser: scope.userId,
        createDept: scope.deptId ?? '0',
        updateUser: scope.userId,
      });
    const q = this.tenant
      ? scoped(scope).insertInto(this.def.table as never, { ...v, tenantId: data.tenantId } as never)
      : anyQb.insertInto(this.table).values(v);
    const c = q.compile();
    await db.query(c.sql, c.parameters);
    return id;
  }

  async update(db: Db, scope: Scope, id: string, data: Record<string, unknown>): Promise<void> {
    await this.assertAccessible(db, scope, [id]);
    const v = this.values(data);
    if (this.audit) Object.assign(v, { updateUser: scope.userId, updateTime: sql`now()` });
    if (!Object.keys(v).length) return;
    const c = anyQb.updateTable(this.table).set(v).where('id', '=', id).compile();
    await db.query(c.sql, c.parameters);
  }

  /** submit = insert without id, update with one. */
  async submit(db: Db, scope: Scope, data: Record<string, unknown>): Promise<string> {
    const id = data.id ? String(data.id) : undefined;
    if (id) {
      await this.update(db, scope, id, data);
      return id;
    }
    return this.insert(db, scope, data);
  }

  /** Removes rows of the caller's tenant; a tree node that still has children is refused. */
  async remove(db: Db, scope: Scope, ids: string[]): Promise<number> {
    if (!ids.length) throw bad('validation.required', { field: 'ids' });
    await this.assertAccessible(db, scope, ids);
    const inIds = sql<SqlBool>`id = ANY(${ids}::bigint[])`;
    if (this.def.tree) {
      let q = anyQb
        .selectFrom(this.table)
        .select(sql`1`.as('one'))
        .where(sql<SqlBool>`parent_id = ANY(${ids}::bigint[]) AND NOT (id = ANY(${ids}::bigint[]))`)
        .limit(1);
      if (this.softDelete) q = q.where('isDeleted', '=', 0);
      const c = q.compile();
      if (await db.one(c.sql, c.parameters)) throw bad('common.hasChildren');
    }
    const c = this.softDelete
      ? anyQb
          .updateTable(this.table)
          .set(
            this.audit
              ? { isDeleted: 1, updateUser: scope.userId, updateTime: sql`now()` }
              : { isDeleted: 1 },
          )
          .where(inIds)
          .returning('id')
          .compile()
      : anyQb.deleteFrom(this.table).where(inIds).returning('id').compile();
    return (await db.query(c.sql, c.parameters)).length;
  }
}

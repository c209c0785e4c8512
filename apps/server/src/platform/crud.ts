import type { Db } from './db/index.js';
import { bad, forbidden, notFound } from './errors.js';
import { newId } from './ids.js';
import {
  buildFilters,
  orderBy,
  pageParams,
  toPage,
  type ColumnKind,
  type FilterDef,
  type PageQuery,
} from './paging.js';
import { camelRow } from './rows.js';
import { isId } from './schema.js';
import type { Scope } from './scope.js';

/**
 * A table as the console sees it. Tenant isolation, soft delete, audit columns, paging, filters,
 * sorting and tree rules live here once, so no route has to remember them.
 */
export interface TableDef {
  table: string;
  /** JSON field → column. Must contain id. */
  columns: Record<string, string>;
  /** Has tenant_id: rows are scoped to the caller's tenant (the platform administrator sees all). */
  tenant?: boolean;
  /** Has is_deleted: remove marks rows instead of deleting them. */
  softDelete?: boolean;
  /** Has create_user, create_dept, create_time, update_user, update_time. */
  audit?: boolean;
  /** Tree by parent_id: remove refuses nodes with children; lists report hasChildren. */
  tree?: boolean;
  filters?: Record<string, FilterDef>;
  /** JSON fields that may be sorted on. */
  sortable?: string[];
  defaultOrder?: string;
  /** Fields a submit may write (default: every column but id and tenant). */
  writable?: string[];
}

export interface Where {
  sql: string[];
  params: unknown[];
}

export class Repo<T extends Record<string, unknown> = Record<string, unknown>> {
  private readonly select: string;
  private readonly sortCols: Record<string, string>;
  constructor(readonly def: TableDef) {
    const cols = Object.entries(def.columns).map(([f, c]) => `t.${c} AS "${f}"`);
    this.select = cols.join(', ');
    this.sortCols = Object.fromEntries((def.sortable ?? []).map((f) => [f, `t.${def.columns[f]}`]));
  }

  /**
   * Tree rows learn whether they have children from one indexed lookup of the rows at hand (a correlated
   * EXISTS in the select list turns into a scan of the whole table on large tables).
   */
  private async withChildren(db: Db, rows: Record<string, unknown>[]): Promise<T[]> {
    const out = rows.map((r) => camelRow<T>(r));
    if (!this.def.tree || !out.length) return out;
    const ids = out.map((r) => String((r as Record<string, unknown>).id));
    const parents = new Set(
      (
        await db.query<{ parent_id: string }>(
          `SELECT DISTINCT parent_id FROM ${this.def.table} WHERE parent_id = ANY($1::bigint[])${this.def.softDelete ? ' AND is_deleted = 0' : ''}`,
          [ids],
        )
      ).map((r) => String(r.parent_id)),
    );
    return out.map((r) => ({ ...r, hasChildren: parents.has(String((r as Record<string, unknown>).id)) }));
  }

  /** The WHERE that every read of this table starts from. */
  baseWhere(scope: Scope): Where {
    const w: Where = { sql: [], params: [] };
    if (this.def.softDelete) w.sql.push('t.is_deleted = 0');
    if (this.def.tenant && !scope.isPlatformAdmin) {
      w.params.push(scope.tenantId);
      w.sql.push(`t.tenant_id = $${w.params.length}`);
    }
    return w;
  }

  private typedFilters?: Promise<Record<string, FilterDef>>;

  /**
   * The filters with the database type of their column, so a value the column cannot take is a 400 naming
   * the field before it reaches SQL (`userId=abc` on a bigint column). Read once from the catalog.
   */
  private filtersOf(db: Db): Promise<Record<string, FilterDef>> {
    this.typedFilters ??= columnKinds(db, this.def.table).then((kinds) =>
      Object.fromEntries(
        Object.entries(prefixed(this.def.filters ?? {})).map(([k, d]) => {
          const own = /^t\.(\w+)$/.exec(d.column)?.[1];
          const kind = own ? kinds.get(own) : undefined;
          return [k, kind ? { ...d, kind } : d];
        }),
      ),
    );
    this.typedFilters.catch(() => (this.typedFilters = undefined));
    return this.typedFilters;
  }

  private async whereFor(
    db: Db,
    scope: Scope,
    query: Record<string, unknown>,
    extra?: (w: Where) => void,
  ): Promise<Where> {
    const w = this.baseWhere(scope);
    w.sql.push(...buildFilters(query, await this.filtersOf(db), w.params));
    extra?.(w);
    return w;
  }

  async page(db: Db, scope: Scope, query: PageQuery & Record<string, unknown>, extra?: (w: Where) => void) {
    const { current, size, offset } = pageParams(query);
    const w = await this.whereFor(db, scope, query, extra);
    const where = w.sql.length ? `WHERE ${w.sql.join(' AND ')}` : '';
    const order = orderBy(query, this.sortCols, this.def.defaultOrder ?? 't.id');
    const [count, rows] = await Promise.all([
      db.one<{ n: string }>(`SELECT count(*) AS n FROM ${this.def.table} t ${where}`, w.params),
      db.query(
        `SELECT ${this.select} FROM ${this.def.table} t ${where} ORDER BY ${order} LIMIT ${size} OFFSET ${offset}`,
        w.params,
      ),
    ]);
    return toPage(await this.withChildren(db, rows), Number(count?.n ?? 0), current, size);
  }

  /** Every matching row, unpaged (trees, pickers); capped so a mistake cannot exhaust memory. */
  async list(
    db: Db,
    scope: Scope,
    query: Record<string, unknown> = {},
    extra?: (w: Where) => void,
    cap = 5000,
  ) {
    const w = await this.whereFor(db, scope, query, extra);
    const where = w.sql.length ? `WHERE ${w.sql.join(' AND ')}` : '';
    const order = orderBy(query, this.sortCols, this.def.defaultOrder ?? 't.id');
    const rows = await db.query(
      `SELECT ${this.select} FROM ${this.def.table} t ${where} ORDER BY ${order} LIMIT ${cap}`,
      w.params,
    );
    return this.withChildren(db, rows);
  }

  /** One row of the caller's tenant; a row of another tenant is 403, a missing one 404 — never the row. */
  async detail(db: Db, scope: Scope, id: string): Promise<T> {
    await this.assertAccessible(db, scope, [id]);
    const w = this.baseWhere(scope);
    w.params.push(id);
    w.sql.push(`t.id = $${w.params.length}`);
    const row = await db.one(
      `SELECT ${this.select} FROM ${this.def.table} t WHERE ${w.sql.join(' AND ')}`,
      w.params,
    );
    if (!row) throw notFound();
    return (await this.withChildren(db, [row]))[0]!;
  }

  /** Throws 403 if any id belongs to another tenant, 404 if any is missing. */
  async assertAccessible(db: Db, scope: Scope, ids: string[]) {
    if (!ids.length) return;
    if (!ids.every(isId)) throw notFound();
    const rows = await db.query<{ id: string; tenant_id?: string }>(
      `SELECT id${this.def.tenant ? ', tenant_id' : ''} FROM ${this.def.table} WHERE id = ANY($1::bigint[])${this.def.softDelete ? ' AND is_deleted = 0' : ''}`,
      [ids],
    );
    if (this.def.tenant && !scope.isPlatformAdmin && rows.some((r) => r.tenant_id !== scope.tenantId)) {
      throw forbidden('common.otherTenant');
    }
    if (rows.length !== ids.length) throw notFound();
  }

  private writableFields(): string[] {
    return this.def.writable ?? Object.keys(this.def.columns).filter((f) => f !== 'id' && f !== 'tenantId');
  }

  /** Inserts; returns the new id. tenant_id is the caller's (a platform administrator may name one). */
  async insert(db: Db, scope: Scope, data: Record<string, unknown>): Promise<string> {
    const id = (data.id as string | undefined) ?? newId();
    const cols = ['id'];
    const vals: unknown[] = [id];
    for (const f of this.writableFields()) {
      if (data[f] === undefined) continue;
      cols.push(this.def.columns[f]!);
      vals.push(data[f]);
    }
    if (this.def.tenant) {
      cols.push('tenant_id');
      vals.push(
        scope.isPlatformAdmin && typeof data.tenantId === 'string' && data.tenantId
          ? data.tenantId
          : scope.tenantId,
      );
    }
    if (this.def.audit) {
      cols.push('create_user', 'create_dept', 'update_user');
      vals.push(scope.userId, scope.deptId ?? '0', scope.userId);
    }
    await db.query(
      `INSERT INTO ${this.def.table} (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')})`,
      vals,
    );
    return id;
  }

  async update(db: Db, scope: Scope, id: string, data: Record<string, unknown>): Promise<void> {
    await this.assertAccessible(db, scope, [id]);
    const sets: string[] = [];
    const vals: unknown[] = [];
    for (const f of this.writableFields()) {
      if (data[f] === undefined) continue;
      vals.push(data[f]);
      sets.push(`${this.def.columns[f]} = $${vals.length}`);
    }
    if (this.def.audit) {
      vals.push(scope.userId);
      sets.push(`update_user = $${vals.length}`, 'update_time = now()');
    }
    if (!sets.length) return;
    vals.push(id);
    await db.query(`UPDATE ${this.def.table} SET ${sets.join(', ')} WHERE id = $${vals.length}`, vals);
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
    if (this.def.tree) {
      const child = await db.one(
        `SELECT 1 FROM ${this.def.table} WHERE parent_id = ANY($1::bigint[]) AND NOT (id = ANY($1::bigint[]))${this.def.softDelete ? ' AND is_deleted = 0' : ''} LIMIT 1`,
        [ids],
      );
      if (child) throw bad('common.hasChildren');
    }
    const rows = this.def.softDelete
      ? await db.query(
          `UPDATE ${this.def.table} SET is_deleted = 1${this.def.audit ? ', update_user = $2, update_time = now()' : ''} WHERE id = ANY($1::bigint[]) RETURNING id`,
          this.def.audit ? [ids, scope.userId] : [ids],
        )
      : await db.query(`DELETE FROM ${this.def.table} WHERE id = ANY($1::bigint[]) RETURNING id`, [ids]);
    return rows.length;
  }
}

/** The column types of a table: every database of a deployment has the same migrations, so one read serves. */
async function columnKinds(db: Db, table: string): Promise<Map<string, ColumnKind>> {
  const rows = await db.query<{ column_name: string; data_type: string }>(
    `SELECT column_name, data_type FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = $1`,
    [table],
  );
  const kindOf = (t: string): ColumnKind =>
    /^(bigint|integer|smallint)$/.test(t)
      ? 'integer'
      : /^(numeric|real|double precision)$/.test(t)
        ? 'numeric'
        : /^(timestamp|date)/.test(t)
          ? 'date'
          : 'text';
  return new Map(rows.map((r) => [r.column_name, kindOf(r.data_type)]));
}

const prefixed = (defs: Record<string, FilterDef>) =>
  Object.fromEntries(
    Object.entries(defs).map(([k, d]) => [
      k,
      { ...d, column: d.column.includes('.') ? d.column : `t.${d.column}` },
    ]),
  );

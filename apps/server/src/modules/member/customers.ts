import type { Db } from '../../platform/db/index.js';
import { Repo, type RepoQuery } from '../../platform/crud.js';
import { bad, forbidden } from '../../platform/errors.js';
import { isTenantAdmin, type Scope } from '../../platform/scope.js';
import { all, exec, first, scoped, sql, type SqlBool, type TenantScope } from '../../platform/sql/index.js';
import { checkMobile } from '../user/index.js';
import { revokeCustomerSessions } from './sessions.js';

/** The customer table as staff see it: tenant-scoped, soft-deleted, audited. */
export const customers = new Repo({
  table: 'member_customer',
  softDelete: true,
  audit: true,
  fields: [
    'id',
    'tenantId',
    'name',
    'phone',
    'sex',
    'source',
    'brand',
    'intentionLevel',
    'userId',
    'remark',
    'status',
    'lastLoginTime',
    'createTime',
    'updateTime',
  ],
  filters: {
    name: { column: 'name', type: 'text' },
    phone: { column: 'phone', type: 'text' },
    sex: { column: 'sex', type: 'number' },
    source: { column: 'source', type: 'exact' },
    brand: { column: 'brand', type: 'exact' },
    intentionLevel: { column: 'intentionLevel', type: 'exact' },
    userId: { column: 'userId', type: 'exact' },
    status: { column: 'status', type: 'number' },
    createTime: { column: 'createTime', type: 'date' },
  },
  sortable: ['name', 'createTime', 'updateTime', 'lastLoginTime'],
  defaultOrder: 't.create_time DESC, t.id DESC',
  writable: ['name', 'phone', 'sex', 'source', 'brand', 'intentionLevel', 'userId', 'remark', 'status'],
});

export interface Customer {
  id: string;
  tenantId: string;
  name: string;
  phone: string;
  sex: number;
  source: string | null;
  brand: string | null;
  intentionLevel: string | null;
  userId: string | null;
  remark: string | null;
  status: number;
  lastLoginTime: string | null;
  createTime: string;
  updateTime: string;
}

/** Administrators see every customer of the tenant; other staff only those they are responsible for. */
export const seesAll = (scope: Scope) => isTenantAdmin(scope);

/** The extra WHERE of every staff read: the caller's own customers unless they see all. */
export const visibleTo =
  (scope: Scope) =>
  (q: RepoQuery): RepoQuery =>
    seesAll(scope) ? q : q.where('t.userId', '=', scope.userId);

/** One tenant's rows, also for the platform administrator: a customer's checks are its own tenant's. */
export const tenantOnly = (tenantId: string) => scoped({ tenantId, isPlatformAdmin: false });

const anyOf = (ids: string[]) => sql<SqlBool>`id = ANY(${ids}::bigint[])`;
const staffName = sql<string>`coalesce(nullif(real_name, ''), account)`.as('name');

/** 403 for another tenant's rows (Repo), 404 for missing ones, 403 for a colleague's customers. */
export async function assertVisible(db: Db, scope: Scope, ids: string[]): Promise<void> {
  await customers.assertAccessible(db, scope, ids);
  if (seesAll(scope)) return;
  const foreign = await first(
    db,
    scoped(scope)
      .selectFrom('member_customer')
      .select('id')
      .where(anyOf(ids))
      .where(sql<SqlBool>`user_id IS DISTINCT FROM ${scope.userId}`)
      .limit(1),
  );
  if (foreign) throw forbidden('member.notYours');
}

/** Adds the responsible staff member's name to each row (one lookup for the page). */
export async function withStaffNames<T extends { userId: string | null }>(
  db: Db,
  scope: TenantScope,
  rows: T[],
): Promise<Array<T & { userName: string | null }>> {
  const ids = [...new Set(rows.map((r) => r.userId).filter((x): x is string => Boolean(x)))];
  const names = new Map(
    ids.length
      ? (
          await all(
            db,
            scoped(scope)
              .selectFrom('blade_user', 'u', { withDeleted: true })
              .select(['id', staffName])
              .where(anyOf(ids)),
          )
        ).map((u) => [String(u.id), u.name])
      : [],
  );
  return rows.map((r) => ({ ...r, userName: (r.userId && names.get(String(r.userId))) || null }));
}

/** An active, not deleted user of the tenant: the only kind of person who can look after customers. */
export async function assertStaff(db: Db, tenantId: string, userId: string): Promise<string> {
  const u = await first(
    db,
    tenantOnly(tenantId)
      .selectFrom('blade_user')
      .select(staffName)
      .where('id', '=', userId)
      .where('status', '=', 1),
  );
  if (!u) throw bad('member.staffInvalid');
  return u.name;
}

/** A dictionary-backed field holds a live (not sealed) key of the tenant's business dictionary, or nothing. */
async function checkDictKey(db: Db, tenantId: string, code: string, field: string, value?: string | null) {
  if (!value) return;
  const hit = await first(
    db,
    tenantOnly(tenantId)
      .selectFrom('blade_dict_biz')
      .select('id')
      .where('code', '=', code)
      .where('dictKey', '=', value)
      .where('parentId', '<>', '0')
      .where('isSealed', '=', 0),
  );
  if (!hit) throw bad('member.dictUnknown', { field, value });
}

export interface CustomerInput {
  id?: string;
  tenantId?: string;
  name?: string;
  phone?: string;
  sex?: number;
  source?: string | null;
  brand?: string | null;
  intentionLevel?: string | null;
  userId?: string | null;
  remark?: string | null;
  status?: number;
}

/**
 * Adds or changes a customer. The phone follows spec §5 and is unique among the tenant's customers;
 * only administrators choose who is responsible — other staff add customers for themselves.
 */
export async function submitCustomer(db: Db, scope: Scope, input: CustomerInput): Promise<string> {
  const name = input.name?.trim();
  if (!name) throw bad('member.nameRequired');
  const phone = checkMobile(input.phone);
  return db.tx(async (t) => {
    let tenantId = scope.isPlatformAdmin && input.tenantId ? input.tenantId : scope.tenantId;
    let current: string | null = null;
    if (input.id) {
      await assertVisible(t, scope, [input.id]);
      const row = (await first(
        t,
        scoped(scope).selectFrom('member_customer').select(['tenantId', 'userId']).where('id', '=', input.id),
      ))!;
      tenantId = row.tenantId;
      current = row.userId === null ? null : String(row.userId);
    }
    let userId = input.userId === undefined ? undefined : input.userId || null;
    if (!seesAll(scope)) {
      const own = input.id ? current : scope.userId;
      if (userId !== undefined && userId !== own) throw forbidden('member.assignAdminOnly');
      userId = own;
    } else if (userId) {
      await assertStaff(t, tenantId, userId);
    }
    await checkDictKey(t, tenantId, 'customer_source', 'source', input.source);
    await checkDictKey(t, tenantId, 'car_brand', 'brand', input.brand);
    await checkDictKey(t, tenantId, 'intention_level', 'intentionLevel', input.intentionLevel);
    const duplicate = await first(
      t,
      tenantOnly(tenantId)
        .selectFrom('member_customer')
        .select('id')
        .where('phone', '=', phone)
        .where('id', '<>', input.id ?? '0'),
    );
    if (duplicate) throw bad('member.phoneExists', { phone });
    const id = await customers.submit(t, scope, {
      ...input,
      tenantId,
      name,
      phone,
      userId,
      remark: input.remark?.trim() ?? input.remark,
    });
    // A disabled customer is signed out of the mobile page at once.
    if (input.status === 2) await revokeCustomerSessions(t, [id]);
    return id;
  });
}

/** Removes customers (soft) and ends their mobile sessions. */
export async function removeCustomers(db: Db, scope: Scope, ids: string[]): Promise<number> {
  return db.tx(async (t) => {
    if (ids.length) await assertVisible(t, scope, ids);
    const n = await customers.remove(t, scope, ids);
    await revokeCustomerSessions(t, ids);
    return n;
  });
}

/** Hands customers to one staff member of their tenant; returns how many and the staff member's name. */
export async function assignCustomers(
  db: Db,
  scope: Scope,
  ids: string[],
  userId: string,
): Promise<{ n: number; name: string }> {
  return db.tx(async (t) => {
    if (!ids.length) throw bad('validation.required', { field: 'ids' });
    await customers.assertAccessible(t, scope, ids);
    const tenants = await all(
      t,
      scoped(scope).selectFrom('member_customer').select('tenantId').distinct().where(anyOf(ids)),
    );
    // One staff member belongs to one tenant, so customers of several tenants cannot all go to them.
    if (tenants.length !== 1) throw bad('member.staffInvalid');
    const name = await assertStaff(t, tenants[0]!.tenantId, userId);
    const rows = await exec(
      t,
      scoped(scope)
        .updateTable('member_customer')
        .set({ userId, updateUser: scope.userId, updateTime: sql`now()` })
        .where(anyOf(ids))
        .returning('id'),
    );
    return { n: rows.length, name };
  });
}

import type { Db } from '../../platform/db/index.js';
import { Repo, type RepoQuery } from '../../platform/crud.js';
import { bad, forbidden } from '../../platform/errors.js';
import type { Scope } from '../../platform/scope.js';
import { checkMobile } from '../user/sms.js';
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
export const seesAll = (scope: Scope) =>
  scope.roleAliases.includes('administrator') || scope.roleAliases.includes('admin');

/** The extra WHERE of every staff read: the caller's own customers unless they see all. */
export const visibleTo =
  (scope: Scope) =>
  (q: RepoQuery): RepoQuery =>
    seesAll(scope) ? q : q.where('t.userId', '=', scope.userId);

/** 403 for another tenant's rows (Repo), 404 for missing ones, 403 for a colleague's customers. */
export async function assertVisible(db: Db, scope: Scope, ids: string[]): Promise<void> {
  await customers.assertAccessible(db, scope, ids);
  if (seesAll(scope)) return;
  const foreign = await db.one(
    `SELECT 1 FROM member_customer WHERE id = ANY($1::bigint[]) AND user_id IS DISTINCT FROM $2 LIMIT 1`,
    [ids, scope.userId],
  );
  if (foreign) throw forbidden('member.notYours');
}

/** Adds the responsible staff member's name to each row (one lookup for the page). */
export async function withStaffNames<T extends { userId: string | null }>(
  db: Db,
  rows: T[],
): Promise<Array<T & { userName: string | null }>> {
  const ids = [...new Set(rows.map((r) => r.userId).filter((x): x is string => Boolean(x)))];
  const names = new Map(
    ids.length
      ? (
          await db.query<{ id: string; name: string }>(
            `SELECT id, coalesce(nullif(real_name, ''), account) AS name FROM blade_user WHERE id = ANY($1::bigint[])`,
            [ids],
          )
        ).map((u) => [String(u.id), u.name])
      : [],
  );
  return rows.map((r) => ({ ...r, userName: (r.userId && names.get(String(r.userId))) || null }));
}

/** An active, not deleted user of the tenant: the only kind of person who can look after customers. */
export async function assertStaff(db: Db, tenantId: string, userId: string): Promise<string> {
  const u = await db.one<{ name: string }>(
    `SELECT coalesce(nullif(real_name, ''), account) AS name FROM blade_user
      WHERE id = $1 AND tenant_id = $2 AND is_deleted = 0 AND status = 1`,
    [userId, tenantId],
  );
  if (!u) throw bad('member.staffInvalid');
  return u.name;
}

/** A dictionary-backed field holds a live (not sealed) key of the tenant's business dictionary, or nothing. */
async function checkDictKey(db: Db, tenantId: string, code: string, field: string, value?: string | null) {
  if (!value) return;
  const hit = await db.one(
    `SELECT 1 FROM blade_dict_biz WHERE tenant_id = $1 AND code = $2 AND dict_key = $3
        AND parent_id <> 0 AND is_deleted = 0 AND is_sealed = 0`,
    [tenantId, code, value],
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
      const row = (await t.one<{ tenant_id: string; user_id: string | null }>(
        'SELECT tenant_id, user_id FROM member_customer WHERE id = $1',
        [input.id],
      ))!;
      tenantId = row.tenant_id;
      current = row.user_id === null ? null : String(row.user_id);
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
    const duplicate = await t.one(
      `SELECT 1 FROM member_customer WHERE tenant_id = $1 AND phone = $2 AND is_deleted = 0 AND id <> $3`,
      [tenantId, phone, input.id ?? '0'],
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
    const tenants = await t.query<{ tenant_id: string }>(
      'SELECT DISTINCT tenant_id FROM member_customer WHERE id = ANY($1::bigint[])',
      [ids],
    );
    // One staff member belongs to one tenant, so customers of several tenants cannot all go to them.
    if (tenants.length !== 1) throw bad('member.staffInvalid');
    const name = await assertStaff(t, tenants[0]!.tenant_id, userId);
    const rows = await t.query(
      `UPDATE member_customer SET user_id = $2, update_user = $3, update_time = now()
        WHERE id = ANY($1::bigint[]) AND is_deleted = 0 RETURNING id`,
      [ids, userId, scope.userId],
    );
    return { n: rows.length, name };
  });
}

/**
 * User inquiries (用户询价): what customers submit on the mobile page waits in a pool; an online-sales
 * colleague claims one (one conditional UPDATE decides the race), or the server's sweep hands the ones
 * nobody claimed within the limit to whose turn it is. Either way the user inquiry becomes an inquiry owned
 * by that colleague.
 */
import type { UserInquiryRow } from '@forecourt/contracts/sales';
import type { Db } from '../../platform/db/index.js';
import { bad, forbidden, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { type FilterDef, type PageQuery } from '../../platform/paging.js';
import { isId } from '../../platform/schema.js';
import { systemScope, type Scope } from '../../platform/scope.js';
import {
  camelKeys,
  all,
  allTenants,
  exec,
  first,
  globalDb,
  scoped,
  sql,
  type SqlBool,
} from '../../platform/sql/index.js';
import { listPage, type ListSpec } from '../../platform/list.js';
import { formatDateTime } from '../../platform/time.js';
import { cityName, minutesParam, nextInTurn } from './inquiry-rules.js';
import { claimUserInquiry, findOrCreateCustomer, move } from './rules.js';
import { visibilityOf, type Visibility } from './visibility.js';

export const USER_INQUIRY_FILTERS: Record<string, FilterDef & { column: string }> = {
  name: { column: 'name', type: 'text', kind: 'text' },
  phone: { column: 'phone', type: 'text', kind: 'text' },
  status: { column: 'status', type: 'exact' },
  cityCode: { column: 'cityCode', type: 'exact' },
  createTime: { column: 'createTime', type: 'date', kind: 'date' },
};
const SORTABLE: Record<string, string> = { createTime: 't.create_time', status: 't.status', name: 't.name' };
const USER_INQUIRY_LIST: ListSpec = {
  filters: USER_INQUIRY_FILTERS,
  sortable: SORTABLE,
  defaultOrder: 't.create_time DESC, t.id DESC',
  id: 't.id',
  tables: { t: 'sales_user_inquiry' },
};

const dt = (v: unknown) => (v instanceof Date ? formatDateTime(v) : v == null ? null : String(v));
const idOrNull = (v: unknown) => (v == null ? null : String(v));

function base(scope: Scope) {
  return scoped(scope)
    .selectFrom('sales_user_inquiry', 't')
    .leftJoin('sales_model as m', 'm.id', 't.modelId')
    .leftJoin('sales_series as s', 's.id', 'm.seriesId')
    .leftJoin('sales_brand as b', 'b.id', 's.brandId')
    .leftJoin('blade_user as u', 'u.id', 't.claimedBy')
    .leftJoin('blade_region as rg', 'rg.code', 't.cityCode')
    .select([
      't.id',
      't.name',
      't.phone',
      't.modelId',
      't.modelText',
      't.cityCode',
      't.status',
      't.claimedBy',
      't.claimedAt',
      't.inquiryId',
      't.createTime',
      'u.realName as claimedByName',
      sql<string | null>`b.name || ' ' || s.name || ' ' || m.model_year || ' ' || m.trim`.as('modelName'),
      cityName,
    ]);
}

/**
 * Who sees which user inquiries: the waiting pool is everyone's with the menu (that is what claiming is
 * for); a taken one is its taker's, their department head's (through the department of the taker), and the
 * administrators'.
 */
function visible(v: Visibility) {
  if (v.kind === 'all') return null;
  const mine = sql<SqlBool>`(t.status = 'pending' OR t.claimed_by = ${v.userId}`;
  if (v.kind === 'own' || !v.deptIds.length) return sql<SqlBool>`${mine})`;
  const inDepts = globalDb
    .selectFrom('blade_user_dept')
    .select('userId')
    .where('deptId', '=', sql<string>`ANY(${v.deptIds}::bigint[])`);
  return sql<SqlBool>`${mine} OR t.claimed_by IN (${inDepts}))`;
}

function toRow(r: Record<string, unknown>): UserInquiryRow {
  return {
    id: String(r.id),
    name: String(r.name),
    phone: String(r.phone),
    modelId: idOrNull(r.modelId),
    modelText: String(r.modelText ?? ''),
    modelName: (r.modelName as string | null) ?? String(r.modelText ?? ''),
    cityCode: String(r.cityCode),
    cityName: (r.cityName as string | null) ?? String(r.cityCode),
    status: r.status as UserInquiryRow['status'],
    claimedBy: idOrNull(r.claimedBy),
    claimedByName: (r.claimedByName as string | null) ?? null,
    claimedAt: dt(r.claimedAt),
    inquiryId: idOrNull(r.inquiryId),
    createTime: dt(r.createTime)!,
  };
}

export async function userInquiryPage(db: Db, scope: Scope, query: PageQuery & Record<string, unknown>) {
  let q = base(scope);
  const cond = visible(await visibilityOf(db, scope));
  if (cond) q = q.where(cond);
  const p = await listPage(db, q, USER_INQUIRY_LIST, query, (s) => s);
  return { ...p, records: p.records.map((r) => toRow(camelKeys(r))) };
}

/** Another tenant's row 403, a missing one 404, a row the caller may not see 403. */
async function guard(db: Db, scope: Scope, id: string, tenantOnly = false) {
  if (!isId(id)) throw notFound();
  const r = await first(
    db,
    scoped(allTenants)
      .selectFrom('sales_user_inquiry', 't')
      .select(['t.id', 't.tenantId'])
      .where('t.id', '=', id),
  );
  if (!r) throw notFound();
  if (!scope.isPlatformAdmin && r.tenantId !== scope.tenantId) throw forbidden('common.otherTenant');
  if (tenantOnly) return;
  const cond = visible(await visibilityOf(db, scope));
  if (
    cond &&
    !(await first(
      db,
      scoped(scope).selectFrom('sales_user_inquiry', 't').select('t.id').where('t.id', '=', id).where(cond),
    ))
  )
    throw forbidden();
}

export async function userInquiryDetail(db: Db, scope: Scope, id: string): Promise<UserInquiryRow> {
  await guard(db, scope, id);
  const r = await first(db, base(scope).where('t.id', '=', id));
  if (!r) throw notFound();
  return toRow(r as Record<string, unknown>);
}

export async function removeUserInquiries(db: Db, scope: Scope, ids: string[]): Promise<number> {
  if (!ids.length) throw bad('validation.required', { field: 'ids' });
  for (const id of ids) await guard(db, scope, id);
  const rows = await exec(
    db,
    scoped(scope)
      .updateTable('sales_user_inquiry')
      .set({ isDeleted: 1, updateUser: scope.userId, updateTime: sql`now()` })
      .where('id', '=', sql<string>`ANY(${ids}::bigint[])`)
      .returning('id'),
  );
  return rows.length;
}

/** A customer's own inquiry from the mobile page (the phone already proven by its SMS code). */
export async function createUserInquiry(
  db: Db,
  tenantId: string,
  u: { name: string; phone: string; modelId?: string | null; modelText?: string; cityCode: string },
): Promise<string> {
  const tenantScope = { tenantId, isPlatformAdmin: false };
  const modelText = (u.modelText ?? '').trim();
  const name = u.name.trim();
  if (!name) throw bad('validation.required', { field: 'name' });
  if (!u.modelId && !modelText) throw bad('sales.inquiry.modelRequired', { field: 'modelId' });
  if (
    u.modelId &&
    !(await first(
      db,
      scoped(tenantScope).selectFrom('sales_model', 't').select('t.id').where('t.id', '=', u.modelId),
    ))
  )
    throw bad('sales.inquiry.noSuchModel', { field: 'modelId' });
  return db.tx(async (t) => {
    const customer = await findOrCreateCustomer(t, {
      tenantId,
      name,
      phone: u.phone,
      userId: null,
      deptId: null,
      source: 'h5',
    });
    const id = newId();
    await exec(
      t,
      scoped(tenantScope).insertInto('sales_user_inquiry', {
        id,
        customerId: customer.id,
        name,
        phone: u.phone,
        modelId: u.modelId ?? null,
        modelText,
        cityCode: u.cityCode,
        status: 'pending',
      }),
    );
    return id;
  });
}

/**
 * Turns a user inquiry just taken (claimed or assigned) into an inquiry owned by `owner`, in the same
 * transaction as the taking.
 */
async function toInquiry(
  t: Db,
  scope: Scope,
  userInquiryId: string,
  owner: { id: string; deptId: string | null },
  how: 'claim' | 'assign',
): Promise<string> {
  const u = await first(
    t,
    scoped(scope)
      .selectFrom('sales_user_inquiry', 't')
      .select(['t.name', 't.phone', 't.modelId', 't.modelText', 't.cityCode', 't.customerId'])
      .where('t.id', '=', userInquiryId),
  );
  if (!u) throw notFound();
  const customer = u.customerId
    ? { id: String(u.customerId) }
    : await findOrCreateCustomer(t, {
        tenantId: scope.tenantId,
        name: u.name,
        phone: u.phone,
        userId: owner.id,
        deptId: owner.deptId,
        source: 'h5',
      });
  const id = newId();
  const status = move('inquiry', 'new', 'assigned');
  await exec(
    t,
    scoped(scope).insertInto('sales_inquiry', {
      id,
      customerId: customer.id,
      customerName: u.name,
      customerPhone: u.phone,
      modelId: u.modelId,
      modelText: u.modelText,
      cityCode: u.cityCode,
      channel: 'h5',
      status,
      ownerUser: owner.id,
      ownerDept: owner.deptId,
      assignedAt: sql`now()`,
      userInquiryId,
      createUser: owner.id,
      createDept: owner.deptId,
      updateUser: owner.id,
    }),
  );
  const hist = (action: 'create' | 'claim' | 'assign', extra: Record<string, unknown>) =>
    scoped(scope).insertInto('sales_inquiry_history', {
      id: newId(),
      inquiryId: id,
      action,
      createUser: scope.userId === '0' ? null : scope.userId,
      createTime: sql`clock_timestamp()`,
      ...extra,
    });
  await exec(t, hist('create', { toStatus: 'new' }));
  await exec(t, hist(how, { fromStatus: 'new', toStatus: status, toUser: owner.id }));
  await exec(
    t,
    scoped(scope).updateTable('sales_user_inquiry').set({ inquiryId: id }).where('id', '=', userInquiryId),
  );
  await exec(
    t,
    scoped(scope)
      .updateTable('member_customer')
      .set({ userId: owner.id, updateTime: sql`now()` })
      .where('id', '=', customer.id),
  );
  return id;
}

/**
 * The caller claims a waiting user inquiry: the first claim wins (one conditional UPDATE), the others are
 * told it is taken (409). Answers the new inquiry's id.
 */
export async function claim(db: Db, scope: Scope, id: string): Promise<string> {
  // A taken row is no longer the caller's to see, but a late claim should hear "taken", not "forbidden".
  await guard(db, scope, id, true);
  return db.tx(async (t) => {
    await claimUserInquiry(t, scope.tenantId, id, scope.userId);
    return toInquiry(t, scope, id, { id: scope.userId, deptId: scope.deptId }, 'claim');
  });
}

/**
 * The server's sweep: every user inquiry still waiting after the tenant's claim limit goes to whose turn it
 * is (round-robin over the online-sales staff). A claim in the same moment wins or loses on the same
 * conditional UPDATE, so nothing is taken twice. Answers the user inquiries assigned.
 */
export async function assignUnclaimed(db: Db, now: Date = new Date()): Promise<string[]> {
  const waiting = await all(
    db,
    scoped(allTenants)
      .selectFrom('sales_user_inquiry', 't')
      .select(['t.id', 't.tenantId', 't.createTime'])
      .where('t.status', '=', 'pending')
      .orderBy('t.createTime')
      .orderBy('t.id')
      .limit(500),
  );
  const limits = new Map<string, number>();
  const done: string[] = [];
  for (const w of waiting) {
    let limit = limits.get(w.tenantId);
    if (limit === undefined) {
      limit = await minutesParam(db, w.tenantId, 'userInquiryClaimMinutes');
      limits.set(w.tenantId, limit);
    }
    if (now.getTime() - new Date(w.createTime).getTime() < limit * 60_000) continue;
    const scope = systemScope(w.tenantId);
    const id = String(w.id);
    const taken = await db.tx(async (t) => {
      const to = await nextInTurn(t, w.tenantId);
      if (!to) return false;
      const won = await exec(
        t,
        scoped(scope)
          .updateTable('sales_user_inquiry')
          .set({ status: 'assigned', claimedBy: to.id, claimedAt: sql`now()`, updateTime: sql`now()` })
          .where('id', '=', id)
          .where('status', '=', 'pending')
          .returning('id'),
      );
      if (!won.length) return false;
      await toInquiry(t, scope, id, to, 'assign');
      return true;
    });
    if (taken) done.push(id);
  }
  return done;
}

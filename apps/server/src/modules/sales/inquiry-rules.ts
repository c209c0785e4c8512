/**
 * Inquiries (询价): the rules behind `/api/blade-sales/inquiry/*`, as plain functions over `Db` so tests call
 * them without HTTP. Every read goes through `scoped()` and the visibility rule; every write is one
 * transaction, and status changes go through `move()` (the shared state machine).
 */
import {
  SALES_DEFAULTS,
  type InquiryDetail,
  type InquiryFollowRow,
  type InquiryHistory,
  type InquiryRow,
  type InquirySubmit,
} from '@forecourt/contracts/sales';
import type { Db } from '../../platform/db/index.js';
import { bad, forbidden, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { type FilterDef, type PageQuery } from '../../platform/paging.js';
import { isId } from '../../platform/schema.js';
import { listPage, type ListSpec } from '../../platform/list.js';
import type { Scope } from '../../platform/scope.js';
import { camelKeys, all, allTenants, exec, first, globalDb, scoped, sql } from '../../platform/sql/index.js';
import { formatDateTime } from '../../platform/time.js';
import { findOrCreateCustomer, move } from './rules.js';
import { firstResponseMinutes, isOverdue, overdueCondition } from './overdue.js';
import { assertVisible, visibilityOf, visibleCondition, type Visibility } from './visibility.js';
import './inquiry-messages.js';

/**
 * The city an inquiry names, joined as `rg`: a municipality's only "city" is named 市辖区 (its districts),
 * so the province's name says which. The names are string literals, not SQL text: the bundler writes them
 * as ASCII escapes, where in a template's raw text they would make the whole bundle a two-byte string
 * (tsup.config.ts).
 */
export const cityName = sql<
  string | null
>`CASE WHEN rg.name LIKE ${sql.lit('%直辖%')} OR rg.name IN (${sql.lit('市辖区')}, ${sql.lit('县')}) THEN rg.province_name ELSE rg.name END`.as(
  'cityName',
);

/** Tenant parameters of this slice (blade_param keys) and their defaults. */
// The first-response limit is sales-desk's (overdue.ts, shared with the workbench).
export const INQUIRY_PARAMS = {
  userInquiryClaimMinutes: ['sales.userInquiry.claimMinutes', SALES_DEFAULTS.userInquiryClaimMinutes],
} as const;

/** A whole-minute parameter of the tenant; the default when unset or not a positive whole number. */
export async function minutesParam(
  db: Db,
  tenantId: string,
  which: keyof typeof INQUIRY_PARAMS,
): Promise<number> {
  const [key, fallback] = INQUIRY_PARAMS[which];
  const r = await first(
    db,
    scoped({ tenantId, isPlatformAdmin: false })
      .selectFrom('blade_param', 't')
      .select('t.paramValue')
      .where('t.paramKey', '=', key),
  );
  const n = Number(r?.paramValue);
  return Number.isInteger(n) && n > 0 && n <= 100_000 ? n : fallback;
}

/** The customer's chat user id (docs/customers.md): the chat's prefix for customers. */
export const customerChatIdOf = (customerId: string) => `cust_${customerId}`;

export const INQUIRY_FILTERS: Record<string, FilterDef & { column: string }> = {
  customerName: { column: 'customerName', type: 'text', kind: 'text' },
  customerPhone: { column: 'customerPhone', type: 'text', kind: 'text' },
  status: { column: 'status', type: 'exact' },
  channel: { column: 'channel', type: 'exact' },
  purchasePlan: { column: 'purchasePlan', type: 'exact' },
  cityCode: { column: 'cityCode', type: 'exact' },
  ownerUser: { column: 'ownerUser', type: 'exact', kind: 'integer' },
  modelId: { column: 'modelId', type: 'exact', kind: 'integer' },
  createTime: { column: 'createTime', type: 'date', kind: 'date' },
};
const SORTABLE: Record<string, string> = {
  createTime: 't.create_time',
  status: 't.status',
  customerName: 't.customer_name',
  budget: 't.budget',
  nextFollowTime: 't.next_follow_time',
  expectedPurchaseDate: 't.expected_purchase_date',
};
export const INQUIRY_LIST: ListSpec = {
  filters: INQUIRY_FILTERS,
  sortable: SORTABLE,
  defaultOrder: 't.create_time DESC, t.id DESC',
  id: 't.id',
  tables: { t: 'sales_inquiry' },
};

const dateOnly = (v: unknown) =>
  v instanceof Date
    ? `${v.getFullYear()}-${String(v.getMonth() + 1).padStart(2, '0')}-${String(v.getDate()).padStart(2, '0')}`
    : v == null
      ? null
      : String(v).slice(0, 10);
const dt = (v: unknown) => (v instanceof Date ? formatDateTime(v) : v == null ? null : String(v));

function inquiryBase(scope: Scope) {
  return scoped(scope)
    .selectFrom('sales_inquiry', 't')
    .leftJoin('sales_model as m', 'm.id', 't.modelId')
    .leftJoin('sales_series as s', 's.id', 'm.seriesId')
    .leftJoin('sales_brand as b', 'b.id', 's.brandId')
    .leftJoin('blade_user as u', 'u.id', 't.ownerUser')
    .leftJoin('blade_region as rg', 'rg.code', 't.cityCode')
    .select([
      't.id',
      't.customerId',
      't.customerName',
      't.customerPhone',
      't.modelId',
      't.modelText',
      't.cityCode',
      't.budget',
      't.purchasePlan',
      't.expectedPurchaseDate',
      't.channel',
      't.status',
      't.closeReason',
      't.ownerUser',
      't.ownerDept',
      't.assignedAt',
      't.firstResponseAt',
      't.nextFollowTime',
      't.createTime',
      'u.realName as ownerName',
      sql<string | null>`b.name || ' ' || s.name || ' ' || m.model_year || ' ' || m.trim`.as('modelName'),
      cityName,
    ]);
}
function toRow(r: Record<string, unknown>, now: Date, limit: number): InquiryRow {
  const created = r.createTime as Date;
  const answered = (r.firstResponseAt as Date | null) ?? null;
  return {
    id: String(r.id),
    customerId: String(r.customerId),
    customerName: String(r.customerName),
    customerPhone: String(r.customerPhone),
    modelId: r.modelId == null ? null : String(r.modelId),
    modelText: String(r.modelText ?? ''),
    modelName: (r.modelName as string | null) ?? String(r.modelText ?? ''),
    cityCode: String(r.cityCode),
    cityName: (r.cityName as string | null) ?? String(r.cityCode),
    budget: (r.budget as string | null) ?? null,
    purchasePlan: r.purchasePlan as InquiryRow['purchasePlan'],
    expectedPurchaseDate: dateOnly(r.expectedPurchaseDate),
    channel: r.channel as InquiryRow['channel'],
    status: r.status as InquiryRow['status'],
    closeReason: String(r.closeReason ?? ''),
    ownerUser: r.ownerUser == null ? null : String(r.ownerUser),
    ownerDept: r.ownerDept == null ? null : String(r.ownerDept),
    ownerName: (r.ownerName as string | null) ?? null,
    assignedAt: dt(r.assignedAt),
    firstResponseAt: dt(r.firstResponseAt),
    nextFollowTime: dt(r.nextFollowTime),
    createTime: dt(created)!,
    customerChatId: customerChatIdOf(String(r.customerId)),
    overdue: isOverdue(
      { status: String(r.status), createTime: created, firstResponseAt: answered },
      now,
      limit,
    ),
  };
}

/** A page of the inquiries the caller may see; `overdue` flags what waits past the first-response limit. */
export async function inquiryPage(
  db: Db,
  scope: Scope,
  query: PageQuery & Record<string, unknown>,
  opts: { now?: Date; overdueOnly?: boolean } = {},
) {
  const now = opts.now ?? new Date();
  const limit = await firstResponseMinutes(db, scope.tenantId);
  const v = await visibilityOf(db, scope);
  let q = inquiryBase(scope);
  const cond = visibleCondition(v);
  if (cond) q = q.where(cond);
  if (opts.overdueOnly || query.overdue === '1' || query.overdue === 1)
    q = q.where(overdueCondition('t', now, limit));
  const p = await listPage(db, q, INQUIRY_LIST, query, (s) => s);
  return { ...p, records: p.records.map((r) => toRow(camelKeys(r), now, limit)) };
}

/**
 * One inquiry for a by-id request: another tenant's is 403 (`common.otherTenant`), one the caller may not
 * see 403, a missing one 404.
 */
async function visibleInquiry(db: Db, scope: Scope, id: string, v?: Visibility) {
  if (!isId(id)) throw notFound();
  const row = await first(
    db,
    scoped(allTenants)
      .selectFrom('sales_inquiry', 't')
      .select([
        't.id',
        't.tenantId',
        't.status',
        't.ownerUser',
        't.ownerDept',
        't.customerId',
        't.firstResponseAt',
      ])
      .where('t.id', '=', id),
  );
  if (!row) throw notFound();
  if (!scope.isPlatformAdmin && row.tenantId !== scope.tenantId) throw forbidden('common.otherTenant');
  assertVisible(v ?? (await visibilityOf(db, scope)), {
    ownerUser: row.ownerUser == null ? null : String(row.ownerUser),
    ownerDept: row.ownerDept == null ? null : String(row.ownerDept),
  });
  return row;
}

export async function inquiryDetail(
  db: Db,
  scope: Scope,
  id: string,
  now = new Date(),
): Promise<InquiryDetail> {
  await visibleInquiry(db, scope, id);
  const limit = await firstResponseMinutes(db, scope.tenantId);
  const r = await first(db, inquiryBase(scope).where('t.id', '=', id));
  if (!r) throw notFound();
  const follows = await all(
    db,
    scoped(scope)
      .selectFrom('sales_inquiry_follow', 't')
      .leftJoin('blade_user as u', 'u.id', 't.createUser')
      .select([
        't.id',
        't.inquiryId',
        't.followTime',
        't.method',
        't.content',
        't.nextFollowTime',
        't.createUser',
        'u.realName as createUserName',
      ])
      .where('t.inquiryId', '=', id)
      .orderBy('t.followTime', 'desc'),
  );
  const history = await all(
    db,
    scoped(scope)
      .selectFrom('sales_inquiry_history', 't')
      .leftJoin('blade_user as fu', 'fu.id', 't.fromUser')
      .leftJoin('blade_user as tu', 'tu.id', 't.toUser')
      .select([
        't.id',
        't.action',
        't.fromStatus',
        't.toStatus',
        't.fromUser',
        't.toUser',
        't.reason',
        't.createUser',
        't.createTime',
        'fu.realName as fromUserName',
        'tu.realName as toUserName',
      ])
      .where('t.inquiryId', '=', id)
      .orderBy('t.createTime')
      .orderBy('t.id'),
  );
  const idOrNull = (v: unknown) => (v == null ? null : String(v));
  return {
    ...toRow(r as Record<string, unknown>, now, limit),
    follows: follows.map((f): InquiryFollowRow => ({
      id: String(f.id),
      inquiryId: String(f.inquiryId),
      followTime: dt(f.followTime)!,
      method: f.method as InquiryFollowRow['method'],
      content: f.content,
      nextFollowTime: dt(f.nextFollowTime),
      createUser: idOrNull(f.createUser),
      createUserName: f.createUserName ?? null,
    })),
    history: history.map((h): InquiryHistory => ({
      id: String(h.id),
      action: h.action as InquiryHistory['action'],
      fromStatus: h.fromStatus,
      toStatus: h.toStatus,
      fromUser: idOrNull(h.fromUser),
      fromUserName: h.fromUserName ?? null,
      toUser: idOrNull(h.toUser),
      toUserName: h.toUserName ?? null,
      reason: h.reason,
      createUser: idOrNull(h.createUser),
      createTime: dt(h.createTime)!,
    })),
  };
}

/** A staff member of the tenant who can own inquiries (active, not removed); their department for the row. */
async function assignee(db: Db, scope: Scope, userId: string) {
  const u = await first(
    db,
    scoped(scope)
      .selectFrom('blade_user', 't')
      .select(['t.id', 't.deptId', 't.status'])
      .where('t.id', '=', userId),
  );
  if (!u || u.status !== 1) throw bad('sales.inquiry.noSuchSalesperson', { field: 'userId' });
  const dept = String(u.deptId ?? '').split(',')[0];
  return { id: String(u.id), deptId: dept && isId(dept) ? dept : null };
}

/**
 * Whose turn it is among the tenant's active online-sales staff: the one whose last assignment (by hand,
 * by turn, or a claim) lies furthest back, never-assigned first, ties by user id — deterministic, and fair
 * in that nobody gets a second inquiry before everyone had one. Must run inside the transaction that
 * records the assignment: the advisory lock makes simultaneous turns queue, each seeing the one before.
 */
export async function nextInTurn(
  t: Db,
  tenantId: string,
): Promise<{ id: string; deptId: string | null } | null> {
  await exec(
    t,
    globalDb.selectNoFrom(sql`pg_advisory_xact_lock(hashtext(${'sales.round_robin:' + tenantId}))`.as('l')),
  );
  const s = scoped({ tenantId, isPlatformAdmin: false });
  const staff = await all(
    t,
    s
      .selectFrom('blade_user', 'u')
      .innerJoin('blade_user_role as ur', 'ur.userId', 'u.id')
      .innerJoin('blade_role as r', 'r.id', 'ur.roleId')
      .select(['u.id', 'u.deptId'])
      .distinct()
      .where('r.roleAlias', '=', 'online_sales')
      .where('r.isDeleted', '=', 0)
      .where('u.status', '=', 1),
  );
  if (!staff.length) return null;
  const last = await all(
    t,
    s
      .selectFrom('sales_inquiry_history', 'h')
      .select(['h.toUser', sql<Date>`max(h.create_time)`.as('at')])
      .where('h.action', 'in', ['assign', 'claim', 'transfer'])
      .where('h.toUser', '=', sql<string>`ANY(${staff.map((u) => String(u.id))}::bigint[])`)
      .groupBy('h.toUser'),
  );
  const at = new Map(last.map((l) => [String(l.toUser), new Date(l.at).getTime()]));
  const pick = [...staff].sort((a, b) => {
    const d = (at.get(String(a.id)) ?? -Infinity) - (at.get(String(b.id)) ?? -Infinity);
    if (d !== 0) return d < 0 ? -1 : 1;
    const ai = BigInt(String(a.id));
    const bi = BigInt(String(b.id));
    return ai < bi ? -1 : ai > bi ? 1 : 0;
  })[0]!;
  const dept = String(pick.deptId ?? '').split(',')[0];
  return { id: String(pick.id), deptId: dept && isId(dept) ? dept : null };
}

async function history(
  t: Db,
  scope: Scope,
  h: {
    inquiryId: string;
    action: 'create' | 'assign' | 'transfer' | 'status' | 'claim';
    fromStatus?: string | null;
    toStatus?: string | null;
    fromUser?: string | null;
    toUser?: string | null;
    reason?: string;
  },
) {
  await exec(
    t,
    scoped(scope).insertInto('sales_inquiry_history', {
      id: newId(),
      inquiryId: h.inquiryId,
      action: h.action,
      fromStatus: h.fromStatus ?? null,
      toStatus: h.toStatus ?? null,
      fromUser: h.fromUser ?? null,
      toUser: h.toUser ?? null,
      reason: h.reason ?? '',
      createUser: scope.userId === '0' ? null : scope.userId,
      // The clock, not the transaction's start: turns queued behind the round-robin lock keep their order.
      createTime: sql`clock_timestamp()`,
    }),
  );
}

/** The customer's responsible colleague follows the inquiry's owner, so "chat with the customer" works. */
async function customerFollowsOwner(t: Db, scope: Scope, customerId: string, ownerUser: string) {
  await exec(
    t,
    scoped(scope)
      .updateTable('member_customer')
      .set({ userId: ownerUser, updateTime: sql`now()` })
      .where('id', '=', customerId),
  );
}

async function modelExists(db: Db, scope: Scope, modelId: string) {
  return Boolean(
    await first(db, scoped(scope).selectFrom('sales_model', 't').select('t.id').where('t.id', '=', modelId)),
  );
}

/** Creates or changes an inquiry. The customer is found or created by phone (never duplicated). */
export async function submitInquiry(db: Db, scope: Scope, body: InquirySubmit): Promise<string> {
  const modelText = (body.modelText ?? '').trim();
  if (!body.modelId && !modelText) throw bad('sales.inquiry.modelRequired', { field: 'modelId' });
  if (body.modelId && !(await modelExists(db, scope, body.modelId)))
    throw bad('sales.inquiry.noSuchModel', { field: 'modelId' });
  const fields = {
    customerName: body.customerName.trim(),
    customerPhone: body.customerPhone,
    modelId: body.modelId ?? null,
    modelText,
    cityCode: body.cityCode,
    budget: body.budget ?? null,
    purchasePlan: body.purchasePlan ?? 'full',
    expectedPurchaseDate: body.expectedPurchaseDate ?? null,
    channel: body.channel,
  };
  if (!fields.customerName) throw bad('validation.required', { field: 'customerName' });
  if (body.id) {
    const id = body.id;
    const row = await visibleInquiry(db, scope, id);
    return db.tx(async (t) => {
      const customer = await findOrCreateCustomer(t, {
        tenantId: scope.tenantId,
        name: fields.customerName,
        phone: fields.customerPhone,
        userId: row.ownerUser == null ? null : String(row.ownerUser),
        deptId: scope.deptId,
        source: fields.channel,
      });
      await exec(
        t,
        scoped(scope)
          .updateTable('sales_inquiry')
          .set({ ...fields, customerId: customer.id, updateUser: scope.userId, updateTime: sql`now()` })
          .where('id', '=', id),
      );
      return id;
    });
  }
  const owner = body.ownerUser ? await assignee(db, scope, body.ownerUser) : null;
  return db.tx(async (t) => {
    const customer = await findOrCreateCustomer(t, {
      tenantId: scope.tenantId,
      name: fields.customerName,
      phone: fields.customerPhone,
      userId: owner?.id ?? null,
      deptId: scope.deptId,
      source: fields.channel,
    });
    const id = newId();
    const status = owner ? move('inquiry', 'new', 'assigned') : 'new';
    await exec(
      t,
      scoped(scope).insertInto('sales_inquiry', {
        id,
        ...fields,
        customerId: customer.id,
        status,
        ownerUser: owner?.id ?? null,
        ownerDept: owner?.deptId ?? null,
        assignedAt: owner ? sql`now()` : null,
        createUser: scope.userId,
        createDept: scope.deptId,
        updateUser: scope.userId,
      }),
    );
    await history(t, scope, { inquiryId: id, action: 'create', toStatus: 'new' });
    if (owner) {
      await history(t, scope, {
        inquiryId: id,
        action: 'assign',
        fromStatus: 'new',
        toStatus: status,
        toUser: owner.id,
      });
      await customerFollowsOwner(t, scope, customer.id, owner.id);
    }
    return id;
  });
}

/** Removes inquiries the caller may see (soft delete), with their follow-ups kept for the record. */
export async function removeInquiries(db: Db, scope: Scope, ids: string[]): Promise<number> {
  if (!ids.length) throw bad('validation.required', { field: 'ids' });
  const v = await visibilityOf(db, scope);
  for (const id of ids) await visibleInquiry(db, scope, id, v);
  const rows = await exec(
    db,
    scoped(scope)
      .updateTable('sales_inquiry')
      .set({ isDeleted: 1, updateUser: scope.userId, updateTime: sql`now()` })
      .where('id', '=', sql<string>`ANY(${ids}::bigint[])`)
      .returning('id'),
  );
  return rows.length;
}

/** Re-reads the row under a lock inside the transaction, so two actions on one inquiry queue. */
async function locked(t: Db, scope: Scope, id: string) {
  const r = await first(
    t,
    scoped(scope)
      .selectFrom('sales_inquiry', 't')
      .select(['t.id', 't.status', 't.ownerUser', 't.ownerDept', 't.customerId', 't.firstResponseAt'])
      .where('t.id', '=', id)
      .forUpdate(),
  );
  if (!r) throw notFound();
  return { ...r, ownerUser: r.ownerUser == null ? null : String(r.ownerUser) };
}

const OPEN = ['new', 'assigned', 'following', 'quoted'];

/**
 * Assigns an inquiry to a salesperson (a manager's choice) or, without one, to whose turn it is among the
 * online-sales staff. A new inquiry becomes assigned; an open one already owned changes its owner only.
 */
export async function assignInquiry(
  db: Db,
  scope: Scope,
  id: string,
  userId?: string,
): Promise<{ ownerUser: string }> {
  await visibleInquiry(db, scope, id);
  const chosen = userId ? await assignee(db, scope, userId) : null;
  return db.tx(async (t) => {
    const to = chosen ?? (await nextInTurn(t, scope.tenantId));
    if (!to) throw bad('sales.inquiry.noOnlineSales');
    const row = await locked(t, scope, id);
    if (!OPEN.includes(row.status)) throw bad('sales.inquiry.closed');
    const status = row.status === 'new' ? move('inquiry', 'new', 'assigned') : row.status;
    await exec(
      t,
      scoped(scope)
        .updateTable('sales_inquiry')
        .set({
          status,
          ownerUser: to.id,
          ownerDept: to.deptId,
          assignedAt: sql`now()`,
          updateUser: scope.userId,
          updateTime: sql`now()`,
        })
        .where('id', '=', id),
    );
    await history(t, scope, {
      inquiryId: id,
      action: 'assign',
      fromStatus: row.status,
      toStatus: status,
      fromUser: row.ownerUser,
      toUser: to.id,
    });
    await customerFollowsOwner(t, scope, String(row.customerId), to.id);
    return { ownerUser: to.id };
  });
}

/** Hands an open inquiry to another salesperson; the reason stays in the history. */
export async function transferInquiry(db: Db, scope: Scope, id: string, userId: string, reason: string) {
  await visibleInquiry(db, scope, id);
  const to = await assignee(db, scope, userId);
  const why = reason.trim();
  if (!why) throw bad('sales.reasonRequired', { field: 'reason' });
  await db.tx(async (t) => {
    const row = await locked(t, scope, id);
    if (row.status === 'new') throw bad('sales.inquiry.notAssigned');
    if (!OPEN.includes(row.status)) throw bad('sales.inquiry.closed');
    if (row.ownerUser === to.id) throw bad('sales.inquiry.sameOwner', { field: 'userId' });
    await exec(
      t,
      scoped(scope)
        .updateTable('sales_inquiry')
        .set({ ownerUser: to.id, ownerDept: to.deptId, updateUser: scope.userId, updateTime: sql`now()` })
        .where('id', '=', id),
    );
    await history(t, scope, {
      inquiryId: id,
      action: 'transfer',
      fromStatus: row.status,
      toStatus: row.status,
      fromUser: row.ownerUser,
      toUser: to.id,
      reason: why,
    });
    await customerFollowsOwner(t, scope, String(row.customerId), to.id);
  });
}

/** "yyyy-MM-dd HH:mm[:ss]" as the server's local time (what formatDateTime writes back). */
export function parseLocal(v: string, field: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(v);
  if (!m) throw bad('validation.format', { field });
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0)) as number[];
  const date = new Date(y!, mo! - 1, d!, h!, mi!, s ?? 0);
  if (date.getMonth() !== mo! - 1 || date.getDate() !== d! || h! > 23 || mi! > 59 || (s ?? 0) > 59)
    throw bad('validation.format', { field });
  return date;
}

/**
 * Records a follow-up. The first one answers the inquiry (first-response time) and moves it from assigned
 * to following; a quoted inquiry stays quoted. The next follow-up time goes onto the inquiry (workbench).
 */
export async function followInquiry(
  db: Db,
  scope: Scope,
  body: { id: string; followTime?: string; method: string; content: string; nextFollowTime?: string | null },
): Promise<string> {
  await visibleInquiry(db, scope, body.id);
  const content = body.content.trim();
  if (!content) throw bad('validation.required', { field: 'content' });
  const when = body.followTime ? parseLocal(body.followTime, 'followTime') : new Date();
  const next = body.nextFollowTime ? parseLocal(body.nextFollowTime, 'nextFollowTime') : null;
  if (next && next.getTime() <= when.getTime())
    throw bad('sales.inquiry.nextBeforeFollow', { field: 'nextFollowTime' });
  return db.tx(async (t) => {
    const row = await locked(t, scope, body.id);
    const to =
      row.status === 'assigned'
        ? move('inquiry', 'assigned', 'following')
        : row.status === 'following' || row.status === 'quoted'
          ? row.status
          : move('inquiry', row.status, 'following');
    const fid = newId();
    await exec(
      t,
      scoped(scope).insertInto('sales_inquiry_follow', {
        id: fid,
        inquiryId: body.id,
        followTime: when,
        method: body.method,
        content,
        nextFollowTime: next,
        createUser: scope.userId,
        createDept: scope.deptId,
        updateUser: scope.userId,
      }),
    );
    await exec(
      t,
      scoped(scope)
        .updateTable('sales_inquiry')
        .set({
          status: to,
          firstResponseAt: row.firstResponseAt ?? sql`now()`,
          lastFollowTime: when,
          nextFollowTime: next,
          updateUser: scope.userId,
          updateTime: sql`now()`,
        })
        .where('id', '=', body.id),
    );
    if (to !== row.status)
      await history(t, scope, { inquiryId: body.id, action: 'status', fromStatus: row.status, toStatus: to });
    return fid;
  });
}

/** Closes an inquiry as won, lost or invalid; lost and invalid need a reason (the machine says which moves). */
export async function closeInquiry(
  db: Db,
  scope: Scope,
  id: string,
  status: 'won' | 'lost' | 'invalid',
  reason = '',
) {
  await visibleInquiry(db, scope, id);
  const why = reason.trim();
  await db.tx(async (t) => {
    const row = await locked(t, scope, id);
    const to = move('inquiry', row.status, status, { reason: why });
    await exec(
      t,
      scoped(scope)
        .updateTable('sales_inquiry')
        .set({
          status: to,
          closeReason: why,
          nextFollowTime: null,
          updateUser: scope.userId,
          updateTime: sql`now()`,
        })
        .where('id', '=', id),
    );
    await history(t, scope, {
      inquiryId: id,
      action: 'status',
      fromStatus: row.status,
      toStatus: to,
      reason: why,
    });
  });
}

/** Everyone who may own inquiries, for the assign and transfer pickers: active staff of the tenant. */
export async function salespeople(db: Db, scope: Scope) {
  const rows = await all(
    db,
    scoped(scope)
      .selectFrom('blade_user', 'u')
      .innerJoin('blade_user_role as ur', 'ur.userId', 'u.id')
      .innerJoin('blade_role as r', 'r.id', 'ur.roleId')
      .select(['u.id', 'u.realName', 'u.account', 'r.roleAlias'])
      .where('r.roleAlias', 'in', ['sales', 'online_sales'])
      .where('u.status', '=', 1)
      .orderBy('u.account'),
  );
  const seen = new Map<string, { id: string; name: string; account: string; onlineSales: boolean }>();
  for (const r of rows) {
    const id = String(r.id);
    const prev = seen.get(id);
    seen.set(id, {
      id,
      name: r.realName ?? r.account,
      account: r.account,
      onlineSales: Boolean(prev?.onlineSales) || r.roleAlias === 'online_sales',
    });
  }
  return [...seen.values()];
}

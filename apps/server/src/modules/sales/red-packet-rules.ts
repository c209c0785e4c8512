/**
 * Red packets (docs/orders.md, "Red packets"): cash gifts to customers, applied for by their salesperson,
 * decided by a manager, paid by the cashier.
 *
 * Guarantees:
 * 1. Every change is one conditional UPDATE on the status it starts from, so two managers deciding at once
 *    or two cashiers paying at once change it once; the other is told (409).
 * 2. Nobody approves their own application; only a department head or an administrator decides.
 * 3. A wallet's serial number is recorded once in a tenant (unique index): a payment keyed twice is a 409.
 * 4. An amount is exact and within the wallet's limit of 200 yuan (CHECK and 400).
 */
import {
  RED_PACKET_MAX,
  cmp,
  fmt,
  isMoneyInput,
  type RedPacket,
  type RedPacketDecision,
  type RedPacketPay,
  type RedPacketStatus,
  type RedPacketSubmit,
} from '@forecourt/contracts/sales';
import type { Db } from '../../platform/db/index.js';
import { isUniqueViolation } from '../../platform/db/unique.js';
import { AppError, bad, forbidden, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { listPage, type ListSpec } from '../../platform/list.js';
import type { FilterDef, PageQuery } from '../../platform/paging.js';
import type { Scope } from '../../platform/scope.js';
import { camelKeys, exec, first, scoped, sql } from '../../platform/sql/index.js';
import { moneyVisibility, nextNumber } from './order-rules.js';
import { assertVisible, visibilityOf, visibleCondition } from './visibility.js';

const timeText = (col: string) => sql<string | null>`to_char(${sql.ref(col)}, 'YYYY-MM-DD HH24:MI:SS')`;

function packetQuery(scope: Scope) {
  return scoped(scope)
    .selectFrom('sales_red_packet', 'p')
    .leftJoin('blade_user as u', 'u.id', 'p.ownerUser')
    .leftJoin('blade_user as a', 'a.id', 'p.approvedBy')
    .select([
      sql<string>`p.id::text`.as('id'),
      'p.packetNo',
      sql<string>`p.customer_id::text`.as('customerId'),
      'p.customerName',
      'p.customerPhone',
      'p.scene',
      sql<string>`p.amount::text`.as('amount'),
      'p.greeting',
      'p.status',
      sql<string>`p.owner_user::text`.as('ownerUser'),
      sql<string | null>`p.owner_dept::text`.as('ownerDept'),
      sql<string>`coalesce(nullif(u.real_name, ''), u.account, '')`.as('ownerName'),
      sql<string | null>`coalesce(nullif(a.real_name, ''), a.account)`.as('approvedByName'),
      timeText('p.approvedAt').as('approvedAt'),
      'p.approvalRemark',
      'p.reference',
      timeText('p.paidAt').as('paidAt'),
      timeText('p.createTime').as('createTime'),
    ]);
}

const view = (r: Record<string, unknown>): RedPacket => {
  const { ownerDept: _dept, ...p } = camelKeys<RedPacket & { ownerDept: string | null }>(r);
  return { ...p, amount: fmt(p.amount) };
};

export const RED_PACKET_FILTERS: Record<string, FilterDef> = {
  packetNo: { column: 'p.packetNo', type: 'text', kind: 'text' },
  customerName: { column: 'p.customerName', type: 'text', kind: 'text' },
  customerPhone: { column: 'p.customerPhone', type: 'text', kind: 'text' },
  scene: { column: 'p.scene', type: 'exact', kind: 'text' },
  status: { column: 'p.status', type: 'exact', kind: 'text' },
  createTime: { column: 'p.createTime', type: 'date', kind: 'date' },
};
const RED_PACKET_LIST: ListSpec = {
  filters: RED_PACKET_FILTERS,
  ref: (f) => f,
  sortable: { createTime: 'p.create_time', amount: 'p.amount' },
  defaultOrder: 'p.create_time DESC, p.id DESC',
  id: 'p.id',
  tables: { p: 'sales_red_packet' },
};

/** A page of the red packets the caller may see (as for orders: their own, their departments', all; finance all). */
export async function redPacketPage(db: Db, scope: Scope, query: PageQuery & Record<string, unknown>) {
  const vis = await moneyVisibility(db, scope);
  let q = packetQuery(scope);
  const cond = visibleCondition(vis, { user: 'p.ownerUser', dept: 'p.ownerDept' });
  if (cond) q = q.where(cond);
  const p = await listPage(db, q, RED_PACKET_LIST, query, (s) => s);
  return { ...p, records: p.records.map(view) };
}

export async function redPacketDetail(db: Db, scope: Scope, id: string): Promise<RedPacket> {
  const row = await first(db, packetQuery(scope).where('p.id', '=', id));
  if (!row) throw notFound();
  assertVisible(await moneyVisibility(db, scope), {
    ownerUser: String(row.ownerUser),
    ownerDept: row.ownerDept === null ? null : String(row.ownerDept),
  });
  return view(row);
}

/** A salesperson applies for a red packet to a customer of the tenant. */
export async function applyRedPacket(db: Db, scope: Scope, body: RedPacketSubmit, now = new Date()) {
  if (!isMoneyInput(body.amount) || cmp(body.amount, '0') <= 0 || cmp(body.amount, RED_PACKET_MAX) > 0)
    throw bad('sales.redPacket.amount', { field: 'amount', max: RED_PACKET_MAX });
  const id = newId();
  await db.tx(async (t) => {
    const c = await first(
      t,
      scoped(scope)
        .selectFrom('member_customer', 'c')
        .select(['c.name', 'c.phone'])
        .where('c.id', '=', body.customerId),
    );
    if (!c) throw bad('sales.redPacket.customerMissing', { field: 'customerId' });
    await exec(
      t,
      scoped(scope).insertInto('sales_red_packet', {
        id,
        packetNo: await nextNumber(t, scope, 'RP', now),
        customerId: body.customerId,
        customerName: c.name,
        customerPhone: c.phone,
        scene: body.scene,
        amount: fmt(body.amount),
        greeting: body.greeting?.trim() ?? '',
        status: 'pending',
        ownerUser: scope.userId,
        ownerDept: scope.deptId,
        updateUser: scope.userId,
      } as never),
    );
  });
  return redPacketDetail(db, scope, id);
}

/** One move from `from` to `to` by one conditional UPDATE; a row that moved meanwhile is a 409. */
async function moveFrom(
  db: Db,
  scope: Scope,
  id: string,
  from: RedPacketStatus,
  set: Record<string, unknown>,
): Promise<void> {
  const done = await exec(
    db,
    scoped(scope)
      .updateTable('sales_red_packet')
      .set({ ...set, updateUser: scope.userId, updateTime: sql<Date>`now()` } as never)
      .where('id', '=', id)
      .where('status', '=', from)
      .returning('id'),
  );
  if (!done.length) {
    const p = await redPacketDetail(db, scope, id);
    throw new AppError(409, 'sales.redPacket.moved', { no: p.packetNo });
  }
}

/** A manager's decision: approve, or reject with a reason. Never one's own application. */
export async function decideRedPacket(
  db: Db,
  scope: Scope,
  to: 'approved' | 'rejected',
  body: RedPacketDecision,
): Promise<RedPacket> {
  const remark = body.remark?.trim() ?? '';
  if (to === 'rejected' && !remark) throw bad('sales.redPacket.reason', { field: 'remark' });
  const p = await redPacketDetail(db, scope, body.id);
  const vis = await visibilityOf(db, scope);
  if (vis.kind === 'own') throw forbidden('sales.offer.managerOnly');
  if (p.ownerUser === scope.userId) throw forbidden('sales.redPacket.selfApproval');
  await moveFrom(db, scope, body.id, 'pending', {
    status: to,
    approvedBy: scope.userId,
    approvedAt: sql<Date>`now()`,
    approvalRemark: remark,
  });
  return redPacketDetail(db, scope, body.id);
}

/** The cashier records an approved red packet paid, with the wallet's serial number (once per tenant). */
export async function payRedPacket(db: Db, scope: Scope, body: RedPacketPay): Promise<RedPacket> {
  const reference = body.reference.trim();
  if (!reference) throw bad('validation.required', { field: 'reference' });
  await redPacketDetail(db, scope, body.id);
  try {
    await moveFrom(db, scope, body.id, 'approved', { status: 'paid', reference, paidAt: sql<Date>`now()` });
  } catch (e) {
    if (isUniqueViolation(e, 'sales_red_packet_reference'))
      throw new AppError(409, 'sales.trade.duplicateReference', { reference, field: 'reference' });
    throw e;
  }
  return redPacketDetail(db, scope, body.id);
}

/**
 * Orders and their money (docs/orders.md): plain functions over `Db` and the caller's scope, so tests call
 * them without HTTP; order-routes.ts only adds the schemas and permissions.
 *
 * Guarantees:
 * 1. An accepted offer has exactly one order: it is opened in the acceptance's own transaction
 *    (`openOrder`), and the unique index `sales_order_offer` refuses a second.
 * 2. An order's `received` is at every commit the sum of its receipts less its refunds, never below zero
 *    and never above the amount due: a trade locks its order row, checks the amount against what the
 *    locked row holds, writes the trade and the new sum in one transaction (CHECKs in the table back it).
 *    Two cashiers recording at once take turns; the second is checked against the first's result.
 * 3. A trade is written once and never changed or deleted: a mistake is put right by a refund.
 * 4. A serial number of a method is recorded once in a tenant (unique index `sales_trade_reference`):
 *    a bank line keyed twice is a 409 naming it, whoever wins the race.
 * 5. The status follows the money through the order machine (`transition`): unpaid → partial → paid,
 *    back to unpaid when every yuan is refunded, cancelled only with nothing received and a reason.
 * 6. The vehicle follows the order: the first money holds it with no end (the reservation sweep leaves
 *    it), the last yuan sells it (reserved → sold), a cancellation puts it back in stock. Money is never
 *    taken for a vehicle another offer now holds (409).
 * 7. Order and trade numbers (SO/SK/TK, the day, a running number) are unique per tenant: one UPSERT of
 *    the day's counter takes the next one.
 */
import {
  add,
  cmp,
  dec,
  fmt,
  isMoneyInput,
  sub,
  type FinanceDeskSummary,
  type OrderCancelBody,
  type OrderDetail,
  type OrderStatus,
  type OrderView,
  type PaymentMethod,
  type TradeBody,
  type TradeKind,
  type TradeSummary,
  type TradeView,
} from '@forecourt/contracts/sales';
import type { Db } from '../../platform/db/index.js';
import { isUniqueViolation } from '../../platform/db/unique.js';
import { AppError, bad, forbidden, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { listPage, type ListSpec } from '../../platform/list.js';
import { filterConditions, type FilterDef, type PageQuery } from '../../platform/paging.js';
import type { Scope } from '../../platform/scope.js';
import { all, camelKeys, exec, first, scoped, sql } from '../../platform/sql/index.js';
import { formatDateTime } from '../../platform/time.js';
import { awardPurchase } from '../points/index.js';
import { move } from './rules.js';
import {
  assertVisible,
  visibilityOf as salesVisibility,
  visibleCondition,
  type Visibility,
} from './visibility.js';
import './order-messages.js';

/** The role that keeps a tenant's books: it sees the money of every order, whoever sold it. */
export const FINANCE_ALIAS = 'finance';

/** Who sees which orders: finance every one of the tenant, anyone else as for offers (visibility.ts). */
export async function moneyVisibility(db: Db, scope: Scope): Promise<Visibility> {
  return scope.roleAliases.includes(FINANCE_ALIAS) ? { kind: 'all' } : salesVisibility(db, scope);
}

// ---- pure helpers -----------------------------------------------------------------------------------

/** The status an order's money puts it in: nothing → unpaid, everything → paid, else partial. */
export function statusFor(received: string, due: string): Exclude<OrderStatus, 'cancelled'> {
  if (dec(received).isZero()) return dec(due).isZero() ? 'paid' : 'unpaid';
  return cmp(received, due) >= 0 ? 'paid' : 'partial';
}

/** SO20261129-0001: the prefix, the day and the day's running number (four digits, more past 9,999). */
export const documentNo = (prefix: string, day: string, n: number) =>
  `${prefix}${day.replaceAll('-', '')}-${String(n).padStart(4, '0')}`;

/** A time as the caller sent it ("yyyy-MM-dd HH:mm:ss", the server's zone), or a 400 naming the field. */
export function parsePaidAt(text: string, now: Date): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  const d = m ? new Date(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) : null;
  if (!d || d.getFullYear() !== +m![1]! || d.getMonth() !== +m![2]! - 1 || d.getDate() !== +m![3]!)
    throw bad('validation.format', { field: 'paidAt' });
  // A minute's grace for a clock on the cashier's desk that runs a little ahead.
  if (d.getTime() > now.getTime() + 60_000) throw bad('sales.trade.paidAtFuture', { field: 'paidAt' });
  return d;
}

/**
 * What a trade may be, from the locked order alone: answers the order's new figures and status, or throws
 * the error that names the limit. The one rule of the money; tests call it directly.
 */
export function applyTrade(
  order: {
    status: string;
    amountDue: string;
    received: string;
    loanAmount: string | null;
    loanReceived: string;
  },
  trade: { kind: TradeKind; method: PaymentMethod; amount: string },
): { received: string; loanReceived: string; status: Exclude<OrderStatus, 'cancelled'> } {
  const { kind, method, amount } = trade;
  if (!isMoneyInput(amount)) throw bad('sales.amountInvalid', { field: 'amount' });
  if (dec(amount).isZero()) throw bad('sales.trade.amountZero', { field: 'amount' });
  const outstanding = sub(order.amountDue, order.received);
  let received: string;
  let loanReceived = fmt(order.loanReceived);
  if (kind === 'receipt') {
    if (order.status !== 'unpaid' && order.status !== 'partial')
      throw new AppError(409, 'sales.order.notOpen');
    if (cmp(amount, outstanding) > 0) throw bad('sales.trade.overOutstanding', { outstanding });
    if (method === 'loan') {
      if (order.loanAmount === null) throw bad('sales.trade.noLoan', { field: 'method' });
      const left = sub(order.loanAmount, order.loanReceived);
      if (cmp(amount, left) > 0) throw bad('sales.trade.overLoan', { left });
      loanReceived = add(order.loanReceived, amount);
    }
    received = add(order.received, amount);
  } else {
    if (order.status !== 'partial') throw new AppError(409, 'sales.order.refundNotPartial');
    if (cmp(amount, order.received) > 0)
      throw bad('sales.trade.overReceived', { received: fmt(order.received) });
    if (method === 'loan') {
      if (cmp(amount, order.loanReceived) > 0)
        throw bad('sales.trade.overLoanReceived', { loanReceived: fmt(order.loanReceived) });
      loanReceived = sub(order.loanReceived, amount);
    }
    received = sub(order.received, amount);
  }
  const status = statusFor(received, order.amountDue);
  if (status !== order.status) move('order', order.status, status);
  return { received, loanReceived, status };
}

// ---- numbers ----------------------------------------------------------------------------------------

/** The tenant's next number of a kind today: one UPSERT, so writers at once never share one. */
export async function nextNumber(
  t: Db,
  scope: Scope,
  prefix: 'SO' | 'SK' | 'TK' | 'RP',
  now: Date,
): Promise<string> {
  const day = formatDateTime(now)!.slice(0, 10);
  const r = await first(
    t,
    scoped(scope)
      .insertInto('sales_counter', { tenantId: scope.tenantId, name: prefix, day, value: 1 } as never)
      .onConflict((oc) =>
        oc.columns(['tenantId', 'name', 'day']).doUpdateSet({ value: sql<number>`sales_counter.value + 1` }),
      )
      .returning('value'),
  );
  return documentNo(prefix, day, Number(r!.value));
}

// ---- opening ----------------------------------------------------------------------------------------

/**
 * Opens the order of an offer just accepted; call inside the acceptance's transaction. The amount due is the
 * offer's total and the loan its finance plan's, fixed here: a later change of the offer cannot reach them.
 */
export async function openOrder(t: Db, scope: Scope, offerId: string, now = new Date()): Promise<string> {
  const o = await first(
    t,
    scoped(scope)
      .selectFrom('sales_offer', 'o')
      .select(['o.inquiryId', 'o.resourceId', 'o.total', 'o.loanAmount', 'o.ownerUser', 'o.ownerDept'])
      .where('o.id', '=', offerId),
  );
  if (!o) throw notFound();
  const id = newId();
  const due = fmt(String(o.total));
  const status = statusFor('0', due);
  await exec(
    t,
    scoped(scope).insertInto('sales_order', {
      id,
      orderNo: await nextNumber(t, scope, 'SO', now),
      offerId,
      inquiryId: String(o.inquiryId),
      resourceId: o.resourceId === null ? null : String(o.resourceId),
      amountDue: due,
      loanAmount: o.loanAmount === null ? null : String(o.loanAmount),
      status,
      settledAt: status === 'paid' ? now : null,
      ownerUser: String(o.ownerUser),
      ownerDept: o.ownerDept === null ? null : String(o.ownerDept),
      createUser: scope.userId,
      updateUser: scope.userId,
    } as never),
  );
  return id;
}

// ---- reads ------------------------------------------------------------------------------------------

const timeText = (col: string) => sql<string>`to_char(${sql.ref(col)}, 'YYYY-MM-DD HH24:MI:SS')`;
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

function orderQuery(scope: Scope) {
  return scoped(scope)
    .selectFrom('sales_order', 'd')
    .innerJoin('sales_offer as o', 'o.id', 'd.offerId')
    .innerJoin('sales_inquiry as q', 'q.id', 'd.inquiryId')
    .innerJoin('sales_model as m', 'm.id', 'o.modelId')
    .innerJoin('sales_series as s', 's.id', 'm.seriesId')
    .innerJoin('sales_brand as b', 'b.id', 's.brandId')
    .leftJoin('sales_resource as r', 'r.id', 'd.resourceId')
    .leftJoin('blade_user as u', 'u.id', 'd.ownerUser')
    .select([
      'd.id',
      'd.orderNo',
      'd.offerId',
      'o.version as offerVersion',
      'd.inquiryId',
      'q.customerId',
      'q.customerName',
      'q.customerPhone',
      'd.resourceId',
      'r.vin',
      sql<string>`concat_ws(' ', b.name, s.name, m.model_year::text, m.trim)`.as('modelName'),
      'd.amountDue',
      'd.loanAmount',
      'd.received',
      'd.loanReceived',
      'd.status',
      'd.cancelReason',
      'd.ownerUser',
      'd.ownerDept',
      sql<string>`coalesce(nullif(u.real_name, ''), u.account, '')`.as('ownerName'),
      timeText('d.createTime').as('createTimeText'),
      timeText('d.settledAt').as('settledAtText'),
      'o.invoicePrice',
      'o.purchaseTax',
      'o.insurance',
      'o.registrationFee',
      'o.accessoriesTotal',
      'o.serviceFee',
      'o.tradeInCredit',
    ]);
}
type OrderRow = Awaited<ReturnType<ReturnType<typeof orderQuery>['execute']>>[number];

function toOrderView(r: OrderRow): OrderView {
  const due = fmt(String(r.amountDue));
  const received = fmt(String(r.received));
  return {
    id: String(r.id),
    orderNo: r.orderNo,
    offerId: String(r.offerId),
    offerVersion: Number(r.offerVersion),
    inquiryId: String(r.inquiryId),
    customerId: str(r.customerId),
    customerName: r.customerName,
    customerPhone: r.customerPhone,
    resourceId: str(r.resourceId),
    vin: r.vin ?? null,
    modelName: r.modelName,
    amountDue: due,
    loanAmount: r.loanAmount === null ? null : fmt(String(r.loanAmount)),
    received,
    outstanding: sub(due, received),
    status: r.status as OrderStatus,
    cancelReason: r.cancelReason,
    ownerUser: String(r.ownerUser),
    ownerName: r.ownerName,
    createTime: r.createTimeText,
    settledAt: r.settledAtText ?? null,
  };
}

export const ORDER_FILTERS: Record<string, FilterDef> = {
  status: { column: 'd.status', type: 'exact', kind: 'text' },
  orderNo: { column: 'd.orderNo', type: 'text', kind: 'text' },
  customerName: { column: 'q.customerName', type: 'text', kind: 'text' },
  customerPhone: { column: 'q.customerPhone', type: 'text', kind: 'text' },
  createTime: { column: 'd.createTime', type: 'date', kind: 'date' },
};
export const ORDER_LIST: ListSpec = {
  filters: ORDER_FILTERS,
  ref: (f) => f,
  sortable: {
    createTime: 'd.create_time',
    amountDue: 'd.amount_due',
    received: 'd.received',
    status: 'd.status',
  },
  defaultOrder: 'd.create_time DESC, d.id DESC',
  id: 'd.id',
  tables: { d: 'sales_order', q: 'sales_inquiry' },
};

const ownerOf = (r: { ownerUser: unknown; ownerDept: unknown }) => ({
  ownerUser: String(r.ownerUser),
  ownerDept: str(r.ownerDept),
});

/** A page of the orders the caller may see (the owner of the offer, their heads, the administrators). */
export async function listOrders(db: Db, scope: Scope, query: PageQuery & Record<string, unknown>) {
  const vis = await moneyVisibility(db, scope);
  let q = orderQuery(scope);
  const cond = visibleCondition(vis, { user: 'd.ownerUser', dept: 'd.ownerDept' });
  if (cond) q = q.where(cond);
  const p = await listPage(db, q, ORDER_LIST, query, (s) => s);
  return { ...p, records: p.records.map((r) => toOrderView(camelKeys<OrderRow>(r))) };
}

/** One order for a caller: another tenant's 403, one they may not see 403, a missing one 404. */
async function visibleOrder(db: Db, scope: Scope, vis: Visibility, id: string): Promise<OrderRow> {
  const row = await first(db, orderQuery(scope).where('d.id', '=', id));
  if (!row) {
    const elsewhere = await first(
      db,
      scoped({ tenantId: scope.tenantId, isPlatformAdmin: true })
        .selectFrom('sales_order', 'd')
        .select('d.id')
        .where('d.id', '=', id),
    );
    throw elsewhere ? forbidden('common.otherTenant') : notFound();
  }
  assertVisible(vis, ownerOf(row));
  return row;
}

export async function orderDetail(db: Db, scope: Scope, id: string): Promise<OrderDetail> {
  const vis = await moneyVisibility(db, scope);
  const row = await visibleOrder(db, scope, vis, id);
  const trades = await all(
    db,
    tradeQuery(scope).where('tr.orderId', '=', id).orderBy('tr.paidAt').orderBy('tr.id'),
  );
  return {
    ...toOrderView(row),
    invoicePrice: fmt(String(row.invoicePrice)),
    purchaseTax: fmt(String(row.purchaseTax)),
    insurance: fmt(String(row.insurance)),
    registrationFee: fmt(String(row.registrationFee)),
    accessoriesTotal: fmt(String(row.accessoriesTotal)),
    serviceFee: fmt(String(row.serviceFee)),
    tradeInCredit: fmt(String(row.tradeInCredit)),
    loanReceived: fmt(String(row.loanReceived)),
    trades: trades.map(toTradeView),
  };
}

function tradeQuery(scope: Scope) {
  return scoped(scope)
    .selectFrom('sales_trade', 'tr')
    .innerJoin('sales_order as d', 'd.id', 'tr.orderId')
    .innerJoin('sales_inquiry as q', 'q.id', 'd.inquiryId')
    .leftJoin('blade_user as u', 'u.id', 'tr.createUser')
    .select([
      'tr.id',
      'tr.tradeNo',
      'tr.orderId',
      'd.orderNo',
      'q.customerName',
      'tr.kind',
      'tr.method',
      'tr.amount',
      'tr.reference',
      timeText('tr.paidAt').as('paidAtText'),
      'tr.remark',
      'tr.createUser',
      sql<string>`coalesce(nullif(u.real_name, ''), u.account, '')`.as('createUserName'),
      timeText('tr.createTime').as('createTimeText'),
    ]);
}
type TradeRow = Awaited<ReturnType<ReturnType<typeof tradeQuery>['execute']>>[number];

function toTradeView(r: TradeRow): TradeView {
  return {
    id: String(r.id),
    tradeNo: r.tradeNo,
    orderId: String(r.orderId),
    orderNo: r.orderNo,
    customerName: r.customerName,
    kind: r.kind as TradeKind,
    method: r.method as PaymentMethod,
    amount: fmt(String(r.amount)),
    reference: r.reference,
    paidAt: r.paidAtText,
    remark: r.remark,
    createUser: String(r.createUser),
    createUserName: r.createUserName,
    createTime: r.createTimeText,
  };
}

export const TRADE_FILTERS: Record<string, FilterDef> = {
  kind: { column: 'tr.kind', type: 'exact', kind: 'text' },
  method: { column: 'tr.method', type: 'exact', kind: 'text' },
  tradeNo: { column: 'tr.tradeNo', type: 'text', kind: 'text' },
  orderNo: { column: 'd.orderNo', type: 'text', kind: 'text' },
  reference: { column: 'tr.reference', type: 'text', kind: 'text' },
  paidAt: { column: 'tr.paidAt', type: 'date', kind: 'date' },
};
export const TRADE_LIST: ListSpec = {
  filters: TRADE_FILTERS,
  ref: (f) => f,
  sortable: { paidAt: 'tr.paid_at', amount: 'tr.amount' },
  defaultOrder: 'tr.paid_at DESC, tr.id DESC',
  id: 'tr.id',
  tables: { tr: 'sales_trade', d: 'sales_order' },
};

async function visibleTrades(db: Db, scope: Scope) {
  const vis = await moneyVisibility(db, scope);
  let q = tradeQuery(scope);
  const cond = visibleCondition(vis, { user: 'd.ownerUser', dept: 'd.ownerDept' });
  if (cond) q = q.where(cond);
  return { q, vis };
}

/** A page of the trades on the orders the caller may see. */
export async function listTrades(db: Db, scope: Scope, query: PageQuery & Record<string, unknown>) {
  const { q } = await visibleTrades(db, scope);
  const p = await listPage(db, q, TRADE_LIST, query, (s) => s);
  return { ...p, records: p.records.map((r) => toTradeView(camelKeys<TradeRow>(r))) };
}

/** The trades the same filters select, summed in the database (NUMERIC: exact). */
export async function tradeSummary(
  db: Db,
  scope: Scope,
  query: Record<string, unknown>,
  known?: Visibility,
): Promise<TradeSummary> {
  const vis = known ?? (await moneyVisibility(db, scope));
  let q = scoped(scope)
    .selectFrom('sales_trade', 'tr')
    .innerJoin('sales_order as d', 'd.id', 'tr.orderId')
    .select([
      sql<number>`count(*)::int`.as('n'),
      sql<string>`coalesce(sum(tr.amount) FILTER (WHERE tr.kind = 'receipt'), 0)::text`.as('receipts'),
      sql<string>`coalesce(sum(tr.amount) FILTER (WHERE tr.kind = 'refund'), 0)::text`.as('refunds'),
    ]);
  const cond = visibleCondition(vis, { user: 'd.ownerUser', dept: 'd.ownerDept' });
  if (cond) q = q.where(cond);
  for (const w of filterConditions(query, TRADE_FILTERS, (f) => f)) q = q.where(w);
  const r = (await first(db, q))!;
  const receipts = fmt(r.receipts);
  const refunds = fmt(r.refunds);
  return { count: Number(r.n), receipts, refunds, net: sub(receipts, refunds) };
}

export async function tradeDetail(db: Db, scope: Scope, id: string): Promise<TradeView> {
  const { q, vis } = await visibleTrades(db, scope);
  const row = await first(db, q.where('tr.id', '=', id));
  if (row) return toTradeView(row);
  const any = await first(
    db,
    scoped({ tenantId: scope.tenantId, isPlatformAdmin: true })
      .selectFrom('sales_trade', 'tr')
      .innerJoin('sales_order as d', 'd.id', 'tr.orderId')
      .select(['tr.tenantId', 'd.ownerUser', 'd.ownerDept'])
      .where('tr.id', '=', id),
  );
  if (!any) throw notFound();
  if (!scope.isPlatformAdmin && any.tenantId !== scope.tenantId) throw forbidden('common.otherTenant');
  assertVisible(vis, ownerOf(any));
  throw notFound();
}

/**
 * The finance card of the workbench: today's trades, the orders waiting for money and those settled this
 * month, over the orders the caller sees. Two statements; days and months are the server's.
 */
export async function financeDesk(db: Db, scope: Scope, now = new Date()): Promise<FinanceDeskSummary> {
  const vis = await moneyVisibility(db, scope);
  const cond = visibleCondition(vis, { user: 'd.ownerUser', dept: 'd.ownerDept' });
  const day = formatDateTime(now)!.slice(0, 10);
  const month = `${day.slice(0, 7)}-01`;
  let orders = scoped(scope)
    .selectFrom('sales_order', 'd')
    .select([
      sql<number>`count(*) FILTER (WHERE d.status = 'unpaid')::int`.as('unpaidN'),
      sql<string>`coalesce(sum(d.amount_due) FILTER (WHERE d.status = 'unpaid'), 0)::text`.as('unpaid'),
      sql<number>`count(*) FILTER (WHERE d.status = 'partial')::int`.as('partialN'),
      sql<string>`coalesce(sum(d.amount_due - d.received) FILTER (WHERE d.status = 'partial'), 0)::text`.as(
        'partial',
      ),
      sql<number>`count(*) FILTER (WHERE d.status = 'paid' AND d.settled_at >= ${month}::timestamp)::int`.as(
        'settledN',
      ),
      sql<string>`coalesce(sum(d.amount_due) FILTER (WHERE d.status = 'paid' AND d.settled_at >= ${month}::timestamp), 0)::text`.as(
        'settled',
      ),
    ])
    .where('d.status', 'in', ['unpaid', 'partial', 'paid']);
  if (cond) orders = orders.where(cond);
  const o = (await first(db, orders))!;
  const today = await tradeSummary(db, scope, { paidAt_ge: day }, vis);
  return {
    today,
    unpaid: { count: Number(o.unpaidN), amount: fmt(o.unpaid) },
    partial: { count: Number(o.partialN), amount: fmt(o.partial) },
    settledThisMonth: { count: Number(o.settledN), amount: fmt(o.settled) },
  };
}

// ---- writes -----------------------------------------------------------------------------------------

/**
 * Holds the order's vehicle for it with no end, before money is taken: its own reservation loses its hold
 * time; a reservation that lapsed back to stock is taken again; one another offer holds now is a 409.
 */
async function holdVehicle(t: Db, scope: Scope, resourceId: string, offerId: string) {
  const v = await first(
    t,
    scoped(scope)
      .selectFrom('sales_resource', 'r')
      .select(['r.vin', 'r.status', 'r.reservedOfferId'])
      .where('r.id', '=', resourceId)
      .forUpdate(),
  );
  if (!v) return;
  const ours = String(v.reservedOfferId ?? '') === offerId;
  if (v.status === 'reserved' && ours) {
    await exec(
      t,
      scoped(scope)
        .updateTable('sales_resource')
        .set({ reservedUntil: null, updateUser: scope.userId, updateTime: sql<Date>`now()` })
        .where('id', '=', resourceId),
    );
    return;
  }
  if (v.status === 'in_stock') {
    move('resource', 'in_stock', 'reserved');
    await exec(
      t,
      scoped(scope)
        .updateTable('sales_resource')
        .set({
          status: 'reserved',
          reservedUntil: null,
          reservedOfferId: offerId,
          updateUser: scope.userId,
          updateTime: sql<Date>`now()`,
        })
        .where('id', '=', resourceId),
    );
    return;
  }
  // Sold or delivered on this offer (money taken before the vehicle moved on) stays as it is.
  if ((v.status === 'sold' || v.status === 'delivered') && ours) return;
  throw new AppError(409, 'sales.order.vehicleTaken', { vin: v.vin });
}

/** The order's vehicle is sold with its last yuan (reserved → sold), when this order holds it. */
async function sellVehicle(t: Db, scope: Scope, resourceId: string, offerId: string) {
  move('resource', 'reserved', 'sold');
  await exec(
    t,
    scoped(scope)
      .updateTable('sales_resource')
      .set({ status: 'sold', reservedUntil: null, updateUser: scope.userId, updateTime: sql<Date>`now()` })
      .where('id', '=', resourceId)
      .where('status', '=', 'reserved')
      .where('reservedOfferId', '=', offerId),
  );
}

/** Locks the order row for a write; 403/404 as a read would answer. */
async function lockOrder(t: Db, scope: Scope, vis: Visibility, id: string) {
  const o = await first(
    t,
    scoped(scope)
      .selectFrom('sales_order', 'd')
      .select([
        'd.id',
        'd.offerId',
        'd.inquiryId',
        'd.resourceId',
        'd.status',
        'd.amountDue',
        'd.received',
        'd.loanAmount',
        'd.loanReceived',
        'd.ownerUser',
        'd.ownerDept',
      ])
      .where('d.id', '=', id)
      .forUpdate(),
  );
  if (!o) {
    await visibleOrder(t, scope, vis, id);
    throw notFound();
  }
  assertVisible(vis, ownerOf(o));
  return o;
}

/**
 * Records a receipt or a refund (docs/orders.md): checks at the edge, then one transaction with the order
 * row locked. Answers the order afterwards.
 */
export async function recordTrade(
  db: Db,
  scope: Scope,
  kind: TradeKind,
  body: TradeBody,
  now: Date = new Date(),
): Promise<OrderDetail> {
  const reference = (body.reference ?? '').trim();
  const remark = (body.remark ?? '').trim();
  const paidAt = parsePaidAt(body.paidAt, now);
  if (body.method !== 'cash' && !reference)
    throw bad('sales.trade.referenceRequired', { field: 'reference' });
  if (kind === 'refund' && !remark) throw bad('sales.trade.reasonRequired', { field: 'remark' });
  const vis = await moneyVisibility(db, scope);
  try {
    await db.tx(async (t) => {
      const o = await lockOrder(t, scope, vis, body.orderId);
      const next = applyTrade(
        {
          status: o.status,
          amountDue: String(o.amountDue),
          received: String(o.received),
          loanAmount: o.loanAmount === null ? null : String(o.loanAmount),
          loanReceived: String(o.loanReceived),
        },
        { kind, method: body.method, amount: body.amount },
      );
      const offerId = String(o.offerId);
      if (kind === 'receipt' && o.resourceId !== null) {
        await holdVehicle(t, scope, String(o.resourceId), offerId);
        if (next.status === 'paid') await sellVehicle(t, scope, String(o.resourceId), offerId);
      }
      // A settled order earns its customer the purchase points of the tenant's rule, once per order.
      if (next.status === 'paid') {
        const q = await first(
          t,
          scoped(scope)
            .selectFrom('sales_inquiry', 'q')
            .select('q.customerId')
            .where('q.id', '=', String(o.inquiryId)),
        );
        if (q?.customerId) await awardPurchase(t, scope, String(q.customerId), body.orderId, now);
      }
      await exec(
        t,
        scoped(scope).insertInto('sales_trade', {
          id: newId(),
          tradeNo: await nextNumber(t, scope, kind === 'receipt' ? 'SK' : 'TK', now),
          orderId: body.orderId,
          kind,
          method: body.method,
          amount: fmt(body.amount),
          reference,
          paidAt,
          remark,
          createUser: scope.userId,
        } as never),
      );
      await exec(
        t,
        scoped(scope)
          .updateTable('sales_order')
          .set({
            received: next.received,
            loanReceived: next.loanReceived,
            status: next.status,
            settledAt: next.status === 'paid' ? now : null,
            updateUser: scope.userId,
            updateTime: sql<Date>`now()`,
          } as never)
          .where('id', '=', body.orderId),
      );
    });
  } catch (e) {
    if (isUniqueViolation(e, 'sales_trade_reference'))
      throw new AppError(409, 'sales.trade.duplicateReference', { reference, field: 'reference' });
    throw e;
  }
  return orderDetail(db, scope, body.orderId);
}

/** Cancels an order that holds no money, with a reason; its vehicle goes back to stock. */
export async function cancelOrder(db: Db, scope: Scope, body: OrderCancelBody): Promise<OrderView> {
  const reason = body.reason.trim();
  const vis = await moneyVisibility(db, scope);
  await db.tx(async (t) => {
    const o = await lockOrder(t, scope, vis, body.id);
    move('order', o.status, 'cancelled', { reason });
    if (o.resourceId !== null) {
      const released = await exec(
        t,
        scoped(scope)
          .updateTable('sales_resource')
          .set({
            status: 'in_stock',
            reservedUntil: null,
            reservedOfferId: null,
            updateUser: scope.userId,
            updateTime: sql<Date>`now()`,
          })
          .where('id', '=', String(o.resourceId))
          .where('status', '=', 'reserved')
          .where('reservedOfferId', '=', String(o.offerId))
          .returning('id'),
      );
      if (released.length) move('resource', 'reserved', 'in_stock');
    }
    await exec(
      t,
      scoped(scope)
        .updateTable('sales_order')
        .set({
          status: 'cancelled',
          cancelReason: reason,
          updateUser: scope.userId,
          updateTime: sql<Date>`now()`,
        } as never)
        .where('id', '=', body.id),
    );
  });
  return toOrderView((await first(db, orderQuery(scope).where('d.id', '=', body.id)))!);
}

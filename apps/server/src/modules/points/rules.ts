/**
 * The points area (docs/points.md): plain functions over `Db` and the caller's scope; routes.ts only adds
 * the schemas and permissions.
 *
 * Guarantees:
 * 1. A holder's balance is at every commit the sum of its ledger lines and never below zero: a change locks
 *    the holder's account row, checks the change against it, writes the line with the balance it leaves and
 *    the account in one transaction (CHECK balance >= 0 backs it). Changes of one holder take turns.
 * 2. A ledger line is written once and never changed: a mistake is put right by another line.
 * 3. An award for one thing (an order settled) is made once (unique index `points_ledger_once`); asked
 *    again it changes nothing.
 * 4. A rule awards only while enabled and valid today, and at most its daily limit of times a day per
 *    holder; one enabled rule per holder kind and event (unique index `points_rule_enabled`).
 * 5. An exchange takes the points and the stock together, or neither; a cancelled one gives both back.
 */
import {
  POINT_LABELS,
  type ExchangeStatus,
  type PointAccount,
  type PointAdjustBody,
  type PointEvent,
  type PointExchange,
  type PointExchangeSubmit,
  type PointGoodsSubmit,
  type PointKind,
  type PointParty,
  type PointRecord,
  type PointRuleSubmit,
} from '@forecourt/contracts';
import { Repo } from '../../platform/crud.js';
import type { Db } from '../../platform/db/index.js';
import { isUniqueViolation } from '../../platform/db/unique.js';
import { AppError, bad, forbidden, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { listPage, type ListSpec } from '../../platform/list.js';
import type { FilterDef, PageQuery } from '../../platform/paging.js';
import { isTenantAdmin, type Scope } from '../../platform/scope.js';
import { camelKeys, exec, first, scoped, sql } from '../../platform/sql/index.js';
import { formatDateTime } from '../../platform/time.js';

const today = (now: Date) => formatDateTime(now)!.slice(0, 10);
const timeText = (col: string) => sql<string | null>`to_char(${sql.ref(col)}, 'YYYY-MM-DD HH24:MI:SS')`;

/** The words of a value in both languages, for messages that name it in the reader's. */
function named(table: 'party' | 'event', value: string, key: string) {
  const [zh, en] = POINT_LABELS[table]![value] ?? [value, value];
  return { [`${key}Zh`]: zh, [`${key}En`]: en.toLowerCase() };
}

// ---- rules and goods (the console's tables) -----------------------------------------------------------

export const pointRules = new Repo({
  table: 'points_rule',
  fields: [
    'id',
    'name',
    'party',
    'event',
    'points',
    'dailyLimit',
    'validFrom',
    'validTo',
    'status',
    'remark',
    'createTime',
  ],
  filters: {
    name: { column: 'name', type: 'text' },
    party: { column: 'party', type: 'exact' },
    event: { column: 'event', type: 'exact' },
    status: { column: 'status', type: 'exact' },
  },
  sortable: ['points', 'createTime'],
  defaultOrder: 't.party, t.event, t.id',
  writable: ['name', 'party', 'event', 'points', 'dailyLimit', 'validFrom', 'validTo', 'status', 'remark'],
});

export async function saveRule(db: Db, scope: Scope, body: PointRuleSubmit): Promise<string> {
  const name = body.name.trim();
  if (!name) throw bad('validation.required', { field: 'name' });
  if (body.event === 'purchase' && body.party !== 'customer') throw bad('points.purchaseIsCustomers');
  if (body.validFrom && body.validTo && body.validTo < body.validFrom)
    throw bad('points.validRange', { field: 'validTo' });
  try {
    return await pointRules.submit(db, scope, {
      ...body,
      name,
      validFrom: body.validFrom ?? null,
      validTo: body.validTo ?? null,
      remark: body.remark?.trim() ?? '',
    });
  } catch (e) {
    if (isUniqueViolation(e, 'points_rule_enabled'))
      throw bad('points.ruleTaken', {
        ...named('party', body.party, 'party'),
        ...named('event', body.event, 'event'),
      });
    throw e;
  }
}

export const pointGoods = new Repo({
  table: 'points_goods',
  fields: [
    'id',
    'name',
    'points',
    'stock',
    'imageUrl',
    'description',
    'status',
    'sort',
    'exchanged',
    'createTime',
  ],
  filters: {
    name: { column: 'name', type: 'text' },
    status: { column: 'status', type: 'exact' },
  },
  sortable: ['points', 'stock', 'sort'],
  defaultOrder: 't.sort, t.id',
  writable: ['name', 'points', 'stock', 'imageUrl', 'description', 'status', 'sort'],
});

export async function saveGoods(db: Db, scope: Scope, body: PointGoodsSubmit): Promise<string> {
  const name = body.name.trim();
  if (!name) throw bad('validation.required', { field: 'name' });
  try {
    return await pointGoods.submit(db, scope, {
      ...body,
      name,
      imageUrl: body.imageUrl?.trim() ?? '',
      description: body.description?.trim() ?? '',
      sort: body.sort ?? 0,
    });
  } catch (e) {
    if (isUniqueViolation(e, 'points_goods_name')) throw bad('points.goodsNameTaken', { name });
    throw e;
  }
}

// ---- the ledger ---------------------------------------------------------------------------------------

interface Holder {
  party: PointParty;
  partyId: string;
  name: string;
  code: string;
  /** A customer's member of staff (`member_customer.user_id`); null for a store or nobody's customer. */
  owner: string | null;
}

// ---- whose customers ----------------------------------------------------------------------------------

/**
 * The member of staff whose customers alone the caller reaches, or null for all of the tenant's: the
 * customer list's own rule (staff other than the tenant's administrators look after their own customers),
 * for the customers' points, exchanges and coupons. Stores are the administrators' (their page is
 * theirs alone). An award nobody asked for (an order settled) is not checked.
 */
const ownCustomersOf = (scope: Scope): string | null =>
  scope.isPlatformAdmin || isTenantAdmin(scope) ? null : scope.userId;

/** The ids of the customers `userId` looks after, for `customer_id IN (…)`. */
const customersOf = (scope: Scope, userId: string) =>
  scoped(scope).selectFrom('member_customer', 'mc').select('mc.id').where('mc.userId', '=', userId);

/** A list's query narrowed to the caller's own customers by `column` (nothing added for those who see all). */
export function ownCustomersOnly<Q>(scope: Scope, q: Q, column: string): Q {
  const only = ownCustomersOf(scope);
  if (!only) return q;
  return (q as unknown as { where: (c: string, op: 'in', v: unknown) => Q }).where(
    column,
    'in',
    customersOf(scope, only),
  );
}

/** 403 when the customer is one the caller does not look after. */
export async function assertOwnCustomer(db: Db, scope: Scope, customerId: string): Promise<void> {
  const only = ownCustomersOf(scope);
  if (!only) return;
  const c = await first(
    db,
    scoped(scope)
      .selectFrom('member_customer', 'c', { withDeleted: true })
      .select('c.userId')
      .where('c.id', '=', customerId),
  );
  if (!c || String(c.userId) !== only) throw forbidden('points.notYourCustomer');
}

/** The holder as it is now (a customer: name and phone; a store: name and code), or a 400 naming the field. */
export async function holderOf(db: Db, scope: Scope, party: PointParty, partyId: string): Promise<Holder> {
  const row =
    party === 'customer'
      ? await first(
          db,
          scoped(scope)
            .selectFrom('member_customer', 'c')
            .select(['c.name', 'c.phone as code', sql<string | null>`c.user_id::text`.as('owner')])
            .where('c.id', '=', partyId),
        )
      : await first(
          db,
          scoped(scope)
            .selectFrom('base_ground', 'g')
            .select(['g.name', 'g.code', sql<string | null>`null`.as('owner')])
            .where('g.id', '=', partyId),
        );
  if (!row) throw bad('points.holderMissing', { field: party === 'customer' ? 'customerId' : 'partyId' });
  return { party, partyId, name: row.name, code: row.code, owner: row.owner };
}

/** The holder a member of staff asked for: `holderOf`, and a 403 for a customer the caller does not look after. */
export async function staffHolder(db: Db, scope: Scope, party: PointParty, partyId: string) {
  const h = await holderOf(db, scope, party, partyId);
  const only = ownCustomersOf(scope);
  if (only && party === 'customer' && h.owner !== only) throw forbidden('points.notYourCustomer');
  return h;
}

interface Line {
  kind: PointKind;
  change: number;
  event?: PointEvent | null;
  ruleId?: string | null;
  refId?: string | null;
  remark?: string;
}

/**
 * Locks (creating it when new) the holder's account row: every change of one holder waits here for the one
 * before, so what it checks is what it changes.
 */
async function lockAccount(t: Db, scope: Scope, h: Holder) {
  await exec(
    t,
    scoped(scope)
      .insertInto('points_account', { tenantId: scope.tenantId, party: h.party, partyId: h.partyId } as never)
      .onConflict((oc) => oc.columns(['tenantId', 'party', 'partyId']).doNothing()),
  );
  return (await first(
    t,
    scoped(scope)
      .selectFrom('points_account', 'a')
      .select(['a.balance', 'a.earned', 'a.spent'])
      .where('a.party', '=', h.party)
      .where('a.partyId', '=', h.partyId)
      .forUpdate(),
  ))!;
}

/**
 * Writes one line and the balance it leaves; call inside a transaction. Answers the line's id, or null when
 * the line's `refId` was already written for this holder and kind (an award asked twice).
 */
async function post(t: Db, scope: Scope, h: Holder, line: Line): Promise<string | null> {
  const acc = await lockAccount(t, scope, h);
  if (line.refId) {
    const done = await first(
      t,
      scoped(scope)
        .selectFrom('points_ledger', 'l')
        .select('l.id')
        .where('l.party', '=', h.party)
        .where('l.partyId', '=', h.partyId)
        .where('l.kind', '=', line.kind)
        .where('l.refId', '=', line.refId),
    );
    if (done) return null;
  }
  const balance = Number(acc.balance) + line.change;
  if (balance < 0) throw bad('points.overBalance', { balance: Number(acc.balance), need: -line.change });
  const earned =
    Number(acc.earned) +
    (line.change > 0 && (line.kind === 'earn' || line.kind === 'adjust') ? line.change : 0);
  const spent =
    Number(acc.spent) +
    (line.kind === 'redeem' || (line.kind === 'adjust' && line.change < 0) ? -line.change : 0) -
    (line.kind === 'refund' ? line.change : 0);
  const id = newId();
  await exec(
    t,
    scoped(scope).insertInto('points_ledger', {
      id,
      party: h.party,
      partyId: h.partyId,
      partyName: h.name,
      partyCode: h.code,
      kind: line.kind,
      event: line.event ?? null,
      ruleId: line.ruleId ?? null,
      refId: line.refId ?? null,
      change: line.change,
      balance,
      remark: line.remark ?? '',
      createUser: scope.userId,
    } as never),
  );
  await exec(
    t,
    scoped(scope)
      .updateTable('points_account')
      .set({ balance, earned, spent: Math.max(0, spent) })
      .where('party', '=', h.party)
      .where('partyId', '=', h.partyId),
  );
  return id;
}

/** The tenant's enabled rule of a holder kind and event, if it is valid today. */
async function ruleFor(t: Db, scope: Scope, party: PointParty, event: PointEvent, day: string) {
  const rule = await first(
    t,
    scoped(scope)
      .selectFrom('points_rule', 'r')
      .select([
        'r.id',
        'r.points',
        'r.dailyLimit',
        sql<string | null>`to_char(r.valid_from, 'YYYY-MM-DD')`.as('from'),
        sql<string | null>`to_char(r.valid_to, 'YYYY-MM-DD')`.as('to'),
      ])
      .where('r.party', '=', party)
      .where('r.event', '=', event)
      .where('r.status', '=', 1),
  );
  if (!rule) return { rule: null, valid: false };
  const valid = (!rule.from || rule.from <= day) && (!rule.to || rule.to >= day);
  return { rule, valid };
}

/**
 * Points by the tenant's rule for an event, inside the caller's transaction: refused (400 naming why)
 * without an enabled rule, outside its dates, or past its daily limit for the holder.
 */
async function awardByRule(
  t: Db,
  scope: Scope,
  h: Holder,
  event: PointEvent,
  opts: { refId?: string; remark?: string; now: Date },
): Promise<string | null> {
  const day = today(opts.now);
  const { rule, valid } = await ruleFor(t, scope, h.party, event, day);
  const names = named('event', event, 'event');
  if (!rule) throw bad('points.noRule', names);
  if (!valid) throw bad('points.ruleNotValid', names);
  if (Number(rule.dailyLimit) > 0) {
    await lockAccount(t, scope, h); // the count and the line under the same lock
    const n = await first(
      t,
      scoped(scope)
        .selectFrom('points_ledger', 'l')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('l.party', '=', h.party)
        .where('l.partyId', '=', h.partyId)
        .where('l.kind', '=', 'earn')
        .where('l.event', '=', event)
        .where('l.createTime', '>=', sql<Date>`${day}::timestamptz`),
    );
    if (Number(n?.n ?? 0) >= Number(rule.dailyLimit))
      throw bad('points.dailyLimit', { ...names, limit: Number(rule.dailyLimit) });
  }
  return post(t, scope, h, {
    kind: 'earn',
    change: Number(rule.points),
    event,
    ruleId: String(rule.id),
    refId: opts.refId ?? null,
    remark: opts.remark,
  });
}

/**
 * A customer's points for an order settled, inside the order's transaction (sales calls it through
 * index.ts): nothing without an enabled, valid purchase rule; once per order whatever happens after.
 */
export async function awardPurchase(
  t: Db,
  scope: Scope,
  customerId: string,
  orderId: string,
  now = new Date(),
) {
  const { rule, valid } = await ruleFor(t, scope, 'customer', 'purchase', today(now));
  if (!rule || !valid) return null;
  const h = await holderOf(t, scope, 'customer', customerId);
  return awardByRule(t, scope, h, 'purchase', { refId: orderId, now });
}

/** A line written by staff: an award by the event's rule, or an adjustment by hand with its reason. */
export async function adjust(
  db: Db,
  scope: Scope,
  party: PointParty,
  body: PointAdjustBody,
  now = new Date(),
): Promise<PointRecord> {
  const remark = body.remark.trim();
  if (!body.event && !body.change) throw bad('points.changeOrEvent');
  if (body.event === 'purchase')
    throw bad(party === 'customer' ? 'points.purchaseAutomatic' : 'points.purchaseIsCustomers');
  if (!body.event && !remark) throw bad('points.reasonRequired', { field: 'remark' });
  const id = await db.tx(async (t) => {
    const h = await staffHolder(t, scope, party, body.partyId);
    return body.event
      ? awardByRule(t, scope, h, body.event, { remark, now })
      : post(t, scope, h, { kind: 'adjust', change: body.change!, remark });
  });
  return (await first(db, ledgerQuery(scope, party).where('l.id', '=', id!)))! as unknown as PointRecord;
}

export async function account(
  db: Db,
  scope: Scope,
  party: PointParty,
  partyId: string,
): Promise<PointAccount> {
  const h = await staffHolder(db, scope, party, partyId);
  const a = await first(
    db,
    scoped(scope)
      .selectFrom('points_account', 'a')
      .select(['a.balance', 'a.earned', 'a.spent'])
      .where('a.party', '=', party)
      .where('a.partyId', '=', partyId),
  );
  return {
    party,
    partyId,
    partyName: h.name,
    balance: Number(a?.balance ?? 0),
    earned: Number(a?.earned ?? 0),
    spent: Number(a?.spent ?? 0),
  };
}

function ledgerQuery(scope: Scope, party: PointParty) {
  return scoped(scope)
    .selectFrom('points_ledger', 'l')
    .leftJoin('blade_user as u', 'u.id', 'l.createUser')
    .select([
      sql<string>`l.id::text`.as('id'),
      'l.party',
      sql<string>`l.party_id::text`.as('partyId'),
      'l.partyName',
      'l.partyCode',
      'l.kind',
      'l.event',
      'l.change',
      'l.balance',
      'l.remark',
      sql<string>`coalesce(nullif(u.real_name, ''), u.account, '')`.as('createUserName'),
      timeText('l.createTime').as('createTime'),
    ])
    .where('l.party', '=', party);
}

export const LEDGER_FILTERS: Record<string, FilterDef> = {
  partyName: { column: 'l.partyName', type: 'text', kind: 'text' },
  partyCode: { column: 'l.partyCode', type: 'text', kind: 'text' },
  kind: { column: 'l.kind', type: 'exact', kind: 'text' },
  event: { column: 'l.event', type: 'exact', kind: 'text' },
  createTime: { column: 'l.createTime', type: 'date', kind: 'date' },
};
const LEDGER_LIST: ListSpec = {
  filters: LEDGER_FILTERS,
  ref: (f) => f,
  sortable: { createTime: 'l.create_time', change: 'l.change' },
  defaultOrder: 'l.create_time DESC, l.id DESC',
  id: 'l.id',
  tables: { l: 'points_ledger' },
};

export async function ledgerPage(
  db: Db,
  scope: Scope,
  party: PointParty,
  query: PageQuery & Record<string, unknown>,
) {
  const q = ledgerQuery(scope, party);
  const mine = party === 'customer' ? ownCustomersOnly(scope, q, 'l.partyId') : q;
  const p = await listPage(db, mine, LEDGER_LIST, query, (s) => s);
  return { ...p, records: p.records.map((r) => camelKeys<PointRecord>(r)) };
}

// ---- exchanges ----------------------------------------------------------------------------------------

function exchangeQuery(scope: Scope) {
  return scoped(scope)
    .selectFrom('points_exchange', 'e')
    .leftJoin('blade_user as u', 'u.id', 'e.createUser')
    .select([
      sql<string>`e.id::text`.as('id'),
      'e.exchangeNo',
      sql<string>`e.customer_id::text`.as('customerId'),
      'e.customerName',
      'e.customerPhone',
      sql<string>`e.goods_id::text`.as('goodsId'),
      'e.goodsName',
      'e.quantity',
      'e.points',
      'e.status',
      'e.remark',
      'e.settleRemark',
      timeText('e.deliveredAt').as('deliveredAt'),
      timeText('e.cancelledAt').as('cancelledAt'),
      sql<string>`coalesce(nullif(u.real_name, ''), u.account, '')`.as('createUserName'),
      timeText('e.createTime').as('createTime'),
    ]);
}

export const EXCHANGE_FILTERS: Record<string, FilterDef> = {
  exchangeNo: { column: 'e.exchangeNo', type: 'text', kind: 'text' },
  customerName: { column: 'e.customerName', type: 'text', kind: 'text' },
  customerPhone: { column: 'e.customerPhone', type: 'text', kind: 'text' },
  status: { column: 'e.status', type: 'exact', kind: 'text' },
  createTime: { column: 'e.createTime', type: 'date', kind: 'date' },
};
const EXCHANGE_LIST: ListSpec = {
  filters: EXCHANGE_FILTERS,
  ref: (f) => f,
  sortable: { createTime: 'e.create_time', points: 'e.points' },
  defaultOrder: 'e.create_time DESC, e.id DESC',
  id: 'e.id',
  tables: { e: 'points_exchange' },
};

export async function exchangePage(db: Db, scope: Scope, query: PageQuery & Record<string, unknown>) {
  const mine = ownCustomersOnly(scope, exchangeQuery(scope), 'e.customerId');
  const p = await listPage(db, mine, EXCHANGE_LIST, query, (s) => s);
  return { ...p, records: p.records.map((r) => camelKeys<PointExchange>(r)) };
}

export async function exchangeDetail(db: Db, scope: Scope, id: string): Promise<PointExchange> {
  const row = await first(db, exchangeQuery(scope).where('e.id', '=', id));
  if (!row) throw notFound();
  await assertOwnCustomer(db, scope, row.customerId);
  return row as unknown as PointExchange;
}

/** PE20261129-0001: the tenant's running number of the day, by one UPSERT. */
async function exchangeNo(t: Db, scope: Scope, now: Date) {
  const day = today(now);
  const r = await first(
    t,
    scoped(scope)
      .insertInto('points_counter', { tenantId: scope.tenantId, day, value: 1 } as never)
      .onConflict((oc) =>
        oc.columns(['tenantId', 'day']).doUpdateSet({ value: sql<number>`points_counter.value + 1` }),
      )
      .returning('value'),
  );
  return `PE${day.replaceAll('-', '')}-${String(r!.value).padStart(4, '0')}`;
}

/** A customer exchanges points for goods: the good's row and the customer's account locked, both taken. */
export async function createExchange(
  db: Db,
  scope: Scope,
  body: PointExchangeSubmit,
  now = new Date(),
): Promise<PointExchange> {
  const id = newId();
  await db.tx(async (t) => {
    const g = await first(
      t,
      scoped(scope)
        .selectFrom('points_goods', 'g')
        .select(['g.name', 'g.points', 'g.stock', 'g.status'])
        .where('g.id', '=', body.goodsId)
        .forUpdate(),
    );
    if (!g) throw bad('points.holderMissing', { field: 'goodsId' });
    if (Number(g.status) !== 1) throw bad('points.goodsOff', { name: g.name });
    if (Number(g.stock) < body.quantity)
      throw new AppError(409, 'points.noStock', { name: g.name, stock: Number(g.stock) });
    const h = await staffHolder(t, scope, 'customer', body.customerId);
    const points = Number(g.points) * body.quantity;
    await post(t, scope, h, {
      kind: 'redeem',
      change: -points,
      refId: id,
      remark: `${g.name} × ${body.quantity}`,
    });
    await exec(
      t,
      scoped(scope)
        .updateTable('points_goods')
        .set({
          stock: sql<number>`stock - ${body.quantity}`,
          exchanged: sql<number>`exchanged + ${body.quantity}`,
          updateTime: sql<Date>`now()`,
        })
        .where('id', '=', body.goodsId),
    );
    await exec(
      t,
      scoped(scope).insertInto('points_exchange', {
        id,
        exchangeNo: await exchangeNo(t, scope, now),
        customerId: body.customerId,
        customerName: h.name,
        customerPhone: h.code,
        goodsId: body.goodsId,
        goodsName: g.name,
        quantity: body.quantity,
        points,
        status: 'pending',
        remark: body.remark?.trim() ?? '',
        createUser: scope.userId,
        updateUser: scope.userId,
      } as never),
    );
  });
  return exchangeDetail(db, scope, id);
}

/** Delivers a pending exchange, or cancels it with a reason: its points and its stock go back. */
export async function settleExchange(
  db: Db,
  scope: Scope,
  id: string,
  to: Exclude<ExchangeStatus, 'pending'>,
  remark: string | undefined,
): Promise<PointExchange> {
  const reason = remark?.trim() ?? '';
  if (to === 'cancelled' && !reason) throw bad('points.cancelReason', { field: 'remark' });
  await db.tx(async (t) => {
    const e = await first(
      t,
      scoped(scope)
        .selectFrom('points_exchange', 'e')
        .select(['e.status', 'e.customerId', 'e.goodsId', 'e.quantity', 'e.points', 'e.goodsName'])
        .where('e.id', '=', id)
        .forUpdate(),
    );
    if (!e) throw notFound();
    await assertOwnCustomer(t, scope, String(e.customerId));
    if (e.status !== 'pending') throw new AppError(409, 'points.exchangeNotPending');
    if (to === 'cancelled') {
      const h = await holderOf(t, scope, 'customer', String(e.customerId));
      await post(t, scope, h, {
        kind: 'refund',
        change: Number(e.points),
        refId: id,
        remark: `${e.goodsName} × ${e.quantity}：${reason}`,
      });
      await exec(
        t,
        scoped(scope)
          .updateTable('points_goods', { withDeleted: true })
          .set({
            stock: sql<number>`stock + ${Number(e.quantity)}`,
            exchanged: sql<number>`greatest(exchanged - ${Number(e.quantity)}, 0)`,
            updateTime: sql<Date>`now()`,
          })
          .where('id', '=', String(e.goodsId)),
      );
    }
    await exec(
      t,
      scoped(scope)
        .updateTable('points_exchange')
        .set({
          status: to,
          settleRemark: reason,
          deliveredAt: to === 'delivered' ? now() : null,
          cancelledAt: to === 'cancelled' ? now() : null,
          updateUser: scope.userId,
          updateTime: sql<Date>`now()`,
        } as never)
        .where('id', '=', id),
    );
  });
  return exchangeDetail(db, scope, id);
}

const now = () => new Date();

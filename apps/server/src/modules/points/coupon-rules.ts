/**
 * Coupon records (docs/points.md, "Coupons").
 *
 * Guarantees:
 * 1. A coupon is used at most once: the change is one conditional UPDATE (`status = 'unused'` and valid
 *    today), so of two cashiers redeeming one code at once one wins and the other is told (409).
 * 2. A code is unique in its tenant (unique index); codes are drawn from a cryptographic source and a
 *    clash is drawn again.
 * 3. A status never goes back: unused → used | voided | expired, through the coupon machine below.
 * 4. Amounts are exact (NUMERIC, decimal strings).
 */
import { randomInt } from 'node:crypto';
import type { Coupon, CouponActionBody, CouponIssueBody, CouponStatus } from '@forecourt/contracts';
import { cmp, fmt, isMoneyInput } from '@forecourt/contracts/sales';
import type { Db } from '../../platform/db/index.js';
import { isUniqueViolation } from '../../platform/db/unique.js';
import { AppError, bad, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { listPage, type ListSpec } from '../../platform/list.js';
import type { FilterDef, PageQuery } from '../../platform/paging.js';
import type { Scope } from '../../platform/scope.js';
import { all, allTenants, camelKeys, exec, first, scoped, sql } from '../../platform/sql/index.js';
import { formatDateTime } from '../../platform/time.js';
import { assertOwnCustomer, ownCustomersOnly, staffHolder } from './rules.js';

/** The letters of a code: no I, O, 0 or 1, which are misread at a counter. */
export const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const CODE_LENGTH = 12;

export const newCouponCode = () =>
  Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/** The moves a coupon may make; anything else is refused. */
const MOVES: Record<CouponStatus, CouponStatus[]> = {
  unused: ['used', 'voided', 'expired'],
  used: [],
  expired: [],
  voided: [],
};
export const canMoveCoupon = (from: CouponStatus, to: CouponStatus) => MOVES[from].includes(to);

const today = (now: Date) => formatDateTime(now)!.slice(0, 10);
const timeText = (col: string) => sql<string | null>`to_char(${sql.ref(col)}, 'YYYY-MM-DD HH24:MI:SS')`;
const dateText = (col: string) => sql<string>`to_char(${sql.ref(col)}, 'YYYY-MM-DD')`;

function couponQuery(scope: Scope) {
  return scoped(scope)
    .selectFrom('coupon_record', 'c')
    .leftJoin('blade_user as u', 'u.id', 'c.createUser')
    .select([
      sql<string>`c.id::text`.as('id'),
      'c.code',
      sql<string>`c.customer_id::text`.as('customerId'),
      'c.customerName',
      'c.customerPhone',
      'c.title',
      'c.kind',
      sql<string | null>`c.amount::text`.as('amount'),
      sql<string>`c.min_spend::text`.as('minSpend'),
      dateText('c.validFrom').as('validFrom'),
      dateText('c.validTo').as('validTo'),
      'c.status',
      'c.remark',
      timeText('c.usedAt').as('usedAt'),
      sql<string>`coalesce(nullif(u.real_name, ''), u.account, '')`.as('createUserName'),
      timeText('c.createTime').as('createTime'),
    ]);
}

const view = (r: Record<string, unknown>): Coupon => {
  const c = camelKeys<Coupon>(r);
  return { ...c, amount: c.amount === null ? null : fmt(c.amount), minSpend: fmt(c.minSpend) };
};

export const COUPON_FILTERS: Record<string, FilterDef> = {
  code: { column: 'c.code', type: 'text', kind: 'text' },
  customerName: { column: 'c.customerName', type: 'text', kind: 'text' },
  customerPhone: { column: 'c.customerPhone', type: 'text', kind: 'text' },
  title: { column: 'c.title', type: 'text', kind: 'text' },
  kind: { column: 'c.kind', type: 'exact', kind: 'text' },
  status: { column: 'c.status', type: 'exact', kind: 'text' },
  createTime: { column: 'c.createTime', type: 'date', kind: 'date' },
};
const COUPON_LIST: ListSpec = {
  filters: COUPON_FILTERS,
  ref: (f) => f,
  sortable: { createTime: 'c.create_time', validTo: 'c.valid_to' },
  defaultOrder: 'c.create_time DESC, c.id DESC',
  id: 'c.id',
  tables: { c: 'coupon_record' },
};

export async function couponPage(db: Db, scope: Scope, query: PageQuery & Record<string, unknown>) {
  const mine = ownCustomersOnly(scope, couponQuery(scope), 'c.customerId');
  const p = await listPage(db, mine, COUPON_LIST, query, (s) => s);
  return { ...p, records: p.records.map(view) };
}

export async function couponDetail(db: Db, scope: Scope, id: string): Promise<Coupon> {
  const row = await first(db, couponQuery(scope).where('c.id', '=', id));
  if (!row) throw notFound();
  await assertOwnCustomer(db, scope, String(row.customerId));
  return view(row);
}

/** Issues `quantity` coupons to one customer, each with its own code, in one transaction. */
export async function issueCoupons(
  db: Db,
  scope: Scope,
  body: CouponIssueBody,
  now = new Date(),
): Promise<Coupon[]> {
  const title = body.title.trim();
  if (!title) throw bad('validation.required', { field: 'title' });
  const cash = body.kind === 'cash';
  if (cash && (!body.amount || !isMoneyInput(body.amount) || cmp(body.amount, '0') <= 0))
    throw bad('coupon.amountRequired', { field: 'amount' });
  const minSpend = cash && body.minSpend ? body.minSpend : '0';
  if (cash && cmp(minSpend, '0') > 0 && cmp(minSpend, body.amount!) < 0)
    throw bad('coupon.minSpendBelowAmount', { field: 'minSpend' });
  if (body.validTo < body.validFrom) throw bad('coupon.validRange', { field: 'validTo' });
  if (body.validTo < today(now)) throw bad('coupon.validPast', { field: 'validTo' });
  const ids = Array.from({ length: body.quantity }, () => newId());
  for (let attempt = 0; ; attempt++) {
    try {
      await db.tx(async (t) => {
        const h = await staffHolder(t, scope, 'customer', body.customerId);
        await exec(
          t,
          scoped(scope).insertInto(
            'coupon_record',
            ids.map((id) => ({
              id,
              code: newCouponCode(),
              customerId: body.customerId,
              customerName: h.name,
              customerPhone: h.code,
              title,
              kind: body.kind,
              amount: cash ? fmt(body.amount!) : null,
              minSpend: fmt(minSpend),
              validFrom: body.validFrom,
              validTo: body.validTo,
              status: 'unused',
              createUser: scope.userId,
              updateUser: scope.userId,
            })) as never,
          ),
        );
      });
      break;
    } catch (e) {
      // 32^12 codes: a clash is a lottery win, and drawing again is the answer.
      if (!isUniqueViolation(e, 'coupon_record_code') || attempt >= 3) throw e;
    }
  }
  const rows = await all(db, couponQuery(scope).where('c.id', 'in', ids).orderBy('c.id'));
  return rows.map(view);
}

/**
 * Uses (at the counter, valid today) or voids (with a reason) an unused coupon: one conditional UPDATE, so
 * a second redemption of the same code finds it used (409).
 */
export async function settleCoupon(
  db: Db,
  scope: Scope,
  to: 'used' | 'voided',
  body: CouponActionBody,
  now = new Date(),
): Promise<Coupon> {
  const remark = body.remark.trim();
  if (to === 'voided' && !remark) throw bad('coupon.voidReason', { field: 'remark' });
  const day = today(now);
  let q = scoped(scope)
    .updateTable('coupon_record')
    .set({
      status: to,
      remark,
      usedAt: to === 'used' ? now : null,
      updateUser: scope.userId,
      updateTime: sql<Date>`now()`,
    } as never)
    .where('id', '=', body.id)
    .where('status', '=', 'unused');
  q = ownCustomersOnly(scope, q, 'customerId');
  if (to === 'used')
    q = q.where('validFrom', '<=', sql<Date>`${day}::date`).where('validTo', '>=', sql<Date>`${day}::date`);
  const done = await exec(db, q.returning('id'));
  if (!done.length) {
    // 404 for no coupon of this tenant, 403 for a customer the caller does not look after
    const c = await couponDetail(db, scope, body.id);
    if (c.status !== 'unused') throw new AppError(409, 'coupon.notUnused', { code: c.code });
    throw bad(c.validFrom > day ? 'coupon.notYet' : 'coupon.expired', { from: c.validFrom, to: c.validTo });
  }
  return couponDetail(db, scope, body.id);
}

/** Every tenant's unused coupons past their last day become expired; answers how many. */
export async function expireCoupons(db: Db, now = new Date()): Promise<number> {
  const done = await exec(
    db,
    scoped(allTenants)
      .updateTable('coupon_record')
      .set({ status: 'expired', updateTime: sql<Date>`now()` })
      .where('status', '=', 'unused')
      .where('validTo', '<', sql<Date>`${today(now)}::date`)
      .returning('id'),
  );
  return done.length;
}

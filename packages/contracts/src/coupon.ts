/**
 * Coupon records (优惠券记录, `/fc/coupon/records`, `/api/blade-points/coupon/*`): coupons issued to
 * customers, each with its own code, used once, voided with a reason, expired by date. docs/points.md.
 */
import { Type, type Static } from 'typebox';
import { Id, Nullable } from './common.js';

/** A cash coupon takes an amount off a bill of at least its minimum; a gift coupon is exchanged for a gift. */
export const COUPON_KINDS = ['cash', 'gift'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/** unused → used (redeemed), voided (with a reason), expired (past its last day, by the server's sweep). */
export const COUPON_STATUSES = ['unused', 'used', 'expired', 'voided'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];

export const COUPON_LABELS: Record<string, Record<string, [zh: string, en: string]>> = {
  kind: { cash: ['代金券', 'Cash coupon'], gift: ['礼品券', 'Gift coupon'] },
  status: {
    unused: ['未使用', 'Unused'],
    used: ['已使用', 'Used'],
    expired: ['已过期', 'Expired'],
    voided: ['已作废', 'Voided'],
  },
};

/** An amount as typed: 1 to 8 integer digits, up to 2 decimals (spec §5). */
const Money = () => Type.String({ pattern: '^(0|[1-9]\\d{0,7})(\\.\\d{1,2})?$' });
const DateOnly = () => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

export const Coupon = Type.Object({
  id: Id(),
  /** 12 characters, digits and capitals without I, O, 0, 1: read out at the counter without doubt. */
  code: Type.String(),
  customerId: Id(),
  customerName: Type.String(),
  customerPhone: Type.String(),
  title: Type.String(),
  kind: Type.Unsafe<CouponKind>(Type.Union(COUPON_KINDS.map((k) => Type.Literal(k)))),
  /** Cash coupons: the amount off, a decimal string with two decimals; gift coupons: null. */
  amount: Nullable(Type.String()),
  minSpend: Type.String(),
  validFrom: Type.String(),
  validTo: Type.String(),
  status: Type.Unsafe<CouponStatus>(Type.Union(COUPON_STATUSES.map((k) => Type.Literal(k)))),
  /** Where it was used (an order number, a service ticket), or why it was voided. */
  remark: Type.String(),
  usedAt: Nullable(Type.String()),
  createUserName: Type.String(),
  createTime: Type.String(),
});
export type Coupon = Static<typeof Coupon>;

/** Issues `quantity` coupons of the same kind to one customer. */
export const CouponIssueBody = Type.Object({
  customerId: Id(),
  title: Type.String({ minLength: 1, maxLength: 40 }),
  kind: Type.Unsafe<CouponKind>(Type.Union(COUPON_KINDS.map((k) => Type.Literal(k)))),
  /** Required for a cash coupon, above 0; left out for a gift coupon. */
  amount: Type.Optional(Money()),
  minSpend: Type.Optional(Money()),
  validFrom: DateOnly(),
  validTo: DateOnly(),
  quantity: Type.Integer({ minimum: 1, maximum: 10 }),
});
export type CouponIssueBody = Static<typeof CouponIssueBody>;

/** Use (remark: where, e.g. the order number) or void (remark: why, required). */
export const CouponActionBody = Type.Object({
  id: Id(),
  remark: Type.String({ maxLength: 200 }),
});
export type CouponActionBody = Static<typeof CouponActionBody>;

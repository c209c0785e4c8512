/**
 * The points area (积分商城, `/fc/score/*`, `/api/blade-points/*`): rules that award points, a ledger per
 * holder (a customer, or a ground store for the business records), goods to exchange points for, and the
 * exchanges. Points are whole numbers; a balance is never below zero. docs/points.md states the rules.
 */
import { Type, type Static } from 'typebox';
import { Id, Nullable } from './common.js';

/** Who holds points: a customer (积分记录) or a ground store (商户积分记录, ToB). */
export const POINT_PARTIES = ['customer', 'store'] as const;
export type PointParty = (typeof POINT_PARTIES)[number];

/** What earns points by rule. `purchase`: a customer's order settled; the others are recorded by staff. */
export const POINT_EVENTS = ['register', 'test_drive', 'purchase', 'referral', 'review', 'service'] as const;
export type PointEvent = (typeof POINT_EVENTS)[number];

/** How a ledger line came about. */
export const POINT_KINDS = ['earn', 'adjust', 'redeem', 'refund'] as const;
export type PointKind = (typeof POINT_KINDS)[number];

/** An exchange waits for its goods to be handed over, then is delivered; a waiting one may be cancelled. */
export const EXCHANGE_STATUSES = ['pending', 'delivered', 'cancelled'] as const;
export type ExchangeStatus = (typeof EXCHANGE_STATUSES)[number];

/** The most points one line, one rule or one good may carry. */
export const POINTS_MAX = 1_000_000;
export const POINTS_REMARK_MAX = 200;

/** Zh and en names of the values above (lists, messages, exports). */
export const POINT_LABELS: Record<string, Record<string, [zh: string, en: string]>> = {
  party: { customer: ['客户', 'Customer'], store: ['门店', 'Store'] },
  event: {
    register: ['注册', 'Registration'],
    test_drive: ['试驾', 'Test drive'],
    purchase: ['购车', 'Purchase'],
    referral: ['转介绍', 'Referral'],
    review: ['评价', 'Review'],
    service: ['到店保养', 'Service visit'],
  },
  kind: {
    earn: ['获得', 'Earned'],
    adjust: ['调整', 'Adjusted'],
    redeem: ['兑换', 'Redeemed'],
    refund: ['退回', 'Returned'],
  },
  exchangeStatus: {
    pending: ['待发放', 'Pending'],
    delivered: ['已发放', 'Delivered'],
    cancelled: ['已取消', 'Cancelled'],
  },
};

const oneOf = <T extends string>(values: readonly T[]) =>
  Type.Unsafe<T>(Type.Union(values.map((v) => Type.Literal(v))));
const Points = (min = 1) => Type.Integer({ minimum: min, maximum: POINTS_MAX });
const DateOnly = () => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

/** A rule: this holder earns these points for this event, at most `dailyLimit` times a day (0: no limit). */
export const PointRule = Type.Object({
  id: Id(),
  name: Type.String(),
  party: oneOf(POINT_PARTIES),
  event: oneOf(POINT_EVENTS),
  points: Type.Integer(),
  dailyLimit: Type.Integer(),
  validFrom: Nullable(Type.String()),
  validTo: Nullable(Type.String()),
  /** 1 enabled, 0 disabled. */
  status: Type.Integer(),
  remark: Type.String(),
  createTime: Type.String(),
});
export type PointRule = Static<typeof PointRule>;

export const PointRuleSubmit = Type.Object({
  id: Type.Optional(Id()),
  name: Type.String({ minLength: 1, maxLength: 60 }),
  party: oneOf(POINT_PARTIES),
  event: oneOf(POINT_EVENTS),
  points: Points(),
  dailyLimit: Type.Integer({ minimum: 0, maximum: 100 }),
  validFrom: Type.Optional(Nullable(DateOnly())),
  validTo: Type.Optional(Nullable(DateOnly())),
  status: Type.Integer({ minimum: 0, maximum: 1 }),
  remark: Type.Optional(Type.String({ maxLength: POINTS_REMARK_MAX })),
});
export type PointRuleSubmit = Static<typeof PointRuleSubmit>;

/** A good on the points shelf. */
export const PointGoods = Type.Object({
  id: Id(),
  name: Type.String(),
  points: Type.Integer(),
  stock: Type.Integer(),
  imageUrl: Type.String(),
  description: Type.String(),
  /** 1 on the shelf, 0 off it. */
  status: Type.Integer(),
  sort: Type.Integer(),
  /** Units exchanged so far (pending and delivered). */
  exchanged: Type.Integer(),
  createTime: Type.String(),
});
export type PointGoods = Static<typeof PointGoods>;

export const PointGoodsSubmit = Type.Object({
  id: Type.Optional(Id()),
  name: Type.String({ minLength: 1, maxLength: 60 }),
  points: Points(),
  stock: Type.Integer({ minimum: 0, maximum: 100_000 }),
  imageUrl: Type.Optional(Type.String({ maxLength: 500 })),
  description: Type.Optional(Type.String({ maxLength: 500 })),
  status: Type.Integer({ minimum: 0, maximum: 1 }),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 9999 })),
});
export type PointGoodsSubmit = Static<typeof PointGoodsSubmit>;

/** One line of a holder's ledger, with the balance it left. */
export const PointRecord = Type.Object({
  id: Id(),
  party: oneOf(POINT_PARTIES),
  partyId: Id(),
  /** The customer's or the store's name. */
  partyName: Type.String(),
  /** The customer's phone, or the store's code. */
  partyCode: Type.String(),
  kind: oneOf(POINT_KINDS),
  event: Nullable(Type.String()),
  /** Signed: what the line added (positive) or took (negative). */
  change: Type.Integer(),
  balance: Type.Integer(),
  remark: Type.String(),
  createUserName: Type.String(),
  createTime: Type.String(),
});
export type PointRecord = Static<typeof PointRecord>;

/**
 * A hand-written line: points earned for an event by its rule (`event`, the rule's points), or an
 * adjustment by hand (`change`, signed, with a reason). A balance may not go below zero.
 */
export const PointAdjustBody = Type.Object({
  partyId: Id(),
  /** Award by the tenant's enabled rule of this event (for the holder's party). */
  event: Type.Optional(oneOf(POINT_EVENTS)),
  /** An adjustment by hand: non-zero. */
  change: Type.Optional(Type.Integer({ minimum: -POINTS_MAX, maximum: POINTS_MAX })),
  remark: Type.String({ maxLength: POINTS_REMARK_MAX }),
});
export type PointAdjustBody = Static<typeof PointAdjustBody>;

/** A holder's balance and totals. */
export const PointAccount = Type.Object({
  party: oneOf(POINT_PARTIES),
  partyId: Id(),
  partyName: Type.String(),
  balance: Type.Integer(),
  earned: Type.Integer(),
  spent: Type.Integer(),
});
export type PointAccount = Static<typeof PointAccount>;

/** An exchange of a customer's points for goods. */
export const PointExchange = Type.Object({
  id: Id(),
  /** PE, the day, the tenant's running number of that day: PE20261129-0001. */
  exchangeNo: Type.String(),
  customerId: Id(),
  customerName: Type.String(),
  customerPhone: Type.String(),
  goodsId: Id(),
  goodsName: Type.String(),
  quantity: Type.Integer(),
  points: Type.Integer(),
  status: oneOf(EXCHANGE_STATUSES),
  /** Said when it was made. */
  remark: Type.String(),
  /** Said when it was delivered (how), or why it was cancelled. */
  settleRemark: Type.String(),
  deliveredAt: Nullable(Type.String()),
  cancelledAt: Nullable(Type.String()),
  createUserName: Type.String(),
  createTime: Type.String(),
});
export type PointExchange = Static<typeof PointExchange>;

export const PointExchangeSubmit = Type.Object({
  customerId: Id(),
  goodsId: Id(),
  quantity: Type.Integer({ minimum: 1, maximum: 99 }),
  remark: Type.Optional(Type.String({ maxLength: POINTS_REMARK_MAX })),
});
export type PointExchangeSubmit = Static<typeof PointExchangeSubmit>;

/** Deliver (the goods handed over) or cancel (the points and the stock go back) with a remark. */
export const PointExchangeAction = Type.Object({
  id: Id(),
  remark: Type.Optional(Type.String({ maxLength: POINTS_REMARK_MAX })),
});
export type PointExchangeAction = Static<typeof PointExchangeAction>;

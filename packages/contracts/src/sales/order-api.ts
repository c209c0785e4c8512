/**
 * Requests and answers of `/api/blade-sales/order/*` and `/api/blade-sales/trade/*`: the money of a sale.
 * An accepted offer opens its order; receipts and refunds are trades (支付流水), written once and never
 * changed, and the order's received amount is their sum. docs/orders.md states the rules.
 */
import { Type, type Static } from 'typebox';
import {
  MoneyInputSchema,
  MoneySchema,
  OrderStatusSchema,
  PaymentMethodSchema,
  TradeKindSchema,
} from './schemas.js';
import { TRADE_REFERENCE_MAX, TRADE_REMARK_MAX, type PaymentMethod, type TradeKind } from './enums.js';
import type { OrderStatus } from './status.js';

const OrderStatusT = Type.Unsafe<OrderStatus>(OrderStatusSchema);
const TradeKindT = Type.Unsafe<TradeKind>(TradeKindSchema);
const PaymentMethodT = Type.Unsafe<PaymentMethod>(PaymentMethodSchema);

const Id = () => Type.String({ pattern: '^[1-9]\\d{0,18}$' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const DateTime = () => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$' });

/** One receipt or refund as the trade list, the order's detail and the summary count it. */
export const TradeView = Type.Object({
  id: Id(),
  /** SK (receipt) or TK (refund), the day, and the tenant's running number of that day: SK20261129-0003. */
  tradeNo: Type.String(),
  orderId: Id(),
  orderNo: Type.String(),
  customerName: Type.String(),
  kind: TradeKindT,
  method: PaymentMethodT,
  /** Always positive: the kind says which way the money went. */
  amount: MoneySchema,
  reference: Type.String(),
  paidAt: DateTime(),
  remark: Type.String(),
  createUser: Id(),
  createUserName: Type.String(),
  createTime: DateTime(),
});
export type TradeView = Static<typeof TradeView>;

/** An order as the list shows it. */
export const OrderView = Type.Object({
  id: Id(),
  /** SO, the day, and the tenant's running number of that day: SO20261129-0001. */
  orderNo: Type.String(),
  offerId: Id(),
  offerVersion: Type.Integer({ minimum: 1 }),
  inquiryId: Id(),
  customerId: Nullable(Id()),
  customerName: Type.String(),
  customerPhone: Type.String(),
  resourceId: Nullable(Id()),
  vin: Nullable(Type.String()),
  modelName: Type.String(),
  /** The accepted offer's total, fixed when the order opens. */
  amountDue: MoneySchema,
  /** What the finance company pays of it (a receipt of method `loan`), or null for a cash sale. */
  loanAmount: Nullable(MoneySchema),
  /** Receipts less refunds. */
  received: MoneySchema,
  outstanding: MoneySchema,
  status: OrderStatusT,
  cancelReason: Type.String(),
  ownerUser: Id(),
  ownerName: Type.String(),
  createTime: DateTime(),
  /** When the last yuan was received (status paid), or null. */
  settledAt: Nullable(DateTime()),
});
export type OrderView = Static<typeof OrderView>;

/** The order with the lines of its offer and every trade on it, oldest first. */
export const OrderDetail = Type.Intersect([
  OrderView,
  Type.Object({
    invoicePrice: MoneySchema,
    purchaseTax: MoneySchema,
    insurance: MoneySchema,
    registrationFee: MoneySchema,
    accessoriesTotal: MoneySchema,
    serviceFee: MoneySchema,
    tradeInCredit: MoneySchema,
    /** Receipts of method `loan` so far (at most loanAmount). */
    loanReceived: MoneySchema,
    trades: Type.Array(TradeView),
  }),
]);
export type OrderDetail = Static<typeof OrderDetail>;

/**
 * A receipt or a refund on an order. A serial number (reference) is required for every method but cash,
 * and a method's serial number is recorded once in a tenant, so a bank line entered twice is refused.
 */
export const TradeBody = Type.Object({
  orderId: Id(),
  amount: MoneyInputSchema,
  method: PaymentMethodT,
  reference: Type.Optional(Type.String({ maxLength: TRADE_REFERENCE_MAX })),
  /** When the money moved (not in the future). */
  paidAt: DateTime(),
  /** Required for a refund: why the money goes back. */
  remark: Type.Optional(Type.String({ maxLength: TRADE_REMARK_MAX })),
});
export type TradeBody = Static<typeof TradeBody>;

export const OrderCancelBody = Type.Object({
  id: Id(),
  reason: Type.String({ maxLength: TRADE_REMARK_MAX }),
});
export type OrderCancelBody = Static<typeof OrderCancelBody>;

/** The trades the filters select, summed: what the bank statement of the period must show. */
export const TradeSummary = Type.Object({
  count: Type.Integer({ minimum: 0 }),
  receipts: MoneySchema,
  refunds: MoneySchema,
  /** Receipts less refunds. */
  net: MoneySchema,
});
export type TradeSummary = Static<typeof TradeSummary>;

/** The finance workbench card: today's money and what is still to come in, over the orders the caller sees. */
export const FinanceDeskSummary = Type.Object({
  /** Trades whose payment time is today (the server's day). */
  today: TradeSummary,
  /** Orders waiting for their first money: how many, and what they are due. */
  unpaid: Type.Object({ count: Type.Integer({ minimum: 0 }), amount: MoneySchema }),
  /** Orders part paid: how many, and what is still outstanding on them. */
  partial: Type.Object({ count: Type.Integer({ minimum: 0 }), amount: MoneySchema }),
  /** Orders settled this month (the server's month): how many, and their amount. */
  settledThisMonth: Type.Object({ count: Type.Integer({ minimum: 0 }), amount: MoneySchema }),
});
export type FinanceDeskSummary = Static<typeof FinanceDeskSummary>;

import { add, dec, fmt, sub, type PaymentMethod, type TradeKind } from '@forecourt/contracts/sales';
import { formatDateTime } from '../../platform/time.js';
import { documentNo, statusFor } from './order-rules.js';
import type { Floor } from './seed-data.js';

export interface DemoOrder {
  id: string;
  orderNo: string;
  offerId: string;
  inquiryId: string;
  resourceId: string | null;
  amountDue: string;
  loanAmount: string | null;
  received: string;
  loanReceived: string;
  status: string;
  settledAt: string | null;
  ownerUser: string;
  ownerDept: string | null;
  createTime: string;
}
export interface DemoTrade {
  id: string;
  tradeNo: string;
  orderId: string;
  kind: TradeKind;
  method: PaymentMethod;
  amount: string;
  reference: string;
  paidAt: string;
  remark: string;
  createUser: string;
}
export interface DemoCounter {
  name: string;
  day: string;
  value: number;
}

const HOUR = 3_600_000;
const localDay = (ms: number) => formatDateTime(new Date(ms))!.slice(0, 10);

/**
 * The demo company's orders: one per accepted offer, its money as a cashier would have taken it. A sold or
 * delivered vehicle's order is paid (a deposit, the finance company's loan when there is one, the rest by
 * transfer); a reserved vehicle's order waits for money or holds a deposit, and then its vehicle is held
 * with no end, as a receipt would have done (the floor's reservation is changed here). One deposit was
 * taken twice over and half of it refunded. Deterministic: the same floor gives the same orders.
 */
export function demoOrders(floor: Floor, cashier: string, now: number, newId: () => string) {
  const orders: DemoOrder[] = [];
  const trades: DemoTrade[] = [];
  const counters = new Map<string, number>();
  const next = (prefix: string, ms: number) => {
    const day = localDay(ms);
    const n = (counters.get(`${prefix} ${day}`) ?? 0) + 1;
    counters.set(`${prefix} ${day}`, n);
    return documentNo(prefix, day, n);
  };
  const vehicles = new Map(floor.resources.map((r) => [r.id, r]));
  const accepted = floor.offers
    .filter((o) => o.status === 'accepted')
    .sort((a, b) => Date.parse(a.closedAt!) - Date.parse(b.closedAt!));
  let held = 0;
  let serial = 4_410_021;
  for (const o of accepted) {
    const opened = Date.parse(o.closedAt!);
    const vehicle = o.resourceId ? vehicles.get(o.resourceId) : undefined;
    const order: DemoOrder = {
      id: newId(),
      orderNo: next('SO', opened),
      offerId: o.id,
      inquiryId: o.inquiryId,
      resourceId: o.resourceId,
      amountDue: o.total,
      loanAmount: o.loanAmount,
      received: '0.00',
      loanReceived: '0.00',
      status: 'unpaid',
      settledAt: null,
      ownerUser: o.ownerUser,
      ownerDept: o.ownerDept,
      createTime: o.closedAt!,
    };
    orders.push(order);
    let at = opened;
    const take = (kind: TradeKind, method: PaymentMethod, amount: string, remark = '') => {
      at = Math.min(now - HOUR, at + 5 * HOUR);
      trades.push({
        id: newId(),
        tradeNo: next(kind === 'receipt' ? 'SK' : 'TK', at),
        orderId: order.id,
        kind,
        method,
        amount: fmt(amount),
        reference: method === 'cash' ? '' : `${method.toUpperCase()}${serial++}`,
        paidAt: new Date(at).toISOString(),
        remark,
        createUser: cashier,
      });
      order.received = kind === 'receipt' ? add(order.received, amount) : sub(order.received, amount);
      if (method === 'loan') order.loanReceived = add(order.loanReceived, amount);
    };
    const deposit = dec(o.total).greaterThan(100_000) ? '10000' : '5000';
    if (vehicle && (vehicle.status === 'sold' || vehicle.status === 'delivered')) {
      take('receipt', held % 2 ? 'pos' : 'wechat', deposit, '定金');
      if (o.loanAmount && dec(o.loanAmount).greaterThan(0)) take('receipt', 'loan', o.loanAmount, '贷款放款');
      const rest = sub(o.total, order.received);
      if (dec(rest).greaterThan(0)) take('receipt', 'transfer', rest, '尾款');
    } else if (held++ % 2 === 1) {
      if (held === 4) {
        take('receipt', 'transfer', add(deposit, deposit), '定金');
        take('refund', 'transfer', deposit, '定金多收，退回差额');
      } else take('receipt', 'alipay', deposit, '定金');
      if (vehicle) vehicle.reservedUntil = null; // money taken: held until the order settles or is cancelled
    }
    order.status = statusFor(order.received, order.amountDue);
    if (order.status === 'paid') order.settledAt = trades[trades.length - 1]!.paidAt;
  }
  const counterRows: DemoCounter[] = [...counters].map(([k, value]) => {
    const [name, day] = k.split(' ') as [string, string];
    return { name, day, value };
  });
  return { orders, trades, counters: counterRows };
}

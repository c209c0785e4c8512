import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { add, sub } from '@forecourt/contracts/sales';
import {
  call,
  clearOfMidnight,
  createTestApp,
  dbLabel,
  onPostgres,
  otherTenant,
  tokenFor,
  type TestApp,
} from '../../../test/harness.js';
import { newId } from '../../platform/ids.js';
import { formatDateTime } from '../../platform/time.js';
import { today } from './offer-rules.js';
import { applyTrade, documentNo, statusFor } from './order-rules.js';

const TENANT = '000000';

describe('the money rule, without a database', () => {
  const open = {
    status: 'unpaid',
    amountDue: '100000.00',
    received: '0.00',
    loanAmount: '60000.00',
    loanReceived: '0.00',
  };

  it('moves the status with the money and refuses every amount past its limit, naming the limit', () => {
    expect(applyTrade(open, { kind: 'receipt', method: 'wechat', amount: '5000' })).toEqual({
      received: '5000.00',
      loanReceived: '0.00',
      status: 'partial',
    });
    expect(applyTrade(open, { kind: 'receipt', method: 'loan', amount: '60000' }).loanReceived).toBe(
      '60000.00',
    );
    expect(() => applyTrade(open, { kind: 'receipt', method: 'loan', amount: '60000.01' })).toThrow(
      expect.objectContaining({ key: 'sales.trade.overLoan', params: { left: '60000.00' } }),
    );
    expect(() => applyTrade(open, { kind: 'receipt', method: 'cash', amount: '100000.01' })).toThrow(
      expect.objectContaining({ key: 'sales.trade.overOutstanding', params: { outstanding: '100000.00' } }),
    );
    expect(() => applyTrade(open, { kind: 'receipt', method: 'cash', amount: '0.00' })).toThrow(
      expect.objectContaining({ key: 'sales.trade.amountZero' }),
    );
    const part = { ...open, status: 'partial', received: '0.30' };
    // 0.1 + 0.2 in floats is 0.30000000000000004: the rule pays the last fen exactly.
    expect(applyTrade({ ...open, amountDue: '0.30', received: '0.10', status: 'partial' }, { kind: 'receipt', method: 'cash', amount: '0.2' }).status).toBe('paid'); // prettier-ignore
    expect(applyTrade(part, { kind: 'refund', method: 'cash', amount: '0.3' })).toMatchObject({ received: '0.00', status: 'unpaid' }); // prettier-ignore
    expect(() => applyTrade(part, { kind: 'refund', method: 'cash', amount: '0.31' })).toThrow(
      expect.objectContaining({ key: 'sales.trade.overReceived' }),
    );
    expect(() =>
      applyTrade({ ...part, status: 'paid' }, { kind: 'refund', method: 'cash', amount: '0.1' }),
    ).toThrow(expect.objectContaining({ key: 'sales.order.refundNotPartial', status: 409 }));
    expect(() =>
      applyTrade({ ...open, status: 'cancelled' }, { kind: 'receipt', method: 'cash', amount: '1' }),
    ).toThrow(expect.objectContaining({ key: 'sales.order.notOpen', status: 409 }));
    expect(() =>
      applyTrade({ ...open, loanAmount: null }, { kind: 'receipt', method: 'loan', amount: '1' }),
    ).toThrow(expect.objectContaining({ key: 'sales.trade.noLoan' }));
  });

  it('numbers documents by day and statuses by money', () => {
    expect(documentNo('SO', '2026-11-29', 7)).toBe('SO20261129-0007');
    expect(documentNo('SK', '2026-11-29', 12_345)).toBe('SK20261129-12345');
    expect(statusFor('0.00', '10.00')).toBe('unpaid');
    expect(statusFor('9.99', '10.00')).toBe('partial');
    expect(statusFor('10.00', '10.00')).toBe('paid');
  });
});

describe(`orders, receipts and refunds (${dbLabel})`, () => {
  let t: TestApp;
  let sales1: string;
  let sales2: string;
  let admin: string;
  const users: Record<string, { id: string; dept: string }> = {};
  let model: string;

  const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => t.db.query<T>(sql, params);
  const now = () => formatDateTime(new Date())!;
  const post = (token: string, url: string, payload: Record<string, unknown>, lang: 'en' | 'zh' = 'en') =>
    call(t, token, { method: 'POST', url: `/api/blade-sales/${url}`, payload, lang });
  const get = (token: string, url: string) => call(t, token, { url: `/api/blade-sales/${url}`, lang: 'en' });
  const vehicle = async (id: string) =>
    (
      await q<{ status: string; reserved_until: Date | null; reserved_offer_id: string | null }>(
        'SELECT status, reserved_until, reserved_offer_id FROM sales_resource WHERE id = $1',
        [id],
      )
    )[0]!;

  /**
   * An offer of sales1 on a free stock vehicle, at its guide price (no approval), accepted through the
   * route. The send step goes through chat elsewhere (offer.test.ts); here the offer is marked sent.
   */
  async function acceptedOrder(finance = true) {
    const u = users.sales1!;
    const customer = newId();
    const phone = `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    await q('INSERT INTO member_customer (id, tenant_id, name, phone, user_id) VALUES ($1, $2, $3, $4, $5)', [
      customer, TENANT, '赵收款', phone, u.id,
    ]); // prettier-ignore
    const inquiry = newId();
    await q(
      `INSERT INTO sales_inquiry (id, tenant_id, customer_id, customer_name, customer_phone, model_id, city_code, channel, status, owner_user, owner_dept)
       VALUES ($1, $2, $3, '赵收款', $4, $5, '110101', 'walk_in', 'following', $6, $7)`,
      [inquiry, TENANT, customer, phone, model, u.id, u.dept],
    );
    const [v] = await q<{ id: string; guide_price: string }>(
      `SELECT id, guide_price FROM sales_resource WHERE tenant_id = $1 AND status = 'in_stock'
         AND NOT EXISTS (SELECT 1 FROM sales_offer o WHERE o.resource_id = sales_resource.id) ORDER BY id LIMIT 1`,
      [TENANT],
    );
    const offer = await post(sales1, 'offer/submit', {
      inquiryId: inquiry,
      resourceId: v!.id,
      vehiclePrice: v!.guide_price.replace(/\.00$/, ''),
      discount: '0',
      insurance: '5200',
      registrationFee: '500',
      accessories: [],
      serviceFee: '1000',
      tradeInCredit: '0',
      finance: finance ? { downPaymentPercent: '40', termMonths: 36, annualRatePercent: '3.85' } : null,
      validUntil: today(new Date(Date.now() + 7 * 86400_000)),
    });
    expect(offer.statusCode, offer.body).toBe(200);
    const o = offer.json().data;
    await q("UPDATE sales_offer SET status = 'sent', sent_at = now() WHERE id = $1", [o.id]);
    const accepted = await post(sales1, 'offer/accept', { id: o.id });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [row] = await q<{ id: string }>('SELECT id FROM sales_order WHERE offer_id = $1', [o.id]);
    return { offer: o, vehicleId: v!.id as string, orderId: row!.id };
  }

  const receipt = (orderId: string, over: Record<string, unknown> = {}) => ({
    orderId,
    amount: '5000',
    method: 'transfer',
    reference: `BK${newId()}`,
    paidAt: now(),
    ...over,
  });

  beforeAll(async () => {
    t = await createTestApp();
    [sales1, sales2, admin] = await Promise.all([
      tokenFor(t, 'sales1'),
      tokenFor(t, 'sales2'),
      tokenFor(t, 'admin'),
    ]);
    for (const a of ['sales1', 'sales2', 'admin']) {
      const r = (
        await q<{ id: string; dept_id: string }>(
          'SELECT id, dept_id FROM blade_user WHERE account = $1 AND tenant_id = $2',
          [a, TENANT],
        )
      )[0]!;
      users[a] = { id: r.id, dept: r.dept_id.split(',')[0]! };
    }
    model = (
      await q<{ id: string }>(
        "SELECT id FROM sales_model WHERE tenant_id = $1 AND energy_type = 'petrol' ORDER BY id LIMIT 1",
        [TENANT],
      )
    )[0]!.id;
  });
  afterAll(() => t?.close());

  it("the demo company's orders: one per accepted offer, each one's received the sum of its trades, a paid order's vehicle sold", async () => {
    const page = (await get(admin, 'order/list?size=100')).json().data;
    expect(page.total).toBeGreaterThanOrEqual(8);
    const statuses = new Set(page.records.map((r: { status: string }) => r.status));
    expect([...statuses].sort()).toEqual(['paid', 'partial', 'unpaid']);
    const off = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM sales_offer o WHERE o.status = 'accepted' AND o.tenant_id = $1
         AND NOT EXISTS (SELECT 1 FROM sales_order d WHERE d.offer_id = o.id)`,
      [TENANT],
    );
    expect(off[0]!.n).toBe(0);
    const sums = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM sales_order d
        WHERE d.received <> coalesce((SELECT sum(CASE WHEN kind = 'receipt' THEN amount ELSE -amount END)
                                        FROM sales_trade tr WHERE tr.order_id = d.id), 0)`,
    );
    expect(sums[0]!.n).toBe(0);
    const unsold = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM sales_order d JOIN sales_resource r ON r.id = d.resource_id
        WHERE d.status = 'paid' AND r.status NOT IN ('sold', 'delivered')`,
    );
    expect(unsold[0]!.n).toBe(0);
    for (const r of page.records as Array<{
      amountDue: string;
      received: string;
      outstanding: string;
      orderNo: string;
    }>) {
      expect(r.outstanding).toBe(sub(r.amountDue, r.received));
      expect(r.orderNo).toMatch(/^SO\d{8}-\d{4}$/);
    }
    // A refund is on the record, and the summary of the flow adds up to the orders' money.
    const sum = (await get(admin, 'trade/summary')).json().data;
    expect(Number(sum.count)).toBeGreaterThan(page.total / 2);
    expect(sum.refunds).not.toBe('0.00');
    const total = await q<{ s: string }>("SELECT coalesce(sum(received), 0)::text AS s FROM sales_order WHERE tenant_id = $1", [TENANT]); // prettier-ignore
    expect(sum.net).toBe(add(total[0]!.s, '0'));
    const refunds = (await get(admin, 'trade/list?kind=refund')).json().data;
    expect(refunds.records.length).toBeGreaterThan(0);
    expect(
      refunds.records.every((r: { kind: string; remark: string }) => r.kind === 'refund' && r.remark),
    ).toBe(true);
  });

  it('a salesperson sees only their own orders and their trades, and cannot take money', async () => {
    const mine = (await get(sales1, 'order/list?size=100')).json().data.records as Array<{
      ownerUser: string;
      id: string;
    }>;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r) => r.ownerUser === users.sales1!.id)).toBe(true);
    const theirs = (await get(sales2, 'order/list?size=100')).json().data.records as Array<{ id: string }>;
    expect(theirs.some((r) => mine.some((m) => m.id === r.id))).toBe(false);
    expect((await get(sales2, `order/detail?id=${mine[0]!.id}`)).statusCode).toBe(403);
    const trades = (await get(sales2, 'trade/list?size=100')).json().data.records as Array<{
      orderId: string;
    }>;
    expect(trades.some((r) => mine.some((m) => m.id === r.orderId))).toBe(false);
    const refused = await post(sales1, 'order/receive', receipt(mine[0]!.id));
    expect(refused.statusCode).toBe(403);
  });

  it('finance sees every order of the tenant and takes the money; its own staff rank changes nothing else', async () => {
    const finance = await tokenFor(t, 'finance1');
    const all = (await get(admin, 'order/list?size=1')).json().data.total;
    expect((await get(finance, 'order/list?size=1')).json().data.total).toBe(all);
    const { orderId } = await acceptedOrder(false);
    // The receipt, the card and the sums below must fall on one day: the card's "today" is the server's,
    // which its answer does not name, and the receipt counts only on the day it was paid.
    await clearOfMidnight();
    const day = today();
    const r = await post(finance, 'order/receive', receipt(orderId, { amount: '1000' }));
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.trades[0].createUserName).toBe('孙嘉怡');
    // The workbench card counts it with the rest of today's money, and what is still to come in.
    const desk = (await get(finance, 'order/desk')).json().data;
    const sums = await q<{ n: number; due: string; today: string }>(
      `SELECT (SELECT count(*)::int FROM sales_order WHERE tenant_id = $1 AND status = 'unpaid') AS n,
              (SELECT coalesce(sum(amount_due), 0)::text FROM sales_order WHERE tenant_id = $1 AND status = 'unpaid') AS due,
              (SELECT coalesce(sum(amount), 0)::text FROM sales_trade WHERE tenant_id = $1 AND kind = 'receipt'
                  AND paid_at >= $2::date) AS today`,
      [TENANT, day],
    );
    expect(desk.unpaid).toEqual({ count: sums[0]!.n, amount: add(sums[0]!.due, '0') });
    expect(desk.today.receipts).toBe(add(sums[0]!.today, '0'));
    expect(Number(desk.today.count)).toBeGreaterThanOrEqual(1);
    expect((await get(sales1, 'order/desk')).statusCode).toBe(403);
    // The books, not the sales floor: no offers, no stock.
    expect((await get(finance, 'offer/list')).statusCode).toBe(403);
    expect((await get(finance, 'resource/list')).statusCode).toBe(403);
  });

  it('accepting an offer opens its order; deposit, loan and the rest settle it and sell the vehicle', async () => {
    const before = today();
    const { offer, vehicleId, orderId } = await acceptedOrder();
    const after = today();
    const d0 = (await get(admin, `order/detail?id=${orderId}`)).json().data;
    expect(d0).toMatchObject({
      status: 'unpaid',
      amountDue: offer.total,
      loanAmount: offer.finance.loanAmount,
      received: '0.00',
      outstanding: offer.total,
      offerVersion: 1,
      trades: [],
    });
    // Numbered by the server's day at the acceptance, which lies between these two (two days only when the
    // run crossed midnight meanwhile).
    const days = [...new Set([before, after])].map((d) => d.replaceAll('-', ''));
    expect(d0.orderNo).toMatch(new RegExp(`^SO(${days.join('|')})-\\d{4}$`));
    expect((await vehicle(vehicleId)).reserved_until).not.toBeNull(); // the offer's hold time

    // A transfer without its serial number is refused, naming the field; cash needs none.
    const noRef = await post(admin, 'order/receive', receipt(orderId, { reference: '' }));
    expect(noRef.statusCode).toBe(400);
    expect(noRef.json().msg).toContain('reference');
    const dep = await post(
      admin,
      'order/receive',
      receipt(orderId, { method: 'cash', reference: '', amount: '5000' }),
    );
    expect(dep.statusCode, dep.body).toBe(200);
    expect(dep.json().data).toMatchObject({ status: 'partial', received: '5000.00' });
    expect(dep.json().data.trades[0]).toMatchObject({ kind: 'receipt', method: 'cash', amount: '5000.00' });
    expect(dep.json().data.trades[0].tradeNo).toMatch(/^SK\d{8}-\d{4}$/);
    // Money taken: the vehicle is held for the order with no end.
    expect(await vehicle(vehicleId)).toMatchObject({
      status: 'reserved',
      reserved_until: null,
      reserved_offer_id: offer.id,
    });

    const loan = offer.finance.loanAmount as string;
    const tooMuchLoan = await post(
      admin,
      'order/receive',
      receipt(orderId, { method: 'loan', amount: add(loan, '0.01') }),
    );
    expect(tooMuchLoan.statusCode).toBe(400);
    expect(tooMuchLoan.json().msg).toContain(loan);
    expect(
      (await post(admin, 'order/receive', receipt(orderId, { method: 'loan', amount: loan }))).statusCode,
    ).toBe(200);

    const rest = sub(sub(offer.total, '5000'), loan);
    const over = await post(admin, 'order/receive', receipt(orderId, { amount: add(rest, '0.01') }), 'zh');
    expect(over.statusCode).toBe(400);
    expect(over.json().msg).toBe(`收款金额不能超过待收金额 ¥${rest}`);
    const last = await post(admin, 'order/receive', receipt(orderId, { amount: rest }));
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json().data).toMatchObject({ status: 'paid', outstanding: '0.00', loanReceived: loan });
    expect(last.json().data.settledAt).toMatch(/^\d{4}-\d{2}-\d{2} /);
    expect((await vehicle(vehicleId)).status).toBe('sold');

    // Paid: no more money in, and none back (the vehicle is sold).
    expect((await post(admin, 'order/receive', receipt(orderId, { amount: '1' }))).statusCode).toBe(409);
    const refund = await post(admin, 'order/refund', receipt(orderId, { amount: '1', remark: '客户要求' }));
    expect(refund.statusCode).toBe(409);
    expect(refund.json().msg).toContain('partly paid');
  });

  it('a serial number is recorded once; a refund needs its reason; a full refund and a reason cancel the order and free the vehicle', async () => {
    const { vehicleId, orderId } = await acceptedOrder(false);
    const ref = `BK${newId()}`;
    expect(
      (await post(admin, 'order/receive', receipt(orderId, { amount: '20000', reference: ref }))).statusCode,
    ).toBe(200);
    const twice = await post(
      admin,
      'order/receive',
      receipt(orderId, { amount: '100', reference: ` ${ref} ` }),
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json().msg).toContain(ref);
    // Another method's serial number may look the same.
    expect(
      (await post(admin, 'order/receive', receipt(orderId, { amount: '100', method: 'pos', reference: ref })))
        .statusCode,
    ).toBe(200);
    const d = (await get(admin, `order/detail?id=${orderId}`)).json().data;
    expect(d.received).toBe('20100.00');
    expect(d.trades).toHaveLength(2);

    const loanOnCash = await post(admin, 'order/receive', receipt(orderId, { method: 'loan' }));
    expect(loanOnCash.statusCode).toBe(400);

    const noReason = await post(admin, 'order/refund', receipt(orderId, { amount: '100', remark: '  ' }));
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().msg).toContain('remark');
    const tooMuch = await post(
      admin,
      'order/refund',
      receipt(orderId, { amount: '20100.01', remark: '退订' }),
    );
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().msg).toContain('20100.00');

    // Not while money is held.
    expect((await post(admin, 'order/cancel', { id: orderId, reason: '客户退订' })).statusCode).toBe(400);
    const back = await post(
      admin,
      'order/refund',
      receipt(orderId, { amount: '20100', remark: '客户退订，全额退还定金' }),
    );
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data).toMatchObject({ status: 'unpaid', received: '0.00' });
    expect(back.json().data.trades.at(-1)).toMatchObject({ kind: 'refund', amount: '20100.00' });
    expect(back.json().data.trades.at(-1).tradeNo).toMatch(/^TK/);

    const noCancelReason = await post(admin, 'order/cancel', { id: orderId, reason: ' ' });
    expect(noCancelReason.statusCode).toBe(400);
    const cancelled = await post(admin, 'order/cancel', { id: orderId, reason: '客户退订' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', cancelReason: '客户退订' });
    expect(await vehicle(vehicleId)).toMatchObject({ status: 'in_stock', reserved_offer_id: null });
    expect((await post(admin, 'order/receive', receipt(orderId))).statusCode).toBe(409);
    expect((await post(admin, 'order/cancel', { id: orderId, reason: '再取消' })).statusCode).toBe(400);

    // The flow keeps every line: three trades, the summary of this order nets to nothing.
    const orderNo = cancelled.json().data.orderNo;
    const s = (await get(admin, `trade/summary?orderNo=${orderNo}`)).json().data;
    expect(s).toEqual({ count: 3, receipts: '20100.00', refunds: '20100.00', net: '0.00' });
  });

  it('a payment time in the future or malformed, an amount with three decimals: 400 naming the field', async () => {
    const { orderId } = await acceptedOrder(false);
    const future = formatDateTime(new Date(Date.now() + 3_600_000))!;
    const r1 = await post(admin, 'order/receive', receipt(orderId, { paidAt: future }));
    expect(r1.statusCode).toBe(400);
    expect(r1.json().msg).toContain('paidAt');
    expect(
      (await post(admin, 'order/receive', receipt(orderId, { paidAt: '2026-02-30 10:00:00' }))).statusCode,
    ).toBe(400);
    expect((await post(admin, 'order/receive', receipt(orderId, { paidAt: 'yesterday' }))).statusCode).toBe(
      400,
    );
    const r2 = await post(admin, 'order/receive', receipt(orderId, { amount: '10.005' }));
    expect(r2.statusCode).toBe(400);
    expect(r2.json().msg).toContain('amount');
    expect((await get(admin, `order/detail?id=${orderId}`)).json().data.trades).toHaveLength(0);
  });

  it("another tenant's order is a 403 to read and to pay", async () => {
    const { orderId } = await acceptedOrder(false);
    const other = await otherTenant(t, '300417');
    expect((await get(other, `order/detail?id=${orderId}`)).statusCode).toBe(403);
    expect((await post(other, 'order/receive', receipt(orderId))).statusCode).toBe(403);
    expect((await get(other, 'order/list')).json().data.total).toBe(0);
    expect((await get(other, 'trade/summary')).json().data.count).toBe(0);
  });

  it.skipIf(!onPostgres)(
    'cashiers at once: never more than is due, every serial number once (PostgreSQL)',
    async () => {
      const { offer, orderId } = await acceptedOrder(false);
      const part = (BigInt(offer.total.replace('.', '')) * 3n) / 10n; // 30 % in fen
      const amount = `${part / 100n}.${String(part % 100n).padStart(2, '0')}`;
      const codes = (
        await Promise.all(
          Array.from({ length: 8 }, () => post(admin, 'order/receive', receipt(orderId, { amount }))),
        )
      ).map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(3);
      expect(codes.filter((c) => c !== 200).every((c) => c === 400)).toBe(true);
      const d = (await get(admin, `order/detail?id=${orderId}`)).json().data;
      expect(d.received).toBe(add(amount, amount, amount));
      expect(new Set(d.trades.map((x: { tradeNo: string }) => x.tradeNo)).size).toBe(3);

      const ref = `BK${newId()}`;
      const dup = (
        await Promise.all(
          Array.from({ length: 6 }, () =>
            post(admin, 'order/receive', receipt(orderId, { amount: '1', reference: ref })),
          ),
        )
      ).map((r) => r.statusCode);
      expect(dup.filter((c) => c === 200)).toHaveLength(1);
      expect(dup.filter((c) => c === 409)).toHaveLength(5);
    },
  );
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const TENANT = '000000';

describe(`points (${dbLabel})`, () => {
  let t: TestApp;
  let admin: string;
  let sales1: string;
  const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => t.db.query<T>(sql, params);
  const get = (token: string, url: string) => call(t, token, { url: `/api/blade-points/${url}`, lang: 'en' });
  const post = (token: string, url: string, payload: Record<string, unknown>) =>
    call(t, token, { method: 'POST', url: `/api/blade-points/${url}`, payload, lang: 'en' });
  const balance = async (id: string) =>
    (await get(admin, `record/account?partyId=${id}`)).json().data.balance as number;

  const userId = async (account: string) =>
    (await q<{ id: string }>('SELECT id FROM blade_user WHERE account = $1 AND tenant_id = $2', [account, TENANT]))[0]!.id; // prettier-ignore

  /** A new customer of the tenant with `points` (0: no account at all), looked after by `owner` (sales1). */
  async function customer(points = 0, owner = 'sales1') {
    const id = newId();
    const phone = `136${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    await q('INSERT INTO member_customer (id, tenant_id, name, phone, user_id) VALUES ($1, $2, $3, $4, $5)', [
      id,
      TENANT,
      '钱积分',
      phone,
      await userId(owner),
    ]);
    if (points) {
      const r = await post(admin, 'record/adjust', { partyId: id, change: points, remark: '开户赠送' });
      expect(r.statusCode, r.body).toBe(200);
    }
    return id;
  }
  async function goods(points: number, stock: number, status = 1) {
    const r = await post(admin, 'goods/submit', { name: `测试礼品${newId()}`, points, stock, status });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data.id as string;
  }

  beforeAll(async () => {
    t = await createTestApp();
    [admin, sales1] = await Promise.all([tokenFor(t, 'admin'), tokenFor(t, 'sales1')]);
  });
  afterAll(() => t?.close());

  it("the demo company's points add up: every balance is its lines' sum, each line's balance the running one", async () => {
    expect((await get(admin, 'rule/list?size=50')).json().data.total).toBe(8);
    const shelf = (await get(admin, 'goods/list?size=50')).json().data.records as Array<{ stock: number }>;
    expect(shelf).toHaveLength(8);
    const off = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM points_account a
        WHERE a.balance <> (SELECT coalesce(sum(change), 0) FROM points_ledger l
                             WHERE l.tenant_id = a.tenant_id AND l.party = a.party AND l.party_id = a.party_id)`,
    );
    expect(off[0]!.n).toBe(0);
    const broken = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM (
         SELECT balance, sum(change) OVER (PARTITION BY party, party_id ORDER BY create_time, id) AS running
           FROM points_ledger WHERE tenant_id = $1) x
        WHERE balance <> running`,
      [TENANT],
    );
    expect(broken[0]!.n).toBe(0);
    const kinds = (await get(admin, 'record/list?size=200')).json().data.records as Array<{
      kind: string;
      event: string | null;
    }>;
    expect(new Set(kinds.map((k) => k.kind))).toEqual(new Set(['earn', 'adjust', 'redeem', 'refund']));
    expect(kinds.some((k) => k.event === 'purchase')).toBe(true);
    const stores = (await get(admin, 'record-tob/list?size=100')).json().data;
    expect(stores.total).toBeGreaterThan(0);
    expect(stores.records.every((r: { party: string }) => r.party === 'store')).toBe(true);
    const ex = (await get(admin, 'exchange/list?size=50')).json().data.records as Array<{
      status: string;
      exchangeNo: string;
    }>;
    expect(new Set(ex.map((e) => e.status))).toEqual(new Set(['pending', 'delivered', 'cancelled']));
    expect(ex.every((e) => /^PE\d{8}-\d{4}$/.test(e.exchangeNo))).toBe(true);
  });

  it("rules: one enabled per holder and event, purchases are customers', dates in order", async () => {
    const dup = await post(admin, 'rule/submit', { name: '再来一个试驾', party: 'customer', event: 'test_drive', points: 10, dailyLimit: 0, status: 1 }); // prettier-ignore
    expect(dup.statusCode).toBe(400);
    expect(dup.json().msg).toBe(
      'An enabled rule already awards a customer for "test drive"; disable it first',
    );
    // Disabled, a second rule may wait beside the enabled one.
    expect((await post(admin, 'rule/submit', { name: '试驾（备用）', party: 'customer', event: 'test_drive', points: 10, dailyLimit: 0, status: 0 })).statusCode).toBe(200); // prettier-ignore
    const store = await post(admin, 'rule/submit', { name: '门店购车', party: 'store', event: 'purchase', points: 10, dailyLimit: 0, status: 1 }); // prettier-ignore
    expect(store.statusCode).toBe(400);
    const dates = await post(admin, 'rule/submit', { name: '双十一', party: 'store', event: 'review', points: 10, dailyLimit: 0, status: 1, validFrom: '2026-11-11', validTo: '2026-11-10' }); // prettier-ignore
    expect(dates.statusCode).toBe(400);
    expect(dates.json().msg).toContain('validTo');
    expect((await post(sales1, 'rule/submit', { name: 'x', party: 'customer', event: 'review', points: 1, dailyLimit: 0, status: 0 })).statusCode).toBe(403); // prettier-ignore
  });

  it('a hand adjustment needs its reason and never leaves a balance below zero; an event goes by its rule and its daily limit', async () => {
    const id = await customer(100);
    const noReason = await post(admin, 'record/adjust', { partyId: id, change: 50, remark: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().msg).toContain('remark');
    const below = await post(admin, 'record/adjust', { partyId: id, change: -101, remark: '扣减' });
    expect(below.statusCode).toBe(400);
    expect(below.json().msg).toBe('Not enough points: the balance is 100, 101 are needed');
    const down = await post(admin, 'record/adjust', { partyId: id, change: -100, remark: '扣减' });
    expect(down.json().data).toMatchObject({ change: -100, balance: 0, kind: 'adjust' });

    // The demo's test-drive rule: 100 points, once a day. Both awards on one server day, or the second
    // is rightly another day's first.
    await clearOfMidnight();
    const drive = await post(sales1, 'record/adjust', { partyId: id, event: 'test_drive', remark: '' });
    expect(drive.statusCode, drive.body).toBe(200);
    expect(drive.json().data).toMatchObject({ kind: 'earn', event: 'test_drive', change: 100, balance: 100 });
    const again = await post(sales1, 'record/adjust', { partyId: id, event: 'test_drive', remark: '' });
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe('The "test drive" rule has been applied 1 times today, its daily limit');
    expect(
      (await post(admin, 'record/adjust', { partyId: id, event: 'purchase', remark: '' })).statusCode,
    ).toBe(400);
    expect((await get(admin, `record/account?partyId=${id}`)).json().data).toMatchObject({ balance: 100, earned: 200, spent: 100 }); // prettier-ignore
    // Stores' points are the administrator's.
    const store = (
      await q<{ id: string }>('SELECT id FROM base_ground WHERE tenant_id = $1 LIMIT 1', [TENANT])
    )[0]!.id;
    expect((await post(sales1, 'record-tob/adjust', { partyId: String(store), change: 10, remark: 'x' })).statusCode).toBe(403); // prettier-ignore
    const tob = await post(admin, 'record-tob/adjust', {
      partyId: String(store),
      event: 'referral',
      remark: '推荐成交',
    });
    expect(tob.json().data).toMatchObject({ party: 'store', change: 300 });
  });

  it('an exchange takes the points and the stock together, or neither; a cancelled one gives both back', async () => {
    const id = await customer(1000);
    const g = await goods(300, 2);
    const ex = await post(sales1, 'exchange/submit', { customerId: id, goodsId: g, quantity: 2, remark: '电话预约' }); // prettier-ignore
    expect(ex.statusCode, ex.body).toBe(200);
    expect(ex.json().data).toMatchObject({ points: 600, status: 'pending', quantity: 2 });
    expect(await balance(id)).toBe(400);
    expect((await get(admin, `goods/detail?id=${g}`)).json().data).toMatchObject({ stock: 0, exchanged: 2 });
    const none = await post(sales1, 'exchange/submit', { customerId: id, goodsId: g, quantity: 1 });
    expect(none.statusCode).toBe(409);

    const dear = await goods(500, 5);
    const poor = await post(sales1, 'exchange/submit', { customerId: id, goodsId: dear, quantity: 1 });
    expect(poor.statusCode).toBe(400);
    expect(poor.json().msg).toBe('Not enough points: the balance is 400, 500 are needed');
    expect((await get(admin, `goods/detail?id=${dear}`)).json().data.stock).toBe(5);
    const shelf = await goods(1, 5, 0);
    expect(
      (await post(sales1, 'exchange/submit', { customerId: id, goodsId: shelf, quantity: 1 })).statusCode,
    ).toBe(400);

    const exId = ex.json().data.id;
    expect((await post(admin, 'exchange/cancel', { id: exId })).statusCode).toBe(400);
    const cancelled = await post(admin, 'exchange/cancel', { id: exId, remark: '客户改主意' });
    // What was said at the exchange stays; the reason is the cancellation's, with its time.
    expect(cancelled.json().data).toMatchObject({
      status: 'cancelled',
      remark: '电话预约',
      settleRemark: '客户改主意',
      deliveredAt: null,
    });
    expect(cancelled.json().data.cancelledAt).toMatch(/^\d{4}-\d{2}-\d{2} /);
    expect(await balance(id)).toBe(1000);
    expect((await get(admin, `goods/detail?id=${g}`)).json().data).toMatchObject({ stock: 2, exchanged: 0 });
    expect((await post(admin, 'exchange/deliver', { id: exId })).statusCode).toBe(409);

    const ok = await post(sales1, 'exchange/submit', { customerId: id, goodsId: g, quantity: 1, remark: '到店自取' }); // prettier-ignore
    const delivered = await post(sales1, 'exchange/deliver', { id: ok.json().data.id, remark: '前台领取' });
    expect(delivered.json().data).toMatchObject({
      status: 'delivered',
      remark: '到店自取',
      settleRemark: '前台领取',
      cancelledAt: null,
    });
    expect(delivered.json().data.deliveredAt).toMatch(/^\d{4}-\d{2}-\d{2} /);
    expect((await post(admin, 'exchange/cancel', { id: ok.json().data.id, remark: 'x' })).statusCode).toBe(
      409,
    );
  });

  it("a settled order earns its customer the purchase rule's points, once", async () => {
    const [o] = await q<{ id: string; customer_id: string; outstanding: string }>(
      `SELECT d.id, q.customer_id, (d.amount_due - d.received)::text AS outstanding FROM sales_order d
         JOIN sales_inquiry q ON q.id = d.inquiry_id
        WHERE d.tenant_id = $1 AND d.status = 'partial' AND q.customer_id IS NOT NULL LIMIT 1`,
      [TENANT],
    );
    const before = await balance(String(o!.customer_id));
    const paid = await call(t, admin, {
      method: 'POST',
      url: '/api/blade-sales/order/receive',
      payload: {
        orderId: String(o!.id),
        amount: o!.outstanding,
        method: 'cash',
        paidAt: formatDateTime(new Date()),
      },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await balance(String(o!.customer_id))).toBe(before + 2000);
    const lines = await q<{ n: number }>(
      "SELECT count(*)::int AS n FROM points_ledger WHERE ref_id = $1 AND event = 'purchase'",
      [o!.id],
    );
    expect(lines[0]!.n).toBe(1);
  });

  it("a salesperson reaches only the customers they look after: a colleague's are neither listed nor changed", async () => {
    const mine = await customer(100);
    const theirs = await customer(100, 'sales2');
    const g = await goods(10, 5);
    // Their points: no award, no adjustment, no balance, no exchange; nothing moved.
    for (const body of [
      { partyId: theirs, event: 'test_drive', remark: '' },
      { partyId: theirs, change: 50, remark: '补录' },
    ]) {
      const r = await post(sales1, 'record/adjust', body);
      expect(r.statusCode, r.body).toBe(403);
      expect(r.json().msg).toBe(
        'This customer is looked after by a colleague; you cannot see or change their points or coupons',
      );
    }
    expect((await get(sales1, `record/account?partyId=${theirs}`)).statusCode).toBe(403);
    expect((await post(sales1, 'exchange/submit', { customerId: theirs, goodsId: g, quantity: 1 })).statusCode).toBe(403); // prettier-ignore
    expect(await balance(theirs)).toBe(100);
    const stock = async () =>
      ((await get(admin, `goods/detail?id=${g}`)).json().data as { stock: number }).stock;
    expect(await stock()).toBe(5);
    // An exchange the administrator made for them: not shown to sales1, not delivered by them.
    const made = await post(admin, 'exchange/submit', { customerId: theirs, goodsId: g, quantity: 1 });
    expect(made.statusCode, made.body).toBe(200);
    const exId = made.json().data.id as string;
    expect((await get(sales1, `exchange/detail?id=${exId}`)).statusCode).toBe(403);
    expect((await post(sales1, 'exchange/deliver', { id: exId, remark: '' })).statusCode).toBe(403);
    expect((await get(admin, `exchange/detail?id=${exId}`)).json().data.status).toBe('pending');
    // Their own customer as before.
    expect((await post(sales1, 'record/adjust', { partyId: mine, change: 5, remark: '到店' })).statusCode).toBe(200); // prettier-ignore
    const mineEx = await post(sales1, 'exchange/submit', { customerId: mine, goodsId: g, quantity: 1 });
    expect(mineEx.statusCode, mineEx.body).toBe(200);
    // The lists: sales1 sees their customer's lines and exchange, not the colleague's; sales2 the other way.
    type Line = { partyId: string };
    type Exchange = { customerId: string };
    const lines = (token: string) =>
      get(token, 'record/list?size=1000').then((r) => r.json().data.records as Line[]);
    const exchanges = (token: string) =>
      get(token, 'exchange/list?size=1000').then((r) => r.json().data.records as Exchange[]);
    const [l1, l2, la, e1, e2] = await Promise.all([
      lines(sales1),
      lines(await tokenFor(t, 'sales2')),
      lines(admin),
      exchanges(sales1),
      exchanges(await tokenFor(t, 'sales2')),
    ]);
    expect(l1.some((l) => l.partyId === mine) && !l1.some((l) => l.partyId === theirs)).toBe(true);
    expect(l2.some((l) => l.partyId === theirs) && !l2.some((l) => l.partyId === mine)).toBe(true);
    expect(la.some((l) => l.partyId === mine) && la.some((l) => l.partyId === theirs)).toBe(true);
    expect(e1.map((e) => e.customerId)).toContain(mine);
    expect(e1.map((e) => e.customerId)).not.toContain(theirs);
    expect(e2.map((e) => e.customerId)).toContain(theirs);
    // Every line sales1 is shown is of a customer they look after.
    const own = new Set(
      (await q<{ id: string }>('SELECT id::text AS id FROM member_customer WHERE user_id = $1', [await userId('sales1')])).map((r) => r.id), // prettier-ignore
    );
    expect(l1.every((l) => own.has(l.partyId))).toBe(true);
  });

  it("another tenant sees none of it and reaches none of this tenant's holders", async () => {
    const other = await otherTenant(t, '300418');
    expect((await get(other, 'record/list')).json().data.total).toBe(0);
    expect((await get(other, 'exchange/list')).json().data.total).toBe(0);
    const id = await customer(10);
    const r = await post(other, 'record/adjust', { partyId: id, change: 5, remark: 'x' });
    expect(r.statusCode).toBe(400);
    expect(await balance(id)).toBe(10);
  });

  it.skipIf(!onPostgres)(
    'exchanges at once never spend more than the balance nor more than the stock (PostgreSQL)',
    async () => {
      const id = await customer(900);
      const g = await goods(300, 10);
      const codes = (
        await Promise.all(
          Array.from({ length: 8 }, () =>
            post(sales1, 'exchange/submit', { customerId: id, goodsId: g, quantity: 1 }),
          ),
        )
      ).map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(3);
      expect(await balance(id)).toBe(0);
      expect((await get(admin, `goods/detail?id=${g}`)).json().data).toMatchObject({
        stock: 7,
        exchanged: 3,
      });
      const two = await goods(1, 2);
      const rich = await customer(100);
      const stock = (
        await Promise.all(
          Array.from({ length: 6 }, () =>
            post(sales1, 'exchange/submit', { customerId: rich, goodsId: two, quantity: 1 }),
          ),
        )
      ).map((r) => r.statusCode);
      expect(stock.filter((c) => c === 200)).toHaveLength(2);
      expect(stock.filter((c) => c === 409)).toHaveLength(4);
    },
  );
});

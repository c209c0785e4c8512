import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestApp,
  dbLabel,
  onPostgres,
  otherTenant,
  tokenFor,
  type TestApp,
} from '../../../test/harness.js';
import { newId } from '../../platform/ids.js';
import { formatDateTime } from '../../platform/time.js';
import { CODE_ALPHABET, canMoveCoupon, expireCoupons, newCouponCode } from './coupon-rules.js';

const TENANT = '000000';
const day = (offsetDays: number) =>
  formatDateTime(new Date(Date.now() + offsetDays * 86_400_000))!.slice(0, 10);

describe('coupon codes and moves, without a database', () => {
  it('draws 12 characters a counter cannot misread, and never moves a coupon back', () => {
    const codes = new Set(Array.from({ length: 2000 }, newCouponCode));
    expect(codes.size).toBe(2000);
    for (const c of codes) expect(c).toMatch(new RegExp(`^[${CODE_ALPHABET}]{12}$`));
    expect([...codes].join('')).not.toMatch(/[IO01]/);
    expect(canMoveCoupon('unused', 'used')).toBe(true);
    expect(canMoveCoupon('used', 'unused')).toBe(false);
    expect(canMoveCoupon('expired', 'used')).toBe(false);
    expect(canMoveCoupon('voided', 'unused')).toBe(false);
  });
});

describe(`coupon records (${dbLabel})`, () => {
  let t: TestApp;
  let admin: string;
  let sales1: string;
  let customerId: string;
  const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => t.db.query<T>(sql, params);
  const get = (token: string, url: string) =>
    call(t, token, { url: `/api/blade-points/coupon/${url}`, lang: 'en' });
  const post = (token: string, url: string, payload: Record<string, unknown>) =>
    call(t, token, { method: 'POST', url: `/api/blade-points/coupon/${url}`, payload, lang: 'en' });
  const issue = (over: Record<string, unknown> = {}, token = admin) =>
    post(token, 'issue', {
      customerId,
      title: '保养抵扣券',
      kind: 'cash',
      amount: '200',
      minSpend: '800',
      validFrom: day(0),
      validTo: day(30),
      quantity: 1,
      ...over,
    });

  beforeAll(async () => {
    t = await createTestApp();
    [admin, sales1] = await Promise.all([tokenFor(t, 'admin'), tokenFor(t, 'sales1')]);
    customerId = newId();
    // sales1's customer: staff other than administrators reach only the customers they look after.
    await q(
      `INSERT INTO member_customer (id, tenant_id, name, phone, user_id)
       SELECT $1, $2::varchar, '孙券', '13600001111', id FROM blade_user WHERE account = 'sales1' AND tenant_id = $2::varchar`,
      [customerId, TENANT],
    );
  });
  afterAll(() => t?.close());

  it("the demo company's coupons: every status, amounts to the fen, gift coupons without one", async () => {
    const page = (await get(admin, 'list?size=100')).json().data;
    expect(page.total).toBeGreaterThanOrEqual(20);
    const records = page.records as Array<{
      status: string;
      kind: string;
      amount: string | null;
      minSpend: string;
    }>;
    expect(new Set(records.map((r) => r.status))).toEqual(new Set(['unused', 'used', 'expired', 'voided']));
    for (const r of records) {
      if (r.kind === 'gift') expect(r.amount).toBeNull();
      else expect(r.amount).toMatch(/^\d+\.\d{2}$/);
      expect(r.minSpend).toMatch(/^\d+\.\d{2}$/);
    }
  });

  it('issues each coupon with its own code; refuses a cash coupon without an amount, a threshold below it, dates out of order or past', async () => {
    const three = await issue({ quantity: 3 });
    expect(three.statusCode, three.body).toBe(200);
    const coupons = three.json().data as Array<{
      code: string;
      amount: string;
      minSpend: string;
      customerName: string;
      status: string;
    }>;
    expect(coupons).toHaveLength(3);
    expect(new Set(coupons.map((c) => c.code)).size).toBe(3);
    expect(coupons[0]).toMatchObject({
      amount: '200.00',
      minSpend: '800.00',
      customerName: '孙券',
      status: 'unused',
    });
    const gift = await issue(
      { kind: 'gift', amount: undefined, minSpend: undefined, title: '免费洗车券' },
      sales1,
    );
    expect(gift.json().data[0]).toMatchObject({ kind: 'gift', amount: null, minSpend: '0.00' });

    const noAmount = await issue({ amount: undefined });
    expect(noAmount.statusCode).toBe(400);
    expect(noAmount.json().msg).toContain('amount');
    expect((await issue({ amount: '0' })).statusCode).toBe(400);
    const low = await issue({ minSpend: '100' });
    expect(low.statusCode).toBe(400);
    expect(low.json().msg).toContain('minSpend');
    expect((await issue({ validFrom: day(5), validTo: day(4) })).json().msg).toContain('end date');
    expect((await issue({ validFrom: day(-10), validTo: day(-1) })).json().msg).toContain(
      'validity has ended',
    );
    expect((await issue({ amount: '12.345' })).statusCode).toBe(400);
  });

  it('a coupon is used once, only while valid; voiding needs a reason; nothing moves back', async () => {
    const [c] = (await issue()).json().data as Array<{ id: string; code: string }>;
    const used = await post(sales1, 'use', { id: c!.id, remark: '订单 SO20261129-0001' });
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json().data).toMatchObject({ status: 'used', remark: '订单 SO20261129-0001' });
    expect(used.json().data.usedAt).toMatch(/^\d{4}-\d{2}-\d{2} /);
    const again = await post(sales1, 'use', { id: c!.id, remark: '' });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(`Coupon ${c!.code} is used, expired or voided`);
    expect((await post(admin, 'void', { id: c!.id, remark: '误发' })).statusCode).toBe(409);

    // The message names the start day that was sent, not one worked out again after the issue.
    const validFrom = day(3);
    const [later] = (await issue({ validFrom, validTo: day(10) })).json().data as Array<{
      id: string;
    }>;
    const early = await post(sales1, 'use', { id: later!.id, remark: '' });
    expect(early.statusCode).toBe(400);
    expect(early.json().msg).toBe(`The coupon is not valid yet (from ${validFrom})`);
    expect((await post(admin, 'void', { id: later!.id, remark: ' ' })).statusCode).toBe(400);
    expect((await post(sales1, 'void', { id: later!.id, remark: '误发' })).statusCode).toBe(403);
    const voided = await post(admin, 'void', { id: later!.id, remark: '误发' });
    expect(voided.json().data).toMatchObject({ status: 'voided', remark: '误发', usedAt: null });
  });

  it("the sweep expires unused coupons past their last day, every tenant's, and only those", async () => {
    const [c] = (await issue()).json().data as Array<{ id: string }>;
    // Past days by the server's clock and zone, as the sweep reckons them (not the database's current_date).
    await q('UPDATE coupon_record SET valid_from = $2::date, valid_to = $3::date WHERE id = $1', [
      c!.id,
      day(-10),
      day(-1),
    ]);
    expect(await expireCoupons(t.db)).toBeGreaterThanOrEqual(1);
    expect((await get(admin, `detail?id=${c!.id}`)).json().data.status).toBe('expired');
    const used = await q<{ n: number }>(
      "SELECT count(*)::int AS n FROM coupon_record WHERE status = 'used' AND used_at IS NULL",
    );
    expect(used[0]!.n).toBe(0);
    expect(await expireCoupons(t.db)).toBe(0);
  });

  it("a salesperson neither issues, sees nor redeems the coupons of a colleague's customer", async () => {
    const theirs = newId();
    await q(
      `INSERT INTO member_customer (id, tenant_id, name, phone, user_id)
       SELECT $1, $2::varchar, '周券', '13600002222', id FROM blade_user WHERE account = 'sales2' AND tenant_id = $2::varchar`,
      [theirs, TENANT],
    );
    const refused = await issue({ customerId: theirs }, sales1);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().msg).toMatch(/looked after by a colleague/);
    const [c] = (await issue({ customerId: theirs })).json().data as Array<{ id: string }>;
    const [mine] = (await issue({}, sales1)).json().data as Array<{ id: string }>;
    const seen = (await get(sales1, 'list?size=1000')).json().data.records as Array<{ id: string }>;
    expect(seen.map((x) => x.id)).toContain(mine!.id);
    expect(seen.map((x) => x.id)).not.toContain(c!.id);
    expect((await get(sales1, `detail?id=${c!.id}`)).statusCode).toBe(403);
    const use = await post(sales1, 'use', { id: c!.id, remark: '' });
    expect(use.statusCode, use.body).toBe(403);
    expect((await get(admin, `detail?id=${c!.id}`)).json().data.status).toBe('unused');
    // Their colleague, who looks after the customer, redeems it.
    const sales2 = await tokenFor(t, 'sales2');
    expect((await post(sales2, 'use', { id: c!.id, remark: '' })).json().data.status).toBe('used');
  });

  it("another tenant neither sees nor redeems this tenant's coupons", async () => {
    const [c] = (await issue()).json().data as Array<{ id: string }>;
    const other = await otherTenant(t, '300419');
    expect((await get(other, 'list')).json().data.total).toBe(0);
    expect((await post(other, 'use', { id: c!.id, remark: '' })).statusCode).toBe(404);
    expect((await get(admin, `detail?id=${c!.id}`)).json().data.status).toBe('unused');
  });

  it.skipIf(!onPostgres)('two counters redeeming one code at once: one wins (PostgreSQL)', async () => {
    const [c] = (await issue()).json().data as Array<{ id: string }>;
    const codes = (
      await Promise.all(Array.from({ length: 6 }, () => post(sales1, 'use', { id: c!.id, remark: '' })))
    ).map((r) => r.statusCode);
    expect(codes.filter((x) => x === 200)).toHaveLength(1);
    expect(codes.filter((x) => x === 409)).toHaveLength(5);
  });
});

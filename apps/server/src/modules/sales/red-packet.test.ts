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

const TENANT = '000000';

describe(`red packets (${dbLabel})`, () => {
  let t: TestApp;
  let admin: string;
  let sales1: string;
  let sales2: string;
  let finance: string;
  let customerId: string;
  const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => t.db.query<T>(sql, params);
  const get = (token: string, url: string) =>
    call(t, token, { url: `/api/blade-sales/red-packet/${url}`, lang: 'en' });
  const post = (token: string, url: string, payload: Record<string, unknown>) =>
    call(t, token, { method: 'POST', url: `/api/blade-sales/red-packet/${url}`, payload, lang: 'en' });
  const apply = async (amount = '88.8', token = sales1) => {
    const r = await post(token, 'submit', { customerId, scene: 'referral', amount, greeting: '感谢转介绍' });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data as { id: string; packetNo: string };
  };

  beforeAll(async () => {
    t = await createTestApp();
    [admin, sales1, sales2, finance] = await Promise.all([
      tokenFor(t, 'admin'),
      tokenFor(t, 'sales1'),
      tokenFor(t, 'sales2'),
      tokenFor(t, 'finance1'),
    ]);
    customerId = newId();
    await q(
      "INSERT INTO member_customer (id, tenant_id, name, phone) VALUES ($1, $2, '周红包', '13600002222')",
      [customerId, TENANT],
    );
  });
  afterAll(() => t?.close());

  it("the demo company's red packets: every status, amounts to the fen, each paid one with its serial number", async () => {
    const page = (await get(admin, 'list?size=50')).json().data;
    expect(page.total).toBeGreaterThanOrEqual(8);
    const rows = page.records as Array<{
      status: string;
      amount: string;
      reference: string;
      paidAt: string | null;
    }>;
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['pending', 'approved', 'paid', 'rejected']));
    for (const r of rows) {
      expect(r.amount).toMatch(/^\d{1,3}\.\d{2}$/);
      expect(Boolean(r.reference && r.paidAt)).toBe(r.status === 'paid');
    }
    // A salesperson sees only their own applications.
    const mine = (await get(sales1, 'list?size=50')).json().data.records as Array<{ ownerName: string }>;
    expect(mine.every((r) => r.ownerName === '王建国')).toBe(true);
  });

  it('applies within the wallet limit; a manager (never the applicant) decides; finance pays once per serial number', async () => {
    const over = await post(sales1, 'submit', { customerId, scene: 'referral', amount: '200.01' });
    expect(over.statusCode).toBe(400);
    expect(over.json().msg).toBe('amount: a red packet carries 0.01 to 200.00 yuan, with at most 2 decimals');
    expect((await post(sales1, 'submit', { customerId, scene: 'referral', amount: '0' })).statusCode).toBe(
      400,
    );
    expect((await post(sales1, 'submit', { customerId, scene: 'bribe', amount: '1' })).statusCode).toBe(400);

    const p = await apply('188');
    expect(p.packetNo).toMatch(/^RP\d{8}-\d{4}$/);
    expect((await get(admin, `detail?id=${p.id}`)).json().data).toMatchObject({
      amount: '188.00',
      status: 'pending',
    });
    expect((await get(sales2, `detail?id=${p.id}`)).statusCode).toBe(403);
    expect((await post(sales1, 'approve', { id: p.id })).statusCode).toBe(403);
    expect((await post(finance, 'pay', { id: p.id, reference: 'WX1' })).statusCode).toBe(409);

    const approved = await post(admin, 'approve', { id: p.id, remark: '同意' });
    expect(approved.json().data).toMatchObject({
      status: 'approved',
      approvedByName: '管理员',
      approvalRemark: '同意',
    });
    expect((await post(admin, 'reject', { id: p.id, remark: '迟了' })).statusCode).toBe(409);

    const ref = `WXHB${newId()}`;
    const paid = await post(finance, 'pay', { id: p.id, reference: ref });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({ status: 'paid', reference: ref });
    const p2 = await apply();
    await post(admin, 'approve', { id: p2.id });
    const twice = await post(finance, 'pay', { id: p2.id, reference: ref });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().msg).toContain(ref);
    expect((await get(admin, `detail?id=${p2.id}`)).json().data.status).toBe('approved');
  });

  it("an administrator's own application waits for another manager; a rejection needs its reason", async () => {
    const own = await apply('50', admin);
    const self = await post(admin, 'approve', { id: own.id });
    expect(self.statusCode).toBe(403);
    expect(self.json().msg).toBe('You cannot approve your own red packet');
    const p = await apply();
    expect((await post(admin, 'reject', { id: p.id, remark: ' ' })).statusCode).toBe(400);
    const rejected = await post(admin, 'reject', { id: p.id, remark: '本月预算已用完' });
    expect(rejected.json().data).toMatchObject({ status: 'rejected', approvalRemark: '本月预算已用完' });
  });

  it("another tenant neither sees nor pays this tenant's red packets", async () => {
    const p = await apply();
    const other = await otherTenant(t, '300420');
    expect((await get(other, 'list')).json().data.total).toBe(0);
    expect((await get(other, `detail?id=${p.id}`)).statusCode).toBe(404);
    expect((await post(other, 'approve', { id: p.id })).statusCode).toBe(404);
  });

  it.skipIf(!onPostgres)('two managers deciding at once change it once (PostgreSQL)', async () => {
    const p = await apply();
    const codes = (
      await Promise.all([
        post(admin, 'approve', { id: p.id }),
        post(admin, 'reject', { id: p.id, remark: '不同意' }),
        post(admin, 'approve', { id: p.id }),
      ])
    ).map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(2);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, dbLabel, otherTenant, tokenFor, type TestApp } from '../../../test/harness.js';
import { assignUnclaimed, createUserInquiry } from './index.js';

const TENANT = '000000';
const inquiry = (over: Record<string, unknown> = {}) => ({
  customerName: '周先生',
  customerPhone: '13700001111',
  modelText: '想看看中型电动SUV',
  cityCode: '310100',
  channel: 'phone',
  budget: '250000.00',
  purchasePlan: 'finance',
  expectedPurchaseDate: '2026-12-31',
  ...over,
});

describe(`inquiries over HTTP (${dbLabel})`, () => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  const ids: Record<string, string> = {};

  const post = (who: string, url: string, payload: unknown, lang: 'en' | 'zh' = 'en') =>
    call(t, tok[who], { method: 'POST', url: `/api/blade-sales/${url}`, payload: payload as object, lang });
  const get = (who: string, url: string) =>
    call(t, tok[who], { method: 'GET', url: `/api/blade-sales/${url}`, lang: 'en' });
  const userId = async (account: string) =>
    (await t.db.one<{ id: string }>('SELECT id FROM blade_user WHERE account = $1 AND tenant_id = $2', [
      account,
      TENANT,
    ]))!.id;
  const create = async (who: string, over: Record<string, unknown> = {}) => {
    const res = await post(who, 'inquiry/submit', inquiry(over));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as string;
  };

  beforeAll(async () => {
    t = await createTestApp({ SEED_DEMO: 'on' });
    for (const a of ['admin', 'sales1', 'sales2', 'online1', 'online2', 'resource1']) {
      tok[a] = await tokenFor(t, a);
      ids[a] = await userId(a);
    }
  });
  afterAll(() => t?.close());

  it('submit finds or creates the customer by phone: the same phone never becomes two customers', async () => {
    const phone = '13700002222';
    const a = await create('admin', { customerPhone: phone, ownerUser: ids.sales1 });
    const b = await create('admin', { customerPhone: phone, customerName: '周先生', ownerUser: ids.sales1 });
    const rows = await t.db.query<{ customer_id: string }>(
      'SELECT customer_id FROM sales_inquiry WHERE id = ANY($1::bigint[])',
      [[a, b]],
    );
    expect(new Set(rows.map((r) => r.customer_id)).size).toBe(1);
    const n = await t.db.one<{ n: string }>('SELECT count(*) n FROM member_customer WHERE phone = $1', [
      phone,
    ]);
    expect(n!.n).toBe('1');
    const detail = (await get('sales1', `inquiry/detail?id=${a}`)).json().data;
    expect(detail).toMatchObject({
      status: 'assigned',
      ownerUser: ids.sales1,
      budget: '250000.00',
      channel: 'phone',
    });
    expect(detail.history.map((h: { action: string }) => h.action)).toEqual(['create', 'assign']);
  });

  it.each([
    ['customerPhone', { customerPhone: '2370000111' }],
    ['budget', { budget: '12.345' }],
    ['channel', { channel: 'fax' }],
    ['cityCode', { cityCode: 'Shanghai' }],
    ['expectedPurchaseDate', { expectedPurchaseDate: '31/12/2026' }],
    ['modelId', { modelText: '' }],
  ])('a malformed %s is a 400 naming the field', async (field, over) => {
    const res = await post('admin', 'inquiry/submit', inquiry(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain(field);
  });

  it('a salesperson sees only their own inquiries; another person’s answers 403 by id', async () => {
    const mine = await create('admin', { customerPhone: '13700003333', ownerUser: ids.sales1 });
    const theirs = await create('admin', { customerPhone: '13700004444', ownerUser: ids.sales2 });
    const list = (await get('sales1', 'inquiry/list?size=1000')).json().data;
    const owners = new Set(list.records.map((r: { ownerUser: string }) => r.ownerUser));
    expect([...owners]).toEqual([ids.sales1]);
    expect(list.records.some((r: { id: string }) => r.id === mine)).toBe(true);
    expect(list.records.some((r: { id: string }) => r.id === theirs)).toBe(false);
    expect((await get('sales1', `inquiry/detail?id=${theirs}`)).statusCode).toBe(403);
    expect(
      (await post('sales1', 'inquiry/follow', { id: theirs, method: 'phone', content: 'x' })).statusCode,
    ).toBe(403);
    expect((await get('resource1', 'inquiry/list?size=1000')).json().data.total).toBe(0);
    const all = (await get('admin', 'inquiry/list?size=1')).json().data.total;
    const total = await t.db.one<{ n: string }>(
      'SELECT count(*) n FROM sales_inquiry WHERE tenant_id = $1 AND is_deleted = 0',
      [TENANT],
    );
    expect(all).toBe(Number(total!.n));
    // Another tenant's administrator gets 403, never the row.
    const other = await otherTenant(t, '700001');
    const res = await call(t, other, { method: 'GET', url: `/api/blade-sales/inquiry/detail?id=${mine}` });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('13700003333');
  });

  it('names a municipality’s city by its province (its only city is 市辖区) and any other city by its own name', async () => {
    const shanghai = await create('admin', {
      customerPhone: '13700020031',
      ownerUser: ids.sales1,
      cityCode: '3101',
    });
    const guangzhou = await create('admin', {
      customerPhone: '13700020032',
      ownerUser: ids.sales1,
      cityCode: '4401',
    });
    const records = (await get('sales1', 'inquiry/list?size=1000')).json().data.records as Array<{
      id: string;
      cityName: string | null;
    }>;
    expect(records.find((r) => r.id === shanghai)?.cityName).toBe('上海市');
    expect(records.find((r) => r.id === guangzhou)?.cityName).toBe('广州市');
  });

  it('follow-up: the first one answers the inquiry and moves it assigned → following', async () => {
    const id = await create('admin', { customerPhone: '13700005555', ownerUser: ids.sales1 });
    const res = await post('sales1', 'inquiry/follow', {
      id,
      method: 'wechat',
      content: '已加微信，发了车型资料',
      nextFollowTime: '2099-01-02 10:00',
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = (await get('sales1', `inquiry/detail?id=${id}`)).json().data;
    expect(d).toMatchObject({ status: 'following', nextFollowTime: '2099-01-02 10:00:00', overdue: false });
    expect(d.firstResponseAt).not.toBeNull();
    expect(d.follows).toHaveLength(1);
    expect(d.follows[0]).toMatchObject({ method: 'wechat', content: '已加微信，发了车型资料' });
    const bad = await post('sales1', 'inquiry/follow', { id, method: 'fax', content: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('method');
  });

  it('flags inquiries nobody answered within the first-response limit (parameter, default 30 min)', async () => {
    const late = await create('admin', { customerPhone: '13700006666', ownerUser: ids.sales1 });
    const fresh = await create('admin', { customerPhone: '13700007777', ownerUser: ids.sales1 });
    await t.db.query(`UPDATE sales_inquiry SET create_time = now() - interval '31 minutes' WHERE id = $1`, [
      late,
    ]);
    const flag = async (id: string) => (await get('sales1', `inquiry/detail?id=${id}`)).json().data.overdue;
    expect(await flag(late)).toBe(true);
    expect(await flag(fresh)).toBe(false);
    const overdue = (await get('sales1', 'inquiry/list?overdue=1&size=1000')).json().data.records;
    expect(overdue.some((r: { id: string }) => r.id === late)).toBe(true);
    expect(overdue.some((r: { id: string }) => r.id === fresh)).toBe(false);
    expect(overdue.every((r: { overdue: boolean }) => r.overdue)).toBe(true);
    const setLimit = (value: string) =>
      t.db.query(
        `UPDATE blade_param SET param_value = $1 WHERE tenant_id = $2 AND param_key = 'sales.inquiry.firstResponseMinutes' AND is_deleted = 0`,
        [value, TENANT],
      );
    await setLimit('60');
    expect(await flag(late)).toBe(false);
    await setLimit('30');
  });

  it('transfer changes the owner and keeps the reason in the history; no reason is a 400', async () => {
    const id = await create('admin', { customerPhone: '13700008888', ownerUser: ids.sales1 });
    const none = await post('sales1', 'inquiry/transfer', { id, userId: ids.sales2, reason: '' });
    expect(none.statusCode).toBe(400);
    expect(none.json().msg).toContain('reason');
    const ok = await post('sales1', 'inquiry/transfer', { id, userId: ids.sales2, reason: '客户在二部附近' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await get('sales1', `inquiry/detail?id=${id}`)).statusCode).toBe(403);
    const d = (await get('sales2', `inquiry/detail?id=${id}`)).json().data;
    expect(d.ownerUser).toBe(ids.sales2);
    expect(d.history.at(-1)).toMatchObject({
      action: 'transfer',
      fromUser: ids.sales1,
      toUser: ids.sales2,
      reason: '客户在二部附近',
    });
  });

  it('close: lost and invalid need a reason; won only from quoted; refusals are translated 400s', async () => {
    const id = await create('admin', { customerPhone: '13700009999', ownerUser: ids.sales1 });
    const noReason = await post('sales1', 'inquiry/close', { id, status: 'lost' });
    expect(noReason.statusCode).toBe(400);
    const won = await post('sales1', 'inquiry/close', { id, status: 'won' });
    expect(won.statusCode).toBe(400);
    expect(won.json().msg).toMatch(/^[A-Z]/);
    const wonZh = await post('sales1', 'inquiry/close', { id, status: 'won' }, 'zh');
    expect(wonZh.json().msg).toMatch(/[\u4e00-\u9fa5]/);
    const lost = await post('sales1', 'inquiry/close', { id, status: 'lost', reason: '已在别家购车' });
    expect(lost.statusCode, lost.body).toBe(200);
    const d = (await get('sales1', `inquiry/detail?id=${id}`)).json().data;
    expect(d).toMatchObject({ status: 'lost', closeReason: '已在别家购车' });
    // Closed: no more follow-ups or transfers.
    expect((await post('sales1', 'inquiry/follow', { id, method: 'phone', content: 'x' })).statusCode).toBe(
      400,
    );
    expect(
      (await post('sales1', 'inquiry/transfer', { id, userId: ids.sales2, reason: 'r' })).statusCode,
    ).toBe(400);
  });

  it('assignment: a manager picks the salesperson; the round-robin alternates over the online-sales staff', async () => {
    const forbidden = await post('sales1', 'inquiry/assign', {
      id: await create('admin', { customerPhone: '13700010001' }),
    });
    expect(forbidden.statusCode).toBe(403);
    const manual = await create('admin', { customerPhone: '13700010002' });
    const res = await post('admin', 'inquiry/assign', { id: manual, userId: ids.sales2 });
    expect(res.json().data.ownerUser).toBe(ids.sales2);
    expect((await get('sales2', `inquiry/detail?id=${manual}`)).json().data.status).toBe('assigned');
    const owners: string[] = [];
    for (let i = 0; i < 4; i++) {
      const id = await create('admin', { customerPhone: `1370002000${i}` });
      owners.push((await post('admin', 'inquiry/assign', { id })).json().data.ownerUser);
    }
    const online = [ids.online1, ids.online2];
    expect(owners.every((o) => online.includes(o))).toBe(true);
    expect(owners[0]).not.toBe(owners[1]);
    expect(owners[2]).toBe(owners[0]);
    expect(owners[3]).toBe(owners[1]);
  });

  // Real parallelism on PostgreSQL (the advisory lock queues them); PGlite runs them one after another.
  it('round-robin under concurrency: 10 simultaneous assignments split 5 / 5', async () => {
    const list: string[] = [];
    for (let i = 0; i < 10; i++) list.push(await create('admin', { customerPhone: `1370003000${i}` }));
    const answers = await Promise.all(list.map((id) => post('admin', 'inquiry/assign', { id })));
    const owners = answers.map((a) => a.json().data.ownerUser as string);
    expect(owners.filter((o) => o === ids.online1)).toHaveLength(5);
    expect(owners.filter((o) => o === ids.online2)).toHaveLength(5);
  });

  describe('user inquiries', () => {
    it(`20 parallel claims of one user inquiry: exactly one winner, the others told it is taken`, async () => {
      const id = await createUserInquiry(t.db, TENANT, {
        name: '钱女士',
        phone: '13700040001',
        modelText: 'Model Y',
        cityCode: '310100',
      });
      // Ten claims each from both online-sales colleagues.
      const claims = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          post(i % 2 ? 'online1' : 'online2', 'user-inquiry/claim', { id }),
        ),
      );
      const won = claims.filter((c) => c.statusCode === 200);
      expect(won).toHaveLength(1);
      const lost = claims.filter((c) => c.statusCode === 409);
      expect(lost).toHaveLength(19);
      expect(lost[0]!.json().msg).toBe('This user inquiry has already been claimed by a colleague');
      const inquiryId = won[0]!.json().data.inquiryId as string;
      const n = await t.db.one<{ n: string }>(
        'SELECT count(*) n FROM sales_inquiry WHERE user_inquiry_id = $1',
        [id],
      );
      expect(n!.n).toBe('1');
      const d = await t.db.one<{ owner_user: string; channel: string; status: string }>(
        'SELECT owner_user, channel, status FROM sales_inquiry WHERE id = $1',
        [inquiryId],
      );
      expect(d).toMatchObject({ channel: 'h5', status: 'assigned' });
      const winner = d!.owner_user === ids.online1 ? 'online1' : 'online2';
      expect((await get(winner, `inquiry/detail?id=${inquiryId}`)).statusCode).toBe(200);
      const loser = winner === 'online1' ? 'online2' : 'online1';
      expect((await get(loser, `inquiry/detail?id=${inquiryId}`)).statusCode).toBe(403);
      expect((await get(loser, `user-inquiry/detail?id=${id}`)).statusCode).toBe(403);
    });

    it('unclaimed past the limit, the sweep assigns them round-robin (moved clock)', async () => {
      const a = await createUserInquiry(t.db, TENANT, {
        name: '孙先生',
        phone: '13700050001',
        modelText: '汉EV',
        cityCode: '310100',
      });
      const b = await createUserInquiry(t.db, TENANT, {
        name: '李女士',
        phone: '13700050002',
        modelText: '理想L6',
        cityCode: '310100',
      });
      const pendingBefore = await assignUnclaimed(t.db, new Date(Date.now() + 60_000));
      expect(pendingBefore).not.toContain(a);
      const later = new Date(Date.now() + 16 * 60_000);
      const done = await assignUnclaimed(t.db, later);
      expect(done).toEqual(expect.arrayContaining([a, b]));
      const rows = await t.db.query<{ id: string; status: string; claimed_by: string; inquiry_id: string }>(
        'SELECT id, status, claimed_by, inquiry_id FROM sales_user_inquiry WHERE id = ANY($1::bigint[]) ORDER BY create_time, id',
        [[a, b]],
      );
      expect(rows.every((r) => r.status === 'assigned' && r.inquiry_id)).toBe(true);
      expect(new Set(rows.map((r) => r.claimed_by))).toEqual(new Set([ids.online1, ids.online2]));
      // Already assigned: a claim now is told it is taken.
      expect((await post('online1', 'user-inquiry/claim', { id: a })).statusCode).toBe(409);
      expect(await assignUnclaimed(t.db, later)).toEqual([]);
    });

    it('the pool is listed to online sales; a salesperson without the claim button gets 403', async () => {
      const id = await createUserInquiry(t.db, TENANT, {
        name: '吴先生',
        phone: '13700060001',
        modelText: '小鹏G6',
        cityCode: '310100',
      });
      const list = (await get('online1', 'user-inquiry/list?status=pending&size=1000')).json().data;
      expect(list.records.some((r: { id: string }) => r.id === id)).toBe(true);
      expect((await post('sales1', 'user-inquiry/claim', { id })).statusCode).toBe(403);
    });

    it('a taken one is its taker’s and their department head’s; other colleagues get 403', async () => {
      const id = await createUserInquiry(t.db, TENANT, {
        name: '冯先生',
        phone: '13700070001',
        modelText: '问界M7',
        cityCode: '3101',
      });
      expect((await post('online1', 'user-inquiry/claim', { id })).statusCode).toBe(200);
      // A head of 网络营销部 (online1's department): a role at the manager rank.
      const dept = (await t.db.one<{ id: string }>(
        `SELECT id FROM blade_dept WHERE dept_name = '网络营销部' AND tenant_id = $1`,
        [TENANT],
      ))!.id;
      await t.db.query(
        `INSERT INTO blade_role (id, tenant_id, role_name, role_alias, role_rank) VALUES (9240101, $1, '网销主管', 'online_head', 50)`,
        [TENANT],
      );
      await t.db.query(
        `INSERT INTO blade_user (id, tenant_id, account, password, status, dept_id) VALUES (9240102, $1, 'onlinehead', 'x', 1, $2)`,
        [TENANT, dept],
      );
      await t.db.query('INSERT INTO blade_user_role (user_id, role_id) VALUES (9240102, 9240101)');
      await t.db.query('INSERT INTO blade_user_dept (user_id, dept_id) VALUES (9240102, $1)', [dept]);
      const menu = await t.db.one<{ id: string }>(`SELECT id FROM blade_menu WHERE code = 'user_inquiry'`);
      await t.db.query('INSERT INTO blade_role_menu (role_id, menu_id) VALUES (9240101, $1)', [menu!.id]);
      tok.onlinehead = await tokenFor(t, 'onlinehead');
      expect((await get('online1', `user-inquiry/detail?id=${id}`)).statusCode).toBe(200);
      expect((await get('onlinehead', `user-inquiry/detail?id=${id}`)).statusCode).toBe(200);
      expect((await get('online2', `user-inquiry/detail?id=${id}`)).statusCode).toBe(403);
      const list = (await get('online2', 'user-inquiry/list?size=1000')).json().data.records;
      expect(list.some((r: { id: string }) => r.id === id)).toBe(false);
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, dbLabel, otherTenant, tokenFor, type TestApp } from '../../../test/harness.js';

describe(`customer list (${dbLabel})`, () => {
  let t: TestApp;
  let admin: string;
  let sales1: string;
  let sales2: string;
  let other: string;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp();
    [admin, sales1, sales2] = await Promise.all([
      tokenFor(t, 'admin'),
      tokenFor(t, 'sales1'),
      tokenFor(t, 'sales2'),
    ]);
    other = await otherTenant(t, '777777');
    for (const u of await t.db.query<{ account: string; id: string }>(
      `SELECT account, id FROM blade_user WHERE tenant_id = '000000'`,
    ))
      ids[u.account] = String(u.id);
  });
  afterAll(() => t?.close());

  const get = (token: string, url: string) => call(t, token, { url, lang: 'en' });
  const post = (token: string, url: string, payload?: object) =>
    call(t, token, { method: 'POST', url, payload, lang: 'en' });
  const page = async (token: string, q = '') =>
    (await get(token, `/api/blade-member/customer/page?size=100${q}`)).json().data as {
      total: number;
      records: Array<{ id: string; name: string; phone: string; userId: string; userName: string }>;
    };
  const idOf = async (phone: string) =>
    String(
      (await t.db.one<{ id: string }>(
        'SELECT id FROM member_customer WHERE phone = $1 AND is_deleted = 0 AND tenant_id = $2',
        [phone, '000000'],
      ))!.id,
    );

  it('shows administrators every customer and sales staff only those they look after', async () => {
    // The sales floor's demo inquiries bring customers of their own (modules/sales): counts come from the table.
    const count = async (where = '', params: unknown[] = []) =>
      Number(
        (await t.db.one<{ n: string }>(
          `SELECT count(*) n FROM member_customer WHERE is_deleted = 0 ${where}`,
          params,
        ))!.n,
      );
    const all = await page(admin);
    expect(all.total).toBe(await count());
    const mine = await page(sales1);
    expect(mine.total).toBe(await count('AND user_id = $1', [ids.sales1]));
    expect(mine.total).toBeLessThan(all.total);
    expect(new Set(mine.records.map((r) => r.userName))).toEqual(new Set(['王建国']));
    expect((await page(sales2)).records.every((r) => r.userId === ids.sales2)).toBe(true);
    // Filters work inside the caller's own customers.
    const zhang1 = (await page(sales1, `&name=${encodeURIComponent('张')}`)).records;
    expect(zhang1.map((r) => r.name)).toContain('张志强');
    expect(zhang1.every((r) => r.name.includes('张') && r.userId === ids.sales1)).toBe(true);
    const zhang2 = (await page(sales2, `&name=${encodeURIComponent('张')}`)).records;
    expect(zhang2.every((r) => r.name.includes('张') && r.userId === ids.sales2)).toBe(true);
    expect((await page(admin, `&userId_equal=${ids.online2}`)).total).toBe(
      await count('AND user_id = $1', [ids.online2]),
    );
  });

  it('checks the mobile number with the spec messages and refuses a number that is already a customer', async () => {
    const add = (payload: object) => post(sales1, '/api/blade-member/customer/submit', payload);
    expect((await add({ name: '钱多多', phone: '' })).json().msg).toBe('Mobile number cannot be empty');
    expect((await add({ name: '钱多多', phone: '1391234' })).json().msg).toBe(
      'Mobile number must be 11 digits',
    );
    expect((await add({ name: '  ', phone: '13511112222' })).json().msg).toBe(
      'Please enter the customer name',
    );
    // sales2's customer: the number is refused, named, even though sales1 cannot see that customer.
    expect((await add({ name: '钱多多', phone: '13701234507' })).json()).toMatchObject({
      code: 400,
      msg: 'Mobile number 13701234507 already belongs to a customer of this tenant',
    });
    expect((await add({ name: '钱多多', phone: '13511112222', source: 'tv' })).json().msg).toBe(
      'source: tv is not an entry of the dictionary',
    );
    const res = (
      await add({
        name: '钱多多',
        phone: '13511112222',
        sex: 1,
        source: '1',
        brand: 'honda',
        remark: '到店看车',
      })
    ).json();
    expect(res.code).toBe(200);
    const detail = (await get(sales1, `/api/blade-member/customer/detail?id=${res.data}`)).json().data;
    // Sales staff add customers for themselves.
    expect(detail).toMatchObject({
      name: '钱多多',
      phone: '13511112222',
      userId: ids.sales1,
      userName: '王建国',
    });
    expect(
      (await add({ id: res.data, name: '钱多多', phone: '13511112222', userId: ids.sales2 })).json(),
    ).toMatchObject({
      code: 403,
      msg: 'Only an administrator can choose or change the responsible staff member',
    });
    expect(
      (await add({ id: res.data, name: '钱先生', phone: '13511112223', userId: ids.sales1 })).json().code,
    ).toBe(200);
    expect((await get(sales1, `/api/blade-member/customer/detail?id=${res.data}`)).json().data).toMatchObject(
      {
        name: '钱先生',
        phone: '13511112223',
      },
    );
  });

  it("keeps a colleague's customers out of reach", async () => {
    const theirs = await idOf('13701234507');
    for (const res of [
      await get(sales1, `/api/blade-member/customer/detail?id=${theirs}`),
      await post(sales1, '/api/blade-member/customer/submit', {
        id: theirs,
        name: 'x',
        phone: '13701234507',
      }),
      await post(sales1, `/api/blade-member/customer/remove?ids=${theirs}`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe(
        'This customer is looked after by a colleague; you cannot see or change it',
      );
    }
    expect((await get(sales2, `/api/blade-member/customer/detail?id=${theirs}`)).json().data.name).toBe(
      '徐海峰',
    );
  });

  it('lets administrators hand customers to a colleague, and nobody else', async () => {
    const a = await idOf('13601234501');
    const b = await idOf('13601234502');
    expect(
      (await post(sales1, '/api/blade-member/customer/assign', { ids: a, userId: ids.sales1 })).statusCode,
    ).toBe(403);
    expect(
      (
        await post(admin, '/api/blade-member/customer/assign', { ids: `${a},${b}`, userId: ids.sales2 })
      ).json(),
    ).toMatchObject({ code: 200, data: 2, msg: '2 customer(s) assigned to 李晓梅' });
    expect((await get(sales1, `/api/blade-member/customer/detail?id=${a}`)).statusCode).toBe(403);
    expect((await get(sales2, `/api/blade-member/customer/detail?id=${a}`)).json().data.userName).toBe(
      '李晓梅',
    );
    const boss = String(
      (await t.db.one<{ id: string }>(`SELECT id FROM blade_user WHERE tenant_id = '777777'`))!.id,
    );
    expect(
      (await post(admin, '/api/blade-member/customer/assign', { ids: a, userId: boss })).json().msg,
    ).toBe('The responsible staff member must be an active employee of this tenant');
    // An administrator adding a customer chooses who looks after them.
    const added = (
      await post(admin, '/api/blade-member/customer/submit', {
        name: '冯女士',
        phone: '13522223333',
        userId: ids.online1,
      })
    ).json().data;
    expect((await get(admin, `/api/blade-member/customer/detail?id=${added}`)).json().data.userName).toBe(
      '陈思远',
    );
  });

  it('removes customers (soft), after which the number can be added again', async () => {
    const id = await idOf('15001234510');
    expect((await post(sales1, `/api/blade-member/customer/remove?ids=${id}`)).statusCode).toBe(403);
    expect((await post(sales2, `/api/blade-member/customer/remove?ids=${id}`)).json().data).toBe(1);
    expect((await get(admin, `/api/blade-member/customer/detail?id=${id}`)).statusCode).toBe(404);
    expect(
      (
        await post(sales2, '/api/blade-member/customer/submit', { name: '朱丹丹', phone: '15001234510' })
      ).json().code,
    ).toBe(200);
  });

  it("keeps one tenant's customers from another", async () => {
    const id = await idOf('13501234512');
    expect((await page(other)).total).toBe(0);
    expect((await get(other, `/api/blade-member/customer/detail?id=${id}`)).statusCode).toBe(403);
    expect(
      (await post(other, '/api/blade-member/customer/submit', { id, name: 'x', phone: '13501234512' }))
        .statusCode,
    ).toBe(403);
    expect((await post(other, `/api/blade-member/customer/remove?ids=${id}`)).statusCode).toBe(403);
    expect(
      (await post(other, '/api/blade-member/customer/assign', { ids: id, userId: ids.sales1 })).statusCode,
    ).toBe(403);
    // The same number may be a customer of another tenant.
    expect(
      (
        await post(other, '/api/blade-member/customer/submit', { name: '郭晓燕', phone: '13501234512' })
      ).json().code,
    ).toBe(200);
    expect((await page(other)).records.map((r) => r.phone)).toEqual(['13501234512']);
    expect((await get(admin, `/api/blade-member/customer/detail?id=${id}`)).json().data.name).toBe('郭晓燕');
  });
});

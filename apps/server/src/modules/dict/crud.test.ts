import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, dbLabel, otherTenant, tokenFor, type TestApp } from '../../../test/harness.js';

describe(`dictionary administration (${dbLabel})`, () => {
  let t: TestApp;
  let admin: string;
  let other: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await tokenFor(t, 'admin');
    // A second tenant with its own administrator.
    other = await otherTenant(t, '666666');
  });
  afterAll(() => t?.close());

  const post = (token: string, url: string, payload?: object, lang: 'en' | 'zh' = 'en') =>
    call(t, token, { method: 'POST', url, payload, lang });
  const get = (token: string, url: string) => call(t, token, { url, lang: 'en' });

  it('creates a business dictionary and its entries, refusing a duplicate key with a clear message', async () => {
    const root = (
      await post(admin, '/api/blade-system/dict-biz/submit', {
        code: 'fuel_type',
        dictValue: '燃料类型',
        dictValueEn: 'Fuel type',
      })
    ).json();
    expect(root.code).toBe(200);
    const parentId = root.data as string;
    expect(
      (
        await post(admin, '/api/blade-system/dict-biz/submit', {
          parentId,
          dictKey: 'ev',
          dictValue: '纯电',
          sort: 1,
        })
      ).json().code,
    ).toBe(200);
    expect(
      (
        await post(admin, '/api/blade-system/dict-biz/submit', {
          parentId,
          dictKey: 'phev',
          dictValue: '插混',
          sort: 2,
        })
      ).json().code,
    ).toBe(200);
    const dup = await post(admin, '/api/blade-system/dict-biz/submit', {
      parentId,
      dictKey: 'ev',
      dictValue: '电动',
    });
    expect(dup.json()).toMatchObject({ code: 400, msg: 'Dictionary fuel_type already has the key ev' });
    const dupZh = await post(
      admin,
      '/api/blade-system/dict-biz/submit',
      { parentId, dictKey: 'ev', dictValue: '电动' },
      'zh',
    );
    expect(dupZh.json().msg).toBe('字典 fuel_type 中已存在键值 ev');
    expect(
      (
        await post(admin, '/api/blade-system/dict-biz/submit', { code: 'fuel_type', dictValue: 'again' })
      ).json().msg,
    ).toBe('A dictionary with code fuel_type already exists');

    const page = (
      await get(admin, `/api/blade-system/dict-biz/child-list?parentId=${parentId}&current=1&size=1`)
    ).json().data;
    expect(page).toMatchObject({ total: 2, size: 1, current: 1, pages: 2 });
    expect(page.records[0]).toMatchObject({ dictKey: 'ev', code: 'fuel_type', parentId });
    const entries = (await get(admin, '/api/blade-system/dict-biz/dictionary?code=fuel_type')).json().data;
    expect(entries.map((e: { dictKey: string }) => e.dictKey)).toEqual(['ev', 'phev']);
    const tree = (await get(admin, '/api/blade-system/dict-biz/tree?code=fuel_type')).json().data;
    expect(tree[0]).toMatchObject({ title: '燃料类型', hasChildren: true });
    expect(tree[0].children).toHaveLength(2);

    // A dictionary that still has entries is not removed.
    const refused = await post(admin, `/api/blade-system/dict-biz/remove?ids=${parentId}`);
    expect(refused.json()).toMatchObject({ code: 400, msg: 'Remove the child nodes first' });
    const ids = page.records.map((r: { id: string }) => r.id).join(',');
    const all = (await get(admin, `/api/blade-system/dict-biz/child-list?parentId=${parentId}&size=10`))
      .json()
      .data.records.map((r: { id: string }) => r.id);
    expect((await post(admin, `/api/blade-system/dict-biz/remove?ids=${all.join(',')}`)).json().data).toBe(2);
    expect(ids).toBeTruthy();
    expect((await post(admin, `/api/blade-system/dict-biz/remove?ids=${parentId}`)).json().data).toBe(1);
  });

  it("keeps a tenant's business dictionaries from another tenant: no list, no read, no change", async () => {
    const mine = (await get(admin, '/api/blade-system/dict-biz/parent-list?code=car_brand')).json().data
      .records[0];
    expect(mine.code).toBe('car_brand');
    expect(
      (await get(other, '/api/blade-system/dict-biz/parent-list?code=car_brand')).json().data.total,
    ).toBe(0);
    expect((await get(other, `/api/blade-system/dict-biz/detail?id=${mine.id}`)).statusCode).toBe(403);
    expect(
      (await get(other, `/api/blade-system/dict-biz/child-list?parentId=${mine.id}`)).json().data.total,
    ).toBe(0);
    expect(
      (
        await post(other, '/api/blade-system/dict-biz/submit', {
          id: mine.id,
          code: 'car_brand',
          dictValue: 'hijacked',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await post(other, '/api/blade-system/dict-biz/submit', {
          parentId: mine.id,
          dictKey: 'x',
          dictValue: 'x',
        })
      ).statusCode,
    ).toBe(403);
    expect((await post(other, `/api/blade-system/dict-biz/remove?ids=${mine.id}`)).statusCode).toBe(403);
    // The other tenant's own dictionary of the same code is allowed and stays its own.
    expect(
      (
        await post(other, '/api/blade-system/dict-biz/submit', { code: 'car_brand', dictValue: '品牌' })
      ).json().code,
    ).toBe(200);
    const theirs = (await get(other, '/api/blade-system/dict-biz/parent-list?code=car_brand')).json().data;
    expect(theirs.records.map((r: { tenantId: string }) => r.tenantId)).toEqual(['666666']);
    // The administrator of the platform tenant sees every tenant's rows, each marked with its tenant.
    const platform = (await get(admin, '/api/blade-system/dict-biz/parent-list?code=car_brand')).json().data;
    expect(platform.records.map((r: { tenantId: string }) => r.tenantId).sort()).toEqual([
      '000000',
      '666666',
    ]);
  });

  it('lets only the platform change system dictionaries, and a sales user none', async () => {
    const sex = (await get(admin, '/api/blade-system/dict/parent-list?code=sex')).json().data.records[0];
    expect(
      (
        await post(other, '/api/blade-system/dict/submit', { id: sex.id, code: 'sex', dictValue: 'x' })
      ).json(),
    ).toMatchObject({
      code: 403,
      msg: 'System dictionaries can only be changed by the platform administrator',
    });
    const sales = await tokenFor(t, 'sales1');
    expect(
      (await post(sales, '/api/blade-system/dict/submit', { parentId: sex.id, dictKey: '9', dictValue: 'x' }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await post(admin, '/api/blade-system/dict/submit', { id: sex.id, code: 'sex', dictValue: '性别(改)' })
      ).json().code,
    ).toBe(200);
    expect((await get(admin, `/api/blade-system/dict/detail?id=${sex.id}`)).json().data.dictValue).toBe(
      '性别(改)',
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, dbLabel, otherTenant, tokenFor, type TestApp } from '../../../test/harness.js';

describe(`zones (${dbLabel})`, () => {
  let t: TestApp;
  let admin: string;
  let other: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await tokenFor(t, 'admin');
    other = await otherTenant(t, '888888');
  });
  afterAll(() => t?.close());

  const post = (token: string, url: string, payload?: object) =>
    call(t, token, { method: 'POST', url, payload, lang: 'en' });
  const get = (token: string, url: string) => call(t, token, { url, lang: 'en' });

  it('builds zones over regions, shown as code and name sorted by code, a region in one zone only', async () => {
    const east = (await post(admin, '/api/blade-basic/zone/submit', { code: 'E01', name: '华东大区' })).json()
      .data as string;
    const sh = (
      await post(admin, '/api/blade-basic/zone/submit', {
        parentId: east,
        code: 'E01-02',
        name: '上海',
        regionCodes: ['31'],
      })
    ).json().data as string;
    const js = (
      await post(admin, '/api/blade-basic/zone/submit', {
        parentId: east,
        code: 'E01-01',
        name: '江苏',
        regionCodes: ['32'],
      })
    ).json().data as string;
    const tree = (await get(admin, '/api/blade-basic/zone/list-zone-tree')).json().data;
    expect(tree[0].title).toBe('E01 华东大区');
    expect(tree[0].children.map((c: { title: string }) => c.title)).toEqual(['E01-01 江苏', 'E01-02 上海']);
    const taken = await post(admin, '/api/blade-basic/zone/submit', {
      parentId: east,
      code: 'E01-03',
      name: '苏沪',
      regionCodes: ['31'],
    });
    expect(taken.json()).toMatchObject({ code: 400, msg: '上海市 already belongs to zone 上海' });
    expect(
      (await post(admin, '/api/blade-basic/zone/submit', { code: 'E01', name: 'again' })).json().msg,
    ).toBe('A zone with code E01 already exists');

    // The region list marks what other zones hold, and the edited zone keeps its own.
    const list = (
      await get(admin, `/api/blade-basic/zone/getRegionList?parentCode=00&id=${sh}&isUpdate=true`)
    ).json().data;
    expect(list.find((r: { code: string }) => r.code === '31')).toMatchObject({
      selected: true,
      taken: false,
    });
    expect(list.find((r: { code: string }) => r.code === '32')).toMatchObject({
      taken: true,
      zoneName: '江苏',
    });
    expect((await get(admin, `/api/blade-basic/zone/detail?id=${sh}`)).json().data.regionCodes).toEqual([
      '31',
    ]);
    expect(
      (
        await post(admin, '/api/blade-basic/zone/update', {
          id: js,
          code: 'E01-01',
          name: '江苏',
          regionCodes: ['32', '3201'],
        })
      ).json().code,
    ).toBe(200);

    expect((await post(admin, `/api/blade-basic/zone/remove?id=${east}`)).json().msg).toBe(
      'Remove the child nodes first',
    );
    expect((await post(admin, `/api/blade-basic/zone/remove?id=${sh}`)).json().data).toBe(1);
    // Its region is free again.
    expect(
      (
        await post(admin, '/api/blade-basic/zone/submit', {
          parentId: east,
          code: 'E01-03',
          name: '苏沪',
          regionCodes: ['31'],
        })
      ).json().code,
    ).toBe(200);
  });

  it("keeps a tenant's zones from another tenant", async () => {
    const mine = (await get(admin, '/api/blade-basic/zone/lazy-tree?parentId=0')).json().data[0];
    expect((await get(other, '/api/blade-basic/zone/lazy-tree?parentId=0')).json().data).toEqual([]);
    expect((await get(other, '/api/blade-basic/zone/list-zone-tree')).json().data).toEqual([]);
    expect((await get(other, `/api/blade-basic/zone/detail?id=${mine.id}`)).statusCode).toBe(403);
    expect(
      (await post(other, '/api/blade-basic/zone/update', { id: mine.id, code: 'X', name: 'x' })).statusCode,
    ).toBe(403);
    expect((await post(other, `/api/blade-basic/zone/remove?id=${mine.id}`)).statusCode).toBe(403);
    // The other tenant may use the same regions and codes for its own zones.
    expect(
      (
        await post(other, '/api/blade-basic/zone/submit', { code: 'E01', name: '东区', regionCodes: ['31'] })
      ).json().code,
    ).toBe(200);
    const sales = await tokenFor(t, 'sales1');
    expect((await post(sales, '/api/blade-basic/zone/submit', { code: 'S1', name: 's' })).statusCode).toBe(
      403,
    );
  });
});

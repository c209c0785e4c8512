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
    const northWestId = (
      await post(admin, '/api/blade-basic/zone/submit', { code: 'T01', name: '西北大区' })
    ).json().data as string;
    const nx = (
      await post(admin, '/api/blade-basic/zone/submit', {
        parentId: northWestId,
        code: 'T01-02',
        name: '宁夏',
        regionCodes: ['64'],
      })
    ).json().data as string;
    const gs = (
      await post(admin, '/api/blade-basic/zone/submit', {
        parentId: northWestId,
        code: 'T01-01',
        name: '甘肃',
        regionCodes: ['62'],
      })
    ).json().data as string;
    const tree = (await get(admin, '/api/blade-basic/zone/list-zone-tree')).json().data;
    // The demo company's own zones (zones-seed.ts) sort around it by code.
    const northWest = tree.find((z: { title: string }) => z.title.startsWith('T01 '));
    expect(northWest.title).toBe('T01 西北大区');
    expect(northWest.children.map((c: { title: string }) => c.title)).toEqual(['T01-01 甘肃', 'T01-02 宁夏']);
    const taken = await post(admin, '/api/blade-basic/zone/submit', {
      parentId: northWestId,
      code: 'T01-03',
      name: '甘宁',
      regionCodes: ['64'],
    });
    expect(taken.json()).toMatchObject({ code: 400, msg: '宁夏回族自治区 already belongs to zone 宁夏' });
    expect(
      (await post(admin, '/api/blade-basic/zone/submit', { code: 'T01', name: 'again' })).json().msg,
    ).toBe('A zone with code T01 already exists');

    // The region list marks what other zones hold, and the edited zone keeps its own.
    const list = (
      await get(admin, `/api/blade-basic/zone/getRegionList?parentCode=00&id=${nx}&isUpdate=true`)
    ).json().data;
    expect(list.find((r: { code: string }) => r.code === '64')).toMatchObject({
      selected: true,
      taken: false,
    });
    expect(list.find((r: { code: string }) => r.code === '62')).toMatchObject({
      taken: true,
      zoneName: '甘肃',
    });
    expect((await get(admin, `/api/blade-basic/zone/detail?id=${nx}`)).json().data.regionCodes).toEqual([
      '64',
    ]);
    expect(
      (
        await post(admin, '/api/blade-basic/zone/update', {
          id: gs,
          code: 'T01-01',
          name: '甘肃',
          regionCodes: ['62', '6201'],
        })
      ).json().code,
    ).toBe(200);

    expect((await post(admin, `/api/blade-basic/zone/remove?id=${northWestId}`)).json().msg).toBe(
      'Remove the child nodes first',
    );
    expect((await post(admin, `/api/blade-basic/zone/remove?id=${nx}`)).json().data).toBe(1);
    // Its region is free again.
    expect(
      (
        await post(admin, '/api/blade-basic/zone/submit', {
          parentId: northWestId,
          code: 'T01-03',
          name: '甘宁',
          regionCodes: ['64'],
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

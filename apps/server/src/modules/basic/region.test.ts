import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, dbLabel, otherTenant, tokenFor, type TestApp } from '../../../test/harness.js';

describe(`regions (${dbLabel})`, () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await tokenFor(t, 'sales1');
  });
  afterAll(() => t?.close());

  it('walks the GB/T 2260 tree lazily, province → city → district', async () => {
    const provinces = (await call(t, token, { url: '/api/blade-basic/region/lazy-tree' })).json().data;
    expect(provinces).toHaveLength(31);
    expect(provinces.find((p: { code: string }) => p.code === '31')).toMatchObject({
      title: '上海市',
      hasChildren: true,
      regionLevel: 1,
    });
    const cities = (await call(t, token, { url: '/api/blade-basic/region/lazy-tree?parentCode=44' })).json()
      .data;
    expect(cities.map((c: { title: string }) => c.title)).toContain('深圳市');
    const districts = (await call(t, token, { url: '/api/blade-basic/region/select?code=4403' })).json().data;
    expect(districts.find((d: { title: string }) => d.title === '南山区')).toMatchObject({
      code: '440305',
      hasChildren: false,
    });
    const detail = (await call(t, token, { url: '/api/blade-basic/region/detail?code=440305' })).json().data;
    expect(detail).toMatchObject({
      provinceName: '广东省',
      cityName: '深圳市',
      districtName: '南山区',
      regionLevel: 3,
    });
  });

  it('answers the whole tree to a level as value/title/children', async () => {
    const tree = (await call(t, token, { url: '/api/blade-basic/region/list-region-tree?level=2' })).json()
      .data;
    expect(tree).toHaveLength(31);
    const bj = tree.find((p: { value: string }) => p.value === '11');
    expect(bj.children[0]).toEqual({ value: '1101', title: '市辖区' });
    expect(
      (await call(t, token, { url: '/api/blade-basic/region/detail?code=999999', lang: 'en' })).statusCode,
    ).toBe(404);
  });

  describe('administration', () => {
    const post = (token: string, url: string, payload?: object) =>
      call(t, token, { method: 'POST', url, payload, lang: 'en' });
    const detail = async (code: string) =>
      (await call(t, token, { url: `/api/blade-basic/region/detail?code=${code}` })).json();

    it('adds a district under a city with the names of its province and city, renames it, removes it', async () => {
      const admin = await tokenFor(t, 'admin');
      const added = await post(admin, '/api/blade-basic/region/submit', {
        code: '440399',
        parentCode: '4403',
        name: '前海新区',
      });
      expect(added.json()).toMatchObject({ code: 200, data: { code: '440399' } });
      expect((await detail('440399')).data).toMatchObject({
        provinceName: '广东省',
        cityName: '深圳市',
        districtName: '前海新区',
        regionLevel: 3,
        parentCode: '4403',
      });
      // It shows in the lazy tree of its city.
      const districts = (
        await call(t, token, { url: '/api/blade-basic/region/lazy-tree?parentCode=4403' })
      ).json().data;
      expect(districts.map((d: { code: string }) => d.code)).toContain('440399');

      // A town under it carries the new district's name; renaming the district renames it there too.
      await post(admin, '/api/blade-basic/region/submit', {
        code: '440399001',
        parentCode: '440399',
        name: '前湾街道',
      });
      await post(admin, '/api/blade-basic/region/submit', {
        code: '440399',
        name: '前海合作区',
        isUpdate: true,
      });
      expect((await detail('440399')).data.name).toBe('前海合作区');
      expect((await detail('440399001')).data).toMatchObject({ districtName: '前海合作区', regionLevel: 4 });

      // A region with sub-regions is refused; the leaf goes first.
      const refused = await post(admin, '/api/blade-basic/region/remove?id=440399');
      expect(refused.statusCode).toBe(400);
      expect(refused.json().msg).toBe('Please remove the sub-regions first');
      expect((await post(admin, '/api/blade-basic/region/remove?id=440399001')).json().code).toBe(200);
      expect((await post(admin, '/api/blade-basic/region/remove?id=440399')).json().code).toBe(200);
      expect((await call(t, token, { url: '/api/blade-basic/region/detail?code=440399' })).statusCode).toBe(
        404,
      );
    });

    it('refuses duplicate codes, codes that do not extend the parent, unknown parents and a sixth level', async () => {
      const admin = await tokenFor(t, 'admin');
      const submit = (payload: object) => post(admin, '/api/blade-basic/region/submit', payload);
      expect((await submit({ code: '440305', parentCode: '4403', name: 'x' })).json().msg).toBe(
        'A region with code 440305 already exists',
      );
      expect((await submit({ code: '450398', parentCode: '4403', name: 'x' })).json().msg).toBe(
        'The region code must be 6 digits starting with the parent code 4403',
      );
      expect((await submit({ code: '9901', parentCode: '99', name: 'x' })).json().msg).toBe(
        'The parent region 99 does not exist',
      );
      // A bad code is refused at the edge, naming the field.
      const shape = await submit({ code: '44-03', parentCode: '4403', name: 'x' });
      expect(shape.statusCode).toBe(400);
      expect(shape.json().msg).toContain('code');
    });

    it('refuses to remove a region a zone covers', async () => {
      const admin = await tokenFor(t, 'admin');
      const zone = await post(admin, '/api/blade-basic/zone/submit', {
        code: 'SZ-NS',
        name: '南山片区',
        regionCodes: ['440305'],
      });
      expect(zone.json().code).toBe(200);
      const refused = await post(admin, '/api/blade-basic/region/remove?id=440305');
      expect(refused.json().msg).toBe('This region belongs to a zone; take it out of the zone first');
      expect((await detail('440305')).data.name).toBe('南山区');
    });

    it('leaves regions to the platform: staff and other tenants’ administrators cannot change them', async () => {
      const other = await otherTenant(t, '777777');
      const byOther = await post(other, '/api/blade-basic/region/submit', {
        code: '440398',
        parentCode: '4403',
        name: 'x',
      });
      expect(byOther.statusCode).toBe(403);
      expect((await post(other, '/api/blade-basic/region/remove?id=440305')).statusCode).toBe(403);
      expect((await post(token, '/api/blade-basic/region/remove?id=440305')).statusCode).toBe(403);
      expect((await detail('440305')).data.name).toBe('南山区');
      expect((await call(t, token, { url: '/api/blade-basic/region/detail?code=440398' })).statusCode).toBe(
        404,
      );
    });
  });
});

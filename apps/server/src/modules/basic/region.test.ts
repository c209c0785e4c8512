import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, dbLabel, tokenFor, type TestApp } from '../../../test/harness.js';

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
});

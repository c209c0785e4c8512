import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, dbLabel, otherTenant, tokenFor, type TestApp } from '../../../test/harness.js';

describe(`seeded dictionaries and regions (${dbLabel})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('answers a dictionary in the caller language, sorted, without sealed entries', async () => {
    const token = await tokenFor(t, 'sales1');
    const zh = (await call(t, token, { url: '/api/blade-system/dict/dictionary?code=sex' })).json().data;
    expect(zh.map((e: { dictKey: string; dictValue: string }) => [e.dictKey, e.dictValue])).toEqual([
      ['1', '男'],
      ['2', '女'],
      ['3', '保密'],
    ]);
    const en = (
      await call(t, token, { url: '/api/blade-system/dict/dictionary?code=sex', lang: 'en' })
    ).json().data;
    expect(en.map((e: { dictValue: string }) => e.dictValue)).toEqual(['Male', 'Female', 'Hidden']);
    await t.db.query(`UPDATE blade_dict SET is_sealed = 1 WHERE code = 'sex' AND dict_key = '3'`);
    expect(
      (await call(t, token, { url: '/api/blade-system/dict/dictionary?code=sex' })).json().data,
    ).toHaveLength(2);
  });

  it('seeds the flow dictionary with route keys and the dictionaries the pages need', async () => {
    const token = await tokenFor(t, 'admin');
    const flow = (await call(t, token, { url: '/api/blade-system/dict/dictionary?code=flow' })).json().data;
    expect(flow[0]).toMatchObject({ dictKey: 'leave', remark: '/work/process/leave' });
    for (const code of ['yes_no', 'menu_category', 'button_func', 'user_status', 'dept_category']) {
      expect(
        (await call(t, token, { url: `/api/blade-system/dict/dictionary?code=${code}` })).json().data.length,
        code,
      ).toBeGreaterThan(1);
    }
    const brands = (
      await call(t, token, { url: '/api/blade-system/dict-biz/dictionary?code=car_brand', lang: 'en' })
    ).json().data;
    expect(brands.map((b: { dictValue: string }) => b.dictValue)).toContain('BYD');
  });

  it('keeps business dictionaries to their tenant', async () => {
    const other = await otherTenant(t, '222222', { administrator: false });
    expect(
      (await call(t, other, { url: '/api/blade-system/dict-biz/dictionary?code=car_brand' })).json().data,
    ).toEqual([]);
  });

  it('holds the GB/T 2260 regions in three levels', async () => {
    const levels = await t.db.query<{ region_level: number; n: string }>(
      'SELECT region_level, count(*) AS n FROM blade_region GROUP BY region_level ORDER BY 1',
    );
    expect(levels.map((l) => l.region_level)).toEqual([1, 2, 3]);
    expect(Number(levels[0]!.n)).toBe(31);
    expect(Number(levels[2]!.n)).toBeGreaterThan(2900);
    const d = await t.db.one(
      'SELECT name, parent_code, ancestors, province_name, city_code FROM blade_region WHERE code = $1',
      ['310115'],
    );
    expect(d).toEqual({
      name: '浦东新区',
      parent_code: '3101',
      ancestors: '00,31,3101',
      province_name: '上海市',
      city_code: '3101',
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, dbLabel, testConfig, tokenFor, type TestApp } from '../../../test/harness.js';
import { seedZones } from './zones-seed.js';

describe(`the demo company's zones (${dbLabel})`, () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ SEED_DEMO: 'on' });
    admin = await tokenFor(t, 'admin');
  });
  afterAll(() => t?.close());

  const get = (url: string) => call(t, admin, { url, lang: 'en' });

  it('shows a new user the sales divisions and their zones, each over its provinces', async () => {
    const tree = (await get('/api/blade-basic/zone/list-zone-tree')).json().data as Array<{
      title: string;
      children?: Array<{ title: string }>;
    }>;
    expect(tree.map((z) => z.title)).toEqual([
      'E01 华东大区',
      'N01 华北大区',
      'S01 华南大区',
      'W01 西南大区',
    ]);
    expect(tree[0]?.children?.map((z) => z.title)).toEqual(['E01-01 上海', 'E01-02 江苏', 'E01-03 浙江']);
    const shanghai = (await get('/api/blade-basic/zone/lazy-tree?name=上海')).json().data[0];
    // The zone's region list marks Shanghai as its own, and Jiangsu as another zone's.
    const regions = (
      await get(`/api/blade-basic/zone/getRegionList?parentCode=00&id=${shanghai.id}&isUpdate=true`)
    ).json().data as Array<{ code: string; selected: boolean; taken: boolean }>;
    expect(regions.find((r) => r.code === '31')).toMatchObject({ selected: true, taken: false });
    expect(regions.find((r) => r.code === '32')).toMatchObject({ selected: false, taken: true });
  });

  it('keeps the seeded zones under the rules a save is held to', async () => {
    const js = (await get('/api/blade-basic/zone/lazy-tree?name=江苏')).json().data[0];
    const moved = await call(t, admin, {
      method: 'POST',
      url: '/api/blade-basic/zone/update',
      lang: 'en',
      payload: { id: js.id, parentId: js.parentId, code: js.code, name: js.name, regionCodes: ['32', '31'] },
    });
    expect(moved.json()).toMatchObject({ code: 400, msg: '上海市 already belongs to zone 上海' });
  });

  it('adds nothing on a second start', async () => {
    const count = async () =>
      (await t.db.one<{ n: string }>("SELECT count(*) n FROM blade_zone WHERE tenant_id = '000000'"))!.n;
    const before = await count();
    await seedZones({ db: t.db, config: testConfig({ SEED_DEMO: 'on' }), log: () => {}, credentials: [] });
    expect(await count()).toBe(before);
    expect(Number(before)).toBe(14);
  });
});

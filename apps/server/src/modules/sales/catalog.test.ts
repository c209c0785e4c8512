import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, dbLabel, otherTenant, tokenFor, type TestApp } from '../../../test/harness.js';

const base = '/api/blade-sales/catalog';

describe(`vehicle catalogue (${dbLabel})`, () => {
  let t: TestApp;
  let res1: string, sales1: string;
  const get = (token: string, url: string) => call(t, token, { url, lang: 'en' });
  const post = (token: string, url: string, payload?: object) =>
    call(t, token, { method: 'POST', url, payload, lang: 'en' });

  beforeAll(async () => {
    t = await createTestApp();
    res1 = await tokenFor(t, 'resource1');
    sales1 = await tokenFor(t, 'sales1');
  });
  afterAll(() => t?.close());

  it('answers the seeded catalogue by level and as the picker tree, to everyone signed in', async () => {
    const brands = (await get(sales1, `${base}/list?level=brand&size=100`)).json().data;
    expect(brands.total).toBe(12);
    expect(brands.records[0]).toMatchObject({ name: '丰田', nameEn: 'Toyota', code: 'toyota' });
    const toyota = brands.records[0].id;
    const models = (await get(sales1, `${base}/list?brandId=${toyota}&size=100&ascs=guidePrice`)).json().data;
    expect(models.records.length).toBeGreaterThan(3);
    const prices = models.records.map((m: { guidePrice: string }) => m.guidePrice);
    expect(prices).toEqual([...prices].sort((a: string, b: string) => Number(a) - Number(b)));
    expect(models.records[0].label).toMatch(/^丰田 \S+ \d{4}款 /);
    expect(
      (await get(sales1, `${base}/list?energyType=ev&size=100`))
        .json()
        .data.records.every((m: { energyType: string }) => m.energyType === 'ev'),
    ).toBe(true);

    const tree = (await get(sales1, `${base}/tree`)).json().data;
    expect(tree).toHaveLength(12);
    expect(tree[0]).toMatchObject({ value: toyota, label: '丰田', labelEn: 'Toyota' });
    const leaves = tree.flatMap((b: { children: Array<{ children: unknown[] }> }) =>
      b.children.flatMap((s) => s.children),
    );
    expect(leaves).toHaveLength(60);
    expect(leaves[0]).toMatchObject({
      energyType: expect.any(String),
      guidePrice: expect.stringMatching(/^\d+\.\d{2}$/),
    });
  });

  it('lets resource staff add brand → series → model, refuses duplicates, removes only what nothing uses', async () => {
    const brand = await post(res1, `${base}/submit`, {
      level: 'brand',
      code: 'zeekr',
      name: '极氪',
      nameEn: 'Zeekr',
    });
    expect(brand.json().code).toBe(200);
    const dupBrand = await post(res1, `${base}/submit`, {
      level: 'brand',
      code: 'zeekr',
      name: 'x',
      nameEn: 'x',
    });
    expect(dupBrand.json().msg).toBe('code "zeekr" already exists');
    const series = (
      await post(res1, `${base}/submit`, { level: 'series', brandId: brand.json().data, name: '001' })
    ).json().data;
    const model = await post(res1, `${base}/submit`, {
      level: 'model',
      seriesId: series,
      modelYear: 2025,
      trim: 'YOU 版',
      energyType: 'ev',
      guidePrice: '299000',
    });
    expect(model.json().code).toBe(200);
    const detail = (await get(sales1, `${base}/detail?id=${model.json().data}&level=model`)).json().data;
    expect(detail).toMatchObject({
      label: '极氪 001 2025款 YOU 版',
      guidePrice: '299000.00',
      energyType: 'ev',
    });
    const badPrice = await post(res1, `${base}/submit`, {
      level: 'model',
      seriesId: series,
      modelYear: 2025,
      trim: 'ME 版',
      energyType: 'ev',
      guidePrice: '2990000000',
    });
    expect(badPrice.statusCode).toBe(400);
    expect(badPrice.json().msg).toMatch(/guidePrice/);

    // Salespeople read but do not change the catalogue.
    expect(
      (await post(sales1, `${base}/submit`, { level: 'brand', code: 'x', name: 'x', nameEn: 'x' }))
        .statusCode,
    ).toBe(403);

    expect((await post(res1, `${base}/remove?level=brand&ids=${brand.json().data}`)).json().msg).toBe(
      'This brand still has series; remove them first',
    );
    const used = await t.db.one<{ model_id: string }>('SELECT model_id FROM sales_resource LIMIT 1');
    expect((await post(res1, `${base}/remove?level=model&ids=${used!.model_id}`)).json().msg).toMatch(
      /cannot be removed/,
    );
    expect((await post(res1, `${base}/remove?level=model&ids=${model.json().data}`)).json().data).toBe(1);
    expect((await post(res1, `${base}/remove?level=series&ids=${series}`)).json().data).toBe(1);
    expect((await post(res1, `${base}/remove?level=brand&ids=${brand.json().data}`)).json().data).toBe(1);
  });

  it("keeps tenants apart: another tenant's catalogue rows are 403 by id", async () => {
    const other = await otherTenant(t, '999941');
    const m = await t.db.one<{ id: string }>('SELECT id FROM sales_model LIMIT 1');
    expect((await get(other, `${base}/detail?id=${m!.id}`)).statusCode).toBe(403);
    expect((await get(other, `${base}/tree`)).json().data).toEqual([]);
    expect((await post(other, `${base}/remove?ids=${m!.id}`)).statusCode).toBe(403);
  });
});

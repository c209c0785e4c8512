import writeXlsxFile from 'write-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_IMPORT_COLUMNS, withCheckDigit } from '@forecourt/contracts/sales';
import {
  call,
  dbLabel,
  onPostgres,
  otherTenant,
  tokenFor,
  createTestApp,
  type TestApp,
} from '../../../test/harness.js';
import { systemScope } from '../../platform/scope.js';
import { newId } from '../../platform/ids.js';
import { reserveResource, sweepReservations, HOLD_PARAM } from './resource-rules.js';

const base = '/api/blade-sales/resource';
let serial = 0;
/** A fresh, valid VIN (Toyota's Guangzhou WMI, the check digit computed). */
const vin = () =>
  withCheckDigit(`LVGBE40K0RG${String(500000 + ++serial + Math.floor(Math.random() * 400000)).slice(0, 6)}`);
/** The same VIN with a wrong check digit. */
const badVin = () => {
  const v = vin();
  return v.slice(0, 8) + (v[8] === '1' ? '2' : '1') + v.slice(9);
};

describe(`stock vehicles (${dbLabel})`, () => {
  let t: TestApp;
  let admin: string, res1: string, sales1: string, sales2: string;
  let modelId: string;
  const get = (token: string, url: string, lang: 'en' | 'zh' = 'en') => call(t, token, { url, lang });
  const post = (token: string, url: string, payload?: object, lang: 'en' | 'zh' = 'en') =>
    call(t, token, { method: 'POST', url, payload, lang });
  const vehicle = (over: Record<string, unknown> = {}) => ({
    vin: vin(),
    modelId,
    exteriorColor: '珍珠白',
    interiorColor: '黑色',
    productionDate: '2025-01-10',
    arrivalDate: '2025-02-01',
    purchaseCost: '150000.00',
    guidePrice: '179800',
    floorPrice: '165000.5',
    ...over,
  });
  const count = async () =>
    Number((await t.db.one<{ n: string }>('SELECT count(*) n FROM sales_resource WHERE is_deleted = 0'))!.n);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await tokenFor(t, 'admin');
    res1 = await tokenFor(t, 'resource1');
    sales1 = await tokenFor(t, 'sales1');
    sales2 = await tokenFor(t, 'sales2');
    modelId = (await get(admin, '/api/blade-sales/catalog/list?size=1')).json().data.records[0].id;
  });
  afterAll(() => t?.close());

  it('never gives a salesperson the purchase cost or the floor price: list, export pages, detail', async () => {
    const staff = (await get(res1, `${base}/list?size=1000`)).json().data;
    expect(staff.total).toBe(120);
    expect(staff.records.every((r: Record<string, string>) => /^\d+\.\d{2}$/.test(r.purchaseCost!))).toBe(
      true,
    );
    expect(staff.records[0].floorPrice).toMatch(/^\d+\.\d{2}$/);

    for (const token of [sales1, sales2, await tokenFor(t, 'online1')]) {
      // The console's export reads these same pages (size 1000), so it carries what they carry.
      const answer = await get(token, `${base}/list?size=1000`);
      expect(answer.statusCode).toBe(200);
      expect(answer.body).not.toMatch(/purchaseCost|floorPrice/);
      const rows = answer.json().data.records as Array<{ id: string; status: string }>;
      expect(rows.length).toBeGreaterThan(10);
      // Sales search what can be sold: in stock, and what their own accepted offers hold.
      expect(new Set(rows.map((r) => r.status)).size).toBeLessThanOrEqual(2);
      expect(rows.every((r) => r.status === 'in_stock' || r.status === 'reserved')).toBe(true);
      const detail = await get(token, `${base}/detail?id=${rows[0]!.id}`);
      expect(detail.statusCode).toBe(200);
      expect(detail.body).not.toMatch(/purchaseCost|floorPrice/);
      // Filtered and sorted lists too.
      const sorted = await get(token, `${base}/list?size=50&descs=guidePrice&stockBand=0-30`);
      expect(sorted.statusCode).toBe(200);
      expect(sorted.body).not.toMatch(/purchaseCost|floorPrice/);
    }
    // A reserved vehicle shows only to the salesperson whose offer holds it.
    const held = await t.db.query<{ id: string; owner: string }>(
      `SELECT r.id, u.account AS owner FROM sales_resource r JOIN sales_offer o ON o.id = r.reserved_offer_id
         JOIN blade_user u ON u.id = o.owner_user WHERE r.status = 'reserved'`,
    );
    const mine = held.find((h) => h.owner === 'sales1');
    const theirs = held.find((h) => h.owner !== 'sales1');
    if (mine) expect((await get(sales1, `${base}/detail?id=${mine.id}`)).statusCode).toBe(200);
    expect(theirs).toBeDefined();
    const refused = await get(sales1, `${base}/detail?id=${theirs!.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain(theirs!.id);
    const sold = await t.db.one<{ id: string }>(
      `SELECT id FROM sales_resource WHERE status = 'sold' LIMIT 1`,
    );
    expect((await get(sales1, `${base}/detail?id=${sold!.id}`)).statusCode).toBe(403);
    const list = (await get(sales1, `${base}/list?size=1000&status=sold`)).json().data;
    expect(list.total).toBe(0);
    // Staff see cost in the detail.
    expect((await get(res1, `${base}/detail?id=${sold!.id}`)).json().data.purchaseCost).toMatch(/\.\d{2}$/);
  });

  it('filters by VIN, stock-age band, status and arrival dates; stock age in days with its band', async () => {
    const all = (await get(res1, `${base}/list?size=1000`)).json().data.records as Array<
      Record<string, unknown>
    >;
    const one = all.find((r) => r.status === 'in_stock')!;
    const byVin = (await get(res1, `${base}/list?vin=${String(one.vin).slice(9).toLowerCase()}`)).json().data;
    expect(byVin.records.map((r: { id: string }) => r.id)).toContain(one.id);
    for (const band of ['0-30', '31-60', '61-90', '>90']) {
      const rows = (await get(res1, `${base}/list?size=1000&stockBand=${encodeURIComponent(band)}`)).json()
        .data.records as Array<{ stockBand: string; stockDays: number; status: string }>;
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.stockBand === band && ['in_stock', 'reserved'].includes(r.status))).toBe(
        true,
      );
    }
    const oldest = (await get(res1, `${base}/list?size=20&descs=stockDays&status=in_stock`)).json().data
      .records as Array<{ stockDays: number }>;
    expect(oldest.map((r) => r.stockDays)).toEqual([...oldest.map((r) => r.stockDays)].sort((a, b) => b - a));
    expect(oldest[0]!.stockDays).toBeGreaterThan(90);
    const inTransit = all.filter((r) => r.status === 'in_transit');
    expect(inTransit.every((r) => r.stockDays === null && r.arrivalDate === null)).toBe(true);
    const ranged = (
      await get(res1, `${base}/list?size=1000&arrivalDate_ge=2025-01-01&arrivalDate_le=2025-12-31`)
    ).json().data.records as Array<{ arrivalDate: string }>;
    expect(ranged.every((r) => r.arrivalDate >= '2025-01-01' && r.arrivalDate <= '2025-12-31')).toBe(true);
    const bad = await get(res1, `${base}/list?stockBand=99`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/stockBand/);
    expect((await get(res1, `${base}/list?arrivalDate_ge=2025-13-01`)).json().msg).toMatch(/arrivalDate/);
  });

  it('adds a vehicle only with a valid VIN check digit, exact amounts and at most 8 photos', async () => {
    const wrong = await post(res1, `${base}/submit`, vehicle({ vin: badVin() }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toBe('The check digit (9th character) of the VIN is wrong');
    expect((await post(res1, `${base}/submit`, vehicle({ vin: badVin() }), 'zh')).json().msg).toBe(
      '车架号第 9 位校验位不正确',
    );
    const money = await post(res1, `${base}/submit`, vehicle({ purchaseCost: '12.345' }));
    expect(money.statusCode).toBe(400);
    expect(money.json().msg).toMatch(/purchaseCost/);
    const photos = await post(res1, `${base}/submit`, vehicle({ photos: Array(9).fill('/oss/a.jpg') }));
    expect(photos.statusCode).toBe(400);
    expect(photos.json().msg).toMatch(/photos/);
    const late = await post(
      res1,
      `${base}/submit`,
      vehicle({ productionDate: '2025-03-01', arrivalDate: '2025-02-01' }),
    );
    expect(late.json().msg).toMatch(/arrivalDate/);

    const v = vehicle({
      vin: ` ${vin().toLowerCase()} `,
      photos: ['/oss/1.jpg', '/oss/2.jpg'],
      arrivalDate: null,
    });
    const created = await post(res1, `${base}/submit`, v);
    expect(created.json()).toMatchObject({ code: 200 });
    const row = (await get(res1, `${base}/detail?id=${created.json().data}`)).json().data;
    expect(row).toMatchObject({
      vin: v.vin.trim().toUpperCase(),
      status: 'in_transit',
      purchaseCost: '150000.00',
      guidePrice: '179800.00',
      floorPrice: '165000.50',
      photos: ['/oss/1.jpg', '/oss/2.jpg'],
      stockDays: null,
    });
    const dup = await post(res1, `${base}/submit`, vehicle({ vin: row.vin }));
    expect(dup.json().msg).toBe(`A vehicle with VIN ${row.vin} already exists`);
    // Salespeople do not add stock.
    expect((await post(sales1, `${base}/submit`, vehicle())).statusCode).toBe(403);
  });

  it('moves status only through the machine, releases reservations, removes only unsold vehicles', async () => {
    const id = (await post(res1, `${base}/submit`, vehicle({ arrivalDate: null }))).json().data as string;
    const detail = async () => (await get(res1, `${base}/detail?id=${id}`)).json().data;
    const v = (await detail()).vin;
    const withVin = (status: string, over: Record<string, unknown> = {}) =>
      post(res1, `${base}/submit`, { ...vehicle(over), vin: v, id, status });
    const refused = await withVin('sold');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('The vehicle status cannot change from "In transit" to "Sold"');
    expect((await withVin('in_stock', { arrivalDate: null })).json().msg).toMatch(/arrivalDate/);
    expect((await withVin('in_stock', { arrivalDate: '2025-02-01' })).json().code).toBe(200);
    expect((await detail()).status).toBe('in_stock');
    expect((await withVin('reserved')).json().msg).toMatch(/accepting an offer/);

    // An accepted offer reserves it; release puts it back; releasing again is refused by the machine.
    await reserveResource(t.db, systemScope(), id, newId());
    expect((await detail()).status).toBe('reserved');
    expect((await post(res1, `${base}/remove?ids=${id}`)).json().msg).toMatch(/reserved or sold/);
    expect((await post(sales1, `${base}/release?id=${id}`)).statusCode).toBe(403);
    expect((await post(res1, `${base}/release?id=${id}`)).json().data).toBe(true);
    expect(await detail()).toMatchObject({ status: 'in_stock', reservedUntil: null, reservedOfferId: null });
    const again = await post(res1, `${base}/release?id=${id}`, undefined, 'zh');
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe('车源状态不能从「在库」变为「在库」');
    expect((await post(res1, `${base}/remove?ids=${id}`)).json().data).toBe(1);
    expect((await get(res1, `${base}/detail?id=${id}`)).statusCode).toBe(404);
  });

  it('lets reservations lapse after the hold time (parameter, default 48 h), once, with several sweepers', async () => {
    const fresh = async () => (await post(res1, `${base}/submit`, vehicle())).json().data as string;
    const status = async (id: string) =>
      (await t.db.one<{ status: string }>('SELECT status FROM sales_resource WHERE id = $1', [id]))!.status;
    const t0 = new Date();
    const a = await fresh();
    const until = await reserveResource(t.db, systemScope(), a, newId(), t0);
    expect(until.getTime() - t0.getTime()).toBe(48 * 3_600_000);
    // A second acceptance of the same vehicle finds it gone.
    await expect(reserveResource(t.db, systemScope(), a, newId(), t0)).rejects.toMatchObject({ status: 409 });
    // Ten offers accepted at the same moment on one vehicle: exactly one holds it, the others are told (409).
    const raced = await fresh();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        t.db.tx((tx) => reserveResource(tx, systemScope(), raced, newId(), t0)),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(
      outcomes.filter((o) => o.status === 'rejected' && (o.reason as { status?: number }).status === 409),
    ).toHaveLength(9);
    const hours = (h: number) => new Date(t0.getTime() + h * 3_600_000);
    expect(await sweepReservations(t.db, hours(47))).not.toContain(a);
    expect(await status(a)).toBe('reserved');

    // The tenant's parameter shortens the hold to 2 hours.
    // The parameter is seeded with the default, where the console's parameter page shows it.
    const seeded = (await get(admin, `/api/blade-system/param/list?paramKey=${HOLD_PARAM}`)).json().data
      .records;
    expect(seeded).toHaveLength(1);
    expect(seeded[0].paramValue).toBe('48');
    const { id, paramName, paramKey } = seeded[0];
    const param = await post(admin, '/api/blade-system/param/submit', {
      id,
      paramName,
      paramKey,
      paramValue: '2',
    });
    expect(param.json().code).toBe(200);
    const b = await fresh();
    expect((await reserveResource(t.db, systemScope(), b, newId(), t0)).getTime()).toBe(hours(2).getTime());

    // Several nodes sweep at the same moment of a clock moved 49 h on: each vehicle is released exactly once.
    const sweeps = await Promise.all(
      Array.from({ length: onPostgres ? 6 : 3 }, () => sweepReservations(t.db, hours(49))),
    );
    const released = sweeps.flat();
    expect(released.filter((id) => id === a)).toHaveLength(1);
    expect(released.filter((id) => id === b)).toHaveLength(1);
    expect(new Set(released).size).toBe(released.length);
    expect(await status(a)).toBe('in_stock');
    expect((await get(res1, `${base}/detail?id=${b}`)).json().data).toMatchObject({
      status: 'in_stock',
      reservedUntil: null,
    });
  });

  it('imports a sheet only when every row is right, naming each bad row; nothing of a bad sheet is written', async () => {
    const header = RESOURCE_IMPORT_COLUMNS.map(([, zh]) => ({ value: zh }));
    const line = (v: string, over: Partial<Record<string, string | number | Date>> = {}) => {
      const cells: Record<string, string | number | Date> = {
        vin: v,
        brand: '丰田',
        series: '凯美瑞',
        modelYear: 2024,
        trim: '2.0GVP 豪华版',
        exteriorColor: '白',
        interiorColor: '黑',
        productionDate: new Date(Date.UTC(2025, 0, 5)),
        arrivalDate: '2025-02-03',
        status: '在库',
        purchaseCost: 158000.5,
        guidePrice: '179800',
        floorPrice: '168000.00',
        remark: '',
        ...over,
      };
      return RESOURCE_IMPORT_COLUMNS.map(([k]) => {
        const value = cells[k];
        if (value === undefined || value === '') return null;
        return value instanceof Date ? { value, type: Date, format: 'yyyy-mm-dd' } : { value };
      });
    };
    const upload = async (rows: unknown[][], token = res1, lang: 'en' | 'zh' = 'en') => {
      const buffer = await writeXlsxFile([header, ...rows] as never).toBuffer();
      return post(token, `${base}/import`, { file: Buffer.from(buffer).toString('base64') }, lang);
    };
    const before = await count();
    const good = [vin(), vin(), vin()];
    const bad = await upload([
      line(good[0]!),
      line(badVin()),
      line(good[2]!, { guidePrice: '1.234' }),
      line(good[1]!),
    ]);
    expect(bad.statusCode).toBe(400);
    const body = bad.json();
    expect(body.data.imported).toBe(0);
    expect(body.data.errors.map((e: { row: number; field: string }) => [e.row, e.field])).toEqual([
      [3, 'vin'],
      [4, 'guidePrice'],
    ]);
    expect(body.msg).toContain('2 rows are wrong; nothing was imported');
    expect(body.msg).toContain('Row 3: The check digit (9th character) of the VIN is wrong');
    expect(await count()).toBe(before);

    const zh = await upload([line(good[0]!, { brand: '不存在' }), line(good[0]!)], res1, 'zh');
    expect(zh.json().data.errors.map((e: { reason: string }) => e.reason)).toEqual([
      '目录中没有车型「不存在 凯美瑞 2024 2.0GVP 豪华版」',
      `车架号 ${good[0]} 在表格中重复（第 2 行）`,
    ]);
    expect(await count()).toBe(before);

    const ok = await upload(good.map((v, i) => line(v, i === 2 ? { status: '', arrivalDate: '' } : {})));
    expect(ok.json()).toMatchObject({ code: 200, data: { imported: 3, errors: [] } });
    expect(await count()).toBe(before + 3);
    const rows = (await get(res1, `${base}/list?vin=${good[0]}`)).json().data.records;
    expect(rows[0]).toMatchObject({
      status: 'in_stock',
      productionDate: '2025-01-05',
      arrivalDate: '2025-02-03',
      purchaseCost: '158000.50',
      guidePrice: '179800.00',
    });
    expect((await get(res1, `${base}/list?vin=${good[2]}`)).json().data.records[0].status).toBe('in_transit');
    // Importing the same VINs again: every row is a duplicate, nothing changes.
    const again = await upload([line(good[0]!)]);
    expect(again.json().data.errors[0]).toMatchObject({ row: 2, field: 'vin' });
    expect((await upload([], res1)).json().msg).toBe('The sheet holds no vehicles');
    expect(
      (await post(res1, `${base}/import`, { file: Buffer.from('not a zip').toString('base64') })).json().msg,
    ).toBe('The file is not a valid xlsx sheet');
    expect((await upload([line(vin())], sales1)).statusCode).toBe(403);
  });

  it("keeps tenants apart: another tenant's vehicle is 403 by id and absent from its lists", async () => {
    const other = await otherTenant(t, '999931');
    const any = await t.db.one<{ id: string }>('SELECT id FROM sales_resource LIMIT 1');
    expect((await get(other, `${base}/detail?id=${any!.id}`)).statusCode).toBe(403);
    expect((await get(other, `${base}/list`)).json().data.total).toBe(0);
    expect((await post(other, `${base}/remove?ids=${any!.id}`)).statusCode).toBe(403);
  });
});

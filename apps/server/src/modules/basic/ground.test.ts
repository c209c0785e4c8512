import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestApp,
  dbLabel,
  onPostgres,
  otherTenant,
  tokenFor,
  type TestApp,
} from '../../../test/harness.js';

describe(`ground stores (${dbLabel})`, () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await tokenFor(t, 'admin');
  });
  afterAll(() => t?.close());

  const list = (token: string, query = '') =>
    call(t, token, { url: `/api/blade-basic/ground/list?${query}`, lang: 'en' });
  const submit = (token: string, body: Record<string, unknown>) =>
    call(t, token, { method: 'POST', url: '/api/blade-basic/ground/submit', payload: body, lang: 'en' });
  const store = (over: Record<string, unknown> = {}) => ({
    name: '前庭苏州园区店',
    code: 'SZ-YQ-01',
    address: '江苏省苏州市工业园区星湖街 218 号',
    longitude: 120.7361,
    latitude: 31.2632,
    phone: '0512-62881234',
    businessHours: '09:00-18:00',
    ...over,
  });

  it("lists the demo company's stores by sort, with their zone and manager named", async () => {
    const page = (await list(admin, 'size=20')).json().data;
    expect(page.total).toBe(6);
    expect(page.records[0]).toMatchObject({
      code: 'SH-PD-01',
      name: '前庭上海浦东店',
      zoneName: '上海',
      managerName: '管理员',
      status: 1,
      longitude: 121.5273,
      latitude: 31.2317,
    });
    const codes = (await list(admin, 'name=上海')).json().data.records.map((r: { code: string }) => r.code);
    expect(codes).toEqual(['SH-PD-01', 'SH-MH-02']);
    const detail = (
      await call(t, admin, { url: `/api/blade-basic/ground/detail?id=${page.records[0].id}`, lang: 'en' })
    ).json().data;
    // The cascader's value: the division, then the province zone.
    expect(detail.zonePath).toHaveLength(2);
    expect(detail.zonePath[1]).toBe(page.records[0].zoneId);
  });

  it('adds, changes and removes a store; the address and a place on the map are required', async () => {
    const noPlace = await submit(admin, store({ longitude: undefined }));
    expect(noPlace.statusCode, noPlace.body).toBe(400);
    expect(noPlace.json().msg).toContain('longitude');
    const noAddress = await submit(admin, store({ address: '' }));
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().msg).toContain('address');
    const badPhone = await submit(admin, store({ phone: 'call us' }));
    expect(badPhone.json().msg).toContain('phone');

    const zone = (await list(admin, 'code=SH-PD')).json().data.records[0].zoneId;
    const added = await submit(admin, store({ zoneId: zone }));
    expect(added.statusCode, added.body).toBe(200);
    const s = added.json().data;
    expect(s).toMatchObject({ code: 'SZ-YQ-01', zoneName: '上海', status: 1, phone: '0512-62881234' });

    const changed = await submit(admin, { ...store(), id: s.id, phone: '', status: 0 });
    expect(changed.json().data).toMatchObject({ phone: null, status: 0, zoneId: null });

    const twice = await submit(admin, store({ name: '另一家店' }));
    expect(twice.statusCode).toBe(400);
    expect(twice.json().msg).toBe('A store with code SZ-YQ-01 already exists');
    const sameName = await submit(admin, store({ code: 'SZ-YQ-02' }));
    expect(sameName.json().msg).toBe('A store named 前庭苏州园区店 already exists');

    const removed = await call(t, admin, {
      method: 'POST',
      url: `/api/blade-basic/ground/remove?ids=${s.id}`,
      lang: 'en',
    });
    expect(removed.json().data).toBe(1);
    // A removed store's code is free again.
    expect((await submit(admin, store())).statusCode).toBe(200);
  });

  it("keeps tenants apart: another tenant's administrator neither sees nor changes the stores, nor uses its zones", async () => {
    const boss = await otherTenant(t, '300501', { administrator: true });
    expect((await list(boss)).json().data.total).toBe(0);
    const ours = (await list(admin, 'code=SH-PD-01')).json().data.records[0];
    const edit = await submit(boss, { ...store({ code: 'X-1', name: 'X' }), id: ours.id });
    expect(edit.statusCode).toBeGreaterThanOrEqual(403);
    const theirZone = await submit(boss, store({ code: 'X-2', name: 'Y', zoneId: ours.zoneId }));
    expect(theirZone.statusCode).toBeGreaterThanOrEqual(403);
    // The same code is another tenant's own business.
    expect((await submit(boss, store())).statusCode).toBe(200);
    const removed = await call(t, boss, {
      method: 'POST',
      url: `/api/blade-basic/ground/remove?ids=${ours.id}`,
    });
    expect(removed.statusCode).toBeGreaterThanOrEqual(403);
    // A salesperson has no store page.
    expect((await list(await tokenFor(t, 'sales1'))).statusCode).toBe(403);
  });

  it.runIf(onPostgres)(
    'two administrators adding the same code at once: one store, one clear refusal',
    async () => {
      const answers = await Promise.all(
        [1, 2, 3].map((i) => submit(admin, store({ code: 'RACE-1', name: `竞速店 ${i}` }))),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400]);
      for (const a of answers.filter((x) => x.statusCode === 400))
        expect(a.json().msg).toBe('A store with code RACE-1 already exists');
      expect((await list(admin, 'code=RACE-1')).json().data.total).toBe(1);
    },
  );
});

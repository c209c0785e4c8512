import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastSmsCode } from './testing.js';
import { call, createTestApp, dbLabel, tokenFor, type TestApp } from '../../../test/harness.js';

describe(`the customers' own inquiry on /h5 (${dbLabel})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const send = (payload: Record<string, unknown>) =>
    call(t, undefined, { method: 'POST', url: '/api/blade-member/h5/inquiry', payload, lang: 'en' });
  const form = (over: Record<string, unknown> = {}) => ({
    tenantId: '000000',
    name: '郑女士',
    phone: '13655550001',
    modelText: '想要一台纯电轿车',
    cityCode: '3101',
    ...over,
  });

  it('offers the catalogue and the cities to choose from, without sign-in', async () => {
    const res = await call(t, undefined, { url: '/api/blade-member/h5/inquiry-options?tenantId=000000' });
    expect(res.statusCode).toBe(200);
    const { models, cities } = res.json().data;
    expect(models.length).toBeGreaterThan(5);
    expect(models[0].children[0].children[0].value).toMatch(/^\d+$/);
    expect(cities.some((c: { label: string }) => c.label.includes('上海'))).toBe(true);
  });

  it('takes the form only with the SMS code of that phone, and puts it in the pool', async () => {
    const phone = '13655550001';
    expect((await send(form({ code: '000000' }))).statusCode).toBe(400);
    await call(t, undefined, { url: `/api/blade-member/h5/sms-code?tenantId=000000&phone=${phone}` });
    const code = await lastSmsCode(t, phone);
    const res = await send(form({ code }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().msg).toBe('Sent; an adviser will contact you soon');
    // The code is single-use.
    expect((await send(form({ code }))).statusCode).toBe(400);
    const online = await tokenFor(t, 'online1');
    const pool = await call(t, online, {
      url: '/api/blade-sales/user-inquiry/list?status=pending&size=1000',
    });
    const row = pool.json().data.records.find((r: { id: string }) => r.id === res.json().data);
    expect(row).toMatchObject({ name: '郑女士', phone, status: 'pending', cityCode: '3101' });
    expect(row.cityName).toContain('上海');
  });

  it('a malformed field is a 400 naming it', async () => {
    const res = await send(form({ phone: '1365555', code: '1' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('phone');
  });
});

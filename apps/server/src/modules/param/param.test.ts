import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, dbLabel, otherTenant, tokenFor, type TestApp } from '../../../test/harness.js';

describe(`parameters (${dbLabel})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('keeps keys unique per tenant, answers values by key, and keeps tenants apart', async () => {
    const admin = await tokenFor(t, 'admin');
    const post = (token: string, url: string, payload?: object) =>
      call(t, token, { method: 'POST', url, payload, lang: 'en' });
    const id = (
      await post(admin, '/api/blade-system/param/submit', {
        paramName: '报价有效天数',
        paramKey: 'offer.validDays',
        paramValue: '7',
      })
    ).json().data;
    expect(
      (
        await post(admin, '/api/blade-system/param/submit', {
          paramName: 'x',
          paramKey: 'offer.validDays',
          paramValue: '9',
        })
      ).json().msg,
    ).toBe('A parameter with key offer.validDays already exists');
    expect(
      (
        await post(admin, '/api/blade-system/param/submit', {
          paramName: 'x',
          paramKey: 'bad key',
          paramValue: '9',
        })
      ).json().msg,
    ).toMatch(/paramKey/);
    const sales = await tokenFor(t, 'sales1');
    expect(
      (await call(t, sales, { url: '/api/blade-system/param/value?key=offer.validDays' })).json().data,
    ).toBe('7');
    expect((await call(t, sales, { url: '/api/blade-system/param/list' })).statusCode).toBe(403);
    const other = await otherTenant(t, '999991');
    expect(
      (await call(t, other, { url: '/api/blade-system/param/value?key=offer.validDays' })).json().data,
    ).toBeNull();
    expect((await call(t, other, { url: `/api/blade-system/param/detail?id=${id}` })).statusCode).toBe(403);
    expect((await post(other, `/api/blade-system/param/remove?ids=${id}`)).statusCode).toBe(403);
    expect(
      (
        await post(other, '/api/blade-system/param/submit', {
          paramName: 'y',
          paramKey: 'offer.validDays',
          paramValue: '3',
        })
      ).json().code,
    ).toBe(200);
    expect((await post(admin, `/api/blade-system/param/remove?ids=${id}`)).json().data).toBe(1);
  });
});

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
        isPublic: 1,
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

  it('answers a private parameter only to callers with the param permission, and never says whether a key exists', async () => {
    const admin = await tokenFor(t, 'admin');
    const sales = await tokenFor(t, 'sales1');
    const value = (token: string, key: string, lang: 'en' | 'zh' = 'en') =>
      call(t, token, { url: `/api/blade-system/param/value?key=${key}`, lang });
    const submit = (body: object) =>
      call(t, admin, { method: 'POST', url: '/api/blade-system/param/submit', payload: body, lang: 'en' });
    const id = (
      await submit({ paramName: '短信密钥', paramKey: 'sms.secret', paramValue: 's3cr3t', isPublic: 0 })
    ).json().data;
    await submit({ paramName: '默认语言', paramKey: 'ui.lang', paramValue: 'zh' }); // private unless flagged

    const refused = await value(sales, 'sms.secret');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe(
      'Parameter sms.secret is not public; you do not have permission to read it',
    );
    expect(refused.body).not.toContain('s3cr3t');
    expect((await value(sales, 'sms.secret', 'zh')).json().msg).toBe(
      '参数 sms.secret 不是公开参数，没有权限读取',
    );
    expect((await value(sales, 'ui.lang')).statusCode).toBe(403);
    // A key that does not exist gets the same answer, so a caller cannot find out which keys there are.
    expect((await value(sales, 'no.such.key')).json()).toMatchObject({ code: 403 });
    expect((await value(admin, 'sms.secret')).json().data).toBe('s3cr3t');
    expect((await value(admin, 'no.such.key')).json().data).toBeNull();

    // The flag is shown and changed with the parameter.
    expect(
      (await call(t, admin, { url: `/api/blade-system/param/detail?id=${id}` })).json().data.isPublic,
    ).toBe(0);
    await submit({ id, paramName: '短信密钥', paramKey: 'sms.secret', paramValue: 's3cr3t', isPublic: 1 });
    expect((await value(sales, 'sms.secret')).json().data).toBe('s3cr3t');
    const bad = await submit({ paramName: 'x', paramKey: 'x.y', paramValue: '1', isPublic: 2 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/isPublic/);
  });
});

import { sm2 } from 'sm-crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASIC, call, createTestApp, dbLabel, tokenFor, type TestApp } from '../../../test/harness.js';

describe(`tenants (${dbLabel})`, () => {
  let t: TestApp;
  let platform: string;
  beforeAll(async () => {
    t = await createTestApp();
    platform = await tokenFor(t, 'admin');
  });
  afterAll(() => t?.close());

  const signIn = async (tenantId: string, account: string, password: string) => {
    const key = (await call(t, undefined, { url: '/api/blade-auth/oauth/public-key' })).json().data.publicKey;
    const q = new URLSearchParams({
      tenantId,
      username: account,
      password: sm2.doEncrypt(password, key, 1),
      grant_type: 'password',
    });
    return t.app.inject({
      method: 'POST',
      url: `/api/blade-auth/oauth/token?${q}`,
      headers: { authorization: BASIC, 'accept-language': 'en' },
    });
  };

  it('creates a complete tenant whose administrator signs in, must change the password, and sees only its own rows', async () => {
    const res = await call(t, platform, {
      method: 'POST',
      url: '/api/blade-system/tenant/submit',
      payload: { tenantName: '北辰汽车', linkman: '周伟', domain: 'beichen.example.com' },
      lang: 'en',
    });
    expect(res.json().msg).toMatch(
      /^Tenant \d{6} created; the initial password of its admin account is shown only this once$/,
    );
    const { tenantId, adminAccount, adminPassword } = res.json().data;
    expect(adminAccount).toBe('admin');
    const session = await signIn(tenantId, 'admin', adminPassword);
    expect(session.statusCode).toBe(200);
    const token = session.json().access_token as string;
    expect((await call(t, token, { url: '/api/blade-user/check-password' })).json().data).toBe(true);

    const depts = (await call(t, token, { url: '/api/blade-system/dept/lazy-list?parentId=0' })).json().data;
    expect(depts.map((d: { deptName: string }) => d.deptName)).toEqual(['北辰汽车']);
    const roles = await t.db.query<{ role_alias: string }>(
      'SELECT role_alias FROM blade_role WHERE tenant_id = $1 ORDER BY sort',
      [tenantId],
    );
    expect(roles.map((r) => r.role_alias)).toEqual([
      'administrator',
      'admin',
      'sales',
      'resource',
      'online_sales',
      'user',
    ]);
    expect(
      (await call(t, token, { url: '/api/blade-system/dict-biz/dictionary?code=car_brand' })).json().data
        .length,
    ).toBeGreaterThan(5);
    const list = (await call(t, token, { url: '/api/blade-system/tenant/list' })).json().data;
    expect(list.records.map((r: { tenantId: string }) => r.tenantId)).toEqual([tenantId]);
    const platformRow = (
      await call(t, platform, { url: '/api/blade-system/tenant/list?tenantId=000000' })
    ).json().data.records[0];
    expect(
      (await call(t, token, { url: `/api/blade-system/tenant/detail?id=${platformRow.id}` })).statusCode,
    ).toBe(403);
    // The login page of its domain hides the tenant field.
    expect(
      (await call(t, undefined, { url: '/api/blade-system/tenant/info?domain=beichen.example.com' })).json()
        .data,
    ).toMatchObject({ tenantId, tenantName: '北辰汽车' });
    // A tenant administrator cannot make tenants, change the settings or remove one.
    const refused = await call(t, token, {
      method: 'POST',
      url: '/api/blade-system/tenant/submit',
      payload: { tenantName: 'x' },
      lang: 'en',
    });
    expect(refused.json()).toMatchObject({ code: 403, msg: 'Only the platform administrator may do this' });
    expect(
      (
        await call(t, token, {
          method: 'POST',
          url: `/api/blade-system/tenant/setting?ids=${list.records[0].id}&accountNumber=5`,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(t, token, {
          method: 'POST',
          url: `/api/blade-system/tenant/remove?ids=${list.records[0].id}`,
        })
      ).statusCode,
    ).toBe(403);
    // Its own details it may change.
    expect(
      (
        await call(t, token, {
          method: 'POST',
          url: '/api/blade-system/tenant/submit',
          payload: { id: list.records[0].id, tenantName: '北辰汽车', linkman: '李强' },
        })
      ).json().code,
    ).toBe(200);
  });

  it('refuses a duplicate name, and never removes the platform tenant', async () => {
    const dup = await call(t, platform, {
      method: 'POST',
      url: '/api/blade-system/tenant/submit',
      payload: { tenantName: '北辰汽车' },
      lang: 'en',
    });
    expect(dup.json().msg).toBe('A tenant named 北辰汽车 already exists');
    const platformRow = (
      await call(t, platform, { url: '/api/blade-system/tenant/list?tenantId=000000' })
    ).json().data.records[0];
    expect(
      (
        await call(t, platform, {
          method: 'POST',
          url: `/api/blade-system/tenant/remove?ids=${platformRow.id}`,
          lang: 'en',
        })
      ).json().msg,
    ).toBe('The platform tenant 000000 cannot be removed');
  });

  it('ends the sessions of a removed tenant and refuses its sign-ins', async () => {
    const created = (
      await call(t, platform, {
        method: 'POST',
        url: '/api/blade-system/tenant/submit',
        payload: { tenantName: '南岭车行' },
      })
    ).json().data;
    const token = (await signIn(created.tenantId, 'admin', created.adminPassword)).json()
      .access_token as string;
    expect(
      (
        await call(t, platform, { method: 'POST', url: `/api/blade-system/tenant/remove?ids=${created.id}` })
      ).json().data,
    ).toBe(1);
    expect((await call(t, token, { url: '/api/blade-auth/oauth/user-info' })).statusCode).toBe(401);
    expect((await signIn(created.tenantId, 'admin', created.adminPassword)).json().error_description).toBe(
      `Tenant ${created.tenantId} does not exist or is disabled`,
    );
  });

  it('sets the expiry: an expired tenant cannot sign in', async () => {
    const created = (
      await call(t, platform, {
        method: 'POST',
        url: '/api/blade-system/tenant/submit',
        payload: { tenantName: '西岭车行' },
      })
    ).json().data;
    const past = new Date(Date.now() - 86_400_000).toISOString();
    expect(
      (
        await call(t, platform, {
          method: 'POST',
          url: `/api/blade-system/tenant/setting?ids=${created.id}&expireTime=${encodeURIComponent(past)}`,
        })
      ).json().data,
    ).toBe(1);
    expect((await signIn(created.tenantId, 'admin', created.adminPassword)).json().error_description).toBe(
      `Tenant ${created.tenantId} has expired, please contact an administrator`,
    );
  });
});

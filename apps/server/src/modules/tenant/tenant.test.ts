import { sm2 } from 'sm-crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASIC, call, createTestApp, dbLabel, tokenFor, type TestApp } from '../../../test/harness.js';
import { tenantMigrations } from './tables.js';

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
      'finance',
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
  describe('domains', () => {
    const submit = (token: string, payload: Record<string, unknown>) =>
      call(t, token, { method: 'POST', url: '/api/blade-system/tenant/submit', payload, lang: 'en' });
    const info = async (domain: string) =>
      (await call(t, undefined, { url: `/api/blade-system/tenant/info?domain=${domain}` })).json().data;
    const make = async (tenantName: string, domain?: string) => {
      const created = (await submit(platform, { tenantName, domain })).json().data;
      const token = (await signIn(created.tenantId, 'admin', created.adminPassword)).json()
        .access_token as string;
      return { ...created, token } as { id: string; tenantId: string; token: string };
    };

    it("refuses a tenant administrator's change of its domain or background, and keeps the login page's tenant", async () => {
      const victim = await make('东港汽车', 'donggang.example.com');
      const attacker = await make('西港汽车');
      const takeover = await submit(attacker.token, {
        id: attacker.id,
        tenantName: '西港汽车',
        domain: 'donggang.example.com',
      });
      expect(takeover.json()).toMatchObject({
        code: 403,
        msg: 'Only the platform administrator may change the domain and the background image of a tenant',
      });
      const background = await submit(attacker.token, {
        id: attacker.id,
        tenantName: '西港汽车',
        backgroundUrl: 'https://evil.example.net/bg.png',
      });
      expect(background.statusCode).toBe(403);
      expect(await info('donggang.example.com')).toMatchObject({ tenantId: victim.tenantId });
      // Its own form sends the values back unchanged: that is fine.
      expect(
        (
          await submit(victim.token, {
            id: victim.id,
            tenantName: '东港汽车',
            domain: ' DongGang.example.com ',
            backgroundUrl: '',
            linkman: '王芳',
          })
        ).json().code,
      ).toBe(200);
      // The platform administrator may change both.
      expect(
        (
          await submit(platform, {
            id: attacker.id,
            tenantName: '西港汽车',
            domain: 'xigang.example.com',
            backgroundUrl: 'https://cdn.example.com/xigang.png',
          })
        ).json().code,
      ).toBe(200);
      expect(await info('XIGANG.example.com')).toMatchObject({
        tenantId: attacker.tenantId,
        backgroundUrl: 'https://cdn.example.com/xigang.png',
      });
    });

    it('refuses a domain another tenant has, in any case, also when created with it', async () => {
      const other = await make('南港汽车');
      const dup = await submit(platform, {
        id: other.id,
        tenantName: '南港汽车',
        domain: 'DONGGANG.example.com',
      });
      expect(dup.json()).toMatchObject({
        code: 400,
        msg: 'The domain donggang.example.com is already used by another tenant',
      });
      const created = await submit(platform, { tenantName: '北港汽车', domain: 'donggang.example.com' });
      expect(created.json().msg).toBe('The domain donggang.example.com is already used by another tenant');
      expect(
        (await call(t, platform, { url: '/api/blade-system/tenant/list?tenantName=北港汽车' })).json().data
          .total,
      ).toBe(0);
      expect((await submit(platform, { tenantName: '坏域名', domain: 'a b/c' })).json().msg).toBe(
        'Field domain has the wrong format',
      );
      expect(
        (
          await submit(platform, {
            id: other.id,
            tenantName: '南港汽车',
            backgroundUrl: 'javascript:alert(1)',
          })
        ).json(),
      ).toMatchObject({
        code: 400,
        msg: 'Field backgroundUrl must be a URL starting with http:// or https://',
      });
    });

    it('lets one of two racing submits of one domain win; the other gets the clear 400', async () => {
      const a = await make('上港汽车');
      const b = await make('下港汽车');
      const results = await Promise.all(
        [a, b].map((x, i) =>
          submit(platform, { id: x.id, tenantName: i ? '下港汽车' : '上港汽车', domain: 'race.example.com' }),
        ),
      );
      expect(results.map((r) => r.json().code).sort()).toEqual([200, 400]);
      expect(results.find((r) => r.json().code === 400)!.json().msg).toBe(
        'The domain race.example.com is already used by another tenant',
      );
      const winner = results.findIndex((r) => r.json().code === 200);
      expect(await info('race.example.com')).toMatchObject({ tenantId: [a, b][winner]!.tenantId });
    });

    it('migrates existing values: trimmed and lower case, blank to none, a shared domain taken from all', async () => {
      await t.db.exec('DROP INDEX blade_tenant_domain_unique');
      const rows = (
        await t.db.query<{ id: string; tenant_id: string }>(
          `SELECT id, tenant_id FROM blade_tenant WHERE is_deleted = 0 AND tenant_id <> '000000' ORDER BY id LIMIT 4`,
        )
      ).map((r) => r.id);
      const set = (id: string, domain: string | null) =>
        t.db.query('UPDATE blade_tenant SET domain = $2 WHERE id = $1', [id, domain]);
      await set(rows[0]!, ' Shared.Example.com');
      await set(rows[1]!, 'shared.example.com');
      await set(rows[2]!, '   ');
      await set(rows[3]!, ' Own.Example.COM ');
      await t.db.exec(tenantMigrations.find((m) => m.id === '0001_domain_unique')!.sql);
      const after = await t.db.query<{ id: string; domain: string | null }>(
        'SELECT id, domain FROM blade_tenant WHERE id = ANY($1::bigint[])',
        [rows],
      );
      const domain = Object.fromEntries(after.map((r) => [r.id, r.domain]));
      expect(rows.map((id) => domain[id])).toEqual([null, null, null, 'own.example.com']);
      expect(await info('shared.example.com')).toBeNull();
      expect(await info('own.example.com')).not.toBeNull();
    });
  });
});

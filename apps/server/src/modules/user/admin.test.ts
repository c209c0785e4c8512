import { sm2 } from 'sm-crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BASIC,
  call,
  createTestApp,
  dbLabel,
  otherTenant,
  tokenFor,
  type TestApp,
} from '../../../test/harness.js';

describe(`user administration (${dbLabel})`, () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await tokenFor(t, 'admin');
  });
  afterAll(() => t?.close());

  const post = (token: string, url: string, payload?: object) =>
    call(t, token, { method: 'POST', url, payload, lang: 'en' });
  const id = async (sql: string) => (await t.db.one<{ id: string }>(sql))!.id;
  const signIn = async (account: string, password: string) => {
    const key = (await call(t, undefined, { url: '/api/blade-auth/oauth/public-key' })).json().data.publicKey;
    const q = new URLSearchParams({
      tenantId: '000000',
      username: account,
      password: sm2.doEncrypt(password, key, 1),
      grant_type: 'password',
    });
    return t.app.inject({
      method: 'POST',
      url: `/api/blade-auth/oauth/token?${q}`,
      headers: { authorization: BASIC },
    });
  };

  it('lists users by department (sub-departments included) without ever showing a password', async () => {
    const sales = await id(`SELECT id FROM blade_dept WHERE dept_name = '销售中心'`);
    const page = (await call(t, admin, { url: `/api/blade-user/list?deptId=${sales}&size=50` })).json().data;
    expect(page.records.map((u: { account: string }) => u.account).sort()).toEqual(['sales1', 'sales2']);
    expect(JSON.stringify(page)).not.toMatch(/argon2|password/i);
    const detail = (await call(t, admin, { url: `/api/blade-user/detail?id=${page.records[0].id}` })).json()
      .data;
    expect(detail).not.toHaveProperty('password');
  });

  it('creates a user with roles and departments and an initial password shown once; resets and removes', async () => {
    const roleId = await id(`SELECT id FROM blade_role WHERE role_alias = 'sales' AND tenant_id = '000000'`);
    const deptId = await id(`SELECT id FROM blade_dept WHERE dept_name = '新车销售二部'`);
    const created = (
      await post(admin, '/api/blade-user/submit', {
        account: 'sales3',
        realName: '孙立',
        code: 'FC1003',
        roleIds: [roleId],
        deptIds: [deptId],
      })
    ).json().data;
    expect(created.initialPassword).toHaveLength(16);
    const s = await signIn('sales3', created.initialPassword);
    expect(s.statusCode).toBe(200);
    expect(s.json()).toMatchObject({ role_name: 'sales', dept_name: '新车销售二部' });
    expect(
      (
        await post(admin, '/api/blade-user/submit', {
          account: 'sales3',
          realName: 'x',
          roleIds: [roleId],
          deptIds: [deptId],
        })
      ).json().msg,
    ).toBe('Account sales3 already exists');
    const reset = (await post(admin, `/api/blade-user/reset-password?userIds=${created.id}`)).json().data;
    expect(
      (await call(t, s.json().access_token, { url: '/api/blade-auth/oauth/user-info' })).statusCode,
    ).toBe(401);
    expect((await signIn('sales3', reset.password)).statusCode).toBe(200);
    expect((await post(admin, `/api/blade-user/remove?ids=${created.id}`)).json().data).toBe(1);
    expect((await signIn('sales3', reset.password)).statusCode).toBe(400);
    const me = await id(`SELECT id FROM blade_user WHERE account = 'admin'`);
    expect((await post(admin, `/api/blade-user/remove?ids=${me}`)).json().msg).toBe(
      'You cannot remove your own account',
    );
  });

  it("keeps a tenant's users from another tenant, and another tenant's roles out of this one", async () => {
    const other = await otherTenant(t, '999993');
    const sales1 = await id(`SELECT id FROM blade_user WHERE account = 'sales1'`);
    expect(
      (await call(t, other, { url: '/api/blade-user/list' }))
        .json()
        .data.records.map((u: { account: string }) => u.account),
    ).toEqual(['boss']);
    expect((await call(t, other, { url: `/api/blade-user/detail?id=${sales1}` })).statusCode).toBe(403);
    expect((await post(other, `/api/blade-user/reset-password?userIds=${sales1}`)).statusCode).toBe(403);
    expect((await post(other, `/api/blade-user/remove?ids=${sales1}`)).statusCode).toBe(403);
    const foreignRole = await id(
      `SELECT id FROM blade_role WHERE role_alias = 'sales' AND tenant_id = '000000'`,
    );
    const ownDept = (await post(other, '/api/blade-system/dept/submit', { deptName: '总部' })).json().data;
    const res = await post(other, '/api/blade-user/submit', {
      account: 'mole',
      realName: 'x',
      roleIds: [foreignRole],
      deptIds: [ownDept],
    });
    expect(res.json().msg).toBe('A selected role or department does not belong to this tenant');
    const sales = await tokenFor(t, 'sales1');
    expect((await call(t, sales, { url: '/api/blade-user/list' })).statusCode).toBe(403);
  });
});

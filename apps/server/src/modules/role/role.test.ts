import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, dbLabel, otherTenant, tokenFor, type TestApp } from '../../../test/harness.js';

describe(`roles and grants (${dbLabel})`, () => {
  let t: TestApp;
  let admin: string;
  const menuId = async (code: string) =>
    (await t.db.one<{ id: string }>('SELECT id FROM blade_menu WHERE code = $1', [code]))!.id;
  const roleId = async (alias: string) =>
    (await t.db.one<{ id: string }>(
      `SELECT id FROM blade_role WHERE role_alias = $1 AND tenant_id = '000000'`,
      [alias],
    ))!.id;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await tokenFor(t, 'admin');
  });
  afterAll(() => t?.close());

  const post = (token: string, url: string, payload?: object) =>
    call(t, token, { method: 'POST', url, payload, lang: 'en' });

  it('adds roles with unique aliases and refuses to remove one that users hold', async () => {
    const id = (
      await post(admin, '/api/blade-system/role/submit', { roleName: '展厅接待', roleAlias: 'reception' })
    ).json().data;
    expect(
      (await post(admin, '/api/blade-system/role/submit', { roleName: 'x', roleAlias: 'reception' })).json()
        .msg,
    ).toBe('A role with alias reception already exists');
    expect((await post(admin, `/api/blade-system/role/remove?ids=${await roleId('sales')}`)).json().msg).toBe(
      '2 user(s) still have this role; change their roles first',
    );
    expect((await post(admin, `/api/blade-system/role/remove?ids=${id}`)).json().data).toBe(1);
  });

  it('replaces grants, and the caller cannot grant menus it does not hold', async () => {
    // Give the sales role the grant button, then let a sales user grant.
    await t.db.query('INSERT INTO blade_role_menu (role_id, menu_id) VALUES ($1, $2)', [
      await roleId('sales'),
      await menuId('role_grant'),
    ]);
    await t.db.query('INSERT INTO blade_role_menu (role_id, menu_id) VALUES ($1, $2)', [
      await roleId('sales'),
      await menuId('role'),
    ]);
    // A manager's rank, so that it may grant to the staff role at all (docs/roles.md).
    await t.db.query('UPDATE blade_role SET role_rank = 50 WHERE id = $1', [await roleId('sales')]);
    invalidatePermissions(t);
    const sales = await tokenFor(t, 'sales1');
    const target = await roleId('user');
    const escalate = await post(sales, '/api/blade-system/role/grant', {
      roleIds: [target],
      menuIds: [await menuId('user_add')],
    });
    expect(escalate.json()).toMatchObject({
      code: 403,
      msg: 'You cannot grant menus you do not have yourself',
    });
    expect(
      (
        await post(sales, '/api/blade-system/role/grant', {
          roleIds: [target],
          menuIds: [await menuId('offer'), await menuId('offer_add')],
        })
      ).json().data,
    ).toBe(1);
    const keys = (
      await call(t, admin, { url: `/api/blade-system/menu/role-tree-keys?roleIds=${target}` })
    ).json().data;
    expect(keys.sort()).toEqual([await menuId('offer'), await menuId('offer_add')].sort());
    // The grant takes effect for the role's users at once.
    const plain = await otherUserWithRole(t, target);
    const routes = (await call(t, plain, { url: '/api/blade-system/menu/routes' })).json().data;
    expect(JSON.stringify(routes)).toContain('/fc/offer/index');
  });

  it("keeps a tenant's roles from another tenant", async () => {
    const other = await otherTenant(t, '999992');
    const sales = await roleId('sales');
    expect(
      (await call(t, other, { url: '/api/blade-system/role/list' }))
        .json()
        .data.map((r: { roleAlias: string }) => r.roleAlias),
    ).toEqual(['administrator']);
    expect((await call(t, other, { url: `/api/blade-system/role/detail?id=${sales}` })).statusCode).toBe(403);
    expect(
      (await post(other, '/api/blade-system/role/grant', { roleIds: [sales], menuIds: [] })).statusCode,
    ).toBe(403);
    expect((await post(other, `/api/blade-system/role/remove?ids=${sales}`)).statusCode).toBe(403);
    expect(
      (await call(t, other, { url: `/api/blade-system/menu/role-tree-keys?roleIds=${sales}` })).statusCode,
    ).toBe(403);
  });
});

function invalidatePermissions(t: TestApp) {
  t.app.ctx.permissions.invalidate();
}

/** A fresh account of tenant 000000 holding only the given role. */
async function otherUserWithRole(t: TestApp, roleId: string) {
  await t.db.query(
    `INSERT INTO blade_user (id, tenant_id, account, password, status) VALUES (7001, '000000', 'plain.user', 'x', 1)`,
  );
  await t.db.query('INSERT INTO blade_user_role (user_id, role_id) VALUES (7001, $1)', [roleId]);
  return tokenFor(t, 'plain.user');
}

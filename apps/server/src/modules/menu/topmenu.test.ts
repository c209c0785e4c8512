import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, dbLabel, otherTenant, tokenFor, type TestApp } from '../../../test/harness.js';

describe(`top-menu administration (${dbLabel})`, () => {
  let t: TestApp;
  let admin: string;
  let other: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await tokenFor(t, 'admin');
    other = await otherTenant(t, '777777');
  });
  afterAll(() => t?.close());

  const get = (token: string, url: string) => call(t, token, { url, lang: 'en' });
  const post = (token: string, url: string, payload?: object) =>
    call(t, token, { method: 'POST', url, payload, lang: 'en' });
  const T = '/api/blade-system/topmenu';
  const menuId = async (code: string) =>
    (await t.db.one<{ id: string }>('SELECT id FROM blade_menu WHERE code = $1 AND is_deleted = 0', [code]))!
      .id;
  const topCodes = async (token: string) =>
    (await get(token, '/api/blade-system/menu/top-menu')).json().data.map((x: { code: string }) => x.code);

  it('lists, adds and changes top menus with unique codes per tenant', async () => {
    const page = (await get(admin, `${T}/list?tenantId=000000`)).json().data;
    expect(page.records.map((r: { code: string }) => r.code)).toEqual([
      'top_desk',
      'top_sales',
      'top_system',
    ]);
    const id = (
      await post(admin, `${T}/submit`, {
        code: 'top_ops',
        name: '运维',
        nameEn: 'Operations',
        source: 'ToolOutlined',
        sort: 4,
      })
    ).json().data as string;
    expect((await get(admin, `${T}/detail?id=${id}`)).json().data).toMatchObject({
      tenantId: '000000',
      code: 'top_ops',
      name: '运维',
      source: 'ToolOutlined',
      meta: { i18n: { zh: '运维', en: 'Operations' } },
    });
    expect((await post(admin, `${T}/submit`, { code: 'top_desk', name: 'x' })).json()).toMatchObject({
      code: 400,
      msg: 'A top menu with code top_desk already exists',
    });
    expect(
      (await post(admin, `${T}/submit`, { id, code: 'top_ops', name: '运维中心', sort: 4 })).json().code,
    ).toBe(200);
    expect((await get(admin, `${T}/list?name=运维`)).json().data.records).toHaveLength(1);
  });

  it('places first-level menus under a top menu, which the shell then shows with only those menus', async () => {
    const id = (await t.db.one<{ id: string }>("SELECT id FROM blade_top_menu WHERE code = 'top_ops'"))!.id;
    // Not shown while it holds nothing the caller may open.
    expect(await topCodes(admin)).not.toContain('top_ops');
    const tree = (await get(admin, `${T}/grant-tree`)).json().data;
    expect(tree.map((n: { code: string }) => n.code)).toEqual(
      expect.arrayContaining(['desk', 'system_area', 'monitor_area']),
    );
    expect(tree.every((n: { parentId: string }) => String(n.parentId) === '0')).toBe(true);
    expect((await get(admin, '/api/blade-system/menu/grant-top-tree')).json().data).toEqual(tree);

    const monitor = await menuId('monitor_area');
    expect((await post(admin, `${T}/grant`, { topMenuIds: [id], menuIds: [monitor] })).json().data).toBe(1);
    expect((await get(admin, `${T}/tree-keys?topMenuIds=${id}`)).json().data).toEqual([monitor]);
    expect((await get(admin, `/api/blade-system/menu/top-tree-keys?topMenuIds=${id}`)).json().data).toEqual([
      monitor,
    ]);
    expect(await topCodes(admin)).toContain('top_ops');
    const routes = (await get(admin, `/api/blade-system/menu/routes?topMenuId=${id}`)).json().data;
    expect(routes.map((r: { code: string }) => r.code)).toEqual(['monitor_area']);

    // A page is not a first-level menu: it would never show under a top menu.
    expect(
      (await post(admin, `${T}/grant`, { topMenuIds: [id], menuIds: [await menuId('param')] })).json().msg,
    ).toBe('Menu 参数管理 is not a first-level menu that a top menu can hold');

    expect((await post(admin, `${T}/remove?ids=${id}`)).json().data).toBe(1);
    expect(await topCodes(admin)).not.toContain('top_ops');
    expect(
      await t.db.one('SELECT 1 FROM blade_top_menu_setting WHERE top_menu_id = $1', [id]),
    ).toBeUndefined();
    expect((await get(admin, `${T}/detail?id=${id}`)).statusCode).toBe(404);
  });

  it("keeps a tenant's top menus from another tenant, which manages its own", async () => {
    const desk = (await t.db.one<{ id: string }>(
      "SELECT id FROM blade_top_menu WHERE code = 'top_desk' AND tenant_id = '000000'",
    ))!.id;
    expect((await get(other, `${T}/list`)).json().data.total).toBe(0);
    expect((await get(other, `${T}/detail?id=${desk}`)).statusCode).toBe(403);
    expect((await post(other, `${T}/submit`, { id: desk, code: 'top_desk', name: 'x' })).statusCode).toBe(
      403,
    );
    expect((await post(other, `${T}/remove?ids=${desk}`)).statusCode).toBe(403);
    expect((await post(other, `${T}/grant`, { topMenuIds: [desk], menuIds: [] })).statusCode).toBe(403);
    expect((await get(other, `${T}/tree-keys?topMenuIds=${desk}`)).statusCode).toBe(403);

    // The same code is free in another tenant.
    const mine = (await post(other, `${T}/submit`, { code: 'top_desk', name: '首页' })).json().data as string;
    await post(other, `${T}/grant`, { topMenuIds: [mine], menuIds: [await menuId('desk')] });
    expect(await topCodes(other)).toEqual(['top_desk']);
    expect(
      (await t.db.one<{ tenant_id: string }>('SELECT tenant_id FROM blade_top_menu WHERE id = $1', [mine]))!
        .tenant_id,
    ).toBe('777777');
    expect(await topCodes(admin)).toEqual(['top_desk', 'top_sales', 'top_system']);
  });

  it('refuses staff without the top-menu button', async () => {
    const sales = await tokenFor(t, 'sales1');
    expect((await get(sales, `${T}/list`)).statusCode).toBe(403);
    expect((await post(sales, `${T}/submit`, { code: 'top_x', name: 'x' })).statusCode).toBe(403);
    expect((await get(sales, `${T}/grant-tree`)).statusCode).toBe(403);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, dbLabel, otherTenant, tokenFor, type TestApp } from '../../../test/harness.js';

describe(`menu administration (${dbLabel})`, () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await tokenFor(t, 'admin');
  });
  afterAll(() => t?.close());

  const post = (token: string, url: string, payload?: object) =>
    call(t, token, { method: 'POST', url, payload, lang: 'en' });
  const get = (token: string, url: string) => call(t, token, { url, lang: 'en' });

  it('browses lazily, adds a page with a button, refuses duplicates, bad parents and cycles, and removes leaves only', async () => {
    const roots = (await get(admin, '/api/blade-system/menu/lazy-list?parentId=0')).json().data;
    const system = roots.find((r: { code: string }) => r.code === 'system_area');
    expect(system.hasChildren).toBe(true);
    const page = (
      await post(admin, '/api/blade-system/menu/submit', {
        parentId: system.id,
        code: 'notice_admin',
        name: '通知公告',
        nameEn: 'Notices',
        path: '/system/notice',
        category: 1,
        sort: 50,
      })
    ).json().data as string;
    const button = (
      await post(admin, '/api/blade-system/menu/submit', {
        parentId: page,
        code: 'notice_admin_add',
        name: '新增',
        category: 2,
      })
    ).json().data as string;
    expect(
      (
        await post(admin, '/api/blade-system/menu/submit', {
          parentId: system.id,
          code: 'notice_admin',
          name: 'x',
          category: 1,
        })
      ).json().msg,
    ).toBe('A menu with code notice_admin already exists');
    expect(
      (
        await post(admin, '/api/blade-system/menu/submit', { code: 'lonely_button', name: 'x', category: 2 })
      ).json().msg,
    ).toBe('A button must sit under a menu');
    expect(
      (
        await post(admin, '/api/blade-system/menu/submit', {
          parentId: button,
          code: 'under_button',
          name: 'x',
          category: 1,
        })
      ).json().msg,
    ).toBe('A button must sit under a menu');
    expect(
      (
        await post(admin, '/api/blade-system/menu/submit', {
          id: system.id,
          parentId: page,
          code: 'system_area',
          name: '系统管理',
          category: 1,
        })
      ).json().msg,
    ).toBe('A menu cannot move under itself or one of its children');
    const found = (await get(admin, '/api/blade-system/menu/lazy-list?name=通知公')).json().data;
    expect(found.map((m: { code: string }) => m.code)).toEqual(['notice_admin']);
    expect((await get(admin, `/api/blade-system/menu/lazy-menu-list?parentId=${page}`)).json().data).toEqual(
      [],
    );
    // The new page reaches the administrator's routes at once.
    expect(JSON.stringify((await get(admin, '/api/blade-system/menu/routes')).json().data)).toContain(
      '/system/notice',
    );
    expect((await post(admin, `/api/blade-system/menu/remove?ids=${page}`)).json().msg).toBe(
      'Remove the child nodes first',
    );
    expect((await post(admin, `/api/blade-system/menu/remove?ids=${button},${page}`)).json().data).toBe(2);
  });

  it('lets only the platform administrator change the shared catalog', async () => {
    const other = await otherTenant(t, '999994');
    const res = await post(other, '/api/blade-system/menu/submit', {
      code: 'sneaky',
      name: 'x',
      category: 1,
    });
    expect(res.json()).toMatchObject({
      code: 403,
      msg: 'Menus are shared by the whole platform: only the platform administrator may change them',
    });
    const sales = await tokenFor(t, 'sales1');
    expect((await get(sales, '/api/blade-system/menu/lazy-list')).statusCode).toBe(403);
  });
});

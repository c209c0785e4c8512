import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, dbLabel, otherTenant, tokenFor, type TestApp } from '../../../test/harness.js';
import { AppError } from '../../platform/errors.js';
import { t as tr } from '../../platform/i18n.js';
import { RemoteMenus } from './sync-remote.js';

const TOKEN = 'sync-token-0123456789-abcdefghijklmnop';

describe(`menu sync between environments (${dbLabel})`, () => {
  let remote: TestApp;
  let local: TestApp;
  let wrongToken: TestApp;
  let remoteUrl: string;
  let admin: string;
  let remoteAdmin: string;

  beforeAll(async () => {
    remote = await createTestApp({ MENU_EXPORT_TOKEN: TOKEN });
    await remote.app.listen({ port: 0, host: '127.0.0.1' });
    remoteUrl = `http://127.0.0.1:${(remote.app.server.address() as AddressInfo).port}`;
    local = await createTestApp({ MENU_SYNC_URL: `${remoteUrl}/`, MENU_SYNC_TOKEN: TOKEN });
    wrongToken = await createTestApp({ MENU_SYNC_URL: remoteUrl, MENU_SYNC_TOKEN: 'x'.repeat(40) });
    admin = await tokenFor(local, 'admin');
    remoteAdmin = await tokenFor(remote, 'admin');
  });
  afterAll(async () => {
    await Promise.all([remote?.close(), local?.close(), wrongToken?.close()]);
  });

  const get = (t: TestApp, token: string, url: string) => call(t, token, { url, lang: 'en' });
  const post = (t: TestApp, token: string, url: string, payload?: object) =>
    call(t, token, { method: 'POST', url, payload, lang: 'en' });
  const S = '/api/blade-system/menu/sync';
  const idByCode = async (t: TestApp, code: string) =>
    (await t.db.one<{ id: string }>('SELECT id FROM blade_menu WHERE code = $1 AND is_deleted = 0', [code]))
      ?.id;

  it('shows the remote tree lazily, then the diff, applies the chosen items and records the sync', async () => {
    // The remote gains a page with a button and renames the parameters page; this side has an extra button.
    const system = (await idByCode(remote, 'system_area'))!;
    const page = (
      await post(remote, remoteAdmin, '/api/blade-system/menu/submit', {
        parentId: system,
        code: 'notice_admin',
        name: '通知公告',
        nameEn: 'Notices',
        path: '/system/notice',
        category: 1,
        sort: 50,
      })
    ).json().data as string;
    await post(remote, remoteAdmin, '/api/blade-system/menu/submit', {
      parentId: page,
      code: 'notice_admin_add',
      name: '新增',
      category: 2,
    });
    const param = (
      await get(remote, remoteAdmin, `/api/blade-system/menu/detail?id=${await idByCode(remote, 'param')}`)
    ).json().data;
    expect(
      (
        await post(remote, remoteAdmin, '/api/blade-system/menu/submit', {
          id: param.id,
          parentId: param.parentId,
          code: 'param',
          name: '系统参数',
          nameEn: 'System parameters',
          path: param.path,
          source: param.source,
          sort: param.sort,
          category: 1,
        })
      ).json().code,
    ).toBe(200);
    const localParam = (await idByCode(local, 'param'))!;
    expect(
      (
        await post(local, admin, '/api/blade-system/menu/submit', {
          parentId: localParam,
          code: 'param_export',
          name: '导出',
          category: 2,
        })
      ).json().code,
    ).toBe(200);

    const roots = (await get(local, admin, `${S}/lazyRemoteMenuList`)).json();
    expect(roots.code).toBe(200);
    const remoteSystem = roots.data.find((r: { code: string }) => r.code === 'system_area');
    expect(remoteSystem).toMatchObject({ id: system, hasChildren: true, syncState: 'same' });
    const children = (await get(local, admin, `${S}/lazyRemoteMenuList?parentId=${system}`)).json().data;
    const state = Object.fromEntries(
      children.map((c: { code: string; syncState: string }) => [c.code, c.syncState]),
    );
    expect(state).toMatchObject({ notice_admin: 'missing', param: 'changed', user: 'same' });

    const diff = (await post(local, admin, `${S}/menuDiff`, { ids: [system] })).json().data;
    expect(diff).toMatchObject({ remoteUrl, added: 2, changed: 1, removed: 1 });
    expect(diff.items.map((i: { key: string }) => i.key)).toEqual([
      'added:notice_admin',
      'added:notice_admin_add',
      'changed:param',
      'removed:param_export',
    ]);
    const changed = diff.items.find((i: { type: string }) => i.type === 'changed');
    expect(changed.changes.map((c: { field: string }) => c.field)).toEqual(['name', 'meta']);
    expect(changed.changes[0]).toEqual({ field: 'name', local: '参数管理', remote: '系统参数' });

    // A button without its page has nowhere to go.
    expect(
      (
        await post(local, admin, `${S}/saveMenuDiff`, { ids: [system], keys: ['added:notice_admin_add'] })
      ).json(),
    ).toMatchObject({
      code: 400,
      msg: 'The parent notice_admin of menu notice_admin_add does not exist here; include the parent in the sync',
    });
    expect(await idByCode(local, 'notice_admin_add')).toBeUndefined();

    const saved = await post(local, admin, `${S}/saveMenuDiff`, {
      ids: [system],
      keys: ['added:notice_admin', 'added:notice_admin_add', 'changed:param'],
    });
    expect(saved.json().data).toMatchObject({ added: 2, changed: 1, removed: 0 });
    const notice = await local.db.one<{ parent_id: string; path: string; meta: { i18n: { en: string } } }>(
      "SELECT parent_id::text AS parent_id, path, meta FROM blade_menu WHERE code = 'notice_admin' AND is_deleted = 0",
    );
    expect(notice).toMatchObject({
      parent_id: await idByCode(local, 'system_area'),
      path: '/system/notice',
      meta: { i18n: { en: 'Notices' } },
    });
    expect(
      (await local.db.one<{ parent_id: string }>(
        "SELECT parent_id::text AS parent_id FROM blade_menu WHERE code = 'notice_admin_add' AND is_deleted = 0",
      ))!.parent_id,
    ).toBe(await idByCode(local, 'notice_admin'));
    // The parameters page kept its id, so its grants stay; the new page went to the administrators only.
    expect(await idByCode(local, 'param')).toBe(localParam);
    expect((await get(local, admin, `/api/blade-system/menu/detail?id=${localParam}`)).json().data.name).toBe(
      '系统参数',
    );
    const grantees = await local.db.query<{ role_alias: string }>(
      `SELECT DISTINCT r.role_alias FROM blade_role_menu rm JOIN blade_role r ON r.id = rm.role_id
        JOIN blade_menu m ON m.id = rm.menu_id WHERE m.code = 'notice_admin'`,
    );
    expect(grantees.map((g) => g.role_alias)).toEqual(['administrator']);

    // Only the local extra is left; removing it drops its grants too.
    const again = (await post(local, admin, `${S}/menuDiff`, { ids: [system] })).json().data;
    expect(again.items.map((i: { key: string }) => i.key)).toEqual(['removed:param_export']);
    const exportId = (await idByCode(local, 'param_export'))!;
    expect(
      (await post(local, admin, `${S}/saveMenuDiff`, { ids: [system], keys: ['added:notice_admin'] })).json()
        .msg,
    ).toBe('The remote menus changed after the comparison (added:notice_admin); compare again');
    expect(
      (
        await post(local, admin, `${S}/saveMenuDiff`, { ids: [system], keys: ['removed:param_export'] })
      ).json().data,
    ).toMatchObject({ removed: 1 });
    expect(await idByCode(local, 'param_export')).toBeUndefined();
    expect(
      await local.db.one('SELECT 1 FROM blade_role_menu WHERE menu_id = $1', [exportId]),
    ).toBeUndefined();
    expect((await post(local, admin, `${S}/menuDiff`, { ids: [system] })).json().data.items).toEqual([]);

    const records = (await post(local, admin, `${S}/menuSyncRecordPage`, { current: 1, size: 10 })).json()
      .data;
    expect(records.total).toBe(2);
    expect(records.records[0]).toMatchObject({
      remoteUrl,
      added: 0,
      changed: 0,
      removed: 1,
      createUserAccount: 'admin',
    });
    expect(records.records[1]).toMatchObject({ added: 2, changed: 1, removed: 0, createUserName: '管理员' });
    expect(records.records[1].items.map((i: { code: string }) => i.code)).toEqual([
      'notice_admin',
      'notice_admin_add',
      'param',
    ]);
  });

  it('refuses anyone but the platform administrator', async () => {
    const sales = await tokenFor(local, 'sales1');
    expect((await get(local, sales, `${S}/lazyRemoteMenuList`)).statusCode).toBe(403);
    expect((await post(local, sales, `${S}/menuDiff`, { ids: ['1'] })).statusCode).toBe(403);
    const tenantAdmin = await otherTenant(local, '777777');
    const res = await post(local, tenantAdmin, `${S}/saveMenuDiff`, { ids: ['1'], keys: ['added:x'] });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(
      'Menus are shared by the whole platform: only the platform administrator may change them',
    );
    expect((await post(local, tenantAdmin, `${S}/menuSyncRecordPage`, {})).statusCode).toBe(403);
  });

  it('names what is wrong with the remote: not set up, unreachable, wrong token, export off', async () => {
    // The remote itself has no remote of its own.
    expect((await get(remote, remoteAdmin, `${S}/lazyRemoteMenuList`)).json()).toMatchObject({
      code: 400,
      msg: 'Menu sync is not set up: set the environment variable(s) MENU_SYNC_URL, MENU_SYNC_TOKEN',
    });
    const wrongAdmin = await tokenFor(wrongToken, 'admin');
    expect((await get(wrongToken, wrongAdmin, `${S}/lazyRemoteMenuList`)).json().msg).toBe(
      `The remote environment ${remoteUrl} refused the sync token; check MENU_SYNC_TOKEN`,
    );
    const err = await new RemoteMenus('http://127.0.0.1:1', TOKEN).children('0').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    const e = err as AppError;
    expect(tr('en', e.key, e.params)).toBe(
      'Cannot reach the remote environment http://127.0.0.1:1; check the address and the network',
    );
    // An environment without an export token serves no menus, and says so.
    const off = await local.app.inject({
      url: '/api/blade-system/menu/sync/export',
      headers: { 'blade-sync-token': TOKEN },
    });
    expect(off.statusCode).toBe(403);
    const notForge = await remote.app.inject({ url: '/api/blade-system/menu/sync/export?parentId=0' });
    expect(notForge.statusCode).toBe(401);
    // The token never comes back in an answer.
    const diffRes = await get(local, admin, `${S}/lazyRemoteMenuList`);
    expect(diffRes.body).not.toContain(TOKEN);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, dbLabel, tokenFor, type TestApp } from '../../../test/harness.js';

/** Every route of spec §2 "Routes inside the main layout" (area prefix fc). */
const SPEC_ROUTES = [
  '/wel/index',
  '/wel/dashboard',
  '/info/index',
  '/test/index',
  '/dict-horizontal/index',
  '/dict-vertical/index',
  '/myiframe/:routerPath',
  '/qiankun/micro',
  '/work/process/leave/form/:processDefinitionId',
  '/work/process/leave/handle/:taskId/:processInstanceId/:businessId',
  '/work/process/leave/detail/:processInstanceId/:businessId',
  '/store/publish/PublishList',
  '/store/column/column',
  '/store/publish/ContentDetail',
  '/system/zone',
  '/system/risk_diary',
  '/monitor/dmt/log',
  '/monitor/dmt/mq_confirm',
  '/monitor/dmt/mq_message',
  '/monitor/dmt/mq_message_data',
  '/monitor/dmt/mq_relation',
  '/monitor/notice/notice_template',
  '/monitor/notice/notice_log',
  '/member/index',
  '/text-filter/index',
  '/base/ground',
  '/fc/resource/index',
  '/fc/inquiry/index',
  '/fc/userInquiry/index',
  '/fc/offer/index',
  '/fc/order/index',
  '/fc/trade/index',
  '/fc/redPacket/index',
  '/fc/score/goods',
  '/fc/score/records',
  '/fc/score/recordsToB',
  '/fc/score/exchange',
  '/fc/score/rules',
  '/fc/coupon/records',
];

interface Node {
  id: string;
  parentId: string;
  code: string;
  path: string | null;
  sort: number;
  category: number;
  meta: { i18n: { zh: string; en: string }; hidden?: boolean } | null;
  children?: Node[];
}
const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);

describe(`menus (${dbLabel})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const routes = async (account: string, q = '') =>
    (await call(t, await tokenFor(t, account), { url: `/api/blade-system/menu/routes${q}` })).json()
      .data as Node[];
  const buttons = async (account: string) => {
    const groups = (
      await call(t, await tokenFor(t, account), { url: '/api/blade-system/menu/buttons' })
    ).json().data as Array<{ code: string; children: Array<{ code: string }> }>;
    return new Set(groups.flatMap((g) => g.children.map((b) => b.code)));
  };

  it('has a menu for every route of the spec, each with zh and en names', async () => {
    const all = flat(await routes('admin'));
    const paths = new Set(all.map((n) => n.path));
    expect(SPEC_ROUTES.filter((p) => !paths.has(p))).toEqual([]);
    for (const n of all) expect(n.meta?.i18n.zh && n.meta.i18n.en, n.code).toBeTruthy();
    expect(all.find((n) => n.path === '/wel/dashboard')!.meta!.hidden).toBe(true);
    expect(all.every((n) => n.category === 1)).toBe(true);
  });

  it('gives each role its own menus, with the ancestors of every granted menu, sorted', async () => {
    const sales = flat(await routes('sales1')).map((n) => n.path);
    expect(sales).toContain('/fc/offer/index');
    expect(sales).toContain('/fc'); // the folder comes along with its pages
    expect(sales).not.toContain('/system/user');
    expect(sales).not.toContain('/fc/score/recordsToB');
    const resource = flat(await routes('resource1')).map((n) => n.path);
    expect(resource).toContain('/fc/resource/index');
    expect(resource).not.toContain('/fc/offer/index');

    const tree = await routes('sales1');
    const check = (list: Node[]) => {
      for (let i = 1; i < list.length; i++) expect(list[i]!.sort).toBeGreaterThanOrEqual(list[i - 1]!.sort);
      for (const n of list) if (n.children) check(n.children);
    };
    check(tree);
    const ids = new Set(flat(tree).map((n) => n.id));
    for (const n of flat(tree)) if (n.parentId !== '0') expect(ids.has(n.parentId), n.code).toBe(true);
  });

  it('gives a plain user only the workbench and personal pages', async () => {
    await t.db.query(`INSERT INTO blade_user_role (user_id, role_id)
      SELECT u.id, r.id FROM blade_user u, blade_role r WHERE u.account = 'online2' AND r.role_alias = 'user' AND r.tenant_id = '000000'`);
    await t.db
      .query(`DELETE FROM blade_user_role WHERE user_id = (SELECT id FROM blade_user WHERE account = 'online2')
      AND role_id = (SELECT id FROM blade_role WHERE role_alias = 'online_sales' AND tenant_id = '000000')`);
    const paths = flat(await routes('online2'))
      .map((n) => n.path)
      .filter((p) => p && !p.startsWith('http'));
    expect(paths.sort()).toEqual(['/info/index', '/wel', '/wel/dashboard', '/wel/index']);
    expect((await buttons('online2')).has('chat_tim')).toBe(false);
  });

  it('grants buttons per role: chat_tim to staff, console buttons to admins only', async () => {
    const sales = await buttons('sales1');
    expect(sales.has('chat_tim')).toBe(true);
    expect(sales.has('offer_add')).toBe(true);
    expect(sales.has('user_add')).toBe(false);
    const admin = await buttons('admin');
    for (const code of [
      'user_add',
      'user_approve',
      'menu_sync',
      'role_grant',
      'dict_biz_refresh',
      'zone_delete',
      'chat_tim',
    ])
      expect(admin.has(code), code).toBe(true);
  });

  it('lists the top menus that own something the caller may open, and filters routes by one', async () => {
    const token = await tokenFor(t, 'sales1');
    const tops = (await call(t, token, { url: '/api/blade-system/menu/top-menu' })).json().data as Array<{
      id: string;
      code: string;
    }>;
    expect(tops.map((x) => x.code)).toEqual(['top_desk', 'top_sales']);
    const desk = await routes('sales1', `?topMenuId=${tops[0]!.id}`);
    expect(desk.map((n) => n.code).sort()).toEqual(['desk', 'work_area']);
    const adminTops = (
      await call(t, await tokenFor(t, 'admin'), { url: '/api/blade-system/menu/top-menu' })
    ).json().data as Array<{ code: string }>;
    expect(adminTops.map((x) => x.code)).toEqual(['top_desk', 'top_sales', 'top_system']);
  });

  it('refuses menus to a caller without a session', async () => {
    expect((await call(t, undefined, { url: '/api/blade-system/menu/routes' })).statusCode).toBe(401);
  });
});

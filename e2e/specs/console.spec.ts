import ExcelJS from 'exceljs';
import {
  test,
  expect,
  ADMIN_PASSWORD,
  apiToken,
  baseUrl,
  clickShown,
  type Locator,
  type Page,
  cn,
  said,
} from '../support/fixtures';

async function openPage(page: Page, path: string, rowText?: string) {
  await page.goto(`${baseUrl()}${path}`);
  if (rowText) await page.locator('.ant-table-row', { hasText: rowText }).first().waitFor();
  else await page.locator('.ant-table').first().waitFor();
}

/** Waits for a toast saying this (other toasts, e.g. the notification socket's, may come and go). */

/** The table settles on this many rows (a search answer replaces the previous rows when it arrives). */
const rowsAre = (scope: Page | Locator, n: number) =>
  expect.poll(() => scope.locator('.ant-table-row').count(), { timeout: 15_000 }).toBe(n);

const addButton = (scope: Page | Locator) => scope.getByRole('button', { name: '新增' }).first();

const dialog = (page: Page) => page.locator('.ant-modal-wrap:visible .ant-modal').last();
const row = (scope: Page | Locator, text: string) => scope.locator('.ant-table-row', { hasText: text });

async function save(page: Page) {
  await clickShown(dialog(page).getByRole('button', { name: cn('保存') }));
}

async function search(scope: Locator | Page, label: string, value: string) {
  const form = scope.locator('form.ant-form-inline').first();
  await form.getByLabel(label, { exact: true }).fill(value);
  await form.getByRole('button', { name: /搜\s?索/ }).click();
}

/** Clicks Export and reads the downloaded workbook's first sheet as rows of text. */
async function exported(page: Page, scope: Locator | Page = page): Promise<string[][]> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    scope
      .getByRole('button', { name: /导\s?出/ })
      .first()
      .click(),
  ]);
  const file = await download.path();
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const out: string[][] = [];
  book.worksheets[0]!.eachRow((r) => {
    out.push((r.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))));
  });
  return out;
}

async function removeRow(page: Page, scope: Locator | Page, text: string, question: string) {
  await row(scope, text).first().getByRole('button', { name: '删除' }).click();
  const confirmBox = page.locator('.ant-modal-confirm');
  await confirmBox.getByText(question).waitFor();
  await clickShown(confirmBox.getByRole('button', { name: cn('确定') }));
}

test.describe('administration console on the CRUD engine', () => {
  test('menus: create (with validation), search, edit, export the filtered rows, remove', async ({
    pages,
  }) => {
    const { page, context, errors } = await pages.signedIn('admin');
    await openPage(page, '/system/menu', '系统管理');

    await page.getByRole('button', { name: '新增' }).first().click();
    await save(page);
    await dialog(page).getByText('请输入菜单名称').waitFor();
    await dialog(page).getByText('请输入菜单编号').waitFor();
    await dialog(page).getByLabel('菜单编号').fill('9bad');
    await dialog(page).getByText('菜单编号以字母开头，只能包含字母、数字、下划线和横线').waitFor();
    await dialog(page).getByLabel('菜单名称').fill('端到端菜单');
    await dialog(page).getByLabel('菜单编号').fill('e2e_menu');
    await dialog(page).getByLabel('路由地址').fill('/e2e/menu');
    await save(page);
    await said(page, '保存成功');

    await search(page, '菜单名称', '端到端');
    await row(page, 'e2e_menu').waitFor();
    await rowsAre(page, 1);

    await row(page, 'e2e_menu').getByRole('button', { name: '编辑' }).click();
    await expect(dialog(page).getByLabel('菜单名称').inputValue()).resolves.toBe('端到端菜单');
    await dialog(page).getByLabel('菜单名称').fill('端到端菜单改');
    await save(page);
    await row(page, '端到端菜单改').waitFor();

    const sheet = await exported(page);
    expect(sheet[0]).toContain('菜单名称');
    expect(sheet.length).toBe(2);
    expect(sheet[1]).toContain('端到端菜单改');
    expect(sheet[1]).toContain('菜单');

    await removeRow(page, page, 'e2e_menu', '确定删除「端到端菜单改」吗？');
    await said(page, '删除成功');
    await row(page, 'e2e_menu').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });
  test('departments: add under a parent, search, edit, export, and the refusal to remove a node with children', async ({
    pages,
  }) => {
    const { page, context, errors } = await pages.signedIn('admin');
    await openPage(page, '/system/dept', '前庭汽车集团');

    await row(page, '前庭汽车集团').first().getByRole('button', { name: '新增子项' }).click();
    await dialog(page).getByLabel('部门名称').fill('端到端部门');
    await save(page);
    await said(page, '保存成功');
    // The parent opens so the new child is in sight.
    await row(page, '端到端部门').waitFor();
    await row(page, '端到端部门').getByRole('button', { name: '新增子项' }).click();
    await dialog(page).getByLabel('部门名称').fill('端到端小组');
    await save(page);
    await row(page, '端到端小组').waitFor();

    await removeRow(page, page, '端到端部门', '确定删除「端到端部门」吗？');
    await said(page, '请先删除子节点');
    await row(page, '端到端部门').first().waitFor();

    await search(page, '部门名称', '端到端');
    await rowsAre(page, 2);
    const sheet = await exported(page);
    expect(sheet[0]).toEqual(expect.arrayContaining(['部门名称', '机构类型']));
    expect(
      sheet
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['端到端小组', '端到端部门']);
    expect(sheet[1]).toContain('部门');

    await row(page, '端到端小组').getByRole('button', { name: '编辑' }).click();
    await dialog(page).getByLabel('部门名称').fill('端到端小组改');
    await save(page);
    await row(page, '端到端小组改').waitFor();
    await removeRow(page, page, '端到端小组改', '确定删除「端到端小组改」吗？');
    await said(page, '删除成功');
    await row(page, '端到端小组改').waitFor({ state: 'detached' });
    await removeRow(page, page, '端到端部门', '确定删除「端到端部门」吗？');
    await row(page, '端到端部门').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });

  test('dictionaries (horizontal page): a dictionary and its entries, duplicate keys refused, search, export, remove', async ({
    pages,
  }) => {
    const { page, context, errors } = await pages.signedIn('admin');
    await openPage(page, '/dict-horizontal/index', 'menu_category');
    const parents = page.locator('.ant-card', { hasText: '系统字典' }).first();
    // Export takes every page of the list, not only the ten rows on screen.
    const totalText = await parents.locator('.ant-pagination-total-text').textContent();
    const total = Number(/\d+/.exec(totalText!)![0]);
    expect(total).toBeGreaterThan(10);
    await rowsAre(parents, 10);
    const all = await exported(page, parents);
    expect(all).toHaveLength(total + 1);
    expect(all.map((r) => r[0])).toEqual(expect.arrayContaining(['sex', 'menu_category', 'region_level']));

    await addButton(parents).click();
    await save(page);
    await dialog(page).getByText('请输入字典编号').waitFor();
    await dialog(page).getByLabel('字典编号').fill('e2e_color');
    await dialog(page).getByLabel('字典名称').fill('端到端颜色');
    await save(page);
    await said(page, '保存成功');
    await search(parents, '字典编号', 'e2e_color');
    await row(parents, 'e2e_color').getByText('端到端颜色').click();

    const entries = page.locator('.ant-card', { hasText: '「端到端颜色」的字典项' });
    for (const [key, name] of [
      ['red', '红色'],
      ['blue', '蓝色'],
    ]) {
      await addButton(entries).click();
      await dialog(page).getByLabel('字典键值').fill(key!);
      await dialog(page).getByLabel('字典项名称').fill(name!);
      await save(page);
      await row(entries, name!).waitFor();
    }
    await addButton(entries).click();
    await dialog(page).getByLabel('字典键值').fill('red');
    await dialog(page).getByLabel('字典项名称').fill('深红');
    await save(page);
    await said(page, '字典 e2e_color 中已存在键值 red');
    await clickShown(dialog(page).getByRole('button', { name: cn('取消') }));

    await search(entries, '字典项名称', '红');
    await rowsAre(entries, 1);
    const sheet = await exported(page, entries);
    expect(sheet).toHaveLength(2);
    expect(sheet[1]!.slice(0, 2)).toEqual(['red', '红色']);

    await row(entries, '红色').getByRole('button', { name: '编辑' }).click();
    await dialog(page).getByLabel('字典项名称').fill('大红');
    await save(page);
    await search(entries, '字典项名称', '');
    await row(entries, '大红').waitFor();
    await removeRow(page, entries, '大红', '确定删除「大红 (red)」吗？');
    await said(page, '删除成功');
    await row(entries, '大红').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });

  test('zones: code and name sorted by code, regions of another zone locked, search, export, remove', async ({
    pages,
  }) => {
    const { page, context, errors } = await pages.signedIn('admin');
    await openPage(page, '/system/zone');

    const addZone = async (code: string, name: string) => {
      await addButton(page).click();
      await dialog(page).getByLabel('区域编号').fill(code);
      await dialog(page).getByLabel('区域名称').fill(name);
      await dialog(page).locator('.ant-tree-treenode', { hasText: '山西省' }).waitFor();
    };
    await addZone('Z-E2E', '端到端华东区');
    await clickShown(
      dialog(page).locator('.ant-tree-treenode', { hasText: '山西省' }).locator('.ant-tree-checkbox'),
    );
    await dialog(page).getByText('已选 1 个区划').waitFor();
    await save(page);
    await said(page, '保存成功');
    await row(page, 'Z-E2E').waitFor();

    await addZone('A-E2E', '端到端华北区');
    const beijing = dialog(page).locator('.ant-tree-treenode', { hasText: '山西省' });
    await beijing.getByText('已属于 端到端华东区').waitFor();
    await expect(beijing.locator('.ant-tree-checkbox-disabled').count()).resolves.toBe(1);
    await save(page);
    await row(page, 'A-E2E').waitFor();
    const codes = await page.locator('.ant-table-row td:nth-child(2)').allTextContents();
    expect(codes.indexOf('A-E2E')).toBeLessThan(codes.indexOf('Z-E2E'));

    // The demo company's own zones (华东大区 among them) are in the list too.
    await search(page, '区域名称', '端到端华东');
    await rowsAre(page, 1);
    const sheet = await exported(page);
    expect(sheet).toHaveLength(2);
    expect(sheet[0]).toEqual(['区域编号', '区域名称', '排序', '备注']);
    // An empty last cell is not written, so the row may be one shorter.
    expect(sheet[1]!.slice(0, 3)).toEqual(['Z-E2E', '端到端华东区', '1']);

    await row(page, 'Z-E2E').getByRole('button', { name: '编辑' }).click();
    await dialog(page).getByText('已选 1 个区划').waitFor();
    await dialog(page).getByLabel('区域名称').fill('端到端华东大区');
    await save(page);
    await row(page, '端到端华东大区').waitFor();
    await removeRow(page, page, 'Z-E2E', '确定删除「Z-E2E 端到端华东大区」吗？');
    await said(page, '删除成功');
    await row(page, 'Z-E2E').waitFor({ state: 'detached' });
    await search(page, '区域名称', '');
    await removeRow(page, page, 'A-E2E', '确定删除「A-E2E 端到端华北区」吗？');
    await row(page, 'A-E2E').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });

  test('hides the buttons a user has no permission for (sales1 given only the view button of departments)', async ({
    pages,
  }) => {
    // An administrator grants the sales role the department page with its view button only.
    const token = await apiToken('admin', ADMIN_PASSWORD);
    const api = async <T>(path: string, init: RequestInit = {}) => {
      const res = await fetch(`${baseUrl()}/api/blade-system/${path}`, {
        ...init,
        headers: {
          authorization: `Basic ${btoa('saber:saber_secret')}`,
          'blade-auth': `bearer ${token}`,
          'content-type': 'application/json',
        },
      });
      return ((await res.json()) as { data: T }).data;
    };
    const roles = await api<Array<{ id: string; roleAlias: string }>>('role/list');
    const sales = roles.find((r) => r.roleAlias === 'sales')!;
    const granted = await api<string[]>(`menu/role-tree-keys?roleIds=${sales.id}`);
    const menus = await api<Array<{ id: string; code: string }>>('menu/list?size=1000');
    const idOf = (code: string) => menus.find((m) => m.code === code)!.id;
    await api('role/grant', {
      method: 'POST',
      body: JSON.stringify({
        roleIds: [sales.id],
        menuIds: [...new Set([...granted, idOf('system_area'), idOf('dept'), idOf('dept_view')])],
      }),
    });

    try {
      const { page, context } = await pages.signedIn('sales1');
      await openPage(page, '/system/dept', '前庭汽车集团');
      await page.getByRole('button', { name: /导\s?出/ }).waitFor();
      expect(await page.getByRole('button', { name: '新增' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: '批量删除' }).count()).toBe(0);
      expect(await row(page, '前庭汽车集团').getByRole('button', { name: '删除' }).count()).toBe(0);
      expect(await row(page, '前庭汽车集团').getByRole('button', { name: '编辑' }).count()).toBe(0);
      expect(await page.locator('.ant-table-selection-column').count()).toBe(0);
      await row(page, '前庭汽车集团').getByRole('button', { name: '查看' }).click();
      await expect(dialog(page).getByLabel('部门名称').isDisabled()).resolves.toBe(true);
      await context.close();
    } finally {
      // Other specs sign in as sales staff: the role gets back what it had.
      await api('role/grant', {
        method: 'POST',
        body: JSON.stringify({ roleIds: [sales.id], menuIds: granted }),
      });
    }
  });
  test('users: a new user with roles and departments, the initial password shown once, then reset', async ({
    pages,
  }) => {
    const { page, context, errors } = await pages.signedIn('admin');
    await openPage(page, '/system/user', 'admin');
    const pick = async (label: string, option: string) => {
      await clickShown(dialog(page).locator('.ant-form-item', { hasText: label }).locator('.ant-select'));
      await clickShown(
        page
          .locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper', { hasText: option })
          .first(),
      );
      // Close a dropdown that stays open (multiple choice) by clicking the dialog's title: Escape would
      // close the dialog itself once a single-choice dropdown has closed on its own.
      await dialog(page).locator('.ant-modal-title').click();
    };
    const shownPassword = async (title: string) => {
      const box = page.locator('.ant-modal-confirm', { hasText: title });
      const password = (await box.locator('.ant-typography').first().textContent())!.trim();
      await clickShown(box.locator('.ant-modal-confirm-btns .ant-btn-primary'));
      return password;
    };

    await addButton(page).click();
    await dialog(page).getByLabel('登录账号').fill('e2e.user');
    await dialog(page).getByLabel('姓名').fill('端到端用户');
    await pick('所属角色', '普通用户');
    await pick('所属部门', '前庭汽车集团');
    await save(page);
    const first = await shownPassword('用户已创建');
    expect(first.length).toBeGreaterThanOrEqual(8);
    await expect(apiToken('e2e.user', first)).resolves.toBeTruthy();

    await row(page, 'e2e.user').locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: '重置密码' }).click();
    await page
      .locator('.ant-modal-confirm')
      .getByText('确定重置 端到端用户 的密码吗？他们的登录将立即失效。')
      .waitFor();
    await clickShown(page.locator('.ant-modal-confirm').getByRole('button', { name: cn('确定') }));
    const second = await shownPassword('新的初始密码（只显示这一次）');
    expect(second).not.toBe(first);
    await expect(apiToken('e2e.user', first)).rejects.toThrow();
    await expect(apiToken('e2e.user', second)).resolves.toBeTruthy();

    await removeRow(page, page, 'e2e.user', '确定删除「端到端用户」吗？');
    await said(page, '删除成功');
    await row(page, 'e2e.user').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });
  test('tenants: a new tenant shows its administrator password once; settings; remove', async ({ pages }) => {
    const { page, context, errors } = await pages.signedIn('admin');
    await openPage(page, '/system/tenant', '000000');
    await addButton(page).click();
    await dialog(page).getByLabel('租户名称').fill('端到端租户');
    await dialog(page).getByLabel('背景图地址').fill('ftp://bad');
    await save(page);
    await dialog(page).getByText('请输入以 http 或 https 开头的地址').waitFor();
    await dialog(page).getByLabel('背景图地址').fill('');
    await save(page);
    const created = page.locator('.ant-modal-confirm', { hasText: '租户已创建' });
    await created.getByText('admin', { exact: true }).waitFor();
    expect((await created.locator('code').textContent())!.length).toBeGreaterThanOrEqual(8);
    await clickShown(created.locator('.ant-modal-confirm-btns .ant-btn-primary'));

    await row(page, '端到端租户').locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: '租户配置' }).click();
    await dialog(page).getByText('配置 1 个租户').waitFor();
    await dialog(page).getByLabel('账号额度').fill('20');
    await save(page);
    await said(page, '保存成功');
    await row(page, '端到端租户').getByRole('cell', { name: '20', exact: true }).waitFor();

    await removeRow(page, page, '端到端租户', '确定删除「端到端租户」吗？');
    await said(page, '删除成功');
    await row(page, '端到端租户').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });
});

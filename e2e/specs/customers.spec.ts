import { test, expect, baseUrl, clickShown, pickOption, type Page, cn, said } from '../support/fixtures';

const dialog = (page: Page) => page.locator('.ant-modal-wrap:visible .ant-modal').last();
const row = (page: Page, text: string) => page.locator('.ant-table-row', { hasText: text });
/** The engine's search form (the page's own filters sit above it). */
const searchForm = (page: Page) => page.locator('form[id^="member-customer"][id$="-search"]');
const rowsAre = (page: Page, n: number) =>
  expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 15_000 }).toBe(n);

/** Opens the list and waits for its first rows (the demo company has customers on a new install). */
async function openCustomers(page: Page) {
  await page.goto(`${baseUrl()}/member/index`);
  await page.locator('.ant-table-row').first().waitFor();
}

async function searchPhone(page: Page, phone: string) {
  await searchForm(page).getByLabel('手机号', { exact: true }).fill(phone);
  await searchForm(page)
    .getByRole('button', { name: /搜\s?索/ })
    .click();
}

/** Picks an option of the select labelled `label` in the open dialog. */
const choose = (page: Page, label: string, option: string) =>
  pickOption(dialog(page).getByLabel(label, { exact: true }), option);

/** In the open staff picker: opens the departments on the way and ticks the staff member. */
async function pickStaff(page: Page, depts: string[], name: string) {
  const picker = page.locator('.ant-modal-wrap:visible').last();
  for (const d of depts) {
    const node = picker.locator('.ant-tree-treenode').filter({ has: page.getByText(d, { exact: true }) });
    await node.first().locator('.ant-tree-switcher').click();
  }
  await picker.locator('.ant-tree-title').getByText(name, { exact: true }).click();
  await picker.getByLabel('picked').getByText(name).waitFor();
  await clickShown(picker.locator('.ant-modal-footer .ant-btn-primary'));
}

/** The responsible staff members of the rows on screen, each once (read at one moment). */
async function staffShown(page: Page): Promise<string[]> {
  const headers = await page.locator('.ant-table-thead th').allTextContents();
  const i = headers.findIndex((h) => h.trim() === '负责人');
  const names = await page
    .locator('.ant-table-row')
    .evaluateAll((rows, col) => rows.map((r) => r.children[col]?.textContent ?? ''), i);
  return [...new Set(names)].sort();
}

test.describe('the customer list (/member/index)', () => {
  test('an administrator sees the demo customers, searches, adds, edits, assigns and removes one', async ({
    pages,
  }) => {
    const { page, errors } = await pages.signedIn('admin');
    await openCustomers(page);
    await searchPhone(page, '13601234501');
    await rowsAre(page, 1);
    // Dictionary labels and the responsible staff member's name, not keys and ids.
    const zhang = row(page, '张志强');
    for (const text of ['13601234501', '男', '到店', '丰田', '高', '王建国', '正常'])
      await zhang.getByText(text, { exact: true }).waitFor();

    // The responsible-staff filter (administrators only) narrows the list to one colleague's customers.
    await searchForm(page)
      .getByRole('button', { name: /清\s?空/ })
      .click();
    await page
      .locator('form')
      .first()
      .getByRole('button', { name: /选\s*择/ })
      .click();
    await pickStaff(page, ['销售中心', '新车销售二部'], '李晓梅');
    await expect.poll(() => staffShown(page), { timeout: 15_000 }).toEqual(['李晓梅']);
    await row(page, '徐海峰').waitFor();
    await page.locator('form').first().locator('.ant-select-selection-item-remove').click();
    await expect.poll(async () => (await staffShown(page)).length, { timeout: 15_000 }).toBeGreaterThan(1);

    // Add: the mobile number is checked as the server does, with the spec's message.
    const phone = `139${String(Date.now()).slice(-8)}`;
    await page.getByRole('button', { name: /新\s?增/ }).click();
    await dialog(page).getByLabel('客户姓名').fill('端到端客户');
    await dialog(page).getByLabel('手机号').fill('1390000');
    await clickShown(dialog(page).getByRole('button', { name: cn('保存') }));
    await dialog(page).getByText('手机号必须为 11 位数字').waitFor();
    await dialog(page).getByLabel('手机号').fill(phone);
    await choose(page, '客户来源', '网络');
    await choose(page, '意向品牌', '比亚迪');
    await choose(page, '意向等级', '较高');
    await clickShown(dialog(page).getByRole('button', { name: cn('保存') }));
    await said(page, '保存成功');

    await searchPhone(page, phone);
    await rowsAre(page, 1);
    const mine = row(page, phone);
    for (const text of ['端到端客户', '网络', '比亚迪', '较高', '未分配'])
      await mine.getByText(text, { exact: true }).waitFor();

    await mine.getByRole('button', { name: cn('编辑') }).click();
    await expect(dialog(page).getByLabel('客户姓名')).toHaveValue('端到端客户');
    await dialog(page).getByLabel('客户姓名').fill('端到端客户改');
    await dialog(page).getByLabel('备注').fill('周六到店试驾');
    await clickShown(dialog(page).getByRole('button', { name: cn('保存') }));
    await said(page, '保存成功');
    await row(page, '端到端客户改').getByText('周六到店试驾').waitFor();

    // Assign to a demo salesperson: the server's answer names them, and so does the row.
    await row(page, phone)
      .getByRole('button', { name: cn('分配') })
      .click();
    await page.getByText('分配负责人：端到端客户改').waitFor();
    await pickStaff(page, ['销售中心', '新车销售一部'], '王建国');
    await said(page, '已将 1 位客户分配给 王建国');
    await row(page, phone).getByText('王建国', { exact: true }).waitFor();

    await row(page, phone)
      .getByRole('button', { name: cn('删除') })
      .click();
    const confirmBox = page.locator('.ant-modal-confirm');
    await confirmBox.getByText('确定删除「端到端客户改」吗？').waitFor();
    await clickShown(confirmBox.getByRole('button', { name: cn('确定') }));
    await said(page, '删除成功');
    await rowsAre(page, 0);
    expect(errors).toEqual([]);
  });

  test('a salesperson sees only their own customers, cannot assign, and adds customers for themselves', async ({
    pages,
  }) => {
    const { page, errors } = await pages.signedIn('sales1');
    await openCustomers(page);
    // Their demo customer is there; sales2's is not theirs to see, even searched for.
    await searchPhone(page, '13601234501');
    await row(page, '张志强').waitFor();
    await searchPhone(page, '13701234507');
    await rowsAre(page, 0);
    await searchPhone(page, '');
    await page.locator('.ant-table-row').first().waitFor();
    await expect.poll(() => staffShown(page)).toEqual(['王建国']);
    await expect(page.getByRole('button', { name: /分\s?配/ })).toHaveCount(0);

    await page.getByRole('button', { name: /新\s?增/ }).click();
    await dialog(page).getByText('只有管理员可以指定或更换负责人').waitFor();
    await dialog(page).locator('.ant-select-selection-item', { hasText: '王建国' }).waitFor();
    await expect(dialog(page).getByRole('button', { name: /选\s*择/ })).toBeDisabled();
    await clickShown(dialog(page).getByRole('button', { name: cn('取消') }));
    expect(errors).toEqual([]);
  });
});

import { test, expect, baseUrl, clickShown, type Page } from '../support/fixtures';

const dialog = (page: Page) => page.locator('.ant-modal-wrap:visible .ant-modal').last();
const row = (page: Page, text: string) => page.locator('.ant-table-row', { hasText: text });
const searchForm = (page: Page) => page.locator('form[id^="notice-log"][id$="-search"]');
const rowsAre = (page: Page, n: number) =>
  expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 15_000 }).toBe(n);

test.describe('the notice log (/monitor/notice/notice_log)', () => {
  test("a customer's sign-in code shows in the log at once, masked, beside the demo company's sends", async ({
    pages,
  }) => {
    // A customer asks for a sign-in code on the mobile page.
    const phone = `136${String(Date.now()).slice(-8)}`;
    const customer = await pages.open();
    await customer.page.goto(`${baseUrl()}/h5/chat`);
    await customer.page
      .locator('.adm-form-item')
      .filter({ hasText: '手机号' })
      .locator('input')
      .fill(phone);
    await customer.page.getByRole('button', { name: '获取验证码' }).click();
    await customer.page.getByText(/\d+ 秒后重发/).waitFor();

    const { page, errors } = await pages.signedIn('admin');
    await page.goto(`${baseUrl()}/monitor/notice/notice_log`);
    // The demo company's earlier sends are there on a new install.
    await row(page, '13912345601').getByText('找回密码验证码', { exact: true }).waitFor();

    await searchForm(page).getByLabel('接收人', { exact: true }).fill(phone);
    await searchForm(page)
      .getByRole('button', { name: /搜\s?索/ })
      .click();
    await rowsAre(page, 1);
    const mine = row(page, phone);
    for (const text of ['短信', '客户登录验证码', '已发送']) await mine.getByText(text, { exact: true }).waitFor();
    // The code the customer got is nowhere in the log: six stars stand where it was.
    await mine.getByText('【前庭】您的验证码是 ******，5 分钟内有效。如非本人操作请忽略。', { exact: true }).waitFor();

    await mine.getByRole('button', { name: /查\s?看/ }).click();
    await dialog(page).getByText('查看通知记录').waitFor();
    await expect(dialog(page).getByLabel('内容')).toHaveValue(/\*{6}/);
    await clickShown(dialog(page).getByRole('button', { name: /关\s?闭|取\s?消/ }).first());
    expect(errors).toEqual([]);
  });
});

import { test, expect, baseUrl, clickShown, type Page, cn, said } from '../support/fixtures';

const dialog = (page: Page) => page.locator('.ant-modal-wrap:visible .ant-modal').last();
const row = (page: Page, text: string) => page.locator('.ant-table-row', { hasText: text });
const searchForm = (page: Page) => page.locator('form[id^="notice-log"][id$="-search"]');

/** A customer asks for a sign-in code on the mobile page. */
async function customerAsksCode(pages: { open: () => Promise<{ page: Page }> }, phone: string) {
  const customer = await pages.open();
  await customer.page.goto(`${baseUrl()}/h5/chat`);
  await customer.page.locator('.adm-form-item').filter({ hasText: '手机号' }).locator('input').fill(phone);
  await customer.page.getByRole('button', { name: '获取验证码' }).click();
  await customer.page.getByText(/\d+ 秒后重发/).waitFor();
}

/** Edits the demo company's sign-in text in the template page; saves, or leaves the dialog open on a refusal. */
async function editSignInText(page: Page, text: string) {
  await row(page, '客户登录验证码')
    .getByRole('button', { name: cn('编辑') })
    .click();
  await dialog(page).getByLabel('模板内容').fill(text);
  await clickShown(dialog(page).getByRole('button', { name: cn('保存') }));
}
const rowsAre = (page: Page, n: number) =>
  expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 15_000 }).toBe(n);

test.describe('notices: the log (/monitor/notice/notice_log) and the templates (/monitor/notice/notice_template)', () => {
  test("a customer's sign-in code shows in the log at once, masked, beside the demo company's sends", async ({
    pages,
  }) => {
    const phone = `136${String(Date.now()).slice(-8)}`;
    await customerAsksCode(pages, phone);

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
    for (const text of ['短信', '客户登录验证码', '已发送'])
      await mine.getByText(text, { exact: true }).waitFor();
    // The code the customer got is nowhere in the log: six stars stand where it was.
    await mine
      .getByText('【前庭】您的验证码是 ******，5 分钟内有效。如非本人操作请忽略。', { exact: true })
      .waitFor();

    await mine.getByRole('button', { name: /查\s?看/ }).click();
    await dialog(page).getByText('查看通知记录').waitFor();
    await expect(dialog(page).getByLabel('内容')).toHaveValue(/\*{6}/);
    await clickShown(
      dialog(page)
        .getByRole('button', { name: /关\s?闭|取\s?消/ })
        .first(),
    );
    expect(errors).toEqual([]);
  });

  test("the tenant's own sign-in text goes out, checked before it is saved, and shows masked in the log", async ({
    pages,
  }) => {
    const { page, errors } = await pages.signedIn('admin');
    await page.goto(`${baseUrl()}/monitor/notice/notice_template`);
    const original = '【前庭】您的验证码是 {code}，{minutes} 分钟内有效。如非本人操作请忽略。';
    await row(page, '客户登录验证码').getByText(original, { exact: true }).waitFor();

    // A text without the code is refused where it is typed, with the rule.
    await editSignInText(page, '【前庭】欢迎光临，您的验证码已发送');
    await dialog(page).getByText('模板内容必须包含 {code}，验证码会填在那里').waitFor();
    await dialog(page).getByLabel('模板内容').fill('【前庭汽车】登录验证码 {code}，{minutes} 分钟内有效');
    await clickShown(dialog(page).getByRole('button', { name: cn('保存') }));
    await said(page, '保存成功');
    await row(page, '客户登录验证码')
      .getByText('【前庭汽车】登录验证码 {code}，{minutes} 分钟内有效')
      .waitFor();

    const phone = `137${String(Date.now()).slice(-8)}`;
    try {
      await customerAsksCode(pages, phone);
      await page.goto(`${baseUrl()}/monitor/notice/notice_log`);
      await searchForm(page).getByLabel('接收人', { exact: true }).fill(phone);
      await searchForm(page)
        .getByRole('button', { name: /搜\s?索/ })
        .click();
      await rowsAre(page, 1);
      await row(page, phone)
        .getByText('【前庭汽车】登录验证码 ******，5 分钟内有效', { exact: true })
        .waitFor();
    } finally {
      // The other specs' customers get the demo company's text again.
      await page.goto(`${baseUrl()}/monitor/notice/notice_template`);
      await editSignInText(page, original);
      await said(page, '保存成功');
    }
    expect(errors).toEqual([]);
  });
});

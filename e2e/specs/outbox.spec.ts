import { test, expect, baseUrl, type Page } from '../support/fixtures';

/**
 * A default install has no SMS gateway (issue 22, item 9): the customer's code goes to the development
 * outbox, which the platform administrator reads in the console, and the customer signs in with it.
 */
test.describe('the development SMS outbox', () => {
  const field = (page: Page, label: string) =>
    page.locator('.adm-form-item').filter({ hasText: label }).locator('input');

  test('shows the platform administrator the code a customer asked for, which then signs the customer in', async ({
    pages,
  }) => {
    const phone = '13901234599';
    const customer = await pages.open({ width: 390, height: 844 });
    await customer.page.goto(`${baseUrl()}/h5/chat`);
    await field(customer.page, '手机号').fill(phone);
    await customer.page.getByRole('button', { name: '获取验证码' }).click();
    await customer.page.getByText(/\d+ 秒后重发/).waitFor();

    const admin = await pages.signedIn('admin');
    await admin.page.goto(`${baseUrl()}/monitor/notice/sms_outbox`);
    const row = admin.page.locator('.ant-table-row').filter({ hasText: phone });
    await row.waitFor();
    const code = (await row.locator('td').nth(1).textContent())?.match(/\d{6}/)?.[0];
    expect(code).toMatch(/^\d{6}$/);
    // Read-only: nothing to add or remove.
    await expect(admin.page.getByRole('button', { name: /新\s?增|删\s?除/ }).count()).resolves.toBe(0);

    await field(customer.page, '验证码').fill(code!);
    await customer.page.getByRole('button', { name: '登录' }).click();
    await customer.page.getByRole('button', { name: '退出登录' }).waitFor();
    expect(customer.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
  });
});

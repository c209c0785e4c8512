import { test, expect, baseUrl, clickShown, type Page } from '../support/fixtures';

const dialog = (page: Page) => page.locator('.ant-modal-wrap:visible .ant-modal').last();
const row = (page: Page, text: string) => page.locator('.ant-table-row:visible', { hasText: text });

test.describe('Monitoring → Logs (/monitor/dmt/log)', () => {
  test("a salesperson's uploaded browser error reaches the administrator, who has the server's tab too", async ({
    pages,
  }) => {
    // The salesperson's workbench fails once (a 5xx is unexpected: the shell logs it), and they upload the log.
    const sales = await pages.signedIn('sales1');
    await sales.page.route('**/api/blade-desk/workbench', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 500, success: false, msg: 'boom' }),
      }),
    );
    await sales.page.goto(`${baseUrl()}/wel/index`);
    const logButton = sales.page.getByRole('button', { name: /^错误日志$/ });
    await expect
      .poll(async () =>
        sales.page.locator('.ant-badge').filter({ has: logButton }).locator('.ant-badge-count').count(),
      )
      .toBeGreaterThan(0);
    await logButton.click();
    await clickShown(dialog(sales.page).getByRole('button', { name: '上传服务器' }));
    await clickShown(sales.page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s?认/ }));
    await sales.page.locator('.ant-message-notice', { hasText: '发送成功' }).waitFor();

    const { page, errors } = await pages.signedIn('admin');
    await page.goto(`${baseUrl()}/monitor/dmt/log`);
    const mine = row(page, 'GET /api/blade-desk/workbench').filter({ hasText: 'sales1' }).first();
    await mine.getByText('请求失败', { exact: true }).waitFor();
    await mine.getByRole('button', { name: /查\s?看/ }).click();
    await dialog(page).getByText('查看前端错误').waitFor();
    await expect(dialog(page).getByLabel('页面地址')).toHaveValue(/\/wel\/index$/);
    await clickShown(
      dialog(page)
        .getByRole('button', { name: /关\s?闭|取\s?消/ })
        .first(),
    );

    // The platform administrator also reads the server's failed requests (a healthy server may have none).
    await page.getByRole('tab', { name: '服务端错误' }).click();
    await page.getByRole('columnheader', { name: '请求地址' }).waitFor();
    expect(errors).toEqual([]);
  });
});

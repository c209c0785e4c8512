import { test, expect, baseUrl, clickShown } from '../support/fixtures';

test.describe('micro-apps in the workspace (qiankun host)', () => {
  test('opens the sample micro-app from its menu in a tab, where it shows the user it fetched with the shell token', async ({
    pages,
  }) => {
    const { page, context, errors } = await pages.signedIn('sales1');
    const userInfo = page.waitForRequest(
      (r) => r.url().endsWith('/api/blade-auth/oauth/user-info') && r.frame() === page.mainFrame(),
    );
    // In the Workbench group, open on the workbench.
    await clickShown(page.locator('.ant-layout-sider').getByRole('menuitem', { name: '示例微应用' }));
    await page.waitForURL(/\/qiankun\/micro\/demo$/);
    await page.locator('.ant-tabs-tab-active', { hasText: '示例微应用' }).waitFor();

    const app = page.locator('[data-micro-app="demo"]');
    await app.getByRole('heading', { name: '示例微应用' }).waitFor();
    // The name comes from the server: the micro-app called user-info with the token the shell passed.
    await expect(app.getByTestId('micro-demo-user').textContent()).resolves.toBe('当前用户: 王建国');
    const request = await userInfo;
    expect(request.headers()['blade-auth']).toMatch(/^bearer \S+$/);
    await expect(app.getByText('sales1').count()).resolves.toBe(1);

    // The shell's language reaches the mounted micro-app.
    await page.getByRole('button', { name: 'English' }).click();
    await app.getByRole('heading', { name: 'Sample micro-app' }).waitFor();
    await expect(app.getByTestId('micro-demo-user').textContent()).resolves.toBe('Signed in as: 王建国');

    // A hidden tab keeps its micro-app mounted: back on its tab, nothing is fetched again.
    let fetched = 0;
    page.on('request', (r) => r.url().endsWith('/oauth/user-info') && fetched++);
    await page.locator('.ant-tabs-tab', { hasText: 'Workbench' }).click();
    await page.waitForURL(/\/wel\/index$/);
    await page.locator('.ant-tabs-tab', { hasText: 'Sample micro-app' }).click();
    await app.getByTestId('micro-demo-user').waitFor();
    expect(fetched).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('shows a translated error in the tab when a micro-app cannot be loaded', async ({ pages }) => {
    const { page, context } = await pages.signedIn('admin');
    // finance is registered at /micro/finance/index.html, which this deployment does not serve.
    await page.goto(`${baseUrl()}/qiankun/micro?app=finance`);
    await page.getByText('微应用“财务”加载失败').waitFor();
    await page.getByText(/请稍后重试.*HTTP 404/).waitFor();
    await expect(page.locator('[data-micro-app="finance"]').isHidden()).resolves.toBe(true);
    // The shell around it still works.
    await page.locator('.ant-tabs-tab', { hasText: '工作台' }).waitFor();

    await page.getByRole('button', { name: 'English' }).click();
    await page.getByText('The micro-app "Finance" could not be loaded').waitFor();
    await page.getByRole('button', { name: /Try again/ }).waitFor();

    await page.goto(`${baseUrl()}/qiankun/micro?app=nope`);
    await page.getByText('No micro-app named "nope" is configured').waitFor();
    await context.close();
  });
});

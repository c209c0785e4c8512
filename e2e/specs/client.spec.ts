import {
  test,
  expect,
  ADMIN_PASSWORD,
  baseUrl,
  clickShown,
  pickFromContextMenu,
  signIn,
  signInAs,
  toast,
  type Page,
} from '../support/fixtures';

/** What a new user met in the web app (issue 22): language switches, toasts, failing pages, the logs, the bell. */

/** The count on a toolbar button's badge as the top bar shows it (0 when there is no badge). */
const badgeCount = async (page: Page, name: RegExp) => {
  const button = page.getByRole('button', { name });
  // The toolbar is drawn after the page (its own chunk): no badge before it is not a count of 0.
  await button.waitFor();
  const badge = page.locator('.ant-badge').filter({ has: button }).locator('.ant-badge-count');
  return (await badge.count()) ? Number(await badge.first().getAttribute('title')) : 0;
};
const logCount = (page: Page) => badgeCount(page, /^(错误日志|Error log)$/);
const bellCount = (page: Page) => badgeCount(page, /^(通知|Notices?)$/);

test.describe('switching the language', () => {
  test('shows the workbench notices already loaded in the new language at once', async ({ pages }) => {
    const { page } = await pages.signedIn('admin');
    await page.getByText('十一月销售冲刺动员').waitFor();
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByText('My shortcuts').waitFor();
    await page.getByText('November sales push').waitFor({ timeout: 10_000 });
    expect(await page.getByText('十一月销售冲刺动员').count()).toBe(0);
  });

  test('translates validation messages already shown on /h5/chat', async ({ pages }) => {
    const { page } = await pages.open({ width: 390, height: 844 });
    await page.goto(`${baseUrl()}/h5/chat`);
    await page.getByText('手机号登录').waitFor();
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByText('请输入验证码').waitFor();
    await page.getByText('手机号不能为空').waitFor();
    await page.getByRole('button', { name: 'EN' }).click();
    await page.getByText('please enter the verification code').waitFor({ timeout: 10_000 });
    await page.getByText('mobile number cannot be empty').waitFor();
    expect(await page.getByText('请输入验证码').count()).toBe(0);
  });
});

test.describe('toasts', () => {
  /** Every toast shown from now on, however briefly (they stay 2 s). */
  const recordToasts = (page: Page) =>
    page.evaluate(() => {
      const seen: string[] = [];
      const known = new WeakSet<Element>();
      (window as unknown as { seenToasts: string[] }).seenToasts = seen;
      new MutationObserver(() => {
        for (const t of Array.from(document.querySelectorAll('.ant-message-notice')))
          if (!known.has(t)) {
            known.add(t);
            seen.push(t.textContent ?? '');
          }
      }).observe(document.body, { childList: true, subtree: true });
    });
  const seenToasts = (page: Page) =>
    page.evaluate(() => (window as unknown as { seenToasts: string[] }).seenToasts);

  test("'clear cache' and the lock screen say nothing about the chat connection", async ({ pages }) => {
    const { page } = await pages.open();
    // The chat client signs in quietly once the shell has painted: wait until its socket answered.
    const chatSignedIn = page
      .waitForEvent('websocket', (ws) => new URL(ws.url()).pathname === '/im')
      .then((ws) => ws.waitForEvent('framereceived'));
    await signInAs(page);
    await chatSignedIn;
    await page.waitForTimeout(1000);
    await recordToasts(page);
    await pickFromContextMenu(
      page.locator('.fc-tabs .ant-tabs-tab').filter({ hasText: '工作台' }),
      page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem', { name: '清除缓存' }),
    );
    await clickShown(page.locator('.ant-modal-confirm-btns .ant-btn-primary'));
    await page.waitForTimeout(3000);
    expect(await seenToasts(page)).toEqual(['已清除']);

    await page.getByRole('button', { name: '锁屏' }).click();
    await page.getByRole('dialog').locator('input[type="password"]').fill('desk-lock-2');
    await clickShown(page.locator('.ant-modal .ant-btn-primary'));
    await page.waitForURL(/\/lock$/);
    await page.waitForTimeout(3000);
    expect(await seenToasts(page)).toEqual(['已清除']);
  });
});

test.describe('a page that throws', () => {
  test('says the page failed, logs it, and reloads only that page', async ({ pages }) => {
    const { page } = await pages.open();
    // The workbench gets notices it cannot show: its render throws.
    await page.route('**/api/blade-desk/workbench', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          code: 200,
          success: true,
          msg: '',
          data: { pendingApprovals: null, unreadNotices: 0, notices: { length: 1 } },
        }),
      }),
    );
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await page.waitForURL(/\/wel\/index$/);
    await page.getByText('此页面出错了').waitFor();
    expect(await page.getByText('抱歉，服务器出错了').count()).toBe(0);
    // The shell around it keeps working.
    await page.locator('.ant-layout-sider').waitFor();
    await expect.poll(() => logCount(page)).toBeGreaterThan(0);
    await page.unroute('**/api/blade-desk/workbench');
    await page.getByRole('button', { name: '重新加载此页' }).click();
    await page.getByText('我的快捷入口').waitFor();
    await page.getByText('十一月销售冲刺动员').waitFor();
  });
});

test.describe('the error log', () => {
  test('keeps expected refusals out and takes server failures', async ({ pages }) => {
    const { page, errors } = await pages.signedIn('admin');
    await page.goto(`${baseUrl()}/info/index`);
    await page.getByLabel('原密码').fill('Not-my-password1');
    await page.getByLabel('新密码', { exact: true }).fill('Fresh2026pass');
    await page.getByLabel('确认新密码').fill('Fresh2026pass');
    await page.getByRole('button', { name: /^保\s*存$/ }).click();
    await expect(toast(page).textContent()).resolves.toContain('原密码错误');
    await page.waitForTimeout(1000);
    expect(await logCount(page)).toBe(0);
    expect(errors).toEqual([]);

    // A server failure is unexpected: it is logged.
    await page.route('**/api/blade-desk/workbench', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 500, success: false, msg: 'boom' }),
      }),
    );
    await page.goto(`${baseUrl()}/wel/index`);
    await page.getByText('我的快捷入口').waitFor();
    await expect.poll(() => logCount(page)).toBe(1);
  });
});

test.describe('the notice bell', () => {
  test("counts and lists the caller's real unread notices and marks one read", async ({ pages }) => {
    const { page } = await pages.signedIn('online2');
    await expect.poll(() => bellCount(page)).toBe(3);
    await page.getByRole('button', { name: '通知', exact: true }).click();
    const popover = page.locator('.ant-popover');
    await popover.getByText('十一月销售冲刺动员').waitFor();
    await popover.getByText('客户回访提醒').waitFor();
    expect(await popover.getByText(/系统通知 #\d/).count()).toBe(0);
    await popover.getByText('系统升级通知').click();
    await expect.poll(() => bellCount(page)).toBe(2);
    // The workbench's unread count follows.
    await page
      .locator('.ant-statistic')
      .filter({ hasText: '未读通知' })
      .locator('.ant-statistic-content-value')
      .filter({ hasText: /^2$/ })
      .waitFor();
  });

  test('the workbench shows a count at the cap (100 and more unread) as 99+, as the bell does', async ({
    pages,
  }) => {
    const { page } = await pages.signedIn('online2');
    await page.route('**/api/blade-desk/workbench', async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      body.data.unreadNotices = 100;
      await route.fulfill({ response: res, json: body });
    });
    await page.goto(`${baseUrl()}/wel/index`);
    await page
      .locator('.ant-statistic')
      .filter({ hasText: '未读通知' })
      .locator('.ant-statistic-content-value')
      .filter({ hasText: /^99\+$/ })
      .waitFor();
  });
});

import {
  test,
  expect,
  baseUrl,
  clickShown,
  pickFromContextMenu,
  toast,
  type Page,
} from '../support/fixtures';
import { atPhonePace } from '../../scripts/phone-pace.mjs';

const openFromSearch = async (page: Page, text: string) => {
  await page.keyboard.press('Control+k');
  const input = page.getByRole('dialog').getByRole('textbox', { name: '搜索菜单' });
  await input.fill(text);
  await page.keyboard.press('Enter');
};
// Picks an item of a tab's right-click menu, in the open menu (a closing one stays in the page for its
// animation). The tab strip is at the top of the page, in view.
const tabMenu = (page: Page, label: string, name: string) =>
  pickFromContextMenu(
    tab(page, label),
    page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem', { name }),
  );
const tab = (page: Page, label: string) => page.locator('.fc-tabs .ant-tabs-tab').filter({ hasText: label });

test.describe('the shell', () => {
  test('opens pages as tabs that keep their state, with the tab menu and a last tab that cannot close', async ({
    pages,
  }) => {
    const { page, context } = await pages.signedIn('admin');
    await openFromSearch(page, '测试');
    await page.waitForURL(/\/test\/index$/);
    await page.getByLabel('test-input').fill('kept while hidden');
    await openFromSearch(page, '个人');
    await page.waitForURL(/\/info\/index$/);
    await expect.poll(() => page.locator('.fc-tabs .ant-tabs-tab').count()).toBe(3);
    await tab(page, '测试页').click();
    await page.waitForURL(/\/test\/index$/);
    await expect(page.getByLabel('test-input').inputValue()).resolves.toBe('kept while hidden');

    // Right-click: close others leaves this tab alone.
    await tabMenu(page, '测试页', '关闭其他');
    await expect.poll(() => page.locator('.fc-tabs .ant-tabs-tab').count()).toBe(1);
    // Close all keeps the workbench; the last tab has no close button.
    await tabMenu(page, '测试页', '关闭全部');
    await page.waitForURL(/\/wel\/index$/);
    await expect.poll(() => page.locator('.fc-tabs .ant-tabs-tab').count()).toBe(1);
    expect(await page.locator('.fc-tabs .ant-tabs-tab-remove').count()).toBe(0);

    // Tabs are remembered for the user across a reload.
    await openFromSearch(page, '个人');
    await page.waitForURL(/\/info\/index$/);
    await page.reload();
    await tab(page, '个人信息').waitFor();
    await expect.poll(() => page.locator('.fc-tabs .ant-tabs-tab').count()).toBe(2);
    await context.close();
  });

  test('clears a tab cache after asking', async ({ pages }) => {
    const { page, context } = await pages.signedIn('admin');
    await openFromSearch(page, '测试');
    await page.getByLabel('test-input').fill('to be cleared');
    await tabMenu(page, '测试页', '清除缓存');
    await page.getByText('需要清除缓存吗？').waitFor();
    await clickShown(page.locator('.ant-modal-confirm-btns .ant-btn-primary'));
    await expect.poll(() => page.getByLabel('test-input').inputValue()).toBe('');
    await expect(toast(page).textContent()).resolves.toContain('已清除');
    await context.close();
  });

  test('locks with a password, refuses an empty one, and unlocks back to the same tab', async ({ pages }) => {
    const { page, context } = await pages.signedIn('admin');
    await openFromSearch(page, '个人');
    await page.waitForURL(/\/info\/index$/);
    await page.getByRole('button', { name: '锁屏' }).click();
    await clickShown(page.locator('.ant-modal .ant-btn-primary'));
    await page.getByText('锁屏密码不能为空').waitFor();
    await page.getByRole('dialog').locator('input[type="password"]').fill('desk-lock-1');
    await page.locator('.ant-modal .ant-btn-primary').click();
    await page.waitForURL(/\/lock$/);
    // Locked: the workspace sends back to the lock page.
    await page.goto(`${baseUrl()}/wel/index`);
    await page.waitForURL(/\/lock$/);
    await page.getByPlaceholder('锁屏密码').fill('wrong');
    await page.keyboard.press('Enter');
    await expect(toast(page).textContent()).resolves.toContain('锁屏密码错误');
    await page.getByPlaceholder('锁屏密码').fill('desk-lock-1');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/info\/index$/);
    await context.close();
  });

  test('switches the language (the current one disabled) and the tab titles follow', async ({ pages }) => {
    const { page, context } = await pages.signedIn('admin');
    await expect(page.getByRole('button', { name: '中文' }).isDisabled()).resolves.toBe(true);
    await page.getByRole('button', { name: 'English' }).click();
    await tab(page, 'Workbench').waitFor();
    await page.getByText('My shortcuts').waitFor();
    await expect(page.getByRole('button', { name: 'English' }).isDisabled()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: '中文' }).isDisabled()).resolves.toBe(false);
    await context.close();
  });

  test('changes the theme visibly and remembers it', async ({ pages }) => {
    const { page, context } = await pages.signedIn('admin');
    const sider = page.locator('.ant-layout-sider');
    const before = await sider.evaluate((el) => getComputedStyle(el).backgroundColor);
    await page.getByRole('button', { name: '主题', exact: true }).click();
    await clickShown(page.locator('[data-theme="hey"]'));
    await expect.poll(() => sider.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(before);
    const hey = await sider.evaluate((el) => getComputedStyle(el).backgroundColor);
    await page.reload();
    await page.getByText('我的快捷入口').waitFor();
    await expect(sider.evaluate((el) => getComputedStyle(el).backgroundColor)).resolves.toBe(hey);
    await context.close();
  });

  test("draws antd's components from the build's style sheets, in the theme's colours", async ({ pages }) => {
    const { page, context } = await pages.signedIn('admin');
    await page.goto(`${baseUrl()}/system/user`);
    const add = page.getByRole('button', { name: /新\s*增/ });
    await add.waitFor();
    // The theme's primary colour (#409EFF) reaches the button through antd's variables.
    await expect(add.evaluate((el) => getComputedStyle(el).backgroundColor)).resolves.toBe(
      'rgb(64, 158, 255)',
    );
    await expect(
      page
        .locator('.ant-table-thead th')
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundColor),
    ).resolves.toBe('rgb(250, 250, 250)');
    const sheets = await page.evaluate(() => ({
      // What antd would build at run time is scoped by its class hash.
      written: Array.from(document.querySelectorAll('style')).filter((s) =>
        s.textContent?.includes(':where(.css-'),
      ).length,
      shipped: Array.from(document.querySelectorAll('link[rel="stylesheet"]')).length,
    }));
    expect(sheets.written).toBe(0);
    expect(sheets.shipped).toBeGreaterThan(1);
    await context.close();
  });

  test('draws the workbench first and the menus, toolbar and tabs around it without moving it, at a phone pace', async ({
    pages,
  }) => {
    // The chrome's code comes in its own chunk, after the page can show: at a phone's CPU and network its
    // side menu, toolbar and tab bar come in after the workbench, and the page below must not move (a tab
    // bar drawn into no reserved room pushed it down by its height). In the default and a compact theme.
    for (const theme of ['default', 'd2']) {
      const { page, context } = await pages.signedIn('admin');
      if (theme !== 'default') {
        await page.getByRole('button', { name: '主题', exact: true }).click();
        await clickShown(page.locator(`[data-theme="${theme}"]`));
        await page.locator(`.ant-layout[data-theme="${theme}"]`).waitFor();
      }
      await page.addInitScript(() => {
        const w = window as unknown as { shifts: number[] };
        w.shifts = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.shifts.push((e as unknown as { value: number }).value);
        }).observe({ type: 'layout-shift', buffered: true });
      });
      const cdp = await context.newCDPSession(page);
      await atPhonePace(cdp);
      await page.reload();
      await page.getByText('我的快捷入口').waitFor();
      await page.locator('.fc-side-menu .ant-menu-item').first().waitFor();
      await page.locator('.fc-toolbar').waitFor();
      await page.locator('.fc-tabs .ant-tabs-tab').first().waitFor();
      await page.waitForTimeout(500);
      const shifted = await page.evaluate(() =>
        (window as unknown as { shifts: number[] }).shifts.reduce((a, b) => a + b, 0),
      );
      // A tab bar pushing the page down is ~0.02 at this size; a button's icon settling, 0.00001.
      expect(shifted, `layout shift in the ${theme} theme`).toBeLessThan(0.001);
      await cdp.detach();
      await context.close();
    }
  });

  test('captures errors in the log viewer, uploads them after a confirmation and clears them', async ({
    pages,
  }) => {
    const { page, context } = await pages.signedIn('admin');
    await openFromSearch(page, '测试');
    await page.getByRole('button', { name: '制造一个未处理的 Promise 拒绝' }).click();
    await page.getByRole('button', { name: '制造一个错误' }).click();
    await expect
      .poll(() =>
        page
          .locator('.ant-badge')
          .filter({ has: page.getByRole('button', { name: '错误日志' }) })
          .locator('.ant-scroll-number')
          .textContent(),
      )
      .toBe('2');
    await page.getByRole('button', { name: '错误日志' }).click();
    await page.getByText('test page rejected promise').waitFor();
    await clickShown(page.getByRole('button', { name: '上传服务器' }));
    // Each question's own OK (the one answered before may still be fading out).
    const ok = (question: string) =>
      page.locator('.ant-modal-confirm').filter({ hasText: question }).locator('.ant-btn-primary');
    await clickShown(ok('确定要把错误日志上传到服务器吗？'));
    await expect(toast(page).textContent()).resolves.toContain('发送成功');
    await page.getByRole('button', { name: '清空本地日志' }).click();
    await clickShown(ok('确定要清空本地错误日志吗？'));
    await page.getByText('清空成功').waitFor();
    await context.close();
  });

  test('searches menus by prefix from the top box and the overlay (Esc closes it)', async ({ pages }) => {
    const { page, context } = await pages.signedIn('admin');
    await page.keyboard.press('Control+k');
    const input = page.getByRole('dialog').getByRole('textbox', { name: '搜索菜单' });
    await input.fill('管理'); // no menu name starts with it: prefix match only
    await page.getByRole('dialog').getByText('暂无数据').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    const box = page.getByRole('combobox', { name: '输入菜单名称' });
    await box.click();
    await box.pressSequentially('用户管');
    await page.locator('.ant-select-item-option').filter({ hasText: '用户管理' }).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/system\/user$/);
    await context.close();
  });

  test('checks the profile: an avatar that does not start with http:// or https:// is refused and cleared', async ({
    pages,
  }) => {
    const { page, context } = await pages.signedIn('sales1');
    await openFromSearch(page, '个人');
    await page.getByRole('button', { name: '编辑个人资料' }).click();
    // Containing http is not enough: a script address that mentions it is refused as well.
    for (const avatar of ['not-a-url.png', 'javascript:alert(1)//http://x']) {
      await page.getByLabel('头像地址').fill(avatar);
      await clickShown(page.locator('.ant-modal .ant-btn-primary'));
      await expect(toast(page).textContent()).resolves.toContain('头像应为网址');
      await expect(page.getByLabel('头像地址').inputValue()).resolves.toBe('');
    }
    await page.getByLabel('昵称').fill('小王');
    await page.locator('.ant-modal .ant-btn-primary').click();
    await page.getByText('个人资料已保存').waitFor();
    await page.getByRole('cell', { name: '小王' }).waitFor();
    await context.close();
  });

  test('gives each role its own menus', async ({ pages }) => {
    const { page, context } = await pages.signedIn('resource1');
    await page.getByRole('menuitem', { name: '销售业务' }).click();
    await page.getByRole('menuitem', { name: '车源资源' }).waitFor();
    expect(await page.getByRole('menuitem', { name: '系统管理' }).count()).toBe(0);
    await context.close();
  });
});

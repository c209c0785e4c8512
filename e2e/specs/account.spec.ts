import {
  test,
  expect,
  baseUrl,
  clickShown,
  servers,
  signIn,
  signInWithCaptcha,
  toast,
} from '../support/fixtures';

test.describe('registration, initial passwords and embedded pages', () => {
  test('registers an account that awaits approval, with the form rules of spec §5', async ({ pages }) => {
    const { page, context } = await pages.open();
    await page.goto(`${baseUrl()}/login`);
    await page.getByRole('button', { name: '注册账号' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('账号').fill('guest.e2e');
    await clickShown(dialog.locator('.ant-btn-primary'));
    await dialog.getByText('请先输入密码').first().waitFor();
    await dialog.getByLabel('密码', { exact: true }).fill('Guest2026pw');
    await dialog.getByLabel('确认密码').fill('Other2026pw');
    await dialog.locator('.ant-btn-primary').click();
    await dialog.getByText('两次输入的密码不一致').waitFor();
    await dialog.getByLabel('确认密码').fill('Guest2026pw');
    await dialog.locator('.ant-btn-primary').click();
    await page.getByText('申请已提交，请等待管理员审核').waitFor();
    await clickShown(page.locator('.ant-modal-confirm-btns .ant-btn-primary'));
    // Until an administrator approves it, the account cannot sign in.
    await signIn(page, 'guest.e2e', 'Guest2026pw');
    await expect(toast(page).textContent()).resolves.toContain('账号正在等待管理员审核');
    await context.close();
  });

  test('makes a user with an initial password change it before anything else', async ({ pages }) => {
    const { page, context } = await pages.open();
    const initial = servers().captchaDemoPassword;
    await signInWithCaptcha(page, 'online1', initial);
    await page.waitForURL(/\/wel\/index$/);
    const dialog = page.getByRole('dialog');
    await dialog.getByText('您的密码仍是初始密码，请先修改密码').waitFor();
    expect(await dialog.locator('.ant-modal-close').count()).toBe(0);
    await dialog.getByLabel('原密码').fill(initial);
    await dialog.getByLabel('新密码', { exact: true }).fill('Online2026new');
    await dialog.getByLabel('确认新密码').fill('Online2026new');
    await clickShown(
      dialog.getByRole('button', { name: '保 存' }).or(dialog.getByRole('button', { name: '保存' })),
    );
    await page.getByText('密码已修改').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });

  test('embeds an http(s) page in a tab and refuses anything else', async ({ pages }) => {
    const { page, context } = await pages.signedIn('admin');
    await page.goto(`${baseUrl()}/myiframe/docs?src=${encodeURIComponent(`${baseUrl()}/api/docs`)}`);
    await page.locator('iframe').waitFor();
    expect(await page.locator('iframe').getAttribute('src')).toBe(`${baseUrl()}/api/docs`);
    await page.goto(`${baseUrl()}/myiframe/x?src=${encodeURIComponent('javascript:alert(1)')}`);
    await page.getByText('只能内嵌以 http 或 https 开头的网址').waitFor();
    await context.close();
  });
});

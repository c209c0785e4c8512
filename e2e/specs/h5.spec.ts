import fs from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { test, expect, clickShown, settled, signIn, type Page } from '../support/fixtures';
import { startServer } from '../support/servers';

/**
 * The customers' mobile page. It runs against a server of its own over PostgreSQL, because the SMS code a
 * customer types is read where the server's default sender records it (the development SMS outbox),
 * which the embedded database of the shared server does not let another process read.
 */
const ADMIN = 'Admin#H5e2e2026';
const DEMO = 'Demo#H5e2e2026';
const MOBILE = { width: 390, height: 844 };

test.describe('the customer mobile chat page (/h5/chat)', () => {
  const server: { url: string; db: string; proc?: ChildProcess; dataDir?: string; name: string } = {
    url: '',
    db: '',
    name: `ft_e2e_h5_${Date.now()}`,
  };
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(sql);
    await c.end();
  };

  test.beforeAll(async () => {
    await admin(`CREATE DATABASE ${server.name}`);
    const u = new URL(adminUrl);
    u.pathname = `/${server.name}`;
    server.db = u.toString();
    const s = await startServer({
      CAPTCHA_MODE: 'off',
      DATABASE_URL: server.db,
      ADMIN_PASSWORD: ADMIN,
      DEMO_PASSWORD: DEMO,
    });
    Object.assign(server, s);
  });
  test.afterAll(async () => {
    if (server.proc) {
      server.proc.kill('SIGTERM');
      await new Promise((r) => server.proc!.once('exit', r));
    }
    if (server.dataDir) fs.rmSync(server.dataDir, { recursive: true, force: true });
    await admin(`DROP DATABASE IF EXISTS ${server.name} WITH (FORCE)`);
  });

  /** The code as the customer's phone shows it: without a gateway, each text goes to the development outbox. */
  const lastCode = async (phone: string) => {
    const c = new pg.Client({ connectionString: server.db });
    await c.connect();
    const { rows } = await c.query<{ content: string }>(
      `SELECT content FROM dev_sms_outbox WHERE receiver = $1 ORDER BY create_time DESC, id DESC LIMIT 1`,
      [phone],
    );
    await c.end();
    return rows[0]?.content.match(/\d{6}/)?.[0];
  };

  const field = (page: Page, label: string) =>
    page.locator('.adm-form-item').filter({ hasText: label }).locator('input');

  async function customerSignsIn(page: Page, phone: string) {
    await page.goto(`${server.url}/h5/chat`);
    await field(page, '手机号').fill(phone);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText(/\d+ 秒后重发/).waitFor();
    const code = await lastCode(phone);
    expect(code).toMatch(/^\d{6}$/);
    await field(page, '验证码').fill(code!);
    await page.getByRole('button', { name: '登录' }).click();
  }

  test('checks the mobile number with the spec messages before sending a code', async ({ pages }) => {
    const { page, context, errors } = await pages.open(MOBILE);
    await page.goto(`${server.url}/h5/chat`);
    await page.getByText('手机号登录').waitFor();
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText('手机号不能为空').waitFor();
    await field(page, '手机号').fill('1360123');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText('手机号必须为 11 位数字').waitFor();
    // The same rules in English.
    await page.getByRole('button', { name: 'EN' }).click();
    await page.getByRole('button', { name: 'Get code' }).click();
    await page.getByText('Mobile number must be 11 digits').waitFor();
    await field(page, 'Mobile').fill('');
    await page.getByRole('button', { name: 'Get code' }).click();
    await page.getByText('Mobile number cannot be empty').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  test('signs a customer in by phone and SMS code and shows their advisor', async ({ pages }) => {
    const { page, context, errors } = await pages.open(MOBILE);
    await customerSignsIn(page, '13601234501');
    await page.getByText('王建国').waitFor();
    await page.getByText('负责品牌：丰田、本田').waitFor();
    // The session survives a reload; signing out asks first.
    await page.reload();
    await page.getByText('王建国').waitFor();
    await page.getByRole('button', { name: '退出登录' }).click();
    await clickShown(page.getByRole('button', { name: '确定' }));
    await page.getByText('手机号登录').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  test('lets a customer chat with the colleague responsible for them, who answers from the chat screen', async ({
    pages,
  }) => {
    const customer = await pages.open(MOBILE);
    const dialogs: string[] = [];
    customer.page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await customerSignsIn(customer.page, '13601234502'); // 刘秀英, looked after by sales1 (王建国)
    await customer.page.getByText('王建国').waitFor();
    const input = customer.page.getByRole('textbox', { name: '输入消息' });
    await input.fill('   ');
    await input.press('Enter');
    await customer.page.getByText('不能发送空消息').waitFor();
    await input.fill('你好，白色 CR-V 什么时候到店？');
    await input.press('Enter');
    const mine = customer.page.locator('.h5-msg-out').filter({ hasText: '你好，白色 CR-V 什么时候到店？' });
    await mine.getByText('未读').waitFor();
    await input.fill('<img src=x onerror=alert(1)>');
    await customer.page.getByRole('button', { name: '发送' }).click();
    await customer.page.locator('.h5-msg-out').filter({ hasText: '<img src=x onerror=alert(1)>' }).waitFor();

    // The colleague sees the customer in the same chat screen as their colleagues, with the masked number.
    const staff = await pages.open();
    staff.page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await signIn(staff.page, 'sales1', DEMO, server.url);
    await staff.page.waitForURL(/\/wel\/index$/);
    const entry = staff.page.getByRole('button', { name: '即时通讯', exact: true });
    await expect
      .poll(
        () =>
          staff.page.locator('.ant-badge').filter({ has: entry }).locator('.ant-scroll-number').textContent(),
        {
          timeout: 15_000,
        },
      )
      .toBe('2');
    await entry.click();
    await settled(staff.page.locator('.fc-im-root'));
    await staff.page.locator('.fc-im-conv').filter({ hasText: '刘秀英' }).click();
    await staff.page.locator('.fc-im-pane-title').filter({ hasText: '刘秀英' }).waitFor();
    await staff.page.locator('.fc-im-pane-dept').filter({ hasText: '136****4502' }).waitFor();
    await staff.page.locator('.fc-im-msg-in').filter({ hasText: '你好，白色 CR-V 什么时候到店？' }).waitFor();
    await staff.page.locator('.fc-im-msg-in').filter({ hasText: '<img src=x onerror=alert(1)>' }).waitFor();
    expect(await staff.page.locator('.fc-im-bubble img[src="x"]').count()).toBe(0);
    // Opening it read the customer's messages.
    await mine.getByText('已读').waitFor({ timeout: 15_000 });

    const box = staff.page.getByRole('textbox', { name: '输入消息，Enter 发送，Ctrl+Enter 换行' });
    await box.fill('刘女士您好，白色 CR-V 周六到店，欢迎来试驾');
    await box.press('Enter');
    await staff.page
      .locator('.fc-im-msg-out[data-status="success"]')
      .filter({ hasText: '周六到店' })
      .waitFor();
    await customer.page
      .locator('.h5-msg-in')
      .filter({ hasText: '刘女士您好，白色 CR-V 周六到店，欢迎来试驾' })
      .waitFor();

    // History survives a reload of the customer's page.
    await customer.page.reload();
    await customer.page.locator('.h5-msg-in').filter({ hasText: '周六到店' }).waitFor();
    await customer.page.locator('.h5-msg-out').filter({ hasText: '什么时候到店' }).waitFor();

    expect(dialogs).toEqual([]);
    expect(customer.errors).toEqual([]);
    expect(staff.errors).toEqual([]);
    await customer.context.close();
    await staff.context.close();
  });

  test('brings the advisor’s unread push to the customer’s page, whose title counts it while in the background', async ({
    pages,
  }) => {
    const customer = await pages.open(MOBILE);
    await customerSignsIn(customer.page, '13601234503'); // 陈国栋, looked after by sales1 (王建国)
    await customer.page.getByText('王建国').waitFor();
    const input = customer.page.getByRole('textbox', { name: '输入消息' });
    await input.fill('请问有现车吗？');
    await input.press('Enter');
    await customer.page
      .locator('.h5-msg-out')
      .filter({ hasText: '请问有现车吗？' })
      .getByText('未读')
      .waitFor();

    const staff = await pages.open();
    await signIn(staff.page, 'sales1', DEMO, server.url);
    await staff.page.waitForURL(/\/wel\/index$/);
    await staff.page.getByRole('button', { name: '即时通讯', exact: true }).click();
    await settled(staff.page.locator('.fc-im-root'));
    await staff.page.locator('.fc-im-conv').filter({ hasText: '陈国栋' }).click();
    await staff.page.locator('.fc-im-msg-in').filter({ hasText: '请问有现车吗？' }).waitFor();
    // The customer switches to another app (headless Chromium keeps every page focused: told by hand).
    await customer.page.evaluate(() => {
      Object.defineProperty(document, 'hasFocus', { value: () => false, configurable: true });
      window.dispatchEvent(new Event('blur'));
    });

    const pushed = staff.page.waitForResponse((r) => r.url().includes('/imPc/pushImUnread'));
    const box = staff.page.getByRole('textbox', { name: '输入消息，Enter 发送，Ctrl+Enter 换行' });
    await box.fill('陈先生您好，凯美瑞有现车');
    await box.press('Enter');
    const answer = await pushed;
    expect(answer.status()).toBe(200);
    expect(((await answer.json()) as { code: number }).code).toBe(200);
    await expect.poll(() => customer.page.title(), { timeout: 5000 }).toBe('新消息+1');
    await customer.page.locator('.h5-msg-in').filter({ hasText: '凯美瑞有现车' }).waitFor();
    // Back in front, the title is the page's own again.
    await customer.page.evaluate(() => {
      delete (document as { hasFocus?: unknown }).hasFocus;
      window.dispatchEvent(new Event('focus'));
    });
    await expect.poll(() => customer.page.title()).toBe('在线咨询');

    expect(customer.errors).toEqual([]);
    expect(staff.errors).toEqual([]);
  });
});

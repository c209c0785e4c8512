import { afterAll, beforeAll, inject } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const ADMIN_PASSWORD = 'Admin#E2e2026';
export const DEMO_PASSWORD = 'Demo#E2e2026';

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** One Chromium per spec file; each test gets a fresh context (its own storage), as a new user would. */
export function useBrowser() {
  const state: { browser?: Browser } = {};
  beforeAll(async () => {
    state.browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ARGS,
    });
  });
  afterAll(async () => {
    await state.browser?.close();
  });
  return {
    async page(
      viewport = { width: 1400, height: 900 },
    ): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
      const context = await state.browser!.newContext({ viewport, locale: 'zh-CN' });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      return { page, context, errors };
    },
  };
}

export const baseUrl = () => inject('baseUrl');

/** Signs in through the login form, the way a user does. */
export async function signIn(page: Page, account: string, password: string, base = baseUrl()) {
  await page.goto(`${base}/login`);
  await page.locator('#username').fill(account);
  await page.locator('input[type="password"]').fill(password);
  await page.keyboard.press('Enter');
}

export async function signInAs(
  page: Page,
  account = 'admin',
  password = account === 'admin' ? ADMIN_PASSWORD : DEMO_PASSWORD,
) {
  await signIn(page, account, password);
  await page.waitForURL(/\/wel\/index$/);
  await page.getByText('我的快捷入口').waitFor();
}

/** The text of the toast currently shown. */
export const toast = (page: Page) => page.locator('.ant-message-notice').last();

/** Signs in on the captcha-mode server, typing the code the server issued (read where it keeps it). */
export async function signInWithCaptcha(page: Page, account: string, password: string) {
  const { default: pg } = await import('pg');
  await page.goto(`${inject('captchaUrl')}/login`);
  await page.getByRole('img', { name: '验证码' }).waitFor();
  const db = new pg.Client({ connectionString: inject('captchaDb') });
  await db.connect();
  const { rows } = await db.query<{ code: string }>(
    'SELECT code FROM auth_captcha ORDER BY expires_at DESC LIMIT 1',
  );
  await db.end();
  await page.locator('#username').fill(account);
  await page.locator('input[type="password"]').fill(password);
  await page.getByLabel('验证码').first().fill(rows[0]!.code);
  await page.keyboard.press('Enter');
}

/** A session token from the API (for the other party of a test), signed in the way the page does it. */
export async function apiToken(account: string, password: string, base = baseUrl()): Promise<string> {
  const { sm2 } = await import('sm-crypto');
  const basic = `Basic ${btoa('saber:saber_secret')}`;
  const key = (
    (await (
      await fetch(`${base}/api/blade-auth/oauth/public-key`, { headers: { authorization: basic } })
    ).json()) as { data: { publicKey: string } }
  ).data.publicKey;
  const q = new URLSearchParams({
    tenantId: '000000',
    username: account,
    password: sm2.doEncrypt(password, key, 1),
    grant_type: 'password',
    scope: 'all',
  });
  const answer = (await (
    await fetch(`${base}/api/blade-auth/oauth/token?${q}`, {
      method: 'POST',
      headers: { authorization: basic },
    })
  ).json()) as { access_token?: string; error_description?: string };
  if (!answer.access_token) throw new Error(`${account} could not sign in: ${answer.error_description}`);
  return answer.access_token;
}

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';

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

/** Where a failed test leaves what its pages showed (a flaky run in CI can only be judged from these). */
export const ARTIFACTS = path.resolve(import.meta.dirname, '../.artifacts');

const slug = (s: string) =>
  s
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);

/** A screenshot and the console of every page still open when a test failed. */
async function keepEvidence(test: string, pages: { page: Page; log: string[] }[]) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  let i = 0;
  for (const { page, log } of pages) {
    if (page.isClosed()) continue;
    const base = path.join(ARTIFACTS, `${slug(test)}-${++i}`);
    await page.screenshot({ path: `${base}.png`, timeout: 10_000 }).catch(() => undefined);
    fs.writeFileSync(`${base}.log`, [`url: ${page.url()}`, ...log].join('\n') + '\n');
  }
}

/** One Chromium per spec file; each test gets a fresh context (its own storage), as a new user would. */
export function useBrowser() {
  const state: { browser?: Browser } = {};
  // The contexts of the running test with their pages' console, for evidence and clean-up if it fails.
  const open = new Map<BrowserContext, { page: Page; log: string[] }[]>();
  beforeAll(async () => {
    state.browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ARGS,
    });
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await keepEvidence(task.name, [...open.values()].flat());
    // A failed test leaves its contexts open: their chat sockets and timers would load the next tests.
    for (const context of open.keys()) await context.close().catch(() => undefined);
    open.clear();
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
      const log: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      page.on('pageerror', (e) => log.push(`${new Date().toISOString()} pageerror ${String(e)}`));
      page.on('console', (m) => log.push(`${new Date().toISOString()} ${m.type()} ${m.text()}`));
      open.set(context, [{ page, log }]);
      context.on('close', () => open.delete(context));
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

/**
 * Waits until an element is on screen as a user sees it: fully opaque and still. antd's dialogs, menus
 * and popovers open in steps: first invisible at their final place (opacity 0), then shrunk, then zooming
 * or sliding in. Playwright already finds the element visible and stable in that first step, so a click
 * there presses on it, and by the release the element has jumped away: no click reaches it (a sticker
 * not sent, a conversation not opened, a confirm not taken). A user clicks what they can see, once it
 * stopped moving; so do the tests.
 */
export async function settled(locator: Locator, timeout = 15_000) {
  await locator.waitFor({ timeout });
  await expect
    .poll(
      () =>
        locator.evaluate((el) => {
          for (let e: Element | null = el; e; e = e.parentElement) {
            if (Number(getComputedStyle(e).opacity) < 1) return false;
            if (e.getAnimations().some((a) => a.playState !== 'finished')) return false;
          }
          return true;
        }),
      { timeout },
    )
    .toBe(true);
}

/** Clicks something in a dialog, popover or menu that has just opened, once it is shown. */
export async function clickShown(target: Locator) {
  await settled(target);
  await target.click();
}

/**
 * Right-clicks `target` and picks `item` from the menu that opens at the pointer. Neither click scrolls:
 * antd closes such a menu when the page or a scroll container around the target scrolls, and Playwright
 * scrolls its target into view on each retry of a click (a target still moving, a menu still sliding in);
 * the scroll event of a retried right-click even comes after the menu it opened.
 */
export async function pickFromContextMenu(target: Locator, item: Locator) {
  await target.click({ button: 'right', scroll: 'none' });
  await settled(item);
  await item.click({ scroll: 'none' });
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

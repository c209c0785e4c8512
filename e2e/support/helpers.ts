import { expect, type Locator, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, DEMO_PASSWORD, SERVERS_ENV, type Servers } from './servers';

export { ADMIN_PASSWORD, DEMO_PASSWORD };

/** The run's servers, as globalSetup started them (read when a test runs: listing the tests starts none). */
export function servers(): Servers {
  const raw = process.env[SERVERS_ENV];
  if (!raw) throw new Error('No servers: run the specs with `playwright test -c e2e/playwright.config.ts`.');
  return JSON.parse(raw) as Servers;
}

export const baseUrl = () => servers().baseUrl;

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
  // The workbench shows before the chrome around it (its own chunk, drawn in a second pass): a test goes on
  // from the whole shell, as a user's eye does, not from a toolbar or menu about to appear.
  await page.locator('.fc-toolbar').waitFor();
}

/**
 * Waits until the page has asked for nothing for `quietMs`: what it loads after a client-side navigation
 * (a card's chunk, then its data) is done. Playwright's `networkidle` does not serve here: it is a state of
 * the document, reached once when it loaded and never again for the pages the app draws itself.
 */
export async function quiet(page: Page, quietMs = 1000, timeout = 15_000) {
  let inFlight = 0;
  let last = Date.now();
  const start = () => {
    inFlight++;
    last = Date.now();
  };
  const end = () => {
    inFlight = Math.max(0, inFlight - 1);
    last = Date.now();
  };
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  try {
    await expect.poll(() => inFlight === 0 && Date.now() - last >= quietMs, { timeout }).toBe(true);
  } finally {
    page.off('request', start);
    page.off('requestfinished', end);
    page.off('requestfailed', end);
  }
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
 * Picks `option` in the select whose input is `input`, in that select's own popup (found by the list the
 * input controls while open: another select's popup may still be on screen, closing), and waits until the
 * select shows it. A full run twice saved a form whose select did not hold the option just clicked (never
 * reproduced alone, nor on a loaded machine): the pick is made again if the select does not show it, so a
 * lost click cannot pass as a saved value, and a select that refuses the option still fails here.
 */
export async function pickOption(input: Locator, option: string) {
  const page = input.page();
  const select = input.locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-select ")][1]');
  await expect(async () => {
    if ((await input.getAttribute('aria-expanded')) !== 'true') await input.click();
    const list = await input.getAttribute('aria-controls');
    expect(list).toBeTruthy();
    const popup = page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${list}"]`) });
    await clickShown(popup.locator('.ant-select-item-option', { hasText: option }).first());
    await expect(select.locator('.ant-select-content')).toHaveText(option, { timeout: 3_000 });
  }).toPass({ intervals: [500, 1_000], timeout: 30_000 });
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

/** A button's Chinese name as antd draws it: a space between two characters of a plain button ("保 存"). */
export const cn = (text: string) => new RegExp(`^\\s*${[...text].join('\\s?')}\\s*$`);

/** Waits for the message (toast) that says this. */
export const said = (page: Page, text: string) =>
  page.locator('.ant-message-notice', { hasText: text }).first().waitFor();

/** Signs in on the captcha-mode server, typing the code the server issued (read where it keeps it). */
export async function signInWithCaptcha(page: Page, account: string, password: string) {
  const { default: pg } = await import('pg');
  await page.goto(`${servers().captchaUrl}/login`);
  await page.getByRole('img', { name: '验证码' }).waitFor();
  const db = new pg.Client({ connectionString: servers().captchaDb });
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

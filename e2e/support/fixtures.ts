import fs from 'node:fs';
import { test as base, type BrowserContext, type Page } from '@playwright/test';
import { english, entry } from './chat';
import { ADMIN_PASSWORD, DEMO_PASSWORD, servers, signIn, signInAs } from './helpers';

export { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
export * from './helpers';
export * from './chat';

/** A page in a context of its own, with the uncaught errors it raised (tests assert on them). */
export interface Opened {
  page: Page;
  context: BrowserContext;
  /** The page's uncaught exceptions (`pageerror`), in order. */
  errors: string[];
}

type Viewport = { width: number; height: number };

export interface Pages {
  /** A fresh context (its own storage), as a new user would come, in Chinese as the browser asks. */
  open(viewport?: Viewport): Promise<Opened>;
  /** A fresh context signed in through the login form as `account` (admin or a demo staff member). */
  signedIn(account: string, viewport?: Viewport): Promise<Opened>;
}

export interface Chat {
  /** A staff member in a context of their own, in English, signed in and on the workbench with the chat entry shown. */
  staff(account: string): Promise<Opened>;
}

export const test = base.extend<{ pages: Pages; chat: Chat }>({
  // Contexts made from `browser` get it too: a page can go to '/login'.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use) => use(process.env.FORECOURT_E2E_SERVERS ? servers().baseUrl : undefined),

  pages: async ({ browser }, use, testInfo) => {
    // The contexts of this test with their pages' console, kept with the trace if it fails.
    const open = new Map<BrowserContext, { page: Page; log: string[] }[]>();
    const pages: Pages = {
      async open(viewport = { width: 1400, height: 900 }) {
        const context = await browser.newContext({ viewport, locale: 'zh-CN' });
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
      async signedIn(account, viewport) {
        const s = await pages.open(viewport);
        await signInAs(s.page, account, account === 'admin' ? ADMIN_PASSWORD : DEMO_PASSWORD);
        return s;
      },
    };
    await use(pages);
    if (testInfo.status !== testInfo.expectedStatus) {
      // Beside the trace and the screenshots in e2e/.artifacts: a flaky run in CI is judged from these.
      let i = 0;
      for (const { page, log } of [...open.values()].flat()) {
        const body = [`url: ${page.isClosed() ? '(closed)' : page.url()}`, ...log].join('\n') + '\n';
        fs.writeFileSync(testInfo.outputPath(`console-${++i}.log`), body);
        // Also in the run's log and JSON report, where CI shows it.
        await testInfo.attach(`console-${i}.log`, { body, contentType: 'text/plain' });
      }
    }
    // A failed test leaves its contexts open: their chat sockets and timers would load the next tests.
    for (const context of open.keys()) await context.close().catch(() => undefined);
  },

  chat: async ({ pages }, use) => {
    await use({
      async staff(account) {
        const s = await pages.open();
        await english(s.context);
        await signIn(s.page, account, DEMO_PASSWORD);
        await s.page.waitForURL(/\/wel\/index$/);
        await entry(s.page).waitFor();
        return s;
      },
    });
  },
});

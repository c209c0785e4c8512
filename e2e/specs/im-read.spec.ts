import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD, settled, signIn, useBrowser } from '../support/browser';

/**
 * Read marks on the sender's screen (issue 22, item 1): a message the peer reads with the conversation
 * open and the window focused shows as read at once, not only when the next message goes out.
 */

const english = (context: BrowserContext) =>
  context.addInitScript(() => {
    if (!localStorage.getItem('forecourt-language'))
      localStorage.setItem(
        'forecourt-language',
        JSON.stringify({ dataType: 'string', content: 'en', type: 'local', datetime: Date.now() }),
      );
  });

const PLACEHOLDER = 'Type a message; Enter sends, Ctrl+Enter adds a line';
const entry = (page: Page) => page.getByRole('button', { name: 'Instant messaging', exact: true });
const box = (page: Page) => page.getByRole('textbox', { name: PLACEHOLDER });
const own = (page: Page, text: string) =>
  page
    .locator('.fc-im-msg-out')
    .filter({ has: page.locator('.fc-im-text').getByText(text, { exact: true }) });
const mark = (page: Page, text: string) => own(page, text).locator('.fc-im-msg-read').textContent();

async function openChat(page: Page) {
  await entry(page).click();
  await settled(page.locator('.fc-im-root'));
}

async function chatWith(page: Page, realName: string) {
  await page.getByRole('tab', { name: 'Contacts' }).click();
  await page.getByRole('textbox', { name: 'Search contacts' }).fill(realName);
  await page
    .getByRole('list', { name: 'Contacts' })
    .getByRole('listitem')
    .filter({ hasText: realName })
    .click();
  await page.locator('.fc-im-pane-title').filter({ hasText: realName }).waitFor();
}

async function send(page: Page, text: string) {
  await box(page).fill(text);
  await box(page).press('Enter');
}

describe('read marks', () => {
  const b = useBrowser();

  async function staff(account: string) {
    const s = await b.page();
    await english(s.context);
    await signIn(s.page, account, DEMO_PASSWORD);
    await s.page.waitForURL(/\/wel\/index$/);
    await entry(s.page).waitFor();
    await openChat(s.page);
    return s;
  }

  it('a message read by the focused peer shows as read on the sender’s screen within 1 s, both ways', async () => {
    const a = await staff('resource2');
    const z = await staff('online2');
    await chatWith(a.page, '赵雨桐');
    await chatWith(z.page, '刘芳');

    for (const [from, to] of [
      [a, z],
      [z, a],
      [a, z],
    ] as const) {
      await to.page.bringToFront();
      for (const n of ['1', '2']) {
        const text = `${n} ${Date.now()}`;
        await send(from.page, text);
        await to.page.locator('.fc-im-msg-in').filter({ hasText: text }).waitFor();
        // The server has it read; the sender's screen must say so without another message.
        const t0 = Date.now();
        await expect.poll(() => mark(from.page, text), { timeout: 1000, interval: 50 }).toBe('Read');
        expect(Date.now() - t0).toBeLessThan(1000);
      }
    }
    expect(a.errors).toEqual([]);
    expect(z.errors).toEqual([]);
  });
});

import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { pickFromContextMenu, settled } from './helpers';

/**
 * The chat screen as the chat specs drive it: two staff members, each in their own browser context, in
 * English so the spec's wording is checked as written.
 */

export const english = (context: BrowserContext) =>
  context.addInitScript(() => {
    if (!localStorage.getItem('forecourt-language'))
      localStorage.setItem(
        'forecourt-language',
        JSON.stringify({ dataType: 'string', content: 'en', type: 'local', datetime: Date.now() }),
      );
  });

export const PLACEHOLDER = 'Type a message; Enter sends, Ctrl+Enter adds a line';

export const entry = (page: Page) => page.getByRole('button', { name: 'Instant messaging', exact: true });
export const box = (page: Page) => page.getByRole('textbox', { name: PLACEHOLDER });
export const bubble = (page: Page, text: string | RegExp) =>
  page.locator('.fc-im-msg').filter({ hasText: text });

/** Opens the chat screen and waits until it is shown (a click while its dialog still zooms in is lost). */
export async function openChat(page: Page) {
  await entry(page).click();
  await settled(page.locator('.fc-im-root'));
}

/** Picks an item of a message's right-click menu (the message is in view: the newest ones are). */
export const messageMenu = (page: Page, message: Locator, name: string) =>
  pickFromContextMenu(message.locator('.fc-im-bubble'), page.getByRole('menuitem', { name }));

/** Opens the one-to-one chat with a colleague from the Contacts tab, as a user would. */
export async function chatWith(page: Page, realName: string, search = realName) {
  await page.getByRole('tab', { name: 'Contacts' }).click();
  await page.getByRole('textbox', { name: 'Search contacts' }).fill(search);
  await page
    .getByRole('list', { name: 'Contacts' })
    .getByRole('listitem')
    .filter({ hasText: realName })
    .click();
  await expect.poll(() => page.getByRole('tab', { name: /Chat/ }).getAttribute('aria-selected')).toBe('true');
  await page.locator('.fc-im-pane-title').filter({ hasText: realName }).waitFor();
}

export async function send(page: Page, text: string) {
  await box(page).fill(text);
  await box(page).press('Enter');
}

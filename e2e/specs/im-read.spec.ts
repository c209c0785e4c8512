import { test, expect, chatWith, openChat, send, type Page } from '../support/fixtures';

/**
 * Read marks on the sender's screen (issue 22, item 1): a message the peer reads with the conversation
 * open and the window focused shows as read at once, not only when the next message goes out.
 */

const own = (page: Page, text: string) =>
  page
    .locator('.fc-im-msg-out')
    .filter({ has: page.locator('.fc-im-text').getByText(text, { exact: true }) });
const mark = (page: Page, text: string) => own(page, text).locator('.fc-im-msg-read').textContent();

test.describe('read marks', () => {
  test('a message read by the focused peer shows as read on the sender’s screen within 1 s, both ways', async ({
    chat,
  }) => {
    const a = await chat.staff('resource2');
    await openChat(a.page);
    const z = await chat.staff('online2');
    await openChat(z.page);
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
        await expect.poll(() => mark(from.page, text), { timeout: 1000, intervals: [50] }).toBe('Read');
        expect(Date.now() - t0).toBeLessThan(1000);
      }
    }
    expect(a.errors).toEqual([]);
    expect(z.errors).toEqual([]);
  });
});

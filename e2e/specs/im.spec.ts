import { create, ERROR_CODE, TYPES, type IMError } from '@forecourt/im-sdk';
import {
  test,
  expect,
  apiToken,
  baseUrl,
  box,
  bubble,
  chatWith,
  clickShown,
  DEMO_PASSWORD,
  entry,
  messageMenu,
  openChat,
  send,
  settled,
  toast,
  type Locator,
  type Page,
} from '../support/fixtures';

/**
 * The chat screen between two staff members, each in their own browser context, in English so the spec's
 * wording is checked as written (the `chat` fixture signs them in).
 */

const badge = (page: Page) =>
  page
    .locator('.ant-badge')
    .filter({ has: entry(page) })
    .locator('.ant-scroll-number');
const notice = (page: Page, text: string) => page.locator('.fc-im-notice').filter({ hasText: text });

const sent = (page: Page, text: string | RegExp) =>
  bubble(page, text).and(page.locator('[data-status="success"]'));

test.describe('the chat screen', () => {
  test('opens a chat from the contacts, sends with Enter, breaks lines with Ctrl+Enter, refuses empty text; the other side gets the badge and the title', async ({
    chat,
  }) => {
    const a = await chat.staff('sales1');
    const z = await chat.staff('sales2');
    await openChat(a.page);

    // Contacts by role; the search is trimmed; an entry shows the real name and the brands.
    await a.page.getByRole('tab', { name: 'Contacts' }).click();
    const contacts = a.page.getByRole('list', { name: 'Contacts' }).getByRole('listitem');
    await contacts.filter({ hasText: '李晓梅' }).waitFor();
    await a.page.getByText('Resource staff', { exact: true }).click();
    await contacts.filter({ hasText: '张伟' }).waitFor();
    await expect.poll(() => contacts.filter({ hasText: '李晓梅' }).count()).toBe(0);
    await a.page.getByRole('dialog').getByText('All', { exact: true }).click();
    await a.page.getByRole('textbox', { name: 'Search contacts' }).fill('   李晓梅   ');
    const contact = contacts.filter({ hasText: '李晓梅' });
    await expect(contact.textContent()).resolves.toContain('大众, 奥迪');
    await expect.poll(() => contacts.count()).toBe(1);
    await chatWith(a.page, '李晓梅', ' 李晓梅 ');
    await a.page.locator('.fc-im-pane-dept').filter({ hasText: '新车销售二部' }).waitFor();

    await send(a.page, 'Good morning, the Audi A6 arrived');
    await sent(a.page, 'Good morning, the Audi A6 arrived').waitFor();

    await box(a.page).fill('line one');
    await box(a.page).press('Control+Enter');
    await box(a.page).pressSequentially('line two');
    await expect(box(a.page).inputValue()).resolves.toBe('line one\nline two');
    await box(a.page).press('Enter');
    const twoLines = sent(a.page, 'line one');
    await twoLines.waitFor();
    await expect(twoLines.locator('.fc-im-text').innerText()).resolves.toBe('line one\nline two');

    await box(a.page).fill('   ');
    await box(a.page).press('Enter');
    await expect.poll(() => toast(a.page).textContent()).toContain('Cannot send an empty message');
    await expect(box(a.page).inputValue()).resolves.toBe('   ');

    // The other side: the badge counts, the title says so, opening the chat reads it.
    await expect.poll(() => badge(z.page).textContent(), { timeout: 15_000 }).toBe('2');
    await expect.poll(() => z.page.title()).toBe('New message+2');
    await openChat(z.page);
    const conv = z.page.locator('.fc-im-conv').filter({ hasText: '王建国' });
    await conv.click();
    await bubble(z.page, 'Good morning, the Audi A6 arrived').waitFor();
    await expect(
      z.page.locator('.fc-im-msg-in').filter({ hasText: 'line one' }).locator('.fc-im-text').innerText(),
    ).resolves.toBe('line one\nline two');
    await expect.poll(() => z.page.title()).not.toContain('new message');
    await expect.poll(() => badge(z.page).count()).toBe(0);

    // While the conversation is open and focused, a new message is read at once.
    await z.page.bringToFront();
    await send(a.page, 'Are you free at 3?');
    await bubble(z.page, 'Are you free at 3?').waitFor();
    await expect.poll(() => z.page.title()).not.toContain('new message');

    expect(a.errors).toEqual([]);
    expect(z.errors).toEqual([]);
    await a.context.close();
    await z.context.close();
  });

  test('revokes a message within the window and words the notice for each side; markup is shown as text', async ({
    chat,
  }) => {
    const a = await chat.staff('resource1');
    const z = await chat.staff('online1');
    await openChat(a.page);
    await chatWith(a.page, '陈思远');
    await openChat(z.page);

    const xss = `<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>`;
    await send(a.page, xss);
    await sent(a.page, xss).waitFor();
    await z.page.locator('.fc-im-conv').filter({ hasText: '张伟' }).click();
    await bubble(z.page, xss).waitFor();
    await expect(z.page.evaluate(() => (window as { __xss?: number }).__xss)).resolves.toBeUndefined();
    expect(await z.page.locator('.fc-im-bubble img[src="x"], .fc-im-bubble script').count()).toBe(0);

    await send(a.page, 'the price was wrong');
    await sent(a.page, 'the price was wrong').waitFor();
    await bubble(z.page, 'the price was wrong').waitFor();
    await messageMenu(a.page, sent(a.page, 'the price was wrong'), 'Revoke');
    await notice(a.page, 'You revoked a message').waitFor();
    await notice(z.page, 'The other party revoked a message').waitFor();
    expect(await bubble(z.page, 'the price was wrong').count()).toBe(0);
    // A revoked text of mine can be put back into the box within the window.
    await notice(a.page, 'You revoked a message').getByRole('button', { name: 'Re-edit' }).click();
    await expect.poll(() => box(a.page).inputValue()).toBe('the price was wrong');

    // Messages of the other party have no revoke.
    await z.page.locator('.fc-im-msg-in .fc-im-bubble').first().click({ button: 'right', scroll: 'none' });
    // Counted once the menu is there (it offers Copy), not before it opened.
    await settled(z.page.getByRole('menuitem', { name: 'Copy' }));
    expect(await z.page.getByRole('menuitem', { name: 'Revoke' }).count()).toBe(0);
    await a.context.close();
    await z.context.close();
  });

  test('marks a send that fails red and resends it on a click', async ({ chat }) => {
    const a = await chat.staff('sales2');
    const z = await chat.staff('resource2');
    await openChat(a.page);
    await chatWith(a.page, '刘芳');
    await send(a.page, 'first, while online');
    await sent(a.page, 'first, while online').waitFor();

    await a.context.setOffline(true);
    await send(a.page, 'sent while offline');
    const failed = bubble(a.page, 'sent while offline');
    await failed.and(a.page.locator('[data-status="fail"]')).waitFor({ timeout: 30_000 });
    await a.context.setOffline(false);
    await a.page.locator('.fc-im-banner').waitFor({ state: 'detached', timeout: 30_000 });
    await failed.getByRole('button', { name: 'Resend' }).click();
    await sent(a.page, 'sent while offline').waitFor({ timeout: 15_000 });

    await openChat(z.page);
    await z.page.locator('.fc-im-conv').filter({ hasText: '李晓梅' }).click();
    await bubble(z.page, 'sent while offline').waitFor();
    expect(await bubble(z.page, 'sent while offline').count()).toBe(1);
    await a.context.close();
    await z.context.close();
  });

  test("pages back through history with view more, then no more; reading history, new messages show 'Back to latest'", async ({
    chat,
  }) => {
    const a = await chat.staff('online2');
    const z = await chat.staff('sales1');
    await openChat(a.page);
    await chatWith(a.page, '王建国');
    for (let i = 1; i <= 17; i++) await send(a.page, `stock update ${String(i).padStart(2, '0')}`);
    await sent(a.page, 'stock update 17').waitFor();
    await expect
      .poll(() => a.page.locator('.fc-im-msg[data-status="success"]').count())
      .toBeGreaterThanOrEqual(17);

    await openChat(z.page);
    await z.page.locator('.fc-im-conv').filter({ hasText: '赵雨桐' }).click();
    await bubble(z.page, 'stock update 17').waitFor();
    // The newest page holds 15.
    expect(await bubble(z.page, 'stock update 03').count()).toBe(1);
    expect(await bubble(z.page, 'stock update 02').count()).toBe(0);
    await z.page.getByRole('button', { name: 'View more' }).click();
    await bubble(z.page, 'stock update 01').waitFor();
    await z.page.getByText('No more', { exact: true }).waitFor();
    await expect.poll(() => toast(z.page).textContent()).toContain('There are no more history messages');

    // Reading history (more than 20 px up), a new message shows 'Back to latest' instead of pulling down.
    const list = z.page.getByTestId('message-list');
    const fromBottom = () => list.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
    await list.evaluate((el) => (el.scrollTop = 0));
    expect(await fromBottom()).toBeGreaterThan(20);
    await send(a.page, 'stock update 18');
    await bubble(z.page, 'stock update 18').waitFor({ state: 'attached' });
    const latest = z.page.getByRole('button', { name: 'Back to latest' });
    await latest.waitFor();
    expect(await fromBottom()).toBeGreaterThan(20);
    await latest.click();
    await latest.waitFor({ state: 'detached' });
    await expect.poll(fromBottom).toBeLessThanOrEqual(20);
    await a.context.close();
    await z.context.close();
  });

  test('sends images and opens them in the previewer with zoom, rotate, previous/next and a counter', async ({
    chat,
  }) => {
    const a = await chat.staff('resource2');
    const z = await chat.staff('online2');
    await openChat(a.page);
    await chatWith(a.page, '赵雨桐');
    // A 2 × 2 red PNG.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==',
      'base64',
    );
    await a.page.locator('input[data-picker="image"]').setInputFiles([
      { name: 'car.png', mimeType: 'image/png', buffer: png },
      { name: 'car-side.png', mimeType: 'image/png', buffer: png },
    ]);
    const mine = a.page.locator('.fc-im-msg-out[data-status="success"] .fc-im-image img');
    await expect.poll(() => mine.count(), { timeout: 20_000 }).toBe(2);
    await expect(mine.first().getAttribute('src')).resolves.not.toMatch(/^blob:/);

    await openChat(z.page);
    await z.page.locator('.fc-im-conv').filter({ hasText: '刘芳' }).click();
    const theirs = z.page.locator('.fc-im-msg-in .fc-im-image img');
    await expect.poll(() => theirs.count()).toBe(2);
    await expect
      .poll(() => theirs.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(2);
    await theirs.first().click();
    const viewer = z.page.locator('.fc-im-previewer');
    await viewer.waitFor();
    const counter = () => viewer.locator('.fc-im-previewer-count').textContent();
    await expect(counter()).resolves.toBe('1 / 2');
    await viewer.getByRole('button', { name: 'Next' }).click();
    await expect(counter()).resolves.toBe('2 / 2');
    await viewer.getByRole('button', { name: 'Previous' }).click();
    await expect(counter()).resolves.toBe('1 / 2');
    const img: Locator = viewer.locator('img');
    await viewer.getByRole('button', { name: 'Zoom in' }).click();
    await expect(img.getAttribute('data-scale')).resolves.toBe('1.1');
    for (let i = 0; i < 15; i++) await viewer.getByRole('button', { name: 'Zoom out' }).click();
    await expect(img.getAttribute('data-scale')).resolves.toBe('0.1');
    await viewer.getByRole('button', { name: 'Rotate' }).click();
    await expect(img.getAttribute('data-rotate')).resolves.toBe('90');
    await z.page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    // Escape closed the previewer only, not the chat.
    await z.page.locator('.fc-im-root').waitFor();
    await a.context.close();
    await z.context.close();
  });

  test('re-edits a sent text for both sides, sends a sticker, and switches conversations with the arrow keys', async ({
    chat,
  }) => {
    const a = await chat.staff('online1');
    const z = await chat.staff('sales2');
    await openChat(a.page);
    await openChat(z.page);
    // Two conversations, so the arrow keys have somewhere to go.
    await chatWith(a.page, '张伟');
    await send(a.page, 'is the Model Y brochure in?');
    await sent(a.page, 'is the Model Y brochure in?').waitFor();
    await chatWith(a.page, '李晓梅');
    await send(a.page, 'see you at 4');
    await sent(a.page, 'see you at 4').waitFor();
    await z.page.locator('.fc-im-conv').filter({ hasText: '陈思远' }).click();
    await bubble(z.page, 'see you at 4').waitFor();

    await messageMenu(a.page, sent(a.page, 'see you at 4'), 'Re-edit');
    await expect.poll(() => box(a.page).inputValue()).toBe('see you at 4');
    await box(a.page).fill('see you at 5');
    await box(a.page).press('Enter');
    await sent(a.page, 'see you at 5').waitFor();
    await bubble(z.page, 'see you at 5').waitFor();
    expect(await bubble(a.page, 'see you at 4').count()).toBe(0);
    expect(await bubble(z.page, 'see you at 4').count()).toBe(0);

    // All 142 stickers are offered; the one picked arrives as a sticker.
    await a.page.getByRole('button', { name: 'Emoji' }).click();
    const stickers = a.page.getByRole('listbox', { name: 'Emoji' }).getByRole('option');
    await expect.poll(() => stickers.count()).toBe(142);
    // The picker zooms in: a sticker is picked once it is shown (a click during the zoom sends nothing).
    await clickShown(stickers.first());
    await z.page.locator('.fc-im-msg-in').getByRole('img', { name: 'grinning' }).waitFor();

    // Up and Down move through the conversation list (not while typing).
    const title = () => a.page.locator('.fc-im-pane-title').textContent();
    await a.page.locator('.fc-im-pane-head').click();
    const order = await a.page.locator('.fc-im-conv .fc-im-conv-name').allTextContents();
    expect(order.length).toBeGreaterThan(1);
    expect(order[0]).toBe('李晓梅');
    await a.page.keyboard.press('ArrowDown');
    await expect.poll(title).toBe(order[1]);
    await a.page.keyboard.press('ArrowUp');
    await expect.poll(title).toBe('李晓梅');
    expect(a.errors).toEqual([]);
    await a.context.close();
    await z.context.close();
  });

  test('caps the unread badges at 99+ and titles the page with it', async ({ chat }) => {
    const z = await chat.staff('online2');
    // The other party is another client of the SDK (Node), sending 100 messages.
    const token = await apiToken('resource1', DEMO_PASSWORD);
    const sig = (await (
      await fetch(`${baseUrl()}/api/blade-im/sig/getSign/resource1`, {
        headers: { authorization: `Basic ${btoa('saber:saber_secret')}`, 'Blade-Auth': `bearer ${token}` },
      })
    ).json()) as { data: string };
    const peer = create({ server: baseUrl() });
    await peer.login({ userID: 'resource1', userSig: sig.data });
    try {
      for (let i = 1; i <= 100; i++) {
        const m = peer.createTextMessage({
          to: 'online2',
          conversationType: TYPES.CONV_C2C,
          payload: { text: `price list ${i}` },
        });
        for (;;) {
          try {
            await peer.sendMessage(m);
            break;
          } catch (e) {
            const err = e as IMError;
            if (err.code !== ERROR_CODE.RATE_LIMITED) throw e;
            await new Promise((r) => setTimeout(r, Number(err.data?.retryAfterMs ?? 200)));
          }
        }
      }
    } finally {
      await peer.destroy();
    }
    await expect.poll(() => badge(z.page).textContent(), { timeout: 15_000 }).toBe('99+');
    await expect.poll(() => z.page.title()).toBe('New message+99+');
    await openChat(z.page);
    const conv = z.page.locator('.fc-im-conv').filter({ hasText: '张伟' });
    await expect(conv.locator('.ant-scroll-number').textContent()).resolves.toBe('99+');
    await expect(z.page.locator('.fc-im-side .ant-scroll-number').textContent()).resolves.toBe('99+');
    await conv.click();
    await bubble(z.page, 'price list 100').waitFor();
    await expect.poll(() => z.page.title()).not.toContain('new message');
    expect(z.errors).toEqual([]);
    await z.context.close();
  });
});

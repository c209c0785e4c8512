import { test, expect, apiToken, baseUrl, clickShown, DEMO_PASSWORD } from '../support/fixtures';

test.describe('the chat entry and the notification socket', () => {
  test('pops up unread pushes from colleagues while the chat is closed, and opens the chat on click', async ({
    pages,
  }) => {
    const { page, context } = await pages.signedIn('sales1');
    const entry = page.getByRole('button', { name: '即时通讯' });
    await entry.waitFor();
    // Give the socket its moment to sign in, then a colleague's messages are pushed.
    await page.waitForTimeout(500);
    const token = await apiToken('online2', DEMO_PASSWORD);
    const push = async (message: string, type: string) => {
      const res = await fetch(`${baseUrl()}/api/sop-tools/imPc/pushImUnread`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${btoa('saber:saber_secret')}`,
          'blade-auth': `bearer ${token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ fromUser: 'online2', toUser: 'sales1', message, type }),
      });
      expect(res.status).toBe(200);
    };
    await push('客户到店了', 'text');
    await push('x', 'image');
    const pops = page.locator('.fc-chat-push');
    // Text arrives as text, other types as their tag.
    await pops.filter({ hasText: '客户到店了' }).waitFor();
    await pops.filter({ hasText: '[图片]' }).waitFor();
    await expect(pops.first().textContent()).resolves.toContain('online2 发来新消息');
    await clickShown(pops.filter({ hasText: '客户到店了' }));
    await page.locator('.fc-im-root').waitFor();
    // With the chat open, a push adds no pop-up: the conversation list shows it.
    await push('还在吗', 'text');
    await page.waitForTimeout(1500);
    expect(await pops.filter({ hasText: '还在吗' }).count()).toBe(0);
    await context.close();
  });
});

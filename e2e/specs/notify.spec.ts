import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, apiToken, baseUrl, signInAs, useBrowser } from '../support/browser';

describe('the chat entry and the notification socket', () => {
  const b = useBrowser();

  it('shows unread pushes from colleagues on the chat entry badge', async () => {
    const { page, context } = await b.page();
    await signInAs(page, 'sales1');
    const entry = page.getByRole('button', { name: '即时通讯' });
    await entry.waitFor();
    // Give the socket its moment to sign in, then a colleague's message is pushed.
    await page.waitForTimeout(500);
    const token = await apiToken('online2', DEMO_PASSWORD);
    for (const [message, type] of [
      ['客户到店了', 'text'],
      ['x', 'image'],
    ]) {
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
    }
    const badge = page.locator('.ant-badge').filter({ has: entry }).locator('.ant-scroll-number');
    await expect.poll(() => badge.textContent()).toBe('2');
    await entry.click();
    await page.getByText('客户到店了').waitFor();
    await page.getByText('[图片]').waitFor();
    await expect.poll(() => badge.count()).toBe(0);
    await context.close();
  });
});

import fs from 'node:fs';
import path from 'node:path';
import {
  test,
  expect,
  baseUrl,
  clickShown,
  servers,
  settled,
  type Locator,
  type Page,
} from '../support/fixtures';

/** The screenshots of docs/screens: the shell as a new user meets it, desktop and phone. */
const SCREENS = path.resolve(import.meta.dirname, '../../docs/screens');
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const shot = async (page: Page, name: string) => {
  fs.mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`) });
};

const sider = (page: Page) => page.locator('.ant-layout-sider');

/** Opens every group of the side menu, nested ones too, the way a user clicks through them. */
async function openAllGroups(page: Page) {
  // Counting closed groups before the side menu is drawn would find none.
  await sider(page).locator('.ant-menu-submenu-title').first().waitFor();
  for (;;) {
    const closed = sider(page).locator(
      '.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title',
    );
    if ((await closed.count()) === 0) return;
    await closed.first().click();
    await page.waitForTimeout(250);
  }
}

/** What of the element is not on screen: clipped by a scrolling or clipping box, off the window, or covered. */
const hiddenParts = (target: Locator) =>
  target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const out: string[] = [];
    const name = (e: Element | null) => (e ? `${e.tagName.toLowerCase()}.${e.className}` : 'nothing');
    if (r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight) out.push('off the window');
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const b = a.getBoundingClientRect();
      const [left, top] = [b.left + a.clientLeft, b.top + a.clientTop];
      if (
        r.left < left - 0.5 ||
        r.top < top - 0.5 ||
        r.right > left + a.clientWidth + 0.5 ||
        r.bottom > top + a.clientHeight + 0.5
      )
        out.push(`clipped by ${name(a)}`);
    }
    // Covered: probed inside the element (its own rounded corners and margins belong to its parent).
    for (const [fx, fy] of [
      [0.1, 0.2],
      [0.9, 0.2],
      [0.1, 0.8],
      [0.9, 0.8],
    ] as const) {
      const [x, y] = [r.left + r.width * fx, r.top + r.height * fy];
      const hit = document.elementFromPoint(x, y);
      if (hit !== el && !el.contains(hit))
        out.push(`covered at ${Math.round(x)},${Math.round(y)} by ${name(hit)}`);
    }
    return out;
  });

/** The texts of one column of the table on screen, by its header. */
const column = (page: Page, header: string) =>
  page
    // The active tab's table: the other tabs stay mounted, hidden, and may come first in the document.
    .locator('.ant-table:visible')
    .first()
    .evaluate((table, header) => {
      const heads = Array.from(table.querySelectorAll('thead th')).map((th) => th.textContent?.trim());
      const i = heads.indexOf(header);
      if (i < 0) throw new Error(`no column ${header} in ${heads.join('|')}`);
      return Array.from(table.querySelectorAll('tbody tr.ant-table-row')).map((tr) =>
        tr.children[i]?.textContent?.trim(),
      );
    }, header);

/** Opens a page of the workspace by its address, as a bookmark or a shared link does. */
async function visit(page: Page, path: string) {
  await page.goto(`${baseUrl()}${path}`);
  // The page of the active tab: the other tabs stay mounted, hidden.
  await page.locator('.ant-table-row:visible, .ant-descriptions:visible').first().waitFor();
}

test.describe('the shell as a new user meets it', () => {
  test('scrolls the long side menu on its own: the top bar and the tabs never leave the screen', async ({
    pages,
  }) => {
    const { page } = await pages.signedIn('admin', DESKTOP);
    await openAllGroups(page);
    const items = sider(page).locator('.ant-menu-item');
    const last = items.last();
    // The menu is much taller than the window once its groups are open.
    expect(
      await sider(page)
        .locator('.ant-menu')
        .first()
        .evaluate((m) => m.scrollHeight),
    ).toBeGreaterThan(900);
    const label = (await last.textContent())!.trim();
    await last.click();
    await page.locator('.fc-tabs .ant-tabs-tab-active').filter({ hasText: label }).waitFor();
    await shot(page, 'side-menu-scrolled-1440');
    expect(await page.evaluate(() => [window.scrollY, document.scrollingElement!.scrollTop])).toEqual([0, 0]);
    expect(await hiddenParts(page.locator('.ant-layout-header'))).toEqual([]);
    expect(await hiddenParts(page.locator('.fc-tabs .ant-tabs-tab-active'))).toEqual([]);
    expect(await hiddenParts(sider(page).locator('.ant-menu-item-selected'))).toEqual([]);
  });

  test('opens and highlights in the side menu the group of a page reached by Ctrl+K or by its tab', async ({
    pages,
  }) => {
    const { page } = await pages.signedIn('admin', DESKTOP);
    const selected = sider(page).locator('.ant-menu-item-selected');
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog');
    const search = dialog.getByRole('textbox', { name: '搜索菜单' });
    await search.fill('部门管理');
    // The first match is the one chosen, and Enter (typed in the box, where the user's cursor is) opens it.
    await expect(dialog.getByRole('option', { selected: true })).toContainText('/system/dept');
    await search.press('Enter');
    await page.waitForURL(/\/system\/dept$/);
    await expect.poll(() => selected.textContent()).toBe('部门管理');
    await expect.poll(() => hiddenParts(selected)).toEqual([]);

    // The user closes the group and goes elsewhere; coming back through the tab opens it again.
    await sider(page)
      .locator('.ant-menu-submenu-open > .ant-menu-submenu-title')
      .filter({ hasText: '系统管理' })
      .click();
    await expect.poll(() => selected.isVisible()).toBe(false);
    await page.locator('.fc-tabs .ant-tabs-tab').filter({ hasText: '工作台' }).click();
    await page.waitForURL(/\/wel\/index$/);
    await page.locator('.fc-tabs .ant-tabs-tab').filter({ hasText: '部门管理' }).click();
    await page.waitForURL(/\/system\/dept$/);
    await expect.poll(() => selected.textContent()).toBe('部门管理');
    await expect.poll(() => hiddenParts(selected)).toEqual([]);
  });

  test('shows the whole captcha image on the login page, desktop and phone', async ({ pages }) => {
    for (const [viewport, name] of [
      [DESKTOP, 'login-captcha-1440'],
      [PHONE, 'login-captcha-390'],
    ] as const) {
      const { page } = await pages.open(viewport);
      await page.goto(`${servers().captchaUrl}/login`);
      const img = page.getByRole('img', { name: '验证码' });
      await img.waitFor();
      await expect.poll(() => img.evaluate((i) => (i as HTMLImageElement).complete)).toBe(true);
      await shot(page, name);
      expect(await hiddenParts(img)).toEqual([]);
      // Every character of the code is drawn inside the picture, not below its edge.
      const outside = await img.evaluate((i) => {
        const svgText = atob((i as HTMLImageElement).src.split(',')[1]!);
        const holder = document.createElement('div');
        holder.innerHTML = svgText;
        document.body.appendChild(holder);
        const svg = holder.querySelector('svg')!;
        const [, , w, h] = svg.getAttribute('viewBox')!.split(/[ ,]+/).map(Number);
        const glyphs = Array.from(svg.querySelectorAll<SVGPathElement>('path:not([fill="none"])')).map((p) =>
          p.getBBox(),
        );
        holder.remove();
        return glyphs
          .filter((g) => g.x < 0 || g.y < 0 || g.x + g.width > w! || g.y + g.height > h!)
          .map(
            (g) =>
              `${Math.round(g.x)},${Math.round(g.y)} ${Math.round(g.width)}x${Math.round(g.height)} in ${w}x${h}`,
          );
      });
      expect(outside).toEqual([]);
      // Drawn at its own size: the code is readable, not squeezed.
      const box = (await img.boundingBox())!;
      expect([Math.round(box.width), Math.round(box.height)]).toEqual([120, 40]);
    }
  });

  test('reads right in English: capitals, Blue, Male, Unlimited, tabs not windows, typed departments, one avatar rule', async ({
    pages,
  }) => {
    const { page } = await pages.signedIn('admin', DESKTOP);
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByText('My shortcuts').waitFor();

    // The same initials wherever the user's avatar is: the top bar and the chat (last 2 characters).
    const topAvatar = (await page
      .locator('.ant-layout-header [aria-hidden="true"]')
      .filter({ hasText: /\S/ })
      .last()
      .textContent())!.trim();
    await page.getByRole('button', { name: 'Instant messaging', exact: true }).click();
    await settled(page.locator('.fc-im-root'));
    expect(await page.locator('.fc-im-side-me').textContent()).toBe(topAvatar);
    // The contact groups are not cut short.
    await page.getByRole('tab', { name: 'Contacts' }).click();
    const labels = page.locator('.fc-im-contacts .ant-segmented-item-label');
    await labels.first().waitFor();
    expect(await labels.allTextContents()).toEqual([
      'All',
      'Resource staff',
      'Online-sales staff',
      'Other staff',
    ]);
    expect(
      await labels.evaluateAll((ls) =>
        ls.filter((l) => l.scrollWidth > l.clientWidth + 1).map((l) => l.textContent),
      ),
    ).toEqual([]);
    await shot(page, 'chat-contacts-1440');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Theme', exact: true }).click();
    await settled(page.locator('[data-theme="bule"]'));
    expect((await page.locator('[data-theme="bule"]').textContent())!.trim()).toBe('Blue');
    await shot(page, 'theme-names-1440');
    // The "Hey" side menu is its colour all the way down, below the last item too.
    await page.locator('[data-theme="hey"]').click();
    await expect
      .poll(() =>
        page.evaluate(() => {
          const at = document.elementFromPoint(40, innerHeight - 4)!;
          for (let e: Element | null = at; e; e = e.parentElement) {
            const bg = getComputedStyle(e).backgroundColor;
            if (bg !== 'rgba(0, 0, 0, 0)') return bg;
          }
          return 'none';
        }),
      )
      .toBe('rgb(255, 247, 237)');
    await shot(page, 'theme-hey-1440');

    await visit(page, '/info/index');
    await page
      .locator('.ant-descriptions-row')
      .filter({ hasText: 'Gender' })
      .getByText('Male', { exact: true })
      .waitFor();
    await visit(page, '/system/user');
    expect(new Set(await column(page, 'Gender'))).toContain('Male');
    await visit(page, '/system/tenant');
    expect(await column(page, 'Account limit')).toContain('Unlimited');
    await visit(page, '/system/menu');
    const open = await column(page, 'Open in new window');
    expect(open.filter((v) => v === 'Yes')).toEqual([]);
    await visit(page, '/system/dept');
    expect(new Set(await column(page, 'Organisation type'))).toEqual(new Set(['Company']));
    // The group is a company; its departments (one level down) are departments.
    await page.locator('.ant-table-row-expand-icon-collapsed').first().click();
    await expect
      .poll(async () => new Set(await column(page, 'Organisation type')))
      .toEqual(new Set(['Company', 'Department']));
    await shot(page, 'departments-en-1440');
    // A message starts with a capital and keeps the spec's words.
    await page.getByRole('button', { name: /Add$/ }).first().click();
    await clickShown(page.locator('.ant-modal-footer .ant-btn-primary'));
    await page.getByText('Please enter the department name').waitFor();
    await shot(page, 'message-capital-1440');
  });

  test('leaves Workflow out of the side menu: the sample micro-app sits with the test page', async ({
    pages,
  }) => {
    const { page } = await pages.signedIn('admin', PHONE);
    // On a phone the closed side bar is 0 px wide: its menu is not drawn (nor reachable by Tab) until opened.
    await page.locator('.fc-tabs .ant-tabs-tab-active').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await sider(page).getByRole('menuitem').count()).toBe(0);
    await page.getByRole('button', { name: '展开菜单' }).click();
    const side = sider(page);
    await side.getByRole('menuitem', { name: '示例微应用' }).waitFor();
    expect(await side.getByText('流程办公').count()).toBe(0);
    const group = side
      .locator('.ant-menu-submenu')
      .filter({ has: page.getByRole('menuitem', { name: '示例微应用' }) });
    await expect(group.locator('> .ant-menu-submenu-title').textContent()).resolves.toBe('工作台');
    await shot(page, 'side-menu-390');
    // The English polish on a phone: typed departments, the capitalised texts.
    await page.getByRole('button', { name: 'English' }).click();
    await visit(page, '/system/dept');
    await shot(page, 'departments-en-390');
  });
});

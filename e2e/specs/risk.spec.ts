import {
  test,
  expect,
  baseUrl,
  clickShown,
  pickOption,
  chatWith,
  openChat,
  send,
  type Page,
  cn,
  said,
} from '../support/fixtures';

const dialog = (page: Page) => page.locator('.ant-modal-wrap:visible .ant-modal').last();
const row = (page: Page, text: string) => page.locator('.ant-table-row', { hasText: text });
const searchForm = (page: Page, name: string) => page.locator(`form[id^="${name}"][id$="-search"]`);
const rowsAre = (page: Page, n: number) =>
  expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 15_000 }).toBe(n);

async function searchWord(page: Page, word: string) {
  await searchForm(page, 'sensitive-word').getByLabel('敏感词', { exact: true }).fill(word);
  await searchForm(page, 'sensitive-word')
    .getByRole('button', { name: /搜\s?索/ })
    .click();
}

/** A day (yyyy-MM-dd) on the browser's calendar: today, or `offset` days from the given day. */
const calendarDay = (page: Page, from?: string, offset = 0) =>
  page.evaluate(
    ([f, o]) => {
      const d = f ? new Date(`${f}T12:00:00`) : new Date();
      d.setDate(d.getDate() + o);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    },
    [from, offset] as const,
  );

test.describe('the sensitive-word filter and the risk diary', () => {
  test('an administrator adds, tests, imports and removes words; a duplicate is refused by name', async ({
    pages,
  }) => {
    const { page, errors } = await pages.signedIn('admin');
    await page.goto(`${baseUrl()}/text-filter/index`);
    // The starting list of a new install.
    await searchWord(page, '飞单');
    await rowsAre(page, 1);
    await row(page, '飞单').getByText('欺诈', { exact: true }).waitFor();
    await row(page, '飞单').getByText('启用', { exact: true }).waitFor();

    // Add one, then find it.
    const word = `端到端${String(Date.now()).slice(-5)}`;
    await page.getByRole('button', { name: /新\s?增/ }).click();
    await dialog(page).getByLabel('敏感词').fill('私聊;加价');
    await clickShown(dialog(page).getByRole('button', { name: cn('保存') }));
    await dialog(page).getByText('敏感词不能含有换行、逗号或分号').waitFor();
    await dialog(page).getByLabel('敏感词').fill(word);
    await pickOption(dialog(page).getByLabel('分类'), '广告');
    await clickShown(dialog(page).getByRole('button', { name: cn('保存') }));
    await said(page, '保存成功');
    await searchWord(page, word);
    await rowsAre(page, 1);
    await row(page, word).getByText('广告', { exact: true }).waitFor();

    // The same word again is refused by the server, naming it.
    await page.getByRole('button', { name: /新\s?增/ }).click();
    await dialog(page).getByLabel('敏感词').fill(word);
    await clickShown(dialog(page).getByRole('button', { name: cn('保存') }));
    await said(page, `敏感词“${word}”已存在`);
    await clickShown(dialog(page).getByRole('button', { name: cn('取消') }));

    // A text as the filter delivers it: the new word masked at once, one star a character.
    await page.getByRole('button', { name: cn('检测文本') }).click();
    await dialog(page).getByLabel('待检测文本').fill(`这台车可以${word}吗`);
    await clickShown(dialog(page).getByRole('button', { name: cn('检测') }));
    const result = dialog(page).getByTestId('risk-test-result');
    await result.getByText(`这台车可以${'*'.repeat(word.length)}吗`).waitFor();
    await result.getByText(word, { exact: true }).waitFor();
    await clickShown(dialog(page).getByRole('button', { name: cn('取消') }));

    // Import: two new words, one already listed.
    const [w1, w2] = [`${word}甲`, `${word}乙`];
    await page.getByRole('button', { name: cn('批量导入') }).click();
    await dialog(page).getByLabel('敏感词列表').fill(`${w1}\n${w2}，${word}`);
    await clickShown(dialog(page).getByRole('button', { name: cn('批量导入') }));
    await dialog(page).getByText('导入完成：新增 2 个，跳过 1 个（已存在或重复）').waitFor();
    await clickShown(dialog(page).getByRole('button', { name: cn('取消') }));
    await searchWord(page, word);
    await rowsAre(page, 3);

    // Remove all three: the selection, with the count asked.
    await page.locator('.ant-table-thead .ant-checkbox-input').check();
    await page.getByRole('button', { name: /批量删除/ }).click();
    await page.getByText('确定删除选中的 3 条数据吗？').waitFor();
    await clickShown(page.locator('.ant-modal-confirm').getByRole('button', { name: cn('确定') }));
    await said(page, '删除成功');
    await rowsAre(page, 0);
    expect(errors).toEqual([]);
  });

  test('a chat message that hits a word is delivered masked and shows in the risk diary as written', async ({
    chat,
    pages,
  }) => {
    const a = await chat.staff('sales1');
    await openChat(a.page);
    await chatWith(a.page, '李晓梅');
    const text = `私下转账可以吗 ${String(Date.now()).slice(-6)}`;
    const sentFrom = await calendarDay(a.page);
    await send(a.page, text);
    // The sender sees what was delivered.
    await a.page.locator('.fc-im-msg').filter({ hasText: `****可以吗` }).first().waitFor();

    const { page, errors } = await pages.signedIn('admin');
    await page.goto(`${baseUrl()}/system/risk_diary`);
    const entry = row(page, text);
    await entry.waitFor();
    await entry.getByText('sales1', { exact: true }).waitFor();
    await entry.getByText('私下转账', { exact: true }).waitFor();
    await entry.getByText('聊天', { exact: true }).waitFor();
    // Search by a word hit.
    await searchForm(page, 'risk-diary').getByLabel('命中词', { exact: true }).fill('私下转账');
    await searchForm(page, 'risk-diary')
      .getByRole('button', { name: /搜\s?索/ })
      .click();
    await entry.waitFor();
    // A time range: the day before the entry's alone leaves it out, its day finds it (dates as the browser's
    // calendar shows them). Its day is the one it shows, which is today: the browser's day when the message
    // was sent, or, had midnight passed since, the day after. The browser's "today" read here instead would
    // be tomorrow to an entry written just before midnight.
    const seenBy = await calendarDay(page);
    const created = (await entry.innerText()).match(/(\d{4}-\d{2}-\d{2}) \d{2}:\d{2}:\d{2}/)?.[1];
    expect([sentFrom, seenBy]).toContain(created);
    const pickRange = async (from: string, to: string) => {
      await page.getByPlaceholder('开始日期').click();
      await page.getByPlaceholder('开始日期').fill(from);
      await page.getByPlaceholder('开始日期').press('Enter');
      await page.getByPlaceholder('结束日期').fill(to);
      await page.getByPlaceholder('结束日期').press('Enter');
    };
    const yesterday = await calendarDay(page, created, -1);
    await pickRange(yesterday, yesterday);
    await expect(entry).toHaveCount(0);
    await pickRange(created!, created!);
    await entry.waitFor();
    // Read-only: an audit trail has no add, edit or remove.
    await expect(page.getByRole('button', { name: /新\s?增/ })).toHaveCount(0);
    await expect(entry.getByRole('button', { name: /编\s?辑|删\s?除/ })).toHaveCount(0);
    await entry.getByRole('button', { name: cn('查看') }).click();
    await expect(dialog(page).getByLabel('原文')).toHaveValue(text);
    await expect(dialog(page).getByLabel('发出的文本')).toHaveValue(text.replace('私下转账', '****'));
    expect(errors).toEqual([]);
  });
});

import { test, expect, baseUrl, clickShown, toast } from '../support/fixtures';

test.describe('column content (/store/*)', () => {
  test('an article is written in the editor with a bold line, published, and listed as published', async ({
    pages,
  }) => {
    const { page, errors } = await pages.signedIn('admin');
    const title = `试驾节延期通知 ${Date.now()}`;
    await page.goto(`${baseUrl()}/store/publish/ContentDetail`);
    const form = page.locator('form:visible').last();
    // The page is whole once its lazy fields are in: the cover picker and the editor.
    await form.getByRole('button', { name: /选择图片/ }).waitFor();
    await page.locator('.ProseMirror').waitFor();
    // The column from the tree of columns.
    await form.getByLabel('栏目', { exact: true }).click();
    await clickShown(page.locator('.ant-select-dropdown:visible').getByTitle('公告', { exact: true }));
    await form.getByLabel('标题', { exact: true }).fill(title);
    await form.getByLabel('摘要', { exact: true }).fill('因天气原因，试驾节顺延一周。');
    // Saving without a body is refused by the page.
    await page
      .getByRole('button', { name: /保存草稿|保\s?存/ })
      .first()
      .click();
    await expect(page.getByText('请输入正文')).toBeVisible();
    const editor = page.locator('.ProseMirror');
    await editor.click();
    await page.getByRole('button', { name: '加粗' }).click();
    await page.keyboard.type('试驾节顺延至下周六。');
    await expect(editor.locator('strong')).toHaveText('试驾节顺延至下周六。');
    await page.getByRole('button', { name: /^\s*发\s?布\s*$/ }).click();
    await expect(toast(page)).toContainText('已发布');

    await page.goto(`${baseUrl()}/store/publish/PublishList`);
    const row = page.locator('.ant-table-row:visible', { hasText: title }).first();
    await row.getByText('已发布', { exact: true }).waitFor();
    await expect(row).toContainText('公告');
    expect(errors).toEqual([]);
  });
});

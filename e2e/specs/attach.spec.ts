import ExcelJS from 'exceljs';
import { test, expect, baseUrl, clickShown, type Locator, type Page, cn, said } from '../support/fixtures';

/** A real 1×1 PNG and a small PDF: the storage checks the bytes, not only the name. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** antd puts a space between two Chinese characters of a plain button ("上 传"). */
const dialog = (page: Page) => page.locator('.ant-modal-wrap:visible .ant-modal').last();
const row = (page: Page, text: string) => page.locator('.ant-table-row', { hasText: text });
const rowsAre = (page: Page, n: number) =>
  expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 15_000 }).toBe(n);

async function search(page: Page, values: Record<string, string>) {
  const form = page.locator('form.ant-form-inline').first();
  for (const [label, value] of Object.entries(values))
    await form.getByLabel(label, { exact: true }).fill(value);
  await form.getByRole('button', { name: /搜\s?索/ }).click();
}

async function exported(page: Page): Promise<string[][]> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('button', { name: /导\s?出/ })
      .first()
      .click(),
  ]);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  const out: string[][] = [];
  book.worksheets[0]!.eachRow((r) => {
    out.push((r.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))));
  });
  return out;
}

async function upload(page: Page, box: Locator, name: string, buffer: Buffer, mimeType: string) {
  await box.locator('input[type=file]').setInputFiles({ name, mimeType, buffer });
  await box.getByText(name).waitFor();
  await box
    .locator('.fc-attachment-uploader')
    .getByRole('button', { name: /上\s?传/ })
    .click();
  await said(page, '上传完成，成功 1 个，失败 0 个');
}

test.describe('the attachments page', () => {
  test('uploads a PDF and a PNG, lists them with their sizes, views, downloads, searches, exports and removes them', async ({
    pages,
  }) => {
    const { page, errors } = await pages.signedIn('admin');
    const stamp = Date.now().toString(36);
    const pdfName = `合同-${stamp}.pdf`;
    const pngName = `门店照片-${stamp}.png`;
    await page.goto(`${baseUrl()}/system/attach`);
    await page.locator('.ant-table').first().waitFor();

    // Upload through the shared attachment uploader in the toolbar's dialog. The workbench's tab, hidden
    // behind this one, renders its cards in the background: only this page's card is visible.
    await page
      .locator('.ant-card:visible')
      .first()
      .getByRole('button', { name: /上\s?传/ })
      .first()
      .click();
    const box = dialog(page);
    await box.getByText('上传附件').waitFor();
    // The widget's own refusal: images are not documents.
    await box
      .locator('input[type=file]')
      .setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: PNG });
    await said(page, '只能上传文档、pdf、mp4');
    await upload(page, box, pdfName, PDF, 'application/pdf');
    await box.getByText('图片', { exact: true }).click();
    await upload(page, box, pngName, PNG, 'image/png');
    await clickShown(box.locator('.ant-modal-footer').getByRole('button', { name: cn('关闭') }));

    // Both are listed at once, newest first, with their sizes in bytes as the table words them.
    await row(page, pdfName).waitFor();
    await expect(row(page, pdfName).getByText(`${PDF.length} B`)).toBeVisible();
    await expect(row(page, pngName).getByText(`${PNG.length} B`)).toBeVisible();
    await expect(row(page, pdfName).getByText('pdf', { exact: true })).toBeVisible();
    await expect(page.locator('.ant-table-row').first()).toContainText(pngName);

    // The image's view shows it (the browser really decoded it from the storage).
    await row(page, pngName)
      .getByRole('button', { name: cn('查看') })
      .click();
    const view = dialog(page);
    await view.getByText('查看附件').waitFor();
    const img = view.getByRole('img', { name: `${pngName} 的预览` });
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(1);
    const pngLink = (await img.getAttribute('src'))!;
    expect(pngLink).toMatch(/^\/files\/000000\/\d{13}-[0-9a-z]{4}\.png$/);
    const pngFile = await page.request.get(`${baseUrl()}${pngLink}`);
    expect(pngFile.headers()['content-type']).toBe('image/png');
    expect(Buffer.from(await pngFile.body()).equals(PNG)).toBe(true);
    await clickShown(view.locator('.ant-modal-footer').getByRole('button', { name: cn('关闭') }));

    // The PDF's view: no picture, a link to open it, and a download under its original name.
    await row(page, pdfName)
      .getByRole('button', { name: cn('查看') })
      .click();
    const pdfView = dialog(page);
    await pdfView.getByRole('link', { name: `下载 ${pdfName}` }).waitFor();
    await expect(pdfView.getByLabel('文件名')).toHaveValue(pdfName);
    const open = pdfView.getByRole('link', { name: /在新窗口中打开 PDF/ });
    await open.waitFor();
    expect(await pdfView.getByRole('img', { name: /的预览$/ }).count()).toBe(0);
    const pdfLink = (await open.getAttribute('href'))!;
    expect(pdfLink).toMatch(/^\/files\/000000\/\d{13}-[0-9a-z]{4}\.pdf$/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      pdfView.getByRole('link', { name: `下载 ${pdfName}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(pdfName);
    const pdfFile = await page.request.get(`${baseUrl()}${pdfLink}`);
    expect(pdfFile.headers()['content-type']).toBe('application/pdf');
    expect(Buffer.from(await pdfFile.body()).equals(PDF)).toBe(true);
    await clickShown(pdfView.locator('.ant-modal-footer').getByRole('button', { name: cn('关闭') }));

    // Search by name, then by type (typed as the user would: upper case, with a dot).
    await search(page, { 文件名: pngName });
    await rowsAre(page, 1);
    await row(page, pngName).waitFor();
    const sheet = await exported(page);
    expect(sheet[0]).toEqual(['文件名', '类型', '大小', '链接', '上传时间']);
    expect(sheet.slice(1)).toEqual([[pngName, 'png', `${PNG.length} B`, pngLink, expect.any(String)]]);
    await search(page, { 文件名: stamp, 类型: '.PDF' });
    await rowsAre(page, 1);
    await row(page, pdfName).waitFor();

    // Remove the PDF from its row: the question names it.
    await row(page, pdfName)
      .getByRole('button', { name: cn('删除') })
      .click();
    const question = page.locator('.ant-modal-confirm');
    await question.getByText(`确定删除「${pdfName}」吗？`).waitFor();
    await clickShown(question.getByRole('button', { name: cn('确定') }));
    await said(page, '删除成功');
    await rowsAre(page, 0);

    // The PNG through the selection and the batch button.
    await search(page, { 文件名: stamp, 类型: '' });
    await rowsAre(page, 1);
    await row(page, pngName).locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: /批量删除/ }).click();
    await question.getByText(`确定删除「${pngName}」吗？`).waitFor();
    await clickShown(question.getByRole('button', { name: cn('确定') }));
    await rowsAre(page, 0);

    // The server removes the records only: links already handed out keep working.
    expect((await page.request.get(`${baseUrl()}${pngLink}`)).status()).toBe(200);
    expect(errors).toEqual([]);
  });
});

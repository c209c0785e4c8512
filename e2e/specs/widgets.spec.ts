import { test, expect, baseUrl, clickShown, signInAs, type Locator, type Page } from '../support/fixtures';

/** A real 1×1 PNG: the storage checks the bytes, not only the name. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x20]),
  Buffer.from('ftypisom'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isomiso2avc1mp41'),
  Buffer.alloc(64),
]);
const file = (name: string, buffer: Buffer, mimeType = 'application/octet-stream') => ({
  name,
  mimeType,
  buffer,
});

const openTestPage = async (page: Page) => {
  await signInAs(page);
  await page.goto(`${baseUrl()}/test/index`);
  await page.locator('.fc-widget-images').waitFor();
};
/** Waits for a toast with this text (several may be on screen at once). */
const toastWith = (page: Page, text: string) =>
  page.locator('.ant-message-notice').filter({ hasText: text }).first().waitFor();
const valueOf = async (card: Locator, name: string) =>
  JSON.parse((await card.getByLabel(`${name} value`).textContent()) ?? 'null') as unknown;
const modalOk = (page: Page) => page.locator('.ant-modal-wrap:visible .ant-modal-footer .ant-btn-primary');

test.describe('shared widgets on the test page', () => {
  test('image uploader refuses a gif and a file over 500 kb, uploads a real png and shows it', async ({
    pages,
  }) => {
    const { page, context, errors } = await pages.open();
    await openTestPage(page);
    const card = page.locator('.fc-widget-images');
    const input = card.locator('input[type=file]');

    await input.setInputFiles(file('anim.gif', Buffer.from('GIF89a'), 'image/gif'));
    await toastWith(page, '格式错误，只能上传图片');
    await input.setInputFiles(file('big.png', Buffer.concat([PNG, Buffer.alloc(600 * 1024)]), 'image/png'));
    await toastWith(page, '文件超过 500kb，请重新上传');
    expect(await card.locator('.ant-upload-list-item').count()).toBe(0);

    await input.setInputFiles(file('Front Door.PNG', PNG, 'image/png'));
    const shown = card.locator('.ant-upload-list-item-done img');
    await shown.waitFor();
    const src = await shown.getAttribute('src');
    expect(src).toMatch(/^\/files\/000000\/\d{13}-[0-9a-z]{4}\.png$/);
    // The browser really got the picture from the storage.
    await expect
      .poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(1);
    expect(await valueOf(card, 'images')).toEqual([
      { fileName: 'Front Door', filePath: src, fileType: 'png' },
    ]);

    // Preview opens the picture in a dialog.
    await card.locator('.ant-upload-list-item-done').hover();
    await card
      .locator('.ant-upload-list-item-actions a, .ant-upload-list-item-actions button')
      .first()
      .click();
    await page.getByRole('img', { name: '预览' }).waitFor();
    expect(await page.getByRole('img', { name: '预览' }).getAttribute('src')).toBe(src);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('single image variant and the dialog that needs an image and clears on cancel', async ({ pages }) => {
    const { page, context } = await pages.open();
    await openTestPage(page);
    const modes = page.locator('.fc-widget-image-modes');
    const single = modes.locator('.fc-image-uploader').first();
    await single.locator('input[type=file]').setInputFiles(file('a.png', PNG, 'image/png'));
    await single.locator('.ant-upload-list-item-done').waitFor();
    await single.locator('input[type=file]').setInputFiles(file('b.png', PNG, 'image/png'));
    await toastWith(page, '只能上传一张图片，请先删除原图');
    // Browse and disabled show the same image with nothing to pick.
    await expect.poll(() => modes.locator('.ant-upload-list-item-done').count()).toBe(3);
    expect(await modes.getByText('选择图片').count()).toBe(1);

    const dialogCard = page.locator('.fc-widget-image-dialog');
    await dialogCard.getByRole('button', { name: '打开图片上传' }).click();
    await clickShown(modalOk(page));
    await toastWith(page, '请先选择图片');
    const dialog = page.locator('.ant-modal-wrap:visible');
    await dialog.locator('input[type=file]').setInputFiles(file('c.png', PNG, 'image/png'));
    await dialog.locator('.ant-upload-list-item-done').waitFor();
    await dialog.locator('.ant-modal-footer .ant-btn').first().click();
    await dialogCard.getByRole('button', { name: '打开图片上传' }).click();
    await page.locator('.ant-modal-wrap:visible').getByText('选择图片').waitFor();
    expect(await page.locator('.ant-modal-wrap:visible .ant-upload-list-item').count()).toBe(0);
    await page
      .locator('.ant-modal-wrap:visible input[type=file]')
      .setInputFiles(file('d.png', PNG, 'image/png'));
    await page.locator('.ant-modal-wrap:visible .ant-upload-list-item-done').waitFor();
    await clickShown(modalOk(page));
    await expect.poll(async () => ((await valueOf(dialogCard, 'image dialog')) as unknown[]).length).toBe(1);
    await context.close();
  });

  test('attachment uploader: limit and type refusals, upload summary, preview rules and removal', async ({
    pages,
  }) => {
    const { page, context } = await pages.open();
    await openTestPage(page);
    const card = page.locator('.fc-widget-attachments');
    const input = card.locator('input[type=file]');

    await input.setInputFiles([1, 2, 3, 4].map((i) => file(`f${i}.pdf`, PDF, 'application/pdf')));
    await toastWith(page, '最多只能上传 3 个附件，本次选择了 4 个，共 4 个');
    await input.setInputFiles(file('notes.txt', Buffer.from('hello'), 'text/plain'));
    await toastWith(page, '只能上传文档、pdf、mp4');
    await card.getByRole('button', { name: /上\s*传/ }).click();
    await toastWith(page, '没有需要上传的文件，请选择');

    await input.setInputFiles([
      file('plan.pdf', PDF, 'application/pdf'),
      file('fake.pdf', Buffer.from('not a pdf at all'), 'application/pdf'),
    ]);
    await card.getByText('plan.pdf').click();
    await toastWith(page, '请先上传文件再预览');
    await card.getByRole('button', { name: /上\s*传/ }).click();
    await toastWith(page, '上传文件失败：文件内容与扩展名 .pdf 不符');
    await toastWith(page, '上传完成，成功 1 个，失败 1 个');
    expect(await card.getByText('fake.pdf').count()).toBe(0);
    const list = (await valueOf(card, 'uploadFileVOList')) as Array<Record<string, string>>;
    expect(list).toEqual([
      {
        id: expect.stringMatching(/^\d+$/),
        fileName: 'plan',
        filePath: expect.stringMatching(/^\/files\/000000\/.+\.pdf$/),
        fileType: 'pdf',
      },
    ]);

    // PDF opens in a new window that asks the storage for the file.
    const requested = context.waitForEvent('request', (r) => r.url().endsWith('.pdf'));
    await card.getByText('plan.pdf').click();
    expect(new URL((await requested).url()).pathname).toBe(list[0]!.filePath);
    const res = await page.request.get(`${baseUrl()}${list[0]!.filePath}`);
    expect(res.headers()['content-type']).toBe('application/pdf');
    for (const p of context.pages()) if (p !== page) await p.close();

    await input.setInputFiles(file('clip.mp4', MP4, 'video/mp4'));
    await card.getByRole('button', { name: /上\s*传/ }).click();
    await toastWith(page, '上传完成，成功 1 个，失败 0 个');
    await card.getByText('clip.mp4').click();
    await toastWith(page, '该文件不是图片或 pdf，无法预览');

    await card.getByRole('button', { name: '移除 clip.mp4' }).click();
    await page.locator('.ant-modal-confirm-title').filter({ hasText: '确定移除 clip.mp4 吗？' }).waitFor();
    await clickShown(page.locator('.ant-modal-confirm-btns .ant-btn-primary'));
    await expect.poll(() => card.getByText('clip.mp4').count()).toBe(0);

    // Payment receipts take images only.
    await card.getByText('付款凭证（仅图片）').click();
    await card.locator('input[type=file]').setInputFiles(file('receipt.pdf', PDF, 'application/pdf'));
    await toastWith(page, '文件类型不允许，只能上传图片');
    await context.close();
  });

  test('department and staff picker needs a choice, then hands out the chosen employee', async ({
    pages,
  }) => {
    const { page, context } = await pages.open();
    await openTestPage(page);
    const card = page.locator('.fc-widget-picker');
    await card.getByRole('button', { name: /选\s*择/ }).click();
    const dialog = page.locator('.ant-modal-wrap:visible');
    await dialog.getByText('车源资源部').waitFor();
    await clickShown(modalOk(page));
    await toastWith(page, '请选择部门/人员');

    const dept = dialog.locator('.ant-tree-treenode').filter({ hasText: '车源资源部' });
    await dept.locator('.ant-tree-switcher').click();
    await dialog.locator('.ant-tree-title').getByText('张伟', { exact: true }).click();
    await dialog.getByLabel('picked').getByText('张伟').waitFor();
    await modalOk(page).click();
    await expect
      .poll(() => valueOf(card, 'picker'))
      .toEqual({
        orgList: [],
        empList: [{ id: expect.stringMatching(/^\d+$/), title: '张伟' }],
      });
    await card.locator('.ant-select-selection-item').filter({ hasText: '张伟' }).waitFor();

    // Opening again starts from the value; cancel leaves the value as it was.
    await card.getByRole('button', { name: /选\s*择/ }).click();
    await dialog.getByLabel('picked').getByText('张伟').waitFor();
    await clickShown(dialog.locator('.ant-modal-footer .ant-btn').first());
    expect(((await valueOf(card, 'picker')) as { empList: unknown[] }).empList).toHaveLength(1);
    await context.close();
  });

  test('map address picker refuses confirm without a location or an address, then accepts', async ({
    pages,
  }) => {
    const { page, context, errors } = await pages.open();
    await openTestPage(page);
    const card = page.locator('.fc-widget-map');
    await card.getByRole('button', { name: /提\s*交/ }).click();
    await card.getByText('请输入地址').last().waitFor();

    await card.getByRole('button', { name: '在地图上选择' }).click();
    const dialog = page.locator('.ant-modal-wrap:visible');
    const address = dialog.getByRole('textbox', { name: '地址' });
    await address.fill('上海市浦东新区世纪大道 100 号');
    await clickShown(modalOk(page));
    await toastWith(page, '请在地图上选择以锁定位置');

    const map = dialog.locator('.leaflet-container');
    await map.waitFor();
    await map.click({ position: { x: 300, y: 180 } });
    await dialog.getByText(/^\s*\d+\.\d{6}, \d+\.\d{6}$/).waitFor();
    await address.fill('');
    await modalOk(page).click();
    await toastWith(page, '请填写地址');
    await address.fill('上海市浦东新区世纪大道 100 号');
    await modalOk(page).click();
    await dialog.waitFor({ state: 'hidden' });

    await card.getByRole('button', { name: /提\s*交/ }).click();
    await toastWith(page, '校验通过');
    const saved = (await valueOf(card, 'map address')) as Record<string, number | string>;
    expect(saved.address).toBe('上海市浦东新区世纪大道 100 号');
    expect(Math.abs((saved.latitude as number) - 31.23)).toBeLessThan(0.2);
    expect(Math.abs((saved.longitude as number) - 121.47)).toBeLessThan(0.2);
    expect(saved.departureLatitude).toBe(saved.latitude);

    // Disabled: the picker cannot be opened.
    await card.getByRole('switch', { name: '禁用' }).click();
    expect(await card.getByRole('button', { name: '在地图上选择' }).isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

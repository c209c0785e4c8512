import {
  test,
  expect,
  baseUrl,
  apiToken,
  clickShown,
  pickOption,
  toast,
  ADMIN_PASSWORD,
  DEMO_PASSWORD,
  type Locator,
  type Page,
} from '../support/fixtures';

const dialog = (page: Page) => page.locator('.ant-modal-wrap:visible .ant-modal').last();
const row = (page: Page, text: string) => page.locator('.ant-table-row:visible', { hasText: text }).first();

/** A row's action: the first is a button of the row, the others are under "more" (更多). */
async function rowAction(page: Page, r: Locator, label: string) {
  await r.waitFor();
  const inline = r.getByRole('button', { name: label, exact: true });
  if (await inline.count()) await inline.click();
  else {
    await r.getByRole('button', { name: /更多|More/ }).click();
    await clickShown(
      page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem', { name: label }),
    );
  }
}

/** A demo customer with points enough for the car-wash voucher (300), read from the ledger's API. */
async function customerWithPoints(): Promise<{ phone: string; balance: number }> {
  const token = await apiToken('admin', ADMIN_PASSWORD);
  const page = (await (
    await fetch(`${baseUrl()}/api/blade-points/record/list?size=200`, {
      headers: { authorization: `Basic ${btoa('saber:saber_secret')}`, 'blade-auth': `bearer ${token}` },
    })
  ).json()) as { data: { records: Array<{ partyCode: string; balance: number; createTime: string }> } };
  // The newest line of each customer holds their balance.
  const latest = new Map<string, number>();
  for (const r of page.data.records) if (!latest.has(r.partyCode)) latest.set(r.partyCode, r.balance);
  const [phone, balance] = [...latest].find(([, b]) => b >= 600)!;
  return { phone, balance };
}

/** GET an API page as `account`. */
async function apiPage<T>(account: string, password: string, url: string): Promise<T[]> {
  const token = await apiToken(account, password);
  const answer = (await (
    await fetch(`${baseUrl()}${url}`, {
      headers: { authorization: `Basic ${btoa('saber:saber_secret')}`, 'blade-auth': `bearer ${token}` },
    })
  ).json()) as { data: { records: T[] } };
  return answer.data.records;
}

test.describe('points (/fc/score/*)', () => {
  test('a salesperson sees and awards points for their own customers only, and issues coupons only to them', async ({
    pages,
  }) => {
    const own = await apiPage<{ phone: string; name: string }>('sales1', DEMO_PASSWORD, '/api/blade-member/customer/page?size=200'); // prettier-ignore
    const all = await apiPage<{ phone: string; userId: string | null }>('admin', ADMIN_PASSWORD, '/api/blade-member/customer/page?size=200'); // prettier-ignore
    const ownPhones = new Set(own.map((c) => c.phone));
    const colleagues = all.filter((c) => !ownPhones.has(c.phone));
    expect(own.length).toBeGreaterThan(0);
    expect(colleagues.length).toBeGreaterThan(0);

    const { page, errors } = await pages.signedIn('sales1');
    await page.goto(`${baseUrl()}/fc/score/records`);
    const rows = page.locator('.ant-table-row:visible');
    await rows.first().waitFor();
    // Every line on the page is one of sales1's customers' (the phone is its own column).
    const shown = await rows.allInnerTexts();
    expect(shown.length).toBeGreaterThan(0);
    for (const text of shown)
      expect(
        [...ownPhones].some((p) => text.includes(p)),
        text,
      ).toBe(true);

    // The picker of an award offers a colleague's customer nowhere, and one's own by phone.
    await page.getByRole('button', { name: '积分调整' }).click();
    const d = dialog(page);
    const customer = d.getByLabel('客户', { exact: true });
    await customer.click();
    await customer.fill(colleagues[0]!.phone);
    await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveCount(0);
    const mine = own[0]!;
    await customer.fill(mine.phone);
    await clickShown(
      page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: mine.phone }).first(),
    );
    await d.getByText('手工调整', { exact: true }).click();
    await d.getByLabel('变动积分', { exact: true }).fill('20');
    await d.getByLabel('原因', { exact: true }).fill('到店参加车主讲堂');
    await d.getByRole('button', { name: /保\s?存/ }).click();
    await expect(toast(page)).toContainText('20');
    await expect(rows.first()).toContainText(mine.phone);
    await expect(rows.first()).toContainText('+20');

    // Coupons: sales1's list holds their customers' coupons only.
    await page.goto(`${baseUrl()}/fc/coupon/records`);
    await page.getByRole('button', { name: '发放优惠券' }).waitFor();
    const couponRows = await page.locator('.ant-table-row:visible').allInnerTexts();
    for (const text of couponRows)
      expect(
        [...ownPhones].some((p) => text.includes(p)),
        text,
      ).toBe(true);
    expect(errors).toEqual([]);
  });

  test('a customer exchanges points for a car-wash voucher, it is handed over, and the ledger shows the points taken', async ({
    pages,
  }) => {
    const { page, errors } = await pages.signedIn('admin');
    const { phone, balance } = await customerWithPoints();

    await page.goto(`${baseUrl()}/fc/score/exchange`);
    await page.getByRole('button', { name: '新增兑换' }).click();
    const d = dialog(page);
    const customer = d.getByLabel('客户', { exact: true });
    await customer.click();
    await customer.fill(phone);
    await clickShown(
      page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: phone }).first(),
    );
    await expect(d.getByText(`当前余额`).first()).toBeVisible();
    // The option names the stock, which earlier runs took from: picked by the good's name.
    await d.getByLabel('商品', { exact: true }).click();
    await clickShown(
      page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '精品洗车券' }).first(),
    );
    await expect(d.getByText('合计 300 积分')).toBeVisible();
    await expect(d.getByText(`兑换后余额 ${(balance - 300).toLocaleString('en-US')}`)).toBeVisible();
    await d.getByRole('button', { name: /保\s?存/ }).click();
    await expect(toast(page)).toContainText('兑换已登记');
    const exchangeNo = (await toast(page).innerText()).match(/PE\d{8}-\d{4}/)![0];
    const mine = row(page, exchangeNo);
    await mine.getByText('待发放', { exact: true }).waitFor();

    // Handed over at the front desk: delivered, and no longer offered to cancel.
    await rowAction(page, mine, '发放');
    await clickShown(dialog(page).getByRole('button', { name: /发\s?放/ }));
    await mine.getByText('已发放', { exact: true }).waitFor();

    // The customer's ledger: the newest line takes the 300 points.
    await page.goto(`${baseUrl()}/fc/score/records`);
    const search = page.locator('form[id$="-search"]:visible');
    await search.getByLabel('手机号', { exact: true }).fill(phone);
    await search.getByRole('button', { name: /搜\s?索/ }).click();
    const first = page.locator('.ant-table-row:visible').first();
    await expect(first).toContainText('兑换');
    await expect(first).toContainText('-300');
    await expect(first).toContainText(String(balance - 300).replace(/\B(?=(\d{3})+(?!\d))/g, ','));
    expect(errors).toEqual([]);
  });

  test('a store earns its referral points by rule, and the rules page names the rule', async ({ pages }) => {
    const { page, errors } = await pages.signedIn('admin');
    await page.goto(`${baseUrl()}/fc/score/rules`);
    await row(page, '门店转介绍').getByText('300', { exact: true }).waitFor();

    await page.goto(`${baseUrl()}/fc/score/recordsToB`);
    await page.getByRole('button', { name: '积分调整' }).click();
    const d = dialog(page);
    const store = d.getByLabel('门店', { exact: true });
    await store.click();
    await store.fill('浦东');
    await clickShown(
      page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '浦东' }).first(),
    );
    await pickOption(d.getByLabel('事件', { exact: true }), '转介绍');
    await d.getByRole('button', { name: /保\s?存/ }).click();
    await expect(toast(page)).toContainText('300');
    const first = page.locator('.ant-table-row:visible').first();
    await expect(first).toContainText('浦东');
    await expect(first).toContainText('+300');
    expect(errors).toEqual([]);
  });

  test('coupons are issued to a customer with their own codes, and one is redeemed at the counter', async ({
    pages,
  }) => {
    const { page, errors } = await pages.signedIn('admin');
    const { phone } = await customerWithPoints();
    await page.goto(`${baseUrl()}/fc/coupon/records`);
    await page.getByRole('button', { name: '发放优惠券' }).click();
    const d = dialog(page);
    const customer = d.getByLabel('客户', { exact: true });
    await customer.click();
    await customer.fill(phone);
    await clickShown(
      page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: phone }).first(),
    );
    await d.getByLabel('券名称', { exact: true }).fill('保养抵扣券');
    await d.getByLabel('面额', { exact: true }).fill('200');
    await d.getByLabel('使用门槛', { exact: true }).fill('800');
    const until = new Date(Date.now() + 30 * 86_400_000);
    const day = `${until.getFullYear()}-${String(until.getMonth() + 1).padStart(2, '0')}-${String(until.getDate()).padStart(2, '0')}`;
    await d.getByLabel('截止日期', { exact: true }).fill(day);
    await d.getByLabel('截止日期', { exact: true }).press('Enter');
    await d.getByLabel('发放张数', { exact: true }).fill('2');
    await d.getByRole('button', { name: /保\s?存/ }).click();
    await expect(toast(page)).toContainText('已发放 2 张优惠券');
    const codes = (await toast(page).innerText()).match(/[2-9A-HJ-NP-Z]{12}/g)!;
    expect(codes).toHaveLength(2);
    expect(codes[0]).not.toBe(codes[1]);

    const search = page.locator('form[id$="-search"]:visible');
    await search.getByLabel('券码', { exact: true }).fill(codes[0]!);
    await search.getByRole('button', { name: /搜\s?索/ }).click();
    await expect.poll(() => page.locator('.ant-table-row:visible').count()).toBe(1);
    const mine = row(page, codes[0]!);
    await mine.getByText('未使用', { exact: true }).waitFor();
    await expect(mine).toContainText('¥200.00');
    await rowAction(page, mine, '核销');
    await dialog(page).getByLabel('使用说明', { exact: true }).fill('保养工单 W-1001');
    await clickShown(dialog(page).getByRole('button', { name: /核\s?销/ }));
    await mine.getByText('已使用', { exact: true }).waitFor();
    await expect(mine).toContainText('保养工单 W-1001');
    expect(errors).toEqual([]);
  });
});

import fs from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import {
  test,
  expect,
  clickShown,
  pickOption,
  settled,
  signIn,
  toast,
  type Locator,
  type Page,
} from '../support/fixtures';
import { startServer } from '../support/servers';

/**
 * The sales floor (issue 24) in the browser. It runs against a server of its own over PostgreSQL: the
 * customer's SMS code is read where the server's default sender records it (the development SMS outbox), and
 * the demo floor (stock, inquiries, offers) is seeded fresh for these tests.
 */
const ADMIN = 'Admin#Sales2026';
const DEMO = 'Demo#Sales2026';
const MOBILE = { width: 390, height: 844 };

const tab = (page: Page, label: string) => page.locator('.fc-tabs .ant-tabs-tab').filter({ hasText: label });
const row = (page: Page, text: string) => page.locator('.ant-table-row', { hasText: text }).first();

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

/** Confirms the question antd asks (Modal.confirm). */
const confirm = (page: Page) =>
  clickShown(page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定|OK/ }));

/** Picks a path in an antd-mobile cascader opened from `line`. */
async function cascade(page: Page, line: Locator, path: string[]) {
  await line.click();
  const popup = page.locator('.adm-cascader').last();
  await settled(popup);
  for (const label of path)
    await popup
      .locator('.adm-check-list-item')
      .filter({ hasText: new RegExp(`^${label}$`) })
      .first()
      .click();
  await popup.getByText('确定', { exact: true }).click();
  await expect(popup).toBeHidden();
}

test.describe('the sales floor', () => {
  const server: { url: string; db: string; proc?: ChildProcess; dataDir?: string; name: string } = {
    url: '',
    db: '',
    name: `ft_e2e_sales_${Date.now()}`,
  };
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(sql);
    await c.end();
  };
  /** One query on the test server's database (what the app shows is checked in the page; this reads ids). */
  const query = async <R extends pg.QueryResultRow>(sql: string, params: unknown[] = []) => {
    const c = new pg.Client({ connectionString: server.db });
    await c.connect();
    try {
      return (await c.query<R>(sql, params)).rows;
    } finally {
      await c.end();
    }
  };

  test.beforeAll(async () => {
    await admin(`CREATE DATABASE ${server.name}`);
    const u = new URL(adminUrl);
    u.pathname = `/${server.name}`;
    server.db = u.toString();
    Object.assign(
      server,
      await startServer({
        CAPTCHA_MODE: 'off',
        DATABASE_URL: server.db,
        ADMIN_PASSWORD: ADMIN,
        DEMO_PASSWORD: DEMO,
      }),
    );
  });
  test.afterAll(async () => {
    if (server.proc) {
      server.proc.kill('SIGTERM');
      await new Promise((r) => server.proc!.once('exit', r));
    }
    if (server.dataDir) fs.rmSync(server.dataDir, { recursive: true, force: true });
    await admin(`DROP DATABASE IF EXISTS ${server.name} WITH (FORCE)`);
  });

  const staff = async (pages: { open: () => Promise<{ page: Page; errors: string[] }> }, account: string) => {
    const s = await pages.open();
    await signIn(s.page, account, account === 'admin' ? ADMIN : DEMO, server.url);
    await s.page.waitForURL(/\/wel\/index$/);
    return s;
  };

  /** The code as the customer's phone shows it: without a gateway each text goes to the development outbox. */
  const lastCode = async (phone: string) =>
    (
      await query<{ content: string }>(
        'SELECT content FROM dev_sms_outbox WHERE receiver = $1 ORDER BY create_time DESC, id DESC LIMIT 1',
        [phone],
      )
    )[0]?.content.match(/\d{6}/)?.[0];
  const h5Field = (page: Page, label: string) =>
    page.locator('.adm-form-item').filter({ hasText: label }).locator('input');
  const open = async (page: Page, path: string, title: string) => {
    await page.goto(`${server.url}${path}`);
    await tab(page, title).waitFor();
  };

  test('a customer asks on /h5, online sales claims, follows up and offers with finance; a manager approves; the customer sees the card; accepted, the vehicle is reserved', async ({
    pages,
  }) => {
    test.setTimeout(300_000);
    // A vehicle in stock and where the customer finds its model, and a city, as the catalogue and regions hold them.
    const [car] = await query<{ vin: string; brand: string; series: string; model: string }>(
      `SELECT r.vin, b.name AS brand, s.name AS series, m.model_year || ' ' || m.trim AS model
         FROM sales_resource r JOIN sales_model m ON m.id = r.model_id JOIN sales_series s ON s.id = m.series_id
         JOIN sales_brand b ON b.id = s.brand_id
        WHERE r.tenant_id = '000000' AND r.is_deleted = 0 AND r.status = 'in_stock'
          AND NOT EXISTS (SELECT 1 FROM sales_offer o WHERE o.resource_id = r.id AND o.is_deleted = 0)
        ORDER BY r.vin LIMIT 1`,
    );
    const [city] = await query<{ province: string; city: string }>(
      `SELECT p.name AS province, c.name AS city FROM blade_region c JOIN blade_region p ON p.code = c.parent_code
        WHERE c.region_level = 2 AND p.name LIKE '%省' ORDER BY c.code LIMIT 1`,
    );
    expect(car && city).toBeTruthy();
    const phone = `139${String(Date.now()).slice(-8)}`;
    const name = '测试周先生';

    // 1. The customer, on the mobile page, asks for a quote: model, city, name, phone proven by its code.
    const customer = await pages.open(MOBILE);
    await customer.page.goto(`${server.url}/h5/chat?view=inquiry`);
    await customer.page.getByText('填写询价').waitFor();
    await cascade(customer.page, customer.page.getByText('请选择车型'), [
      car!.brand,
      car!.series,
      car!.model,
    ]);
    await cascade(customer.page, customer.page.getByText('请选择城市'), [city!.province, city!.city]);
    await h5Field(customer.page, '姓名').fill(name);
    await h5Field(customer.page, '手机号').fill(phone);
    await customer.page.getByRole('button', { name: '获取验证码' }).click();
    await expect.poll(() => lastCode(phone)).toMatch(/^\d{6}$/);
    await h5Field(customer.page, '验证码').fill((await lastCode(phone))!);
    await customer.page.getByRole('button', { name: '提交询价' }).click();
    await customer.page.getByText('提交成功，顾问将尽快与您联系').waitFor();

    // 2. online1 claims it from the pool: it becomes their inquiry.
    const online = await staff(pages, 'online1');
    const op = online.page;
    await open(op, '/fc/userInquiry/index', '用户询价');
    await rowAction(op, row(op, phone), '认领');
    await confirm(op);
    await row(op, phone).getByRole('cell', { name: '已认领', exact: true }).waitFor();

    // 3. A follow-up by phone.
    await open(op, '/fc/inquiry/index', '询价管理');
    await rowAction(op, row(op, phone), '跟进');
    const follow = op.locator('.ant-modal').filter({ hasText: '跟进' }).last();
    await settled(follow);
    await follow.getByLabel('跟进内容').fill('电话沟通：客户想分期，周末到店看车');
    await follow.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect(follow).toBeHidden();
    await row(op, phone).getByRole('cell', { name: '跟进中', exact: true }).waitFor();

    // 4. An offer on the stock vehicle with finance; a discount above the salesperson's limit needs approval.
    await open(op, '/fc/offer/index', '报价管理');
    await op.getByRole('button', { name: '新建报价' }).click();
    const form = op.locator('.ant-modal').filter({ hasText: '新建报价' }).last();
    await settled(form);
    await form.getByLabel('询价').fill(phone);
    await clickShown(
      op
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
        .filter({ hasText: phone }),
    );
    await form.getByLabel('车源（车架号）').fill(car!.vin);
    await clickShown(
      op
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
        .filter({ hasText: car!.vin }),
    );
    await expect(form.getByLabel('车辆价格')).not.toHaveValue('');
    await form.getByLabel('优惠').fill('8000');
    await form.getByRole('switch').click();
    await form.getByText('月供').waitFor();
    await form.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect(toast(op)).toContainText('优惠超出您的权限');
    const offer = row(op, phone);
    await offer.getByRole('cell', { name: '草稿', exact: true }).waitFor();
    await rowAction(op, offer, '提交审批');
    await offer.getByRole('cell', { name: '待审批', exact: true }).waitFor();

    // 5. A manager (the tenant's administrator) approves it.
    const boss = await staff(pages, 'admin');
    await open(boss.page, '/fc/offer/index', '报价管理');
    await rowAction(boss.page, row(boss.page, phone), '审批通过');
    await row(boss.page, phone).getByRole('cell', { name: '已审批', exact: true }).waitFor();

    // 6. online1 sends it: a card in the chat with the customer.
    await op.reload();
    await tab(op, '报价管理').waitFor();
    await rowAction(op, row(op, phone), '发送给客户');
    await confirm(op);
    await row(op, phone).getByRole('cell', { name: '已发送', exact: true }).waitFor();

    // 7. The customer signs in on the mobile chat and sees the offer card.
    await customer.page.goto(`${server.url}/h5/chat`);
    await h5Field(customer.page, '手机号').fill(phone);
    // A number gets one code a minute: the form's code may be that recent, so ask until one is sent.
    const sent = await query<{ n: string }>('SELECT count(*) n FROM dev_sms_outbox WHERE receiver = $1', [
      phone,
    ]);
    await expect
      .poll(
        async () => {
          const getCode = customer.page.getByRole('button', { name: '获取验证码' });
          // While the resend countdown runs the button is named by it: nothing to press then.
          if ((await getCode.count()) && (await getCode.isEnabled())) await getCode.click();
          return (
            await query<{ n: string }>('SELECT count(*) n FROM dev_sms_outbox WHERE receiver = $1', [phone])
          )[0]!.n;
        },
        { timeout: 80_000, intervals: [5_000] },
      )
      .not.toBe(sent[0]!.n);
    await h5Field(customer.page, '验证码').fill((await lastCode(phone))!);
    await customer.page.getByRole('button', { name: '登录' }).click();
    const card = customer.page.locator('.fc-offer-card');
    await card.waitFor({ timeout: 30_000 });
    await expect(card).toContainText(car!.series);

    // 8. The customer accepts (online1 records it): the vehicle is reserved for them.
    await rowAction(op, row(op, phone), '客户接受');
    await confirm(op);
    await row(op, phone).getByRole('cell', { name: '已接受', exact: true }).waitFor();
    await open(op, '/fc/resource/index', '车源资源');
    await op.getByLabel('车架号').first().fill(car!.vin);
    await op.keyboard.press('Enter');
    await row(op, car!.vin).getByRole('cell', { name: '已预订', exact: true }).waitFor();
    expect([...customer.errors, ...online.errors, ...boss.errors]).toEqual([]);
  });

  test('every sales page has its title in Chinese and English and lists the seeded floor', async ({
    pages,
  }) => {
    const { page, errors } = await staff(pages, 'admin');
    const PAGES: Array<[string, string, string]> = [
      ['/fc/resource/index', '车源资源', 'Resources'],
      ['/fc/catalog/index', '车型目录', 'Vehicle catalogue'],
      ['/fc/inquiry/index', '询价管理', 'Inquiries'],
      ['/fc/userInquiry/index', '用户询价', 'User inquiries'],
      ['/fc/offer/index', '报价管理', 'Offers'],
      ['/fc/order/index', '财务收款', 'Finance receipts'],
      ['/fc/trade/index', '支付流水', 'Payment transactions'],
      ['/fc/redPacket/index', '红包管理', 'Red packets'],
    ];
    for (const [path, zh] of PAGES) {
      await open(page, path, zh);
      await expect(page.locator('.fc-tabs .ant-tabs-tab-active')).toHaveText(zh);
      // The demo floor: every list shows rows at once, paged.
      await expect.poll(() => page.locator('.ant-table-row:visible').count()).toBeGreaterThan(0);
      await page.locator('.ant-pagination:visible').first().waitFor();
    }
    await page.getByRole('button', { name: 'English' }).click();
    for (const [path, , en] of PAGES) {
      await page.goto(`${server.url}${path}`);
      await expect(page.locator('.fc-tabs .ant-tabs-tab-active')).toHaveText(en);
      await expect.poll(() => page.locator('.ant-table-row:visible').count()).toBeGreaterThan(0);
    }
    expect(errors).toEqual([]);
  });

  test('finance takes a deposit and the rest of an order; the last yuan sells the vehicle; the flow sums it up', async ({
    pages,
  }) => {
    // Finance (finance1) keeps the books: it sees every order and takes the money.
    const { page, errors } = await staff(pages, 'finance1');
    // Its workbench card: what is still to come in.
    const desk = page.locator('.ant-card').filter({ hasText: '财务工作台' }).first();
    await desk.getByText('待收款订单').waitFor();
    await expect(desk.getByText(/^应收 ¥[\d,]+\.\d{2}$/)).toBeVisible();
    await open(page, '/fc/order/index', '财务收款');
    const search = page.locator('form[id="sales-order-search"]');
    await pickOption(search.getByLabel('状态', { exact: true }), '待收款');
    await search.getByRole('button', { name: /搜\s?索/ }).click();
    const first = page.locator('.ant-table-row').first();
    await first.getByRole('cell', { name: '待收款', exact: true }).waitFor();
    const orderNo = (
      await first
        .getByRole('cell')
        .filter({ hasText: /^SO\d{8}-\d{4}$/ })
        .innerText()
    ).trim();
    // The order alone on the page, whatever its status becomes.
    await search.getByRole('button', { name: /清\s?空/ }).click();
    await search.getByLabel('订单号', { exact: true }).fill(orderNo);
    await search.getByRole('button', { name: /搜\s?索/ }).click();
    await expect.poll(() => page.locator('.ant-table-row:visible').count()).toBe(1);
    const order = row(page, orderNo);
    const dialog = page.locator('.ant-modal-wrap:visible .ant-modal').last();

    // A deposit by WeChat Pay: its serial number is asked for, then the order is part paid.
    await rowAction(page, order, '收款');
    await dialog.getByLabel('金额', { exact: true }).fill('5000');
    await pickOption(dialog.getByLabel('支付方式', { exact: true }), '微信支付');
    await dialog.getByRole('button', { name: /^\s*收\s?款\s*$/ }).click();
    await expect(dialog.getByText('除现金外须填写流水号')).toBeVisible();
    await dialog.getByLabel('流水号', { exact: true }).fill('WX4200001234202611290001');
    await dialog.getByRole('button', { name: /^\s*收\s?款\s*$/ }).click();
    await expect(toast(page)).toContainText('收款已登记');
    await order.getByRole('cell', { name: '部分收款', exact: true }).waitFor();

    // The rest by transfer: a yuan too much is refused by the form, the exact rest settles the order.
    const outstanding = (
      await order
        .getByRole('cell')
        .filter({ hasText: /^¥[\d,]+\.\d{2}$/ })
        .nth(2)
        .innerText()
    )
      .trim()
      .replace(/[¥,]/g, '');
    const vin = (
      await order
        .getByRole('cell')
        .filter({ hasText: /^[A-HJ-NPR-Z0-9]{17}$/ })
        .innerText()
    ).trim();
    await rowAction(page, order, '收款');
    await dialog
      .getByLabel('金额', { exact: true })
      .fill(`${Number(outstanding.split('.')[0]) + 1}.${outstanding.split('.')[1]}`);
    await pickOption(dialog.getByLabel('支付方式', { exact: true }), '银行转账');
    await dialog.getByLabel('流水号', { exact: true }).fill('BK20261129000777');
    await dialog.getByRole('button', { name: /^\s*收\s?款\s*$/ }).click();
    await expect(dialog.getByText(/收款金额不能超过未收金额/)).toBeVisible();
    await dialog.getByLabel('金额', { exact: true }).fill(outstanding);
    await dialog.getByRole('button', { name: /^\s*收\s?款\s*$/ }).click();
    await expect(toast(page)).toContainText('收款已登记');
    await order.getByRole('cell', { name: '已收清', exact: true }).waitFor();

    // The payment flow shows both receipts of the order, and its total.
    await open(page, '/fc/trade/index', '支付流水');
    await page.locator('form[id="sales-trade-search"]').getByLabel('订单号', { exact: true }).fill(orderNo);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.ant-table-row:visible').count()).toBe(2);
    await expect(
      page.getByText(/^合计：收款 ¥[\d,]+\.\d{2}，退款 ¥0\.00，净额 ¥[\d,]+\.\d{2}（2 笔）$/),
    ).toBeVisible();

    // The stock shows the vehicle sold.
    const boss = await staff(pages, 'admin');
    await open(boss.page, '/fc/resource/index', '车源资源');
    await boss.page.getByLabel('车架号').first().fill(vin);
    await boss.page.keyboard.press('Enter');
    await row(boss.page, vin).getByRole('cell', { name: '已售', exact: true }).waitFor();
    expect([...errors, ...boss.errors]).toEqual([]);
  });

  test('a salesperson applies for a red packet, a manager approves it and finance pays it', async ({
    pages,
  }) => {
    const [c] = await query<{ phone: string }>(
      `SELECT c.phone FROM member_customer c JOIN blade_user u ON u.id = c.user_id
        WHERE u.account = 'sales1' AND c.is_deleted = 0 ORDER BY c.id LIMIT 1`,
    );
    const dialog = (p: Page) => p.locator('.ant-modal-wrap:visible .ant-modal').last();

    const seller = await staff(pages, 'sales1');
    await open(seller.page, '/fc/redPacket/index', '红包管理');
    await seller.page.getByRole('button', { name: '申请红包' }).click();
    const d = dialog(seller.page);
    const customer = d.getByLabel('客户', { exact: true });
    await customer.click();
    await customer.fill(c!.phone);
    await clickShown(
      seller.page
        .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: c!.phone })
        .first(),
    );
    await pickOption(d.getByLabel('发放场景', { exact: true }), '转介绍奖励');
    await d.getByLabel('金额', { exact: true }).fill('200.01');
    await d.getByLabel('祝福语', { exact: true }).fill('感谢您介绍朋友来店');
    await d
      .getByRole('button', { name: /提\s?交|保\s?存|申\s?请/ })
      .last()
      .click();
    await expect(d.getByText('红包金额须在 ¥0.01 至 ¥200.00 之间')).toBeVisible();
    await d.getByLabel('金额', { exact: true }).fill('188');
    await d
      .getByRole('button', { name: /提\s?交|保\s?存|申\s?请/ })
      .last()
      .click();
    await expect(toast(seller.page)).toContainText('红包申请已提交');
    const first = seller.page.locator('.ant-table-row').first();
    await first.getByText('待审批', { exact: true }).waitFor();
    const packetNo = (
      await first
        .getByRole('cell')
        .filter({ hasText: /^RP\d{8}-\d{4}$/ })
        .innerText()
    ).trim();

    const boss = await staff(pages, 'admin');
    await open(boss.page, '/fc/redPacket/index', '红包管理');
    await rowAction(boss.page, row(boss.page, packetNo), '通过');
    await clickShown(dialog(boss.page).getByRole('button', { name: /通\s?过/ }));
    await row(boss.page, packetNo).getByText('待发放', { exact: true }).waitFor();

    const cashier = await staff(pages, 'finance1');
    await open(cashier.page, '/fc/redPacket/index', '红包管理');
    await rowAction(cashier.page, row(cashier.page, packetNo), '登记发放');
    await dialog(cashier.page).getByLabel('发放流水号', { exact: true }).fill('WXHB2026112900088');
    await clickShown(dialog(cashier.page).getByRole('button', { name: /登记发放/ }));
    await row(cashier.page, packetNo).getByText('已发放', { exact: true }).waitFor();
    await expect(row(cashier.page, packetNo)).toContainText('¥188.00');
    expect([...seller.errors, ...boss.errors, ...cashier.errors]).toEqual([]);
  });

  test("a salesperson's workbench shows their day, the month's funnel and the stock's age from the real data", async ({
    pages,
  }) => {
    const { page, errors } = await staff(pages, 'sales1');
    const card = page.locator('.ant-card').filter({ hasText: '销售工作台' }).first();
    await card.waitFor();
    await card.getByText('我的数据').waitFor();
    // The counts are the seeded floor's, judged by the server: sales1 owns open inquiries of the demo.
    const owned = await query<{ n: string }>(
      `SELECT count(*) n FROM sales_inquiry i JOIN blade_user u ON u.id = i.owner_user
        WHERE u.account = 'sales1' AND i.is_deleted = 0 AND i.status IN ('assigned', 'following', 'quoted')`,
    );
    expect(Number(owned[0]!.n)).toBeGreaterThan(0);
    for (const title of ['首次响应超时', '我的逾期跟进', '今日跟进'])
      await expect(card.getByLabel(new RegExp(`^${title}: \\d+$`))).toBeVisible();
    // The charts draw on canvas once ECharts has loaded, which it does when they are scrolled to.
    await card.getByRole('img', { name: /^本月漏斗/ }).scrollIntoViewIfNeeded();
    await card
      .getByRole('img', { name: /^本月漏斗/ })
      .locator('canvas')
      .first()
      .waitFor();
    await card.getByRole('img', { name: '库龄' }).scrollIntoViewIfNeeded();
    await card.getByRole('img', { name: '库龄' }).locator('canvas').first().waitFor();
    // In English, the same cards in the words.
    await page.getByRole('button', { name: 'English' }).click();
    const en = page.locator('.ant-card').filter({ hasText: 'Sales workbench' }).first();
    await en.getByText('My overdue follow-ups').first().waitFor();
    await en.getByText("Today's follow-ups").first().waitFor();
    await en.getByRole('img', { name: /^Funnel this month/ }).waitFor();
    await en.getByRole('img', { name: 'Stock age' }).waitFor();
    // A waiting inquiry is a link: a click opens it in the inquiry list's tab, asked for that row.
    const inquiry = en.getByRole('link', { name: /^Open inquiry / }).first();
    const href = await inquiry.getAttribute('href');
    expect(href).toMatch(/^\/fc\/inquiry\/index\?id=\d+$/);
    await inquiry.click();
    await page.waitForURL((url) => url.pathname + url.search === href);
    expect(errors).toEqual([]);
  });
});

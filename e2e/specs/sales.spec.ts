import fs from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { test, expect, signIn, type Page } from '../support/fixtures';
import { startServer } from '../support/servers';

/**
 * The sales floor (issue 24) in the browser. It runs against a server of its own over PostgreSQL: the
 * customer's SMS code is read where the server's default sender records it (the development SMS outbox), and
 * the demo floor (stock, inquiries, offers) is seeded fresh for these tests.
 */
const ADMIN = 'Admin#Sales2026';
const DEMO = 'Demo#Sales2026';
const MOBILE = { width: 390, height: 844 };

const _tab = (page: Page, label: string) => page.locator('.fc-tabs .ant-tabs-tab').filter({ hasText: label });

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
    // The charts draw on canvas once ECharts has loaded with the card.
    await card.getByRole('img', { name: /^本月漏斗/ }).locator('canvas').first().waitFor();
    await card.getByRole('img', { name: '库龄' }).locator('canvas').first().waitFor();
    // In English, the same cards in the words.
    await page.getByRole('button', { name: 'English' }).click();
    const en = page.locator('.ant-card').filter({ hasText: 'Sales workbench' }).first();
    await en.getByText('My overdue follow-ups').first().waitFor();
    await en.getByText("Today's follow-ups").first().waitFor();
    await en.getByRole('img', { name: /^Funnel this month/ }).waitFor();
    await en.getByRole('img', { name: 'Stock age' }).waitFor();
    expect(errors).toEqual([]);
  });
});

void MOBILE;

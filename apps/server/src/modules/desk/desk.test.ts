import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNREAD_CAP } from '@forecourt/contracts';
import { call, createTestApp, dbLabel, otherTenant, tokenFor, type TestApp } from '../../../test/harness.js';

describe(`workbench, dashboard and client log (${dbLabel})`, () => {
  let t: TestApp;
  let otherToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    otherToken = await otherTenant(t, '333333', { administrator: false });
  });
  afterAll(() => t?.close());

  it("gives admins the pending registrations and everyone the tenant's notices in their language", async () => {
    await t.db.query(`UPDATE blade_user SET status = 0 WHERE account = 'online2'`);
    const admin = (
      await call(t, await tokenFor(t, 'admin'), { url: '/api/blade-desk/workbench', lang: 'en' })
    ).json().data;
    expect(admin.pendingApprovals).toBe(1);
    expect(admin.notices[0].title).toBe('November sales push');
    expect(admin.unreadNotices).toBe(3);
    const sales = (await call(t, await tokenFor(t, 'sales1'), { url: '/api/blade-desk/workbench' })).json()
      .data;
    expect(sales.pendingApprovals).toBeNull();
    expect(sales.notices[0].title).toBe('十一月销售冲刺动员');
    const other = (await call(t, otherToken, { url: '/api/blade-desk/workbench' })).json().data;
    expect(other.notices).toEqual([]);
  });

  it("lists the caller's chat system messages, newest first, with what the chat has read, and no one else's", async () => {
    // sales1's system conversation as the chat stores it: three group notices, the first read, one revoked.
    const conv = '9300000001';
    await t.db.query(
      `INSERT INTO im_conversation (id, tenant_id, kind, pair_key, user_a) VALUES ($1, '000000', 'system', 'sales1', 'sales1')`,
      [conv],
    );
    await t.db.query(
      `INSERT INTO im_member (conversation_id, tenant_id, user_id, read_seq) VALUES ($1, '000000', 'sales1', 1)`,
      [conv],
    );
    const notices = [
      'You joined the group Stock',
      'You were removed from the group Old',
      'You joined the group Leads',
    ];
    for (const [i, text] of notices.entries())
      await t.db.query(
        `INSERT INTO im_message (id, tenant_id, conversation_id, seq, sender, client_msg_id, type, payload, create_time, revoke_time)
         VALUES ($1, '000000', $2, $3, '@TIM#SYSTEM', $4, 'TIMGroupSystemNoticeElem', $5, now() - make_interval(mins => $6), $7)`,
        [
          String(9300000010 + i),
          conv,
          i + 1,
          `sys-t${i}`,
          JSON.stringify({ text }),
          10 - i,
          i === 1 ? new Date() : null,
        ],
      );
    const inbox = async (account: string, query = '') =>
      (await call(t, await tokenFor(t, account), { url: `/api/blade-desk/notice/system${query}` })).json()
        .data;
    const mine = await inbox('sales1');
    expect(mine).toMatchObject({ total: 2, unread: 1, current: 1 });
    expect(mine.records.map((m: { text: string; read: boolean }) => [m.text, m.read])).toEqual([
      ['You joined the group Leads', false],
      ['You joined the group Stock', true],
    ]);
    expect((await inbox('sales1', '?current=2&size=1')).records[0].text).toBe('You joined the group Stock');
    expect(await inbox('sales2')).toMatchObject({ total: 0, unread: 0, records: [] });
    const other = (await call(t, otherToken, { url: '/api/blade-desk/notice/system' })).json().data;
    expect(other).toMatchObject({ total: 0, records: [] });
  });

  it("pages the caller's notices with their read state and marks them read for the caller only", async () => {
    const sales = await tokenFor(t, 'sales2');
    const page = async (token: string, query = '', lang?: 'en') =>
      (await call(t, token, { url: `/api/blade-desk/notice/mine${query}`, lang })).json().data;
    const first = await page(sales, '?current=1&size=2', 'en');
    expect(first).toMatchObject({ total: 3, unread: 3, current: 1, size: 2, pages: 2 });
    expect(first.records.map((n: { title: string }) => n.title)).toEqual([
      'November sales push',
      'System upgrade',
    ]);
    expect(first.records.every((n: { read: boolean }) => !n.read)).toBe(true);
    const second = await page(sales, '?current=2&size=2');
    expect(second.records.map((n: { title: string }) => n.title)).toEqual(['客户回访提醒']);

    const marked = await call(t, sales, {
      method: 'POST',
      url: '/api/blade-desk/notice/read',
      payload: { ids: [first.records[1].id, first.records[1].id] },
    });
    expect(marked.json()).toMatchObject({ code: 200, data: 2 });
    const after = await page(sales, '?size=10');
    expect(after.unread).toBe(2);
    expect(after.records.find((n: { id: string }) => n.id === first.records[1].id).read).toBe(true);
    // The workbench counts the same; another user's read state is untouched.
    const bench = (await call(t, sales, { url: '/api/blade-desk/workbench' })).json().data;
    expect(bench.unreadNotices).toBe(2);
    expect((await page(await tokenFor(t, 'resource2'))).unread).toBe(3);
    // Another tenant sees none of them, and may not mark them.
    expect(await page(otherToken)).toMatchObject({ total: 0, unread: 0, records: [] });
    const foreign = await call(t, otherToken, {
      method: 'POST',
      url: '/api/blade-desk/notice/read',
      payload: { ids: [first.records[0].id] },
      lang: 'en',
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().msg).toBe("only your own tenant's notices can be marked");
  });

  it('counts unread notices up to the cap the bell shows as 99+, and exactly below it', async () => {
    // Another tenant with 150 notices, none read: the count stops at UNREAD_CAP.
    const token = await otherTenant(t, '444444', { administrator: false });
    await t.db.query(
      `INSERT INTO blade_notice (id, tenant_id, title, content, category, publish_time)
       SELECT 9400000000 + g, '444444', 'n' || g, '', 1, now() - make_interval(mins => g) FROM generate_series(1, 150) g`,
    );
    const mine = async () =>
      (await call(t, token, { url: '/api/blade-desk/notice/mine?size=50' })).json().data;
    const bench = async () => (await call(t, token, { url: '/api/blade-desk/workbench' })).json().data;
    expect(UNREAD_CAP).toBe(100);
    expect(await mine()).toMatchObject({ total: 150, unread: UNREAD_CAP });
    expect((await bench()).unreadNotices).toBe(UNREAD_CAP);
    // Reading 60 leaves 90: below the cap the count is exact again.
    const ids = Array.from({ length: 60 }, (_, i) => String(9400000001 + i));
    const read = await call(t, token, {
      method: 'POST',
      url: '/api/blade-desk/notice/read',
      payload: { ids },
    });
    expect(read.json()).toMatchObject({ code: 200, data: 90 });
    expect((await mine()).unread).toBe(90);
    expect((await bench()).unreadNotices).toBe(90);
  });

  it('refuses malformed or unknown notice ids naming the field', async () => {
    const token = await tokenFor(t, 'sales2');
    const malformed = await call(t, token, {
      method: 'POST',
      url: '/api/blade-desk/notice/read',
      payload: { ids: ['1; DROP TABLE blade_notice'] },
      lang: 'en',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().msg).toMatch(/ids/);
    const empty = await call(t, token, {
      method: 'POST',
      url: '/api/blade-desk/notice/read',
      payload: { ids: [] },
      lang: 'en',
    });
    expect(empty.statusCode).toBe(400);
    const unknown = await call(t, token, {
      method: 'POST',
      url: '/api/blade-desk/notice/read',
      payload: { ids: ['123'] },
      lang: 'en',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe('The notice does not exist or was removed');
    const size = await call(t, token, { url: '/api/blade-desk/notice/mine?size=abc', lang: 'en' });
    expect(size.statusCode).toBe(400);
    expect(size.json().msg).toMatch(/size/);
  });

  it('counts the real staff, sign-ins and departments of the caller tenant', async () => {
    const d = (await call(t, await tokenFor(t, 'admin'), { url: '/api/blade-desk/dashboard' })).json().data;
    expect(d.staffByRole.find((r: { name: string }) => r.name === '销售').value).toBe(2);
    expect(d.signIns).toHaveLength(7);
    expect(d.signIns.at(-1).value).toBeGreaterThanOrEqual(1);
    expect(
      d.deptHeadcount.reduce((s: number, x: { value: number }) => s + x.value, 0),
    ).toBeGreaterThanOrEqual(6);
    const other = (await call(t, otherToken, { url: '/api/blade-desk/dashboard' })).json().data;
    expect(other.staffByRole).toEqual([]);
  });

  it('stores uploaded client errors for the caller, and refuses a malformed upload naming the field', async () => {
    const token = await tokenFor(t, 'sales1');
    const entry = {
      type: 'error',
      message: 'x is undefined',
      stack: 'at a',
      info: 'main.js:1:2',
      url: 'http://h/wel/index',
      time: '2026-11-22T10:00:00Z',
    };
    const res = await call(t, token, {
      method: 'POST',
      url: '/api/blade-desk/log/client-errors',
      payload: [entry, entry],
    });
    expect(res.json()).toMatchObject({ code: 200, data: 2 });
    const rows = await t.db.query<{ message: string; user_id: string }>(
      'SELECT message, user_id FROM blade_log_client',
    );
    expect(rows).toHaveLength(2);
    const bad = await call(t, token, {
      method: 'POST',
      url: '/api/blade-desk/log/client-errors',
      payload: [{ type: 'error' }],
      lang: 'en',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/message/);
    const script = await call(t, token, {
      method: 'POST',
      url: '/api/blade-desk/log/client-errors',
      payload: [{ ...entry, url: 'javascript:alert(1)//http://h' }],
      lang: 'en',
    });
    expect(script.json()).toMatchObject({
      code: 400,
      msg: 'Field 0.url must be a URL starting with http:// or https://',
    });
  });
});

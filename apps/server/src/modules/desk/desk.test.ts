import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
      msg: 'field 0.url must be a URL starting with http:// or https://',
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, dbLabel, otherTenant, tokenFor, type TestApp } from '../../../test/harness.js';

describe(`Monitoring → Logs (${dbLabel})`, () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await tokenFor(t, 'admin');
  });
  afterAll(() => t?.close());

  const get = (token: string, url: string) => call(t, token, { url, lang: 'en' });
  const upload = (token: string, entries: Array<Record<string, string>>) =>
    call(t, token, {
      method: 'POST',
      url: '/api/blade-desk/log/client-errors',
      payload: entries,
      lang: 'en',
    });

  it("shows the browsers' errors of the tenant with who met them, newest first, filtered", async () => {
    const sales = await tokenFor(t, 'sales1');
    expect(
      (
        await upload(sales, [
          {
            type: 'error',
            message: 'Cannot read properties of undefined (reading "vin")',
            url: 'https://dealer.example/fc/resource/index',
            stack: 'at Stock (Stock.tsx:12)',
          },
          {
            type: 'unhandledrejection',
            message: 'Network Error',
            url: 'https://dealer.example/fc/offer/index',
          },
        ])
      ).json().data,
    ).toBe(2);
    const page = (await get(admin, '/api/blade-log/client/list?size=10')).json();
    expect(page.code).toBe(200);
    expect(
      page.data.records
        .slice(0, 2)
        .map((r: { message: string }) => r.message)
        .sort(),
    ).toEqual(['Cannot read properties of undefined (reading "vin")', 'Network Error']);
    expect(page.data.records[0]).toMatchObject({ account: 'sales1', tenantId: '000000' });
    const typed = (await get(admin, '/api/blade-log/client/list?type=unhandledrejection')).json().data;
    expect(typed.records.map((r: { message: string }) => r.message)).toEqual(['Network Error']);
    const byPage = (await get(admin, '/api/blade-log/client/list?url=resource')).json().data;
    expect(byPage.records.map((r: { message: string }) => r.message)).toEqual([
      'Cannot read properties of undefined (reading "vin")',
    ]);
    const one = (await get(admin, `/api/blade-log/client/detail?id=${byPage.records[0].id}`)).json().data;
    expect(one).toMatchObject({ stack: 'at Stock (Stock.tsx:12)', account: 'sales1' });

    // Another tenant's administrator sees their own tenant's only; a salesperson has no Logs menu.
    const boss = await otherTenant(t, '300302', { administrator: true });
    expect((await upload(boss, [{ type: 'error', message: 'theirs' }])).json().data).toBe(1);
    const theirs = (await get(boss, '/api/blade-log/client/list')).json().data;
    expect(theirs.records.map((r: { message: string }) => r.message)).toEqual(['theirs']);
    expect((await get(sales, '/api/blade-log/client/list')).json().code).toBe(403);
  });

  it("shows the server's failed requests to the platform administrator only, query strings redacted as written", async () => {
    const adminId = (
      await t.db.query<{ id: string }>(
        "SELECT id::text FROM blade_user WHERE account = 'admin' AND tenant_id = '000000'",
      )
    )[0]!.id;
    // Written as the error handler writes a failed request (errorLogRow).
    await t.db.query(
      `INSERT INTO blade_log_error (id, tenant_id, request_id, method, request_uri, message, stack_trace, create_by)
       VALUES (910001, '000000', 'req-42', 'POST', '/api/blade-sales/offer/submit?password=***', 'connection reset', 'Error: connection reset\n    at query', $1),
              (910002, '000000', 'req-43', 'GET', '/api/blade-sales/resource/list', 'timeout', 'Error: timeout', NULL)`,
      [adminId],
    );
    const page = (await get(admin, '/api/blade-log/error/list?method=POST')).json();
    expect(page.code).toBe(200);
    expect(page.data.records).toHaveLength(1);
    expect(page.data.records[0]).toMatchObject({
      requestId: 'req-42',
      requestUri: '/api/blade-sales/offer/submit?password=***',
      account: 'admin',
    });
    expect(
      (await get(admin, '/api/blade-log/error/list?requestUri=resource')).json().data.records,
    ).toMatchObject([{ requestId: 'req-43', account: null }]);
    const one = (await get(admin, '/api/blade-log/error/detail?id=910001')).json().data;
    expect(one.stackTrace).toContain('at query');

    const boss = await otherTenant(t, '300303', { administrator: true });
    const refused = (await get(boss, '/api/blade-log/error/list')).json();
    expect(refused).toMatchObject({
      code: 403,
      msg: "Only the platform administrator can read the server's error log",
    });
    expect((await get(boss, '/api/blade-log/error/detail?id=910001')).json().code).toBe(403);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, dbLabel, otherTenant, tokenFor, type TestApp } from '../../../test/harness.js';
import { devOutboxSender, setSmsSender } from '../user/index.js';
import { gatewayError } from '../user/sms.js';

describe(`the notice log (${dbLabel})`, () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await tokenFor(t, 'admin');
  });
  afterAll(() => t?.close());

  const list = (token: string, query = '') =>
    call(t, token, { url: `/api/blade-system/notice-log/list?${query}`, lang: 'en' });
  const askCode = (phone: string) =>
    call(t, undefined, { url: `/api/blade-member/h5/sms-code?tenantId=000000&phone=${phone}`, lang: 'en' });

  it("shows the demo company's sends newest first, codes masked, to its administrator only", async () => {
    const page = (await list(admin, 'size=20')).json();
    expect(page.code).toBe(200);
    expect(page.data.total).toBe(8);
    const times = page.data.records.map((r: { createTime: string }) => Date.parse(r.createTime));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(page.data.records[0]).toMatchObject({
      channel: 'sms',
      receiver: '13501234512',
      templateCode: 'sms.h5:000000',
      sendStatus: 1,
      error: null,
    });
    for (const r of page.data.records) expect(r.content).toContain('******');

    // A salesperson has no notice-log menu; another tenant's administrator sees only their own (none).
    expect((await list(await tokenFor(t, 'sales1'))).json().code).toBe(403);
    const boss = await otherTenant(t, '300301', { administrator: true });
    expect((await list(boss)).json().data).toMatchObject({ total: 0, records: [] });

    const one = page.data.records[1];
    const detail = (
      await call(t, admin, { url: `/api/blade-system/notice-log/detail?id=${one.id}`, lang: 'en' })
    ).json();
    expect(detail.data).toEqual(one);
  });

  it('filters by receiver, template, channel, status and time, and refuses a malformed status', async () => {
    const ids = async (query: string) =>
      (await list(admin, query)).json().data.records.map((r: { receiver: string }) => r.receiver);
    expect(await ids('receiver=2345601')).toEqual(['13912345601']);
    expect(await ids('templateCode=sms.reset')).toEqual(['13912345601', '13912345603']);
    expect(await ids('channel=email')).toEqual([]);
    expect((await ids('channel=sms')).length).toBe(8);
    expect(await ids('sendStatus=2')).toEqual([]);
    const since = new Date(Date.now() - 24 * 3600_000).toISOString();
    expect(await ids(`createTime_ge=${encodeURIComponent(since)}`)).toEqual(['13501234512', '15101234517', '13912345601']);
    const refused = (await list(admin, 'sendStatus=sent')).json();
    expect(refused.code).toBe(400);
    expect(refused.msg).toContain('sendStatus');
  });

  it('logs a text the gateway refused as failed, without the code, keeps no code, and tells the customer', async () => {
    let tried = '';
    setSmsSender({
      send: async (_db, _tenant, _phone, text) => {
        tried = /\d{6}/.exec(text)![0];
        throw new Error(`gateway said: quota exceeded for text "${text}"`);
      },
    });
    try {
      const asked = await askCode('13601234519');
      expect(asked.statusCode).toBe(503);
      expect(asked.json().msg).toBe('The text message could not be sent; please try again later');
    } finally {
      setSmsSender(devOutboxSender);
    }
    expect(tried).toMatch(/^\d{6}$/);
    const failed = (await list(admin, 'sendStatus=2')).json().data.records;
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ receiver: '13601234519', templateCode: 'sms.h5:000000', sendStatus: 2 });
    expect(failed[0].error).toContain('quota exceeded');
    expect(failed[0].error).not.toContain(tried);
    expect(failed[0].content).not.toContain(tried);
    // No code was kept: the refused send does not hold back the next one by the resend wait.
    expect(
      await t.db.query('SELECT 1 FROM auth_sms_code WHERE phone = $1', ['13601234519']),
    ).toHaveLength(0);
    expect((await askCode('13601234519')).json().code).toBe(200);
    const sent = (await list(admin, 'receiver=13601234519')).json().data.records;
    expect(sent.map((r: { sendStatus: number }) => r.sendStatus)).toEqual([1, 2]);
  });

  it("keeps a gateway's words short and without the code", () => {
    expect(gatewayError(new Error('bad 123456 and 123456'), '123456')).toBe('bad ****** and ******');
    expect(gatewayError('x'.repeat(900), '1')).toHaveLength(500);
    expect(gatewayError(new Error(''), '1')).toBe('error');
  });
});

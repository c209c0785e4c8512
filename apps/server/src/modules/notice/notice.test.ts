import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, dbLabel, otherTenant, tokenFor, type TestApp } from '../../../test/harness.js';
import { devOutboxSender, setSmsSender } from '../user/index.js';

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
    expect(await ids(`createTime_ge=${encodeURIComponent(since)}`)).toEqual([
      '13501234512',
      '15101234517',
      '13912345601',
    ]);
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
    expect(failed[0]).toMatchObject({
      receiver: '13601234519',
      templateCode: 'sms.h5:000000',
      sendStatus: 2,
    });
    expect(failed[0].error).toContain('quota exceeded');
    expect(failed[0].error).not.toContain(tried);
    expect(failed[0].content).not.toContain(tried);
    // No code was kept: the refused send does not hold back the next one by the resend wait.
    expect(await t.db.query('SELECT 1 FROM auth_sms_code WHERE phone = $1', ['13601234519'])).toHaveLength(0);
    expect((await askCode('13601234519')).json().code).toBe(200);
    const sent = (await list(admin, 'receiver=13601234519')).json().data.records;
    expect(sent.map((r: { sendStatus: number }) => r.sendStatus)).toEqual([1, 2]);
  });

  describe('templates', () => {
    const tpl = (token: string, query = '') =>
      call(t, token, { url: `/api/blade-system/notice-template/list?${query}`, lang: 'en' });
    const submit = (token: string, payload: Record<string, unknown>) =>
      call(t, token, {
        method: 'POST',
        url: '/api/blade-system/notice-template/submit',
        payload,
        lang: 'en',
      });
    const remove = (token: string, ids: string) =>
      call(t, token, {
        method: 'POST',
        url: `/api/blade-system/notice-template/remove?ids=${ids}`,
        lang: 'en',
      });
    /** The text a number's last code went out with (the development outbox keeps it) and as it was logged. */
    const lastText = async (phone: string) => {
      const [sent] = await t.db.query<{ content: string }>(
        'SELECT content FROM dev_sms_outbox WHERE receiver = $1 ORDER BY create_time DESC, id DESC LIMIT 1',
        [phone],
      );
      const [log] = await t.db.query<{ content: string }>(
        'SELECT content FROM blade_notice_log WHERE receiver = $1 ORDER BY create_time DESC, id DESC LIMIT 1',
        [phone],
      );
      return { sent: sent!.content, logged: log!.content };
    };
    const h5Template = async () =>
      (await tpl(admin, 'code=sms.h5')).json().data.records[0] as {
        id: string;
        content: string;
        name: string;
      };

    it("lists the demo company's texts to its administrator only", async () => {
      const page = (await tpl(admin)).json();
      expect(page.code).toBe(200);
      expect(page.data.records.map((r: { code: string }) => r.code).sort()).toEqual(['sms.h5', 'sms.reset']);
      expect(page.data.records[0]).toMatchObject({ channel: 'sms', status: 1 });
      expect((await tpl(await tokenFor(t, 'sales1'))).json().code).toBe(403);
    });

    it('refuses a text without {code}, an unknown placeholder, an unknown code and a second live template, naming each', async () => {
      const base = { code: 'sms.reset', name: '找回密码', content: '验证码 {code}' };
      const said = async (payload: Record<string, unknown>) => {
        const r = await submit(admin, payload);
        return [r.statusCode, r.json().msg];
      };
      expect(await said({ ...base, content: '您的验证码已发送' })).toEqual([
        400,
        'The template text must contain {code}, where the code goes',
      ]);
      expect(await said({ ...base, content: '{name}，验证码 {code}' })).toEqual([
        400,
        'Unknown placeholder {name}; the ones filled in are: {code} {minutes}',
      ]);
      expect(await said({ ...base, content: '   ' })).toEqual([400, 'The template text cannot be empty']);
      expect((await said({ ...base, code: 'sms.welcome' }))[0]).toBe(400);
      expect((await said({ ...base, content: 'x{code}'.repeat(60) }))[0]).toBe(400);
      expect(await said(base)).toEqual([400, 'A template sms.reset already exists; edit it instead']);
    });

    it("sends a customer's code with the tenant's text, and the built-in one once it is disabled or removed", async () => {
      const h5 = await h5Template();
      const changed = await submit(admin, {
        id: h5.id,
        code: 'sms.h5',
        name: h5.name,
        content: '【前庭汽车】验证码 {code}（{minutes} 分钟内有效）',
      });
      expect(changed.json().code).toBe(200);
      expect((await askCode('13601234521')).json().code).toBe(200);
      const first = await lastText('13601234521');
      expect(first.sent).toMatch(/^【前庭汽车】验证码 \d{6}（5 分钟内有效）$/);
      expect(first.logged).toBe('【前庭汽车】验证码 ******（5 分钟内有效）');

      // Disabled: the built-in text, in the reader's language.
      const off = await submit(admin, {
        id: h5.id,
        code: 'sms.h5',
        name: h5.name,
        content: h5.content,
        status: 0,
      });
      expect(off.json().code).toBe(200);
      expect((await askCode('13601234522')).json().code).toBe(200);
      expect((await lastText('13601234522')).sent).toMatch(/^\[Forecourt\] Your verification code is \d{6},/);

      // Removed, the code may have a template again.
      expect((await remove(admin, h5.id)).json().data).toBe(1);
      expect((await tpl(admin, 'code=sms.h5')).json().data.total).toBe(0);
      const again = await submit(admin, { code: 'sms.h5', name: '客户登录', content: '验证码 {code}' });
      expect(again.json().code).toBe(200);
      expect((await askCode('13601234523')).json().code).toBe(200);
      expect((await lastText('13601234523')).sent).toMatch(/^验证码 \d{6}$/);
    });

    it('lets one of two administrators adding the same code at once have it (the database decides)', async () => {
      const reset = (await tpl(admin, 'code=sms.reset')).json().data.records[0];
      expect((await remove(admin, reset.id)).json().data).toBe(1);
      const both = await Promise.all(
        [1, 2].map((n) =>
          submit(admin, { code: 'sms.reset', name: `找回密码 ${n}`, content: `验证码 {code} ${n}` }),
        ),
      );
      expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      expect(both.find((r) => r.statusCode === 400)!.json().msg).toBe(
        'A template sms.reset already exists; edit it instead',
      );
      expect((await tpl(admin, 'code=sms.reset')).json().data.total).toBe(1);
    });
  });
});

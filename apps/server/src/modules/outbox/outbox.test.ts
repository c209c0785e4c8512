import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { call, createTestApp, dbLabel, otherTenant, tokenFor, type TestApp } from '../../../test/harness.js';
import { devOutboxSender, setSmsSender, smsGatewayConfigured } from '../user/index.js';

describe(`development SMS outbox (${dbLabel})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const askCode = (phone: string) =>
    call(t, undefined, { url: `/api/blade-member/h5/sms-code?tenantId=000000&phone=${phone}`, lang: 'en' });
  const list = (token: string, phone: string) =>
    call(t, token, { url: `/api/blade-system/sms-outbox/list?receiver=${phone}`, lang: 'en' });

  it('without a gateway, keeps the text for the platform administrator only, never the code in the notice log', async () => {
    expect(smsGatewayConfigured()).toBe(false);
    expect((await askCode('13601234501')).json().code).toBe(200);
    const page = (await list(await tokenFor(t, 'admin'), '13601234501')).json();
    expect(page.code).toBe(200);
    expect(page.data.records).toHaveLength(1);
    expect(page.data.records[0]).toMatchObject({ receiver: '13601234501', templateCode: 'sms.h5:000000' });
    const code = /\d{6}/.exec(String(page.data.records[0].content))?.[0];
    expect(code).toMatch(/^\d{6}$/);
    // The code signs the customer in.
    const login = await call(t, undefined, {
      method: 'POST',
      url: '/api/blade-member/h5/login',
      payload: { tenantId: '000000', phone: '13601234501', code },
      lang: 'en',
    });
    expect(login.json().code).toBe(200);
    const logged = await t.db.query<{ content: string }>(
      `SELECT content FROM blade_notice_log WHERE receiver = $1 AND channel = 'sms'`,
      ['13601234501'],
    );
    expect(logged).toHaveLength(1);
    expect(logged[0]!.content).not.toContain(code);
    expect(logged[0]!.content).not.toMatch(/\d{6}/);

    // Staff, and the administrator of another tenant (who passes role checks in their tenant), are refused.
    expect((await list(await tokenFor(t, 'sales1'), '13601234501')).json().code).toBe(403);
    const boss = await otherTenant(t, '300300', { administrator: true });
    const refused = (await list(boss, '13601234501')).json();
    expect(refused).toMatchObject({
      code: 403,
      msg: 'Only the platform administrator can read the development outbox',
    });
  });

  it('with a gateway configured, the outbox is never written', async () => {
    const sent: string[] = [];
    setSmsSender({
      send: async (_db, _tenant, _phone, text) => {
        sent.push(text);
      },
    });
    try {
      expect(smsGatewayConfigured()).toBe(true);
      expect((await askCode('13601234502')).json().code).toBe(200);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatch(/\d{6}/);
      const page = (await list(await tokenFor(t, 'admin'), '13601234502')).json();
      expect(page.data.records).toEqual([]);
      expect(
        await t.db.query('SELECT 1 FROM dev_sms_outbox WHERE receiver = $1', ['13601234502']),
      ).toHaveLength(0);
    } finally {
      setSmsSender(devOutboxSender);
    }
  });

  it('puts no code in any log line, even at the finest level', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp({
      config: t.config,
      db: t.db,
      bus: t.bus,
      loggerInstance: pino({ level: 'trace' }, sink),
    });
    try {
      await app.ready();
      const basic = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
      const asked = await app.inject({
        url: '/api/blade-member/h5/sms-code?tenantId=000000&phone=13601234503',
        headers: { authorization: basic },
      });
      expect(asked.json().code).toBe(200);
      const read = await app.inject({
        url: '/api/blade-system/sms-outbox/list?receiver=13601234503',
        headers: { authorization: basic, 'blade-auth': `bearer ${await tokenFor(t, 'admin')}` },
      });
      const code = /\d{6}/.exec(String(read.json().data.records[0].content))?.[0];
      expect(code).toMatch(/^\d{6}$/);
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.filter((l) => l.includes(code!))).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

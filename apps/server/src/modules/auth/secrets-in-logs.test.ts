import { Writable } from 'node:stream';
import { sm2 } from 'sm-crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { MemoryBus } from '../../platform/bus.js';
import { createLogger, redactUrl } from '../../platform/logging.js';
import {
  BASIC,
  dbLabel,
  TEST_ADMIN_PASSWORD,
  TEST_DEMO_PASSWORD,
  testConfig,
  testDb,
} from '../../../test/harness.js';

/**
 * A security test found the sign-in URL (password ciphertext, refresh token) in the request log, where a
 * reader could replay it. BladeX clients may still send these in the query string, so every log line and
 * every log table must do without them.
 */
describe(`no secret reaches a log (${dbLabel})`, () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  let app: Awaited<ReturnType<typeof buildApp>>;
  let db: Awaited<ReturnType<typeof testDb>>['db'];
  let drop: () => Promise<void>;
  let pk: string;
  const enc = (s: string) => sm2.doEncrypt(s, pk, 1);
  const secrets: Record<string, string> = {};

  beforeAll(async () => {
    const config = testConfig({ LOG_LEVEL: 'info' });
    ({ db, drop } = await testDb(config));
    app = await buildApp({ config, db, bus: new MemoryBus(), loggerInstance: createLogger('info', stream) });
    await app.ready();
    pk = (
      await app.inject({ url: '/api/blade-auth/oauth/public-key', headers: { authorization: BASIC } })
    ).json().data.publicKey;
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  const post = (url: string, query: Record<string, string>, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: `${url}?${new URLSearchParams(query)}`,
      headers: { authorization: BASIC, 'tenant-id': '000000', ...headers },
    });

  it('signs in, refreshes, resets a password by SMS and fails with secrets in the query string', async () => {
    // Sign-in with a captcha, everything in the query string the way BladeX clients send it.
    const captcha = (
      await app.inject({ url: '/api/blade-auth/oauth/captcha', headers: { authorization: BASIC } })
    ).json().data.key as string;
    const captchaCode = (await db.one<{ code: string }>('SELECT code FROM auth_captcha WHERE key = $1', [
      captcha,
    ]))!.code;
    secrets.captchaCode = captchaCode;
    secrets.password = TEST_ADMIN_PASSWORD;
    secrets.cipher = enc(TEST_ADMIN_PASSWORD);
    const signIn = await post(
      '/api/blade-auth/oauth/token',
      { tenantId: '000000', username: 'admin', password: secrets.cipher, grant_type: 'captcha' },
      { 'captcha-key': captcha, 'captcha-code': captchaCode },
    );
    expect(signIn.statusCode).toBe(200);
    secrets.access = signIn.json().access_token;
    secrets.refresh = signIn.json().refresh_token;

    const refreshed = await post('/api/blade-auth/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: secrets.refresh!,
    });
    expect(refreshed.statusCode).toBe(200);
    secrets.refresh2 = refreshed.json().refresh_token;

    // The forgotten-password flow: the SMS code and the new passwords in the query string.
    const phone = '13912345605';
    const sent = await app.inject({
      url: `/api/blade-user/user/sms/send-message?mobile=${phone}`,
      headers: { authorization: BASIC, 'tenant-id': '000000' },
    });
    expect(sent.statusCode).toBe(200);
    const notice = await db.one<{ content: string }>(
      `SELECT content FROM dev_sms_outbox WHERE receiver = $1 ORDER BY create_time DESC, id DESC LIMIT 1`,
      [phone],
    );
    secrets.sms = notice!.content.match(/\d{6}/)![0];
    secrets.newPassword = 'Reset2026pw';
    secrets.newCipher = enc(secrets.newPassword);
    const reset = await post('/api/blade-user/update-password-forget', {
      phone,
      code: secrets.sms,
      newPassword: secrets.newCipher,
      newPassword1: secrets.newCipher,
    });
    expect(reset.json()).toMatchObject({ code: 200 });

    // An unexpected failure is logged and written to blade_log_error with its URL.
    const query = db.query.bind(db);
    db.query = (async (sql: string, params?: unknown[], opts?: { name?: string }) => {
      if (sql.includes('authorized_grant_types')) throw new Error('database went away');
      return query(sql, params, opts);
    }) as typeof db.query;
    secrets.failedCipher = enc(TEST_DEMO_PASSWORD);
    const failed = await post('/api/blade-auth/oauth/token', {
      username: 'sales1',
      password: secrets.failedCipher,
      grant_type: 'password',
      refresh_token: secrets.refresh2!,
    });
    db.query = query;
    expect(failed.statusCode).toBe(500);

    // The shell's client error log, with a page address that carries a code.
    secrets.pageCode = 'pagecode-4f1d9a';
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/blade-desk/log/client-errors',
      headers: { authorization: BASIC, 'blade-auth': `bearer ${refreshed.json().access_token}` },
      payload: [{ type: 'error', message: 'x', url: `https://shop.example/login?code=${secrets.pageCode}` }],
    });
    expect(uploaded.statusCode).toBe(200);
  });

  it('leaves none of those secrets in the log output or the log tables', async () => {
    const errors = await db.query<{ request_uri: string; message: string; stack_trace: string }>(
      'SELECT request_uri, message, stack_trace FROM blade_log_error',
    );
    expect(errors.length).toBeGreaterThan(0);
    const clientLog = await db.query<{ url: string }>('SELECT url FROM blade_log_client');
    expect(clientLog.length).toBe(1);
    // The notice log keeps each text sent, with its code masked (the code itself is only in the outbox).
    // (The demo company's log of earlier days is in it too: the reset above must be, just written.)
    const notices = await db.query<{ content: string; recent: boolean }>(
      `SELECT content, create_time > now() - interval '10 minutes' AS recent FROM blade_notice_log`,
    );
    expect(notices.filter((n) => n.recent).length).toBeGreaterThan(0);
    const everything = [
      ...notices.map((n) => n.content),
      ...lines,
      ...errors.map((e) => `${e.request_uri} ${e.message} ${e.stack_trace}`),
      ...clientLog.map((c) => c.url),
    ].join('\n');
    // The log did record the requests (a test that logs nothing would pass trivially).
    expect(everything).toContain('/api/blade-auth/oauth/token?');
    expect(everything).toContain('/api/blade-user/update-password-forget?');
    expect(Object.keys(secrets)).toHaveLength(11);
    const hits = Object.entries(secrets).filter(([, secret]) => {
      const exact = secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      // Codes are short: a match must not be part of a longer word or number (ids, ports, durations).
      const re = secret.length < 8 ? new RegExp(`(?<![\\w.])${exact}(?![\\w.])`, 'i') : new RegExp(exact);
      return re.test(everything) || everything.includes(encodeURIComponent(secret));
    });
    expect(hits.map(([name]) => name)).toEqual([]);
  });

  it('redacts secret query parameters and keeps the others', () => {
    expect(redactUrl('/api/x?current=1&password=abc&refresh_token=r&code=1&tenantId=000000#h')).toBe(
      '/api/x?current=1&password=[redacted]&refresh_token=[redacted]&code=[redacted]&tenantId=000000',
    );
    expect(redactUrl('/api/x?new%50assword=abc')).toBe('/api/x?new%50assword=[redacted]');
    expect(redactUrl('/api/x')).toBe('/api/x');
  });
});

import { randomBytes } from 'node:crypto';
import { sm2 } from 'sm-crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisBus } from '../src/platform/bus.js';
import { RATE_LIMITS } from '../src/platform/rate-limits.js';
import { BASIC, createTestApp, dbLabel, type TestApp } from './harness.js';

/**
 * A security test registered 12 accounts in 0.6 s, each costing a password hash. Every public route that
 * hashes a password or sends a message is limited per address; the answer is the BladeX envelope.
 */
const LIMITED = [
  { method: 'POST', url: '/api/blade-auth/oauth/token', limit: RATE_LIMITS.token },
  { method: 'POST', url: '/api/blade-user/register-guest', limit: RATE_LIMITS.register },
  { method: 'GET', url: '/api/blade-user/user/sms/send-message', limit: RATE_LIMITS.sms },
  { method: 'POST', url: '/api/blade-user/update-password-forget', limit: RATE_LIMITS.passwordReset },
  { method: 'GET', url: '/api/blade-member/h5/sms-code', limit: RATE_LIMITS.sms },
  { method: 'POST', url: '/api/blade-member/h5/login', limit: RATE_LIMITS.customerSignIn },
] as const;

const hit = (t: TestApp, method: 'GET' | 'POST', url: string, ip: string) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: BASIC, 'accept-language': 'en' },
    ...(method === 'POST' ? { payload: {} } : {}),
    remoteAddress: ip,
  });

describe(`rate limits of the public routes that hash or send (${dbLabel})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'on' });
  });
  afterAll(() => t?.close());

  it('answers the (N+1)th request of an address in the window with 429 in the envelope', async () => {
    for (const [i, r] of LIMITED.entries()) {
      const ip = `10.77.0.${i + 1}`;
      for (let n = 1; n <= r.limit.max; n++) {
        const res = await hit(t, r.method, r.url, ip);
        expect(res.statusCode, `${r.url} #${n}`).not.toBe(429);
      }
      const over = await hit(t, r.method, r.url, ip);
      expect(over.statusCode, r.url).toBe(429);
      expect(over.json(), r.url).toMatchObject({
        code: 429,
        success: false,
        msg: 'Too many requests, please try again later',
      });
      // Another address still gets through.
      expect((await hit(t, r.method, r.url, `10.78.0.${i + 1}`)).statusCode, r.url).not.toBe(429);
    }
  });

  it('lists a limit on every public route that hashes a password or sends a message', () => {
    // A new public route of this kind must join LIMITED, whose every entry the test above proves limited.
    const found = new Set(
      t.app.routeTable
        .filter((r) => r.permission === 'public' && /oauth\/token|register|forget|sms|login/.test(r.url))
        .map((r) => r.url),
    );
    expect([...found].sort()).toEqual(LIMITED.map((r) => r.url).sort());
  });
});

describe(`register-guest in captcha mode (${dbLabel})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA_MODE: 'on' });
  });
  afterAll(() => t?.close());

  it('needs a valid captcha before it hashes anything', async () => {
    const pk = (
      await t.app.inject({ url: '/api/blade-auth/oauth/public-key', headers: { authorization: BASIC } })
    ).json().data.publicKey;
    const register = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/blade-user/register-guest',
        headers: { authorization: BASIC, 'accept-language': 'en', ...headers },
        payload: { tenantId: '000000', account: 'guest.cap', password: sm2.doEncrypt('Guest2026pw', pk, 1) },
      });
    expect((await register({})).json()).toMatchObject({ code: 400, msg: 'Please enter the captcha' });
    const key = (
      await t.app.inject({ url: '/api/blade-auth/oauth/captcha', headers: { authorization: BASIC } })
    ).json().data.key as string;
    const code = (await t.db.one<{ code: string }>('SELECT code FROM auth_captcha WHERE key = $1', [key]))!
      .code;
    expect((await register({ 'captcha-key': key, 'captcha-code': 'zzzzz' })).json().msg).toBe(
      'The captcha is wrong or expired, please get a new one',
    );
    const key2 = (
      await t.app.inject({ url: '/api/blade-auth/oauth/captcha', headers: { authorization: BASIC } })
    ).json().data.key as string;
    const code2 = (await t.db.one<{ code: string }>('SELECT code FROM auth_captcha WHERE key = $1', [key2]))!
      .code;
    expect(code).toBeTruthy();
    expect((await register({ 'captcha-key': key2, 'captcha-code': code2 })).json()).toMatchObject({
      code: 200,
    });
  });
});

describe(`rate limits shared through Redis (${dbLabel})`, () => {
  const apps: TestApp[] = [];
  const buses: RedisBus[] = [];
  beforeAll(async () => {
    const prefix = `forecourt-test-${randomBytes(4).toString('hex')}:`;
    for (let i = 0; i < 2; i++) {
      const bus = await RedisBus.open(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', prefix);
      buses.push(bus);
      apps.push(await createTestApp({ RATE_LIMIT: 'on' }, bus));
    }
  });
  afterAll(async () => {
    for (const a of apps) await a.close();
    for (const b of buses) await b.close();
  });

  it('counts the requests of an address on both nodes together', async () => {
    const [a, b] = apps as [TestApp, TestApp];
    const url = '/api/blade-user/register-guest';
    const max = RATE_LIMITS.register.max;
    for (let n = 1; n <= max; n++) {
      const res = await hit(n % 2 ? a : b, 'POST', url, '10.79.0.1');
      expect(res.statusCode).not.toBe(429);
    }
    const over = await hit(max % 2 ? b : a, 'POST', url, '10.79.0.1');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 429, msg: 'Too many requests, please try again later' });
  });
});

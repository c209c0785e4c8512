import { sm2 } from 'sm-crypto';
import argon2 from 'argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  BASIC,
  call,
  createTestApp,
  dbLabel,
  TEST_ADMIN_PASSWORD,
  TEST_DEMO_PASSWORD,
  type TestApp,
} from '../../../test/harness.js';
import { legacyBladeHash } from '../../platform/auth/passwords.js';

/** Signs in the way the web shell does: fetch the public key, encrypt, post the token form. */
async function publicKey(t: TestApp): Promise<string> {
  const res = await call(t, undefined, { url: '/api/blade-auth/oauth/public-key' });
  return res.json().data.publicKey;
}

function tokenRequest(
  t: TestApp,
  q: Record<string, string>,
  opts: { headers?: Record<string, string>; lang?: 'en' | 'zh'; ip?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/blade-auth/oauth/token?${new URLSearchParams({ tenantId: '000000', scope: 'all', type: 'account', ...q })}`,
    headers: {
      authorization: BASIC,
      'tenant-id': '000000',
      ...(opts.lang ? { 'accept-language': opts.lang } : {}),
      ...(opts.headers ?? {}),
    },
    remoteAddress: opts.ip ?? '10.0.0.1',
  });
}

async function signIn(
  t: TestApp,
  username: string,
  password: string,
  opts: Parameters<typeof tokenRequest>[2] = {},
) {
  const cipher = sm2.doEncrypt(password, await publicKey(t), 1);
  return tokenRequest(t, { username, password: cipher, grant_type: 'password' }, opts);
}

describe(`sign-in (${dbLabel})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('publishes the SM2 public key and cipher mode', async () => {
    const res = await call(t, undefined, { url: '/api/blade-auth/oauth/public-key' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ publicKey: expect.stringMatching(/^04[0-9a-f]{128}$/), cipherMode: 1 });
  });

  it('signs in with an SM2-encrypted password and answers the token fields in snake_case', async () => {
    const res = await signIn(t, 'admin', TEST_ADMIN_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      token_type: 'bearer',
      expires_in: 3600,
      tenant_id: '000000',
      account: 'admin',
      user_name: 'admin',
      real_name: '管理员',
      role_name: 'administrator',
      emp_no: 'FC0001',
      dept_name: '综合管理部',
    });
    for (const f of [
      'access_token',
      'refresh_token',
      'user_id',
      'role_id',
      'dept_id',
      'nick_name',
      'avatar',
      'phone',
      'oauth_id',
      'license',
    ]) {
      expect(body).toHaveProperty(f);
    }
    expect(JSON.stringify(body)).not.toMatch(/argon2|password/);
    const info = await t.app.inject({
      url: '/api/blade-auth/oauth/user-info',
      headers: { authorization: BASIC, 'blade-auth': `bearer ${body.access_token}` },
    });
    expect(info.json().data).toMatchObject({ account: 'admin', roles: ['administrator'] });
  });

  it('also accepts the ciphertext with the 04 prefix and the form body', async () => {
    const cipher = '04' + sm2.doEncrypt(TEST_DEMO_PASSWORD, await publicKey(t), 1);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        tenantId: '000000',
        username: 'sales1',
        password: cipher,
        grant_type: 'password',
        scope: 'all',
      }).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().account).toBe('sales1');
  });

  it('refuses a plain-text password with a clear error_description', async () => {
    const res = await tokenRequest(
      t,
      { username: 'admin', password: TEST_ADMIN_PASSWORD, grant_type: 'password' },
      { lang: 'en' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error_code: 'invalid_request',
      error_description: 'The password must be encrypted with the server public key (SM2) before it is sent',
    });
  });

  it('names the problem of a malformed request, never a 500', async () => {
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ password: 'x', grant_type: 'password' }, /Missing parameter username/],
      [{ username: 'admin', grant_type: 'password' }, /Missing parameter password/],
      [{ username: 'admin', password: 'x' }, /Missing parameter grant_type/],
      [{ username: 'admin', password: 'x', grant_type: 'magic' }, /Unsupported grant type: magic/],
      [{ username: 'admin', password: 'zz'.repeat(120), grant_type: 'password' }, /must be encrypted/],
      [{ username: 'admin', password: 'ab'.repeat(120), grant_type: 'password' }, /could not be decrypted/],
      [{ grant_type: 'refresh_token' }, /Missing parameter refresh_token/],
      [{ grant_type: 'refresh_token', refresh_token: 'not-a-token' }, /Refresh token invalid or expired/],
    ];
    for (const [q, msg] of cases) {
      const res = await tokenRequest(t, q, { lang: 'en' });
      expect(res.statusCode, JSON.stringify(q)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(q)).toBeLessThan(500);
      expect(res.json().error_description, JSON.stringify(q)).toMatch(msg);
    }
  });

  it('refuses a request without the client credential', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token?grant_type=password',
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers the same words for an unknown account and a wrong password', async () => {
    const a = await signIn(t, 'nobody', 'whatever1', { lang: 'en', ip: '10.9.0.1' });
    const b = await signIn(t, 'online2', 'wrong-password1', { lang: 'en', ip: '10.9.0.1' });
    expect(a.statusCode).toBe(400);
    expect(a.json().error_description).toBe('Wrong account or password');
    expect(b.json().error_description).toBe('Wrong account or password');
  });

  it('locks an account after 5 failures for 30 minutes, and the right password is refused meanwhile', async () => {
    for (let i = 1; i <= 5; i++) {
      const res = await signIn(t, 'resource2', `wrong-${i}-pass`, { lang: 'en', ip: '10.1.0.1' });
      // Even the failure that locks the account answers like an unknown account.
      expect(res.statusCode).toBe(400);
      expect(res.json().error_description).toBe('Wrong account or password');
    }
    const right = await signIn(t, 'resource2', TEST_DEMO_PASSWORD, { ip: '10.1.0.2' });
    expect(right.statusCode).toBe(423);
    expect(right.json().error_description).toBe('登录失败次数过多，账号已锁定，请 30 分钟后再试');
    // Unlocked when the lock runs out.
    await t.db.query(
      `UPDATE blade_user SET locked_until = now() - interval '1 second' WHERE account = 'resource2'`,
    );
    expect((await signIn(t, 'resource2', TEST_DEMO_PASSWORD, { ip: '10.1.0.2' })).statusCode).toBe(200);
  });

  it('answers an unknown, a locked and an existing account alike, after the same password check', async () => {
    await t.db.query(
      `UPDATE blade_user SET locked_until = now() + interval '30 minutes' WHERE account = 'resource1'`,
    );
    const verify = vi.spyOn(argon2, 'verify');
    try {
      const answers = [];
      for (const account of ['nobody-at-all', 'resource1', 'sales2']) {
        verify.mockClear();
        const res = await signIn(t, account, 'wrong-password1', { lang: 'en', ip: '10.9.1.1' });
        // One password hash verification each: an unknown account is checked against a dummy hash.
        expect(verify, account).toHaveBeenCalledTimes(1);
        answers.push({ status: res.statusCode, body: res.json() });
      }
      expect(answers[0]).toEqual({
        status: 400,
        body: expect.objectContaining({ error_description: 'Wrong account or password' }),
      });
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[2]).toEqual(answers[0]);
    } finally {
      verify.mockRestore();
      await t.db.query(`UPDATE blade_user SET locked_until = NULL WHERE account = 'resource1'`);
    }
  });

  it('throttles a source address that keeps failing across accounts', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < t.config.IP_MAX_FAILURES; i++) await signIn(t, `ghost${i}`, 'wrong-pass1', { ip });
    const res = await signIn(t, 'admin', TEST_ADMIN_PASSWORD, { ip, lang: 'en' });
    expect(res.statusCode).toBe(429);
    expect(res.json().error_description).toBe(
      'Too many failed sign-ins from this address, try again in 30 minutes',
    );
    expect((await signIn(t, 'admin', TEST_ADMIN_PASSWORD, { ip: '10.2.0.2' })).statusCode).toBe(200);
  });

  it('tells a pending account it awaits approval, and a disabled one that it is disabled', async () => {
    await t.db.query(`UPDATE blade_user SET status = 0 WHERE account = 'online1'`);
    const pending = await signIn(t, 'online1', TEST_DEMO_PASSWORD, { lang: 'en' });
    expect(pending.statusCode).toBe(403);
    expect(pending.json().error_description).toBe('The account is awaiting approval by an administrator');
    await t.db.query(`UPDATE blade_user SET status = 2 WHERE account = 'online1'`);
    expect((await signIn(t, 'online1', TEST_DEMO_PASSWORD, { lang: 'en' })).json().error_description).toBe(
      'The account is disabled, please contact an administrator',
    );
    await t.db.query(`UPDATE blade_user SET status = 1 WHERE account = 'online1'`);
  });

  it('accepts a legacy BladeX hash once and stores argon2id instead', async () => {
    await t.db.query(`UPDATE blade_user SET password = $1 WHERE account = 'sales2'`, [
      legacyBladeHash('Legacy#2019pw'),
    ]);
    expect((await signIn(t, 'sales2', 'Legacy#2019pw')).statusCode).toBe(200);
    const row = await t.db.one<{ password: string }>(
      `SELECT password FROM blade_user WHERE account = 'sales2'`,
    );
    expect(row!.password).toMatch(/^\$argon2id\$/);
    expect((await signIn(t, 'sales2', 'Legacy#2019pw')).statusCode).toBe(200);
  });

  it('refuses an unknown tenant clearly', async () => {
    const cipher = sm2.doEncrypt(TEST_ADMIN_PASSWORD, await publicKey(t), 1);
    const res = await tokenRequest(
      t,
      { tenantId: '999999', username: 'admin', password: cipher, grant_type: 'password' },
      { lang: 'en' },
    );
    expect(res.json().error_description).toBe('Tenant 999999 does not exist or is disabled');
  });

  it('answers a clear error for the social grant when no provider is configured', async () => {
    const res = await tokenRequest(
      t,
      { grant_type: 'social', source: 'wechat', code: 'abc', state: 'x' },
      { lang: 'en' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error_description).toBe('Sign-in with wechat is not configured');
  });
});

describe(`sessions (${dbLabel})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const me = (t: TestApp, token: string) =>
    t.app.inject({
      url: '/api/blade-auth/oauth/user-info',
      headers: { authorization: BASIC, 'blade-auth': `bearer ${token}` },
    });
  const refresh = (t: TestApp, token: string) =>
    tokenRequest(t, { grant_type: 'refresh_token', refresh_token: token }, { lang: 'en' });

  it('rotates refresh tokens, and reuse of a spent one revokes the whole chain', async () => {
    const first = (await signIn(t, 'sales1', TEST_DEMO_PASSWORD)).json();
    const second = await refresh(t, first.refresh_token);
    expect(second.statusCode).toBe(200);
    const s2 = second.json();
    expect(s2.refresh_token).not.toBe(first.refresh_token);
    expect(s2.account).toBe('sales1');
    expect((await me(t, s2.access_token)).statusCode).toBe(200);

    const reuse = await refresh(t, first.refresh_token);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().error_description).toMatch(/already used; the session was revoked/);
    // Every token of the chain is dead now, including the newest pair.
    expect((await me(t, s2.access_token)).statusCode).toBe(401);
    expect((await refresh(t, s2.refresh_token)).statusCode).toBe(401);
  });

  it('signs out with GET and with POST, and the token stops working at once', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const s = (await signIn(t, 'sales2', TEST_DEMO_PASSWORD)).json();
      expect((await me(t, s.access_token)).statusCode).toBe(200);
      const out = await t.app.inject({
        method,
        url: '/api/blade-auth/oauth/logout',
        headers: {
          authorization: BASIC,
          'blade-auth': `bearer ${s.access_token}`,
          ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
        },
        ...(method === 'POST' ? { payload: '{}' } : {}),
      });
      expect(out.statusCode).toBe(200);
      const after = await me(t, s.access_token);
      expect(after.statusCode).toBe(401);
      expect(after.json().code).toBe(401);
      expect((await refresh(t, s.refresh_token)).statusCode).toBe(401);
    }
  });

  it('answers 401 for a missing, forged or expired token', async () => {
    expect(
      (await t.app.inject({ url: '/api/blade-auth/oauth/user-info', headers: { authorization: BASIC } }))
        .statusCode,
    ).toBe(401);
    const good = (await signIn(t, 'admin', TEST_ADMIN_PASSWORD)).json().access_token as string;
    const [h, p, s] = good.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...payload, acc: 'root', ral: ['administrator'] }),
    ).toString('base64url');
    expect((await me(t, `${h}.${forgedPayload}.${s}`)).statusCode).toBe(401);
    const expired = Buffer.from(
      JSON.stringify({ ...payload, exp: Math.floor(Date.now() / 1000) - 10 }),
    ).toString('base64url');
    expect((await me(t, `${h}.${expired}.${s}`)).statusCode).toBe(401);
    expect((await me(t, 'garbage')).json()).toMatchObject({ code: 401, success: false });
  });

  it('revokes sessions of a user whose account is disabled', async () => {
    const s = (await signIn(t, 'resource1', TEST_DEMO_PASSWORD)).json();
    await t.db.query(`UPDATE blade_user SET status = 2 WHERE account = 'resource1'`);
    expect((await me(t, s.access_token)).statusCode).toBe(401);
    expect((await refresh(t, s.refresh_token)).statusCode).toBe(401);
    await t.db.query(`UPDATE blade_user SET status = 1 WHERE account = 'resource1'`);
  });
});

describe(`captcha mode (${dbLabel})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA_MODE: 'on' });
  });
  afterAll(() => t?.close());

  async function captcha() {
    const res = await call(t, undefined, { url: '/api/blade-auth/oauth/captcha' });
    const { key, image, enabled } = res.json().data;
    expect(image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(enabled).toBe(true);
    const code = (await t.db.one<{ code: string }>('SELECT code FROM auth_captcha WHERE key = $1', [key]))!
      .code;
    expect(code).toHaveLength(5);
    return { key, code };
  }

  it('refuses the password grant without a captcha, accepts a valid one once', async () => {
    const without = await signIn(t, 'admin', TEST_ADMIN_PASSWORD, { lang: 'en' });
    expect(without.statusCode).toBe(400);
    expect(without.json().error_description).toBe('Please enter the captcha');

    const { key, code } = await captcha();
    const wrong = await signIn(t, 'admin', TEST_ADMIN_PASSWORD, {
      lang: 'en',
      headers: { 'captcha-key': key, 'captcha-code': 'zzzzz' },
    });
    expect(wrong.json().error_description).toBe('The captcha is wrong or expired, please get a new one');
    // A captcha works once, right or wrong.
    const again = await signIn(t, 'admin', TEST_ADMIN_PASSWORD, {
      headers: { 'captcha-key': key, 'captcha-code': code },
    });
    expect(again.statusCode).toBe(400);

    const fresh = await captcha();
    const ok = await signIn(t, 'admin', TEST_ADMIN_PASSWORD, {
      headers: { 'captcha-key': fresh.key, 'captcha-code': fresh.code.toUpperCase() },
    });
    expect(ok.statusCode).toBe(200);
    const reused = await signIn(t, 'admin', TEST_ADMIN_PASSWORD, {
      headers: { 'captcha-key': fresh.key, 'captcha-code': fresh.code },
    });
    expect(reused.statusCode).toBe(400);
  });

  it('refuses an expired captcha', async () => {
    const { key, code } = await captcha();
    await t.db.query(`UPDATE auth_captcha SET expires_at = now() - interval '1 second' WHERE key = $1`, [
      key,
    ]);
    const res = await signIn(t, 'admin', TEST_ADMIN_PASSWORD, {
      headers: { 'captcha-key': key, 'captcha-code': code },
    });
    expect(res.statusCode).toBe(400);
  });
});

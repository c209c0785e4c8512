import { sm2 } from 'sm-crypto';
import argon2 from 'argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  BASIC,
  call,
  createTestApp,
  dbLabel,
  otherTenant,
  TEST_DEMO_PASSWORD,
  tokenFor,
  type TestApp,
} from '../../../test/harness.js';

describe(`accounts and passwords (${dbLabel})`, () => {
  let t: TestApp;
  let pk: string;
  const enc = (s: string) => sm2.doEncrypt(s, pk, 1);
  beforeAll(async () => {
    t = await createTestApp();
    pk = (await call(t, undefined, { url: '/api/blade-auth/oauth/public-key' })).json().data.publicKey;
  });
  afterAll(() => t?.close());

  const signIn = (account: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/blade-auth/oauth/token?${new URLSearchParams({ tenantId: '000000', username: account, password: enc(password), grant_type: 'password', scope: 'all' })}`,
      headers: { authorization: BASIC, 'accept-language': 'en' },
    });

  it('registers a guest that cannot sign in until an administrator approves it', async () => {
    const q = new URLSearchParams({
      tenantId: '000000',
      name: '周明',
      account: 'guest.zhou',
      password: enc('Guest2026pw'),
      oauthId: '',
    });
    const res = await call(t, undefined, {
      method: 'POST',
      url: `/api/blade-user/register-guest?${q}`,
      lang: 'en',
    });
    expect(res.json()).toMatchObject({
      code: 200,
      success: true,
      data: true,
      msg: 'Application submitted; it awaits approval by an administrator',
    });
    const denied = await signIn('guest.zhou', 'Guest2026pw');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error_description).toBe('The account is awaiting approval by an administrator');
    const dup = await call(t, undefined, {
      method: 'POST',
      url: `/api/blade-user/register-guest?${q}`,
      lang: 'en',
    });
    expect(dup.json()).toEqual(res.json());
    const guest = await t.db.one<{ id: string }>(`SELECT id FROM blade_user WHERE account = 'guest.zhou'`);
    // A sales user may not approve; another tenant's administrator cannot even see the account.
    expect(
      (
        await call(t, await tokenFor(t, 'sales1'), {
          method: 'POST',
          url: `/api/blade-user/approve?userIds=${guest!.id}`,
        })
      ).statusCode,
    ).toBe(403);
    const foreign = await call(t, await otherTenant(t, '444444'), {
      method: 'POST',
      url: `/api/blade-user/approve?userIds=${guest!.id}`,
    });
    expect(foreign.statusCode).toBe(403);
    expect((await signIn('guest.zhou', 'Guest2026pw')).statusCode).toBe(403);
    const approved = await call(t, await tokenFor(t, 'admin'), {
      method: 'POST',
      url: `/api/blade-user/approve?userIds=${guest!.id}`,
      lang: 'en',
    });
    expect(approved.json()).toMatchObject({ code: 200, data: 1, msg: '1 account(s) approved' });
    const ok = await signIn('guest.zhou', 'Guest2026pw');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().role_name).toBe('user');
  });

  it('lets an administrator lift a sign-in lock', async () => {
    await t.db.query(
      `UPDATE blade_user SET locked_until = now() + interval '30 minutes' WHERE account = 'resource1'`,
    );
    expect((await signIn('resource1', TEST_DEMO_PASSWORD)).statusCode).toBe(423);
    const id = (await t.db.one<{ id: string }>(`SELECT id FROM blade_user WHERE account = 'resource1'`))!.id;
    expect(
      (
        await call(t, await tokenFor(t, 'sales1'), {
          method: 'POST',
          url: `/api/blade-user/unlock?userIds=${id}`,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(t, await tokenFor(t, 'admin'), {
          method: 'POST',
          url: `/api/blade-user/unlock?userIds=${id}`,
        })
      ).json().data,
    ).toBe(1);
    expect((await signIn('resource1', TEST_DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('answers a registration of an existing account like a new one, after the same work, and creates nothing', async () => {
    const hash = vi.spyOn(argon2, 'hash');
    try {
      const answers = [];
      for (const account of ['sales1', 'guest.new1']) {
        hash.mockClear();
        const q = new URLSearchParams({ tenantId: '000000', account, password: enc('Guest2026pw') });
        const res = await call(t, undefined, {
          method: 'POST',
          url: '/api/blade-user/register-guest',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: q.toString(),
          lang: 'en',
        });
        expect(hash, account).toHaveBeenCalledTimes(1);
        answers.push({ status: res.statusCode, body: res.json() });
      }
      expect(answers[0]).toEqual(answers[1]);
      expect(answers[0]!.body.msg).toBe('Application submitted; it awaits approval by an administrator');
    } finally {
      hash.mockRestore();
    }
    const sales1 = await t.db.query<{ status: number }>(
      `SELECT status FROM blade_user WHERE account = 'sales1' AND tenant_id = '000000' AND is_deleted = 0`,
    );
    expect(sales1).toEqual([{ status: 1 }]);
  });

  it('refuses a registration without a password, with a plain one, or to an unknown tenant', async () => {
    const noPw = await call(t, undefined, {
      method: 'POST',
      url: '/api/blade-user/register-guest?account=abc123',
      lang: 'en',
    });
    expect(noPw.json().msg).toBe('Please enter password first');
    const plain = await call(t, undefined, {
      method: 'POST',
      url: '/api/blade-user/register-guest?account=abc123&password=Plain2026pw',
      lang: 'en',
    });
    expect(plain.json().msg).toMatch(/must be encrypted/);
    const tenant = await call(t, undefined, {
      method: 'POST',
      url: `/api/blade-user/register-guest?${new URLSearchParams({ tenantId: '123456', account: 'abc123', password: enc('Guest2026pw') })}`,
      lang: 'en',
    });
    expect(tenant.json().msg).toBe('Tenant 123456 does not exist');
  });

  it('check-password says true for an initial password and false once it was changed', async () => {
    await t.db.query(`UPDATE blade_user SET password_initial = true WHERE account = 'sales1'`);
    const token = await tokenFor(t, 'sales1');
    expect((await call(t, token, { url: '/api/blade-user/check-password' })).json().data).toBe(true);
    // Another user's flag is not for a sales user to read.
    const admin = await t.db.one<{ id: string }>(`SELECT id FROM blade_user WHERE account = 'admin'`);
    expect(
      (await call(t, token, { url: `/api/blade-user/check-password?userId=${admin!.id}` })).statusCode,
    ).toBe(403);

    const change = (o: string, n: string, n1 = n) =>
      call(t, token, {
        method: 'POST',
        url: '/api/blade-user/update-password',
        payload: { oldPassword: enc(o), newPassword: enc(n), newPassword1: enc(n1) },
        lang: 'en',
      });
    expect((await change(TEST_DEMO_PASSWORD, 'NewSales2026', 'Different2026')).json().msg).toBe(
      'Passwords entered do not match',
    );
    expect((await change(TEST_DEMO_PASSWORD, 'short')).json().msg).toMatch(/at least 8 characters/);
    expect((await change('Wrong#Old2026', 'NewSales2026')).json().msg).toBe('The old password is wrong');
    const other = (await signIn('sales1', TEST_DEMO_PASSWORD)).json().access_token;
    const done = await change(TEST_DEMO_PASSWORD, 'NewSales2026');
    expect(done.json()).toMatchObject({ code: 200, msg: 'Password changed' });
    expect((await call(t, token, { url: '/api/blade-user/check-password' })).json().data).toBe(false);
    // The caller stays signed in; the other session of the same user is signed out.
    expect((await call(t, token, { url: '/api/blade-auth/oauth/user-info' })).statusCode).toBe(200);
    expect((await call(t, other, { url: '/api/blade-auth/oauth/user-info' })).statusCode).toBe(401);
    expect((await signIn('sales1', 'NewSales2026')).statusCode).toBe(200);
  });

  it('updates only the profile fields that were sent, and refuses an avatar that is not a URL', async () => {
    const token = await tokenFor(t, 'sales2');
    const before = await t.db.one<{ name: string; sex: number; avatar: string | null }>(
      `SELECT name, sex, avatar FROM blade_user WHERE account = 'sales2'`,
    );
    const bad = await call(t, token, {
      method: 'POST',
      url: '/api/blade-user/update-info',
      payload: { avatar: 'me.png' },
      lang: 'en',
    });
    const urlOnly = 'Field avatar must be a URL starting with http:// or https://';
    expect(bad.json()).toMatchObject({ code: 400, msg: urlOnly });
    // Containing http is not enough: a script address that mentions it is refused too.
    for (const avatar of ['javascript:alert(document.cookie)//http://x', 'data:image/png;http://x']) {
      const refused = await call(t, token, {
        method: 'POST',
        url: '/api/blade-user/update-info',
        payload: { avatar },
        lang: 'en',
      });
      expect(refused.json(), avatar).toMatchObject({ code: 400, msg: urlOnly });
    }
    const res = await call(t, token, {
      method: 'POST',
      url: '/api/blade-user/update-info',
      payload: { name: '小梅', avatar: '' },
      lang: 'en',
    });
    expect(res.json()).toMatchObject({ code: 200, msg: 'Profile saved' });
    const after = await t.db.one<{ name: string; sex: number; avatar: string | null }>(
      `SELECT name, sex, avatar FROM blade_user WHERE account = 'sales2'`,
    );
    expect(after).toEqual({ ...before, name: '小梅' });
    await call(t, token, {
      method: 'POST',
      url: '/api/blade-user/update-info',
      payload: { sex: 3, avatar: 'https://cdn.example.com/a.png' },
    });
    expect(await t.db.one(`SELECT sex, avatar FROM blade_user WHERE account = 'sales2'`)).toEqual({
      sex: 3,
      avatar: 'https://cdn.example.com/a.png',
    });
    expect(
      (
        await call(t, token, {
          method: 'POST',
          url: '/api/blade-user/update-info',
          payload: { sex: 7 },
          lang: 'en',
        })
      ).json().msg,
    ).toBe('Gender must be male, female or hidden');
  });
});

describe(`forgotten password by SMS (${dbLabel})`, () => {
  let t: TestApp;
  let pk: string;
  const enc = (s: string) => sm2.doEncrypt(s, pk, 1);
  beforeAll(async () => {
    t = await createTestApp();
    pk = (await call(t, undefined, { url: '/api/blade-auth/oauth/public-key' })).json().data.publicKey;
  });
  afterAll(() => t?.close());

  const send = (mobile: string) =>
    call(t, undefined, {
      url: `/api/blade-user/user/sms/send-message?mobile=${mobile}`,
      headers: { 'tenant-id': '000000' },
      lang: 'en',
    });
  const reset = (phone: string, code: string, pw = 'Reset2026pw', pw1 = pw) =>
    call(t, undefined, {
      method: 'POST',
      url: '/api/blade-user/update-password-forget',
      headers: { 'tenant-id': '000000' },
      payload: { phone, code, newPassword: enc(pw), newPassword1: enc(pw1) },
      lang: 'en',
    });
  const lastCode = async (phone: string) => {
    const row = await t.db.one<{ content: string }>(
      `SELECT content FROM dev_sms_outbox WHERE receiver = $1 ORDER BY create_time DESC, id DESC LIMIT 1`,
      [phone],
    );
    return row?.content.match(/\d{6}/)?.[0];
  };

  it('checks the number with the spec messages', async () => {
    expect((await send('')).json().msg).toBe('Mobile number cannot be empty');
    expect((await send('1391234')).json().msg).toBe('Mobile number must be 11 digits');
  });

  it('sends a code through the notice log, resets the password with it once, and signs the account out', async () => {
    const phone = '13912345605'; // online1
    expect((await send(phone)).json()).toMatchObject({
      code: 200,
      msg: 'Verification code sent, valid for 5 minutes',
    });
    const code = await lastCode(phone);
    expect(code).toMatch(/^\d{6}$/);
    const session = await tokenFor(t, 'online1');
    expect((await reset(phone, code!, 'Reset2026pw', 'Other2026pw')).json().msg).toBe(
      'Passwords entered do not match',
    );
    expect((await reset(phone, code === '000000' ? '111111' : '000000')).json().msg).toBe(
      'Verification code wrong or expired',
    );
    expect((await reset(phone, code!)).json()).toMatchObject({
      code: 200,
      msg: 'Password reset, please sign in with the new password',
    });
    expect((await reset(phone, code!)).json().msg).toBe('Verification code wrong or expired');
    expect((await call(t, session, { url: '/api/blade-auth/oauth/user-info' })).statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: `/api/blade-auth/oauth/token?${new URLSearchParams({ tenantId: '000000', username: 'online1', password: enc('Reset2026pw'), grant_type: 'password' })}`,
      headers: { authorization: BASIC },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('limits codes per number and refuses an expired one', async () => {
    const phone = '13912345606'; // online2
    await send(phone);
    const again = await send(phone);
    expect(again.statusCode).toBe(429);
    expect(again.json().msg).toMatch(/^Please wait \d+ seconds before asking for another code$/);
    const code = await lastCode(phone);
    await t.db.query(
      `UPDATE auth_sms_code SET expires_at = now() - interval '1 second', created_at = now() - interval '2 minutes' WHERE phone = $1`,
      [phone],
    );
    expect((await reset(phone, code!)).json().msg).toBe('Verification code wrong or expired');
    await t.db.query(
      `INSERT INTO auth_sms_code (id, tenant_id, phone, purpose, code_hash, expires_at, created_at)
       SELECT g, '000000', $1, 'reset', 'x', now(), now() - interval '1 hour' FROM generate_series(1, 10) g`,
      [phone],
    );
    expect((await send(phone)).json().msg).toBe('This number has asked for too many codes today');
  });

  it('gives wrong codes five tries', async () => {
    const phone = '13912345604'; // resource2
    await send(phone);
    const code = await lastCode(phone);
    const wrong = code === '999999' ? '999998' : '999999';
    for (let i = 0; i < 5; i++) await reset(phone, wrong);
    expect((await reset(phone, code!)).json().msg).toBe('Verification code wrong or expired');
  });

  it('answers an unknown number like a known one, without sending anything', async () => {
    const res = await send('13700000001');
    expect(res.json()).toMatchObject({ code: 200 });
    expect(await lastCode('13700000001')).toBeUndefined();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticate } from '../../platform/auth/guard.js';
import { ensureUser, principalKind, verifyTicket } from '../im/index.js';
import { customerSignIn, lastSmsCode } from './testing.js';
import { call, createTestApp, dbLabel, otherTenant, tokenFor, type TestApp } from '../../../test/harness.js';

describe(`customer sign-in by SMS (${dbLabel})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const sendCode = (phone: string, tenantId = '000000') =>
    call(t, undefined, {
      url: `/api/blade-member/h5/sms-code?tenantId=${tenantId}&phone=${phone}`,
      lang: 'en',
    });
  const login = (phone: string, code: string | undefined, tenantId = '000000') =>
    call(t, undefined, {
      method: 'POST',
      url: '/api/blade-member/h5/login',
      payload: { tenantId, phone, code },
      lang: 'en',
    });
  const me = (token: string) => call(t, token, { url: '/api/blade-member/h5/me', lang: 'en' });
  const lastCode = (phone: string) => lastSmsCode(t, phone);
  const signIn = (phone: string, tenantId = '000000') => customerSignIn(t, phone, tenantId);
  const other = (wrong: string | undefined) => (wrong === '000000' ? '111111' : '000000');

  it('checks the number with the spec messages', async () => {
    expect((await sendCode('')).json().msg).toBe('Mobile number cannot be empty');
    expect((await sendCode('1360123')).json().msg).toBe('Mobile number must be 11 digits');
    expect((await login('', '123456')).json().msg).toBe('Mobile number cannot be empty');
  });

  it('signs a known customer in with a single-use code and shows who looks after them', async () => {
    const phone = '13601234501'; // 张志强, looked after by sales1
    expect((await sendCode(phone)).json()).toMatchObject({
      code: 200,
      msg: 'Verification code sent, valid for 5 minutes',
    });
    const again = await sendCode(phone);
    expect(again.statusCode).toBe(429);
    expect(again.json().msg).toMatch(/^Please wait \d+ seconds before asking for another code$/);
    const code = await lastCode(phone);
    expect(code).toMatch(/^\d{6}$/);
    expect((await login(phone, other(code))).json().msg).toBe('Verification code wrong or expired');
    const res = (await login(phone, code)).json();
    expect(res).toMatchObject({ code: 200, data: { tokenType: 'bearer', expiresIn: 7 * 24 * 3600 } });
    expect((await login(phone, code)).json().msg).toBe('Verification code wrong or expired');
    const profile = (await me(res.data.accessToken)).json().data;
    expect(profile).toMatchObject({
      name: '张志强',
      phone,
      tenantId: '000000',
      staff: { realName: '王建国', brandNames: ['丰田', '本田'] },
    });
    expect(profile.staff).not.toHaveProperty('phone');
    const seen = await t.db.one<{ last_login_time: Date | null }>(
      'SELECT last_login_time FROM member_customer WHERE phone = $1',
      [phone],
    );
    expect(seen?.last_login_time).toBeTruthy();
  });

  it('gives wrong codes five tries', async () => {
    const phone = '13601234502';
    await sendCode(phone);
    const code = await lastCode(phone);
    for (let i = 0; i < 5; i++) await login(phone, other(code));
    expect((await login(phone, code)).json().msg).toBe('Verification code wrong or expired');
  });

  it('makes a new number a lead of the online-sales staff in turn', async () => {
    const [a, b, c] = [await signIn('17312340001'), await signIn('17312340002'), await signIn('17312340003')];
    expect([a, b, c].map((x) => x.customer.staff.realName)).toEqual(['陈思远', '赵雨桐', '陈思远']);
    expect(a.customer.name).toBe('Customer 0001');
    const lead = await t.db.one<{ source: string; user_id: string }>(
      'SELECT source, user_id FROM member_customer WHERE id = $1',
      [a.customer.id],
    );
    expect(lead?.source).toBe('3');
    // The staff member sees the lead in their customer list.
    const online1 = await tokenFor(t, 'online1');
    const mine = (
      await call(t, online1, { url: '/api/blade-member/customer/page?size=100&phone=1731234000' })
    )
      .json()
      .data.records.map((r: { phone: string }) => r.phone);
    expect(mine.sort()).toEqual(['17312340001', '17312340003']);
    // Signing in again is the same customer, not a second lead.
    await t.db.query(`UPDATE auth_sms_code SET created_at = now() - interval '2 minutes' WHERE phone = $1`, [
      '17312340001',
    ]);
    expect((await signIn('17312340001')).customer.id).toBe(a.customer.id);
  });

  it('keeps customer and staff tokens apart', async () => {
    const { accessToken } = await signIn('13601234503');
    // Staff routes of every kind refuse a customer token.
    for (const url of [
      '/api/blade-auth/oauth/user-info',
      '/api/blade-member/customer/page',
      '/api/blade-system/menu/buttons',
    ]) {
      expect((await call(t, accessToken, { url })).statusCode).toBe(401);
    }
    await expect(authenticate(t.db, t.app.ctx.tokens, accessToken)).rejects.toMatchObject({ status: 401 });
    // …and customer routes refuse a staff token.
    const staff = await tokenFor(t, 'sales1');
    expect((await me(staff)).statusCode).toBe(401);
    expect((await me(staff)).json().msg).toBe('Your session has ended, please sign in again');
    expect((await call(t, undefined, { url: '/api/blade-member/h5/me' })).statusCode).toBe(401);
  });

  it('ends the session on sign-out, and when staff disable the customer', async () => {
    const first = await signIn('15801234504');
    expect(
      (await call(t, first.accessToken, { method: 'POST', url: '/api/blade-member/h5/logout' })).json().data,
    ).toBe(true);
    expect((await me(first.accessToken)).statusCode).toBe(401);

    await t.db.query(`UPDATE auth_sms_code SET created_at = now() - interval '2 minutes' WHERE phone = $1`, [
      '15801234504',
    ]);
    const second = await signIn('15801234504');
    expect((await me(second.accessToken)).statusCode).toBe(200);
    const sales1 = await tokenFor(t, 'sales1');
    const disable = await call(t, sales1, {
      method: 'POST',
      url: '/api/blade-member/customer/submit',
      payload: { id: second.customer.id, name: '黄丽娟', phone: '15801234504', status: 2 },
    });
    expect(disable.json()).toMatchObject({ code: 200 });
    expect((await me(second.accessToken)).statusCode).toBe(401);
    await t.db.query(`UPDATE auth_sms_code SET created_at = now() - interval '2 minutes' WHERE phone = $1`, [
      '15801234504',
    ]);
    await sendCode('15801234504');
    expect((await login('15801234504', await lastCode('15801234504'))).json()).toMatchObject({
      code: 403,
      msg: 'Your customer account is disabled; please contact the store',
    });
  });

  it('ends the session when staff remove the customer', async () => {
    const { accessToken, customer } = await signIn('13701234508');
    const admin = await tokenFor(t, 'admin');
    expect(
      (
        await call(t, admin, { method: 'POST', url: `/api/blade-member/customer/remove?ids=${customer.id}` })
      ).json().data,
    ).toBe(1);
    expect((await me(accessToken)).statusCode).toBe(401);
  });

  it('lets customers change their own name', async () => {
    const { accessToken } = await signIn('13601234506');
    const res = await call(t, accessToken, {
      method: 'POST',
      url: '/api/blade-member/h5/profile',
      payload: { name: ' 吴女士 ', sex: 2 },
      lang: 'en',
    });
    expect(res.json().data).toMatchObject({ name: '吴女士', sex: 2 });
    expect(
      (
        await call(t, accessToken, {
          method: 'POST',
          url: '/api/blade-member/h5/profile',
          payload: { name: ' ' },
          lang: 'en',
        })
      ).json().msg,
    ).toBe('Please enter the customer name');
  });

  it('keeps tenants apart: codes, customers and unknown tenants', async () => {
    await otherTenant(t, '777777');
    // A tenant that does not exist gets the same answer, but no text is sent.
    expect((await sendCode('13601234520', '999999')).json().code).toBe(200);
    expect(await lastCode('13601234520')).toBeUndefined();
    // A code of one tenant does not sign in to another.
    const phone = '15801234505'; // 周文斌, a customer of 000000
    await sendCode(phone, '000000');
    const code = await lastCode(phone);
    expect((await login(phone, code, '777777')).json().msg).toBe('Verification code wrong or expired');
    // In 777777 the same number is a lead of its own (no online-sales staff there: it waits for assignment).
    const there = await signIn(phone, '777777');
    expect(there.customer.staff).toBeNull();
    const row = await t.db.one<{ tenant_id: string; user_id: string | null }>(
      'SELECT tenant_id, user_id FROM member_customer WHERE id = $1',
      [there.customer.id],
    );
    expect(row).toEqual({ tenant_id: '777777', user_id: null });
    const here = (await login(phone, code, '000000')).json().data;
    expect(here.customer.name).toBe('周文斌');
    expect(here.customer.id).not.toBe(there.customer.id);
  });

  it('gives a customer a chat ticket of their own and the colleague responsible for them', async () => {
    const { accessToken, customer } = await signIn('15001234509'); // 马俊杰, looked after by sales2
    const sign = (token: string | undefined) =>
      call(t, token, { url: '/api/blade-member/h5/im-sign', lang: 'en' });
    const res = (await sign(accessToken)).json();
    expect(res.code).toBe(200);
    expect(res.data.userID).toBe(`cust_${customer.id}`);
    expect(res.data.staff).toMatchObject({ userID: 'sales2', name: customer.staff.realName });
    // The ticket opens the chat as this customer, bound to the sign-in session.
    const principal = await verifyTicket(t.db, res.data.userSig, res.data.userID, 'test');
    expect(principal).toMatchObject({ kind: 'customer', tenantId: '000000', accountId: customer.id });
    await expect(verifyTicket(t.db, res.data.userSig, 'sales2', 'test')).rejects.toMatchObject({
      code: 70001,
    });
    // Staff see the customer's name, and the masked number where a colleague's department would be.
    expect(await ensureUser(t.db, '000000', res.data.userID)).toMatchObject({
      nick: '马俊杰',
      department: '150****4509',
    });
    await expect(ensureUser(t.db, '000000', 'cust_1')).rejects.toBeTruthy();
    // Signing out ends the chat session too; staff tokens and no token get nothing.
    const kind = principalKind('customer')!;
    expect((await kind.endedSessions(t.db, [principal.sessionId!])).size).toBe(0);
    await call(t, accessToken, { method: 'POST', url: '/api/blade-member/h5/logout' });
    expect([...(await kind.endedSessions(t.db, [principal.sessionId!]))]).toEqual([principal.sessionId]);
    expect((await sign(accessToken)).statusCode).toBe(401);
    expect((await sign(await tokenFor(t, 'sales2'))).statusCode).toBe(401);
    expect((await sign(undefined)).statusCode).toBe(401);
  });
});

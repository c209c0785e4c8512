import { sm2 } from 'sm-crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  counting,
  createTestApp,
  dbLabel,
  TEST_ADMIN_PASSWORD,
  type TestApp,
} from '../../../test/harness.js';
import { OAuthError } from '../../platform/errors.js';
import { grantToken, type TokenRequest } from './sign-in.js';
import { sm2Keys } from './sm2.js';

// Before issue 25 a successful sign-in ran nine statements: the client's grants, the address lock, the
// tenant, the account, clearing the failure count, the profile, its roles, its departments, the session.
describe(`statements of a sign-in (${dbLabel})`, () => {
  let t: TestApp;
  let counted: ReturnType<typeof counting>;
  let cipher: string;
  const request = (password: string, ip = '10.9.0.1'): TokenRequest => ({
    grantType: 'password',
    tenantId: '000000',
    username: 'admin',
    password,
    ip,
    clientId: 'saber',
  });
  const signIn = (r: TokenRequest) =>
    grantToken({ db: counted.db, config: t.config, tokens: t.app.ctx.tokens }, r);
  const measure = async (r: TokenRequest) => {
    counted.n.statements = 0;
    counted.n.transactions = 0;
    counted.n.unnamed = 0;
    const answer = await signIn(r).catch((e: unknown) => e);
    return { answer, ...counted.n };
  };

  beforeAll(async () => {
    t = await createTestApp();
    counted = counting(t.db);
    // The key pair is read once per database and kept: not part of any sign-in.
    const keys = await sm2Keys(counted.db);
    cipher = sm2.doEncrypt(TEST_ADMIN_PASSWORD, keys.publicKey, 1);
  });
  afterAll(() => t?.close());

  it('reads everything in one statement and writes only the session, both by name', async () => {
    const ok = await measure(request(cipher));
    expect(ok.answer).toMatchObject({
      account: 'admin',
      role_name: 'administrator',
      dept_name: '综合管理部',
    });
    // Named, so neither is parsed and planned again: on PGlite that is most of a statement's cost.
    expect(ok).toMatchObject({ statements: 2, transactions: 0, unnamed: 0 });
    const sessions = await t.db.query('SELECT 1 FROM auth_session WHERE user_id = $1', [
      (ok.answer as { user_id: string }).user_id,
    ]);
    expect(sessions.length).toBeGreaterThan(0);
  });

  it('counts a wrong password in two writes, and clears the count with the session in one transaction', async () => {
    const wrong = await measure(
      request(sm2.doEncrypt('not the password', (await sm2Keys(counted.db)).publicKey, 1)),
    );
    expect(wrong.answer).toBeInstanceOf(OAuthError);
    expect((wrong.answer as OAuthError).key).toBe('auth.badCredentials');
    // The read, the address's failure, the account's failure.
    expect(wrong).toMatchObject({ statements: 3, transactions: 0 });
    const failed = await t.db.one<{ failed_count: number }>(
      "SELECT failed_count FROM blade_user WHERE account = 'admin' AND tenant_id = '000000'",
    );
    expect(failed?.failed_count).toBe(1);

    const ok = await measure(request(cipher));
    expect(ok.answer).toMatchObject({ account: 'admin' });
    expect(ok).toMatchObject({ statements: 3, transactions: 1 });
    const cleared = await t.db.one<{ failed_count: number }>(
      "SELECT failed_count FROM blade_user WHERE account = 'admin' AND tenant_id = '000000'",
    );
    expect(cleared?.failed_count).toBe(0);

    // Cleared: the next sign-in is back to two statements.
    expect(await measure(request(cipher))).toMatchObject({ statements: 2, transactions: 0 });
  });

  it('refuses a client not allowed the grant from the same single read', async () => {
    const r = await measure({ ...request(cipher), clientId: 'no-such-client' });
    expect((r.answer as OAuthError).key).toBe('auth.grantNotAllowed');
    expect(r).toMatchObject({ statements: 1, transactions: 0 });
  });
});

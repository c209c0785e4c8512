import { sm2 } from 'sm-crypto';
import { describe, expect, it, vi } from 'vitest';
import { BASIC, call, createTestApp, dbLabel, TEST_ADMIN_PASSWORD } from './harness.js';

// A caller that hangs up leaves its handler running with no connection for the HTTP server to wait for;
// the close used to go on and shut the database under it (platform/inflight.ts).
describe(`closing the server (${dbLabel})`, () => {
  it('lets a sign-in that is running finish, its session written, before the database closes', async () => {
    const t = await createTestApp();
    const key = (await call(t, undefined, { url: '/api/blade-auth/oauth/public-key' })).json().data.publicKey;
    const password = sm2.doEncrypt(TEST_ADMIN_PASSWORD, key, 1);
    // The sign-in's two statements: what it needs to know (read before the password check) and its session.
    let factsRead = false;
    let sessionsWritten = 0;
    const query = t.db.query.bind(t.db);
    t.db.query = (async (sql, params, opts) => {
      const rows = await query(sql, params, opts);
      if (/^insert into "auth_session"/.test(sql)) sessionsWritten++;
      else factsRead = true;
      return rows;
    }) as typeof t.db.query;
    const answer = t.app.inject({
      method: 'POST',
      url: `/api/blade-auth/oauth/token?${new URLSearchParams({ tenantId: '000000', username: 'admin', password, grant_type: 'password', scope: 'all', type: 'account' })}`,
      headers: { authorization: BASIC, 'tenant-id': '000000' },
    });
    // The close begins while the sign-in checks the password (argon2id: tens of milliseconds).
    await vi.waitFor(() => expect(factsRead).toBe(true), { interval: 1 });
    expect(t.app.ctx.inflight.size).toBe(1);
    await t.close();
    const res = await answer;
    // Its tokens are answered only once its session is written.
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ account: 'admin', access_token: expect.any(String) });
    expect(sessionsWritten).toBe(1);
  });
});

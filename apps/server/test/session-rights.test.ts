/**
 * Sessions never outlive their rights (issue 21, items 4, 6, 7): a change of a user's roles, a role's
 * grants, a disable, a password change, a sign-out or a tenant's expiry counts from the user's next
 * request and closes the sockets it concerns within a second, on the node that made the change and on
 * every other one (two app instances sharing the database and a real Redis bus).
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { sm2 } from 'sm-crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/platform/auth/passwords.js';
import {
  BASIC,
  call,
  createTestApp,
  dbLabel,
  editUser,
  otherTenant,
  roleId,
  tokenFor,
  userRow,
  type TestApp,
} from './harness.js';
import { startNodes } from './nodes.js';

interface Node {
  t: TestApp;
  origin: string;
}

interface Sock {
  ws: WebSocket;
  frames: Array<Record<string, unknown>>;
  closed: Promise<number>;
  isClosed: () => boolean;
}

async function openSocket(url: string): Promise<Sock> {
  const ws = new WebSocket(url);
  const frames: Sock['frames'] = [];
  let done = false;
  ws.on('message', (m) => {
    const f = JSON.parse(String(m)) as Sock['frames'][number] | Sock['frames'];
    frames.push(...(Array.isArray(f) ? f : [f]));
  });
  const closed = new Promise<number>((r) =>
    ws.on('close', (code) => {
      done = true;
      r(code);
    }),
  );
  await new Promise((r, j) => ws.once('open', r).once('error', j));
  return { ws, frames, closed, isClosed: () => done };
}

async function waitFor(cond: () => boolean, ms = 5000, what = 'condition') {
  const t0 = Date.now();
  while (!cond()) {
    if (Date.now() - t0 > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The notification socket of a session, signed in the way the web shell does. */
async function notifySocket(n: Node, token: string): Promise<Sock> {
  const s = await openSocket(`${n.origin.replace('http', 'ws')}/ws`);
  s.ws.send(JSON.stringify({ type: 'auth', token }));
  await waitFor(() => s.frames.some((f) => f.type === 'ready'), 5000, 'notify ready');
  return s;
}

/** The chat socket of a session: a ticket from getSign with that session's token, then the socket's auth. */
async function chatSocket(n: Node, token: string, account: string): Promise<Sock> {
  const sig = await call(n.t, token, { url: `/api/blade-im/sig/getSign/${account}` });
  expect(sig.statusCode).toBe(200);
  const s = await openSocket(`${n.origin.replace('http', 'ws')}/im`);
  s.ws.send(
    JSON.stringify({
      op: 'auth',
      rid: 1,
      userID: account,
      userSig: sig.json<{ data: string }>().data,
      instanceId: `rights-${randomBytes(4).toString('hex')}`,
      platform: 'node',
    }),
  );
  await waitFor(() => s.frames.some((f) => f.op === 'res' && f.rid === 1), 5000, 'chat auth');
  expect(s.frames.find((f) => f.op === 'res')).toMatchObject({ code: 0 });
  return s;
}

/** Resolves with the close code, or null when the socket is still open after `ms`. */
const closedWithin = (s: Sock, ms = 1000) =>
  Promise.race([s.closed, new Promise<null>((r) => setTimeout(() => r(null), ms))]);

const unreadPush = (n: Node, token: string, from: string, to: string, message: string) =>
  call(n.t, token, {
    method: 'POST',
    url: '/api/sop-tools/imPc/pushImUnread',
    payload: { fromUser: from, toUser: to, message, type: 'text' },
  });

function signInRequest(n: Node, tenantId: string, q: Record<string, string>) {
  return n.t.app.inject({
    method: 'POST',
    url: `/api/blade-auth/oauth/token?${new URLSearchParams({ tenantId, scope: 'all', type: 'account', ...q })}`,
    headers: { authorization: BASIC, 'tenant-id': tenantId, 'accept-language': 'en' },
  });
}

/** A password as the shell sends it: SM2-encrypted with the server's public key. */
async function encrypted(n: Node, password: string): Promise<string> {
  const key = (await call(n.t, undefined, { url: '/api/blade-auth/oauth/public-key' })).json().data.publicKey;
  return sm2.doEncrypt(password, key, 1);
}

async function passwordSignIn(n: Node, tenantId: string, username: string, password: string) {
  const res = await signInRequest(n, tenantId, {
    username,
    password: await encrypted(n, password),
    grant_type: 'password',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ access_token: string; refresh_token: string }>();
}

describe(`sessions never outlive their rights, one node (${dbLabel})`, () => {
  let t: TestApp;
  let n: Node;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    n = { t, origin: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}` };
    admin = await tokenFor(t, 'admin');
  });
  afterAll(() => t?.close());

  it('a role taken away stops what it allowed on the next request of a token issued before', async () => {
    // sales2 was made a tenant admin (below the platform administrator who edits it), and the token is signed
    // while it is one.
    const u = await userRow(t, 'sales2');
    await editUser(n.t, admin, 'sales2', { roleIds: [await roleId(t, 'admin')] });
    const token = await tokenFor(t, 'sales2');
    expect((await call(t, token, { url: '/api/blade-user/list' })).statusCode).toBe(200);

    await editUser(n.t, admin, 'sales2', { roleIds: u.role_id.split(',') });
    const after = await call(t, token, { url: '/api/blade-user/list' });
    expect(after.statusCode).toBe(403);
    // What the shell reads of the caller is today's too.
    const info = await call(t, token, { url: '/api/blade-auth/oauth/user-info' });
    expect(info.json().data.roles).toEqual(['sales']);
  });

  it('sign-out closes the notification and chat sockets of the session within a second; later pushes are not received', async () => {
    const token = await tokenFor(t, 'sales1');
    const ws = await notifySocket(n, token);
    const im = await chatSocket(n, token, 'sales1');
    // Another session of the same user is not signed out.
    const other = await notifySocket(n, await tokenFor(t, 'sales1'));

    expect((await call(t, token, { url: '/api/blade-auth/oauth/logout' })).statusCode).toBe(200);
    expect(await closedWithin(ws)).toBe(4003);
    expect(await closedWithin(im)).not.toBeNull();

    const sales2 = await tokenFor(t, 'sales2');
    expect((await unreadPush(n, sales2, 'sales2', 'sales1', 'after sign-out')).statusCode).toBe(200);
    await waitFor(() => other.frames.some((f) => f.type === 'unread'), 2000, 'the other session’s push');
    expect(ws.frames.filter((f) => f.type === 'unread')).toEqual([]);
    expect(other.isClosed()).toBe(false);
    other.ws.close();
  });

  it('a password change closes the sockets of the other sessions, not the changer’s own', async () => {
    await t.db.query("UPDATE blade_user SET password = $1 WHERE account = 'resource1'", [
      await hashPassword('Old#Pass2026x'),
    ]);
    const mine = await tokenFor(t, 'resource1');
    const elsewhere = await tokenFor(t, 'resource1');
    const keep = await notifySocket(n, mine);
    const ws = await notifySocket(n, elsewhere);
    const im = await chatSocket(n, elsewhere, 'resource1');
    const res = await call(t, mine, {
      method: 'POST',
      url: '/api/blade-user/update-password',
      payload: {
        oldPassword: await encrypted(n, 'Old#Pass2026x'),
        newPassword: await encrypted(n, 'New#Pass2026y'),
        newPassword1: await encrypted(n, 'New#Pass2026y'),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await closedWithin(ws)).toBe(4003);
    expect(await closedWithin(im)).not.toBeNull();
    expect(keep.isClosed()).toBe(false);
    keep.ws.close();
  });

  it('an expired or disabled tenant stops existing sessions and the refresh grant', async () => {
    await otherTenant(t, '700001', { account: 'boss' });
    await t.db.query("UPDATE blade_user SET password = $1 WHERE tenant_id = '700001' AND account = 'boss'", [
      await hashPassword('Boss#Pass2026'),
    ]);
    const pair = await passwordSignIn(n, '700001', 'boss', 'Boss#Pass2026');
    const ws = await notifySocket(n, pair.access_token);
    expect((await call(t, pair.access_token, { url: '/api/blade-user/list' })).statusCode).toBe(200);

    const expired = await call(t, admin, {
      method: 'POST',
      url: `/api/blade-system/tenant/setting?ids=7000011&expireTime=${encodeURIComponent('2020-01-01T00:00:00Z')}`,
    });
    expect(expired.statusCode, expired.body).toBe(200);
    expect((await call(t, pair.access_token, { url: '/api/blade-user/list' })).statusCode).toBe(401);
    expect(await closedWithin(ws)).toBe(4003);
    const refused = await signInRequest(n, '700001', {
      grant_type: 'refresh_token',
      refresh_token: pair.refresh_token,
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error_description).toBe(
      'Tenant 700001 has expired, please contact an administrator',
    );

    // Extended again, the session goes on; disabled, it stops again.
    await t.db.query("UPDATE blade_tenant SET expire_time = NULL WHERE tenant_id = '700001'");
    const again = await signInRequest(n, '700001', {
      grant_type: 'refresh_token',
      refresh_token: pair.refresh_token,
    });
    expect(again.statusCode, again.body).toBe(200);
    const next = again.json<{ access_token: string; refresh_token: string }>();
    await t.db.query("UPDATE blade_tenant SET status = 0 WHERE tenant_id = '700001'");
    expect((await call(t, next.access_token, { url: '/api/blade-user/list' })).statusCode).toBe(401);
    const disabled = await signInRequest(n, '700001', {
      grant_type: 'refresh_token',
      refresh_token: next.refresh_token,
    });
    expect(disabled.statusCode).toBe(401);
    expect(disabled.json().error_description).toBe('Tenant 700001 does not exist or is disabled');
  });
});

describe(`sessions never outlive their rights, across two nodes through Redis (${dbLabel})`, () => {
  let t: TestApp;
  let nodes: Node[] = [];
  let closeNodes = async () => {};
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    const started = await startNodes(t);
    nodes = started.nodes.map(({ origin, ...rest }) => ({ t: rest, origin }));
    closeNodes = started.close;
    admin = await tokenFor(t, 'admin');
  });
  afterAll(async () => {
    await closeNodes();
    await t?.close();
  });

  it('a grant taken from a role stops it on the other node within a second', async () => {
    const [a, b] = nodes as [Node, Node];
    const sales = await roleId(t, 'sales');
    const granted = (
      await t.db.query<{ menu_id: string }>('SELECT menu_id::text FROM blade_role_menu WHERE role_id = $1', [
        sales,
      ])
    ).map((r) => r.menu_id);
    const userMenu = (await t.db.one<{ id: string }>("SELECT id::text FROM blade_menu WHERE code = 'user'"))!
      .id;
    const grant = (menuIds: string[]) =>
      call(a.t, admin, {
        method: 'POST',
        url: '/api/blade-system/role/grant',
        payload: { roleIds: [sales], menuIds },
      });
    expect((await grant([...granted, userMenu])).statusCode).toBe(200);
    const token = await tokenFor(t, 'sales1');
    // Node b has now read (and keeps) the role's grants.
    await expect
      .poll(async () => (await call(b.t, token, { url: '/api/blade-user/list' })).statusCode, {
        timeout: 2000,
      })
      .toBe(200);

    expect((await grant(granted)).statusCode).toBe(200);
    const t0 = Date.now();
    await expect
      .poll(async () => (await call(b.t, token, { url: '/api/blade-user/list' })).statusCode, {
        timeout: 1000,
        interval: 20,
      })
      .toBe(403);
    expect(Date.now() - t0).toBeLessThan(1000);
  });

  it('sign-out on one node closes the session’s sockets on the other within a second; later pushes are not received', async () => {
    const [a, b] = nodes as [Node, Node];
    const token = await tokenFor(t, 'online1');
    const ws = await notifySocket(b, token);
    const im = await chatSocket(b, token, 'online1');

    expect((await call(a.t, token, { url: '/api/blade-auth/oauth/logout' })).statusCode).toBe(200);
    expect(await closedWithin(ws)).toBe(4003);
    expect(await closedWithin(im)).not.toBeNull();
    const online2 = await tokenFor(t, 'online2');
    expect((await unreadPush(a, online2, 'online2', 'online1', 'after sign-out')).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect(ws.frames.filter((f) => f.type === 'unread')).toEqual([]);
  });

  it('losing the chat permission closes the chat socket on the other node within a second; the notification socket stays', async () => {
    const [a, b] = nodes as [Node, Node];
    const token = await tokenFor(t, 'online2');
    const ws = await notifySocket(b, token);
    const im = await chatSocket(b, token, 'online2');

    // The plain user role has no chat.
    await editUser(a.t, admin, 'online2', { roleIds: [await roleId(t, 'user')] });
    expect(await closedWithin(im)).not.toBeNull();
    expect(ws.isClosed()).toBe(false);
    // Nor can the chat be opened again with that session.
    const sig = await call(b.t, token, { url: '/api/blade-im/sig/getSign/online2' });
    expect(sig.statusCode).toBe(403);
    ws.ws.close();
  });

  it('disabling a user on one node closes every socket of theirs on the other within a second', async () => {
    const [a, b] = nodes as [Node, Node];
    const token = await tokenFor(t, 'resource2');
    const ws = await notifySocket(b, token);
    const im = await chatSocket(b, token, 'resource2');

    await editUser(a.t, admin, 'resource2', { status: 2 });
    expect(await closedWithin(ws)).toBe(4003);
    expect(await closedWithin(im)).not.toBeNull();
    expect((await call(b.t, token, { url: '/api/blade-user/list' })).statusCode).toBe(401);
  });
});

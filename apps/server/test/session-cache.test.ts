/**
 * Signed-in requests are served from the session cache (issue 25 §3) without weakening revocation: a
 * sign-out, a disable, a role change, a tenant's expiry or a reused refresh token on one node is refused
 * by the other on the very next request (two app instances sharing the database and a real Redis bus),
 * and a cached request runs no statement at all.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { MemoryBus } from '../src/platform/bus.js';
import type { Db } from '../src/platform/db/index.js';
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
import { startNodes, type AppNode } from './nodes.js';

const ROUTES = '/api/blade-system/menu/routes';

/** A request over the network, as a browser would send it to that node. */
async function get(n: AppNode, token: string, url: string) {
  const res = await fetch(`${n.origin}${url}`, {
    headers: { authorization: BASIC, 'blade-auth': `bearer ${token}` },
  });
  return { status: res.status, body: await res.text() };
}

async function post(n: AppNode, token: string | undefined, url: string, payload?: unknown) {
  const res = await fetch(`${n.origin}${url}`, {
    method: 'POST',
    headers: {
      authorization: BASIC,
      ...(token ? { 'blade-auth': `bearer ${token}` } : {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
  return { status: res.status, body: await res.text() };
}

/** Twice, so that the second answer surely came from the node's cache. */
async function warm(n: AppNode, token: string, url = ROUTES, status = 200) {
  for (let i = 0; i < 2; i++) expect((await get(n, token, url)).status).toBe(status);
}

describe(`a session ended or narrowed on one node is refused by the other on the next request (${dbLabel})`, () => {
  let t: TestApp;
  let a: AppNode;
  let b: AppNode;
  let closeNodes = async () => {};
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    const started = await startNodes(t);
    [a, b] = started.nodes as [AppNode, AppNode];
    closeNodes = started.close;
    admin = await tokenFor(t, 'admin');
  });
  afterAll(async () => {
    await closeNodes();
    await t?.close();
  });

  it('sign-out on A: B refuses the token at once; another session of the user goes on', async () => {
    const token = await tokenFor(t, 'sales1');
    const other = await tokenFor(t, 'sales1');
    await warm(b, token);
    await warm(b, other);
    expect((await get(a, token, '/api/blade-auth/oauth/logout')).status).toBe(200);
    expect((await get(b, token, ROUTES)).status).toBe(401);
    expect((await get(a, token, ROUTES)).status).toBe(401);
    expect((await get(b, other, ROUTES)).status).toBe(200);
  });

  it('a user disabled on A: B refuses every session of theirs at once', async () => {
    const token = await tokenFor(t, 'resource1');
    await warm(b, token);
    await editUser(a, admin, 'resource1', { status: 2 });
    expect((await get(b, token, ROUTES)).status).toBe(401);
    await editUser(a, admin, 'resource1', { status: 1 });
    expect((await get(b, token, ROUTES)).status).toBe(200);
  });

  it('a role taken away on A: B stops what it allowed at once, and serves the narrower menu', async () => {
    const u = await userRow(t, 'sales2');
    await editUser(a, admin, 'sales2', { roleIds: [await roleId(t, 'admin')] });
    const token = await tokenFor(t, 'sales2');
    await warm(b, token, '/api/blade-user/list');
    const wide = JSON.parse((await get(b, token, ROUTES)).body).data as unknown[];

    await editUser(a, admin, 'sales2', { roleIds: u.role_id.split(',') });
    expect((await get(b, token, '/api/blade-user/list')).status).toBe(403);
    const narrow = JSON.parse((await get(b, token, ROUTES)).body).data as unknown[];
    expect(JSON.stringify(narrow)).not.toBe(JSON.stringify(wide));
    expect(JSON.stringify(narrow).length).toBeLessThan(JSON.stringify(wide).length);
  });

  it('a tenant expired on A: B refuses its sessions at once', async () => {
    const token = await otherTenant(t, '700002', { account: 'boss' });
    await warm(b, token);
    const res = await post(
      a,
      admin,
      `/api/blade-system/tenant/setting?ids=7000021&expireTime=${encodeURIComponent('2020-01-01T00:00:00Z')}`,
    );
    expect(res.status, res.body).toBe(200);
    expect((await get(b, token, ROUTES)).status).toBe(401);
  });

  it('a refresh token used twice on A: the session is revoked, and B refuses its access token at once', async () => {
    const token = await tokenFor(t, 'online1');
    await warm(b, token);
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
      sid: string;
      uid: string;
    };
    // The refresh token of the session tokenFor made (its chain starts at this jti).
    const refresh = await t.app.ctx.tokens.signRefresh({
      sid: claims.sid,
      jti: `test-${claims.sid}`,
      uid: claims.uid,
      tid: '000000',
      cid: 'saber',
    });
    const grant = () =>
      post(
        a,
        undefined,
        `/api/blade-auth/oauth/token?${new URLSearchParams({
          tenantId: '000000',
          grant_type: 'refresh_token',
          refresh_token: refresh,
        })}`,
      );
    expect((await grant()).status).toBe(200);
    expect((await get(b, token, ROUTES)).status).toBe(200);
    expect((await grant()).status).toBe(401);
    expect((await get(b, token, ROUTES)).status).toBe(401);
  });
});

/** Marks what an HTTP request sets off, so the app's own timers (sweeps, socket checks) are not counted. */
const inRequest = new AsyncLocalStorage<true>();

/** The same database, with every statement (and transaction) a request runs through it counted. */
function counted(db: Db, n: { statements: number }): Db {
  const count = () => void (inRequest.getStore() && n.statements++);
  return {
    kind: db.kind,
    get inTx() {
      return db.inTx;
    },
    query: (sql, params, opts) => (count(), db.query(sql, params, opts)),
    one: (sql, params) => (count(), db.one(sql, params)),
    exec: (sql) => (count(), db.exec(sql)),
    tx: (fn) => (count(), db.tx((inner) => fn(counted(inner, n)))),
    close: () => db.close(),
  };
}

describe(`a cached signed-in request runs no statement (${dbLabel})`, () => {
  let t: TestApp;
  let node: Awaited<ReturnType<typeof buildApp>>;
  const n = { statements: 0 };
  beforeAll(async () => {
    t = await createTestApp();
    node = await buildApp({ config: t.config, db: counted(t.db, n), bus: new MemoryBus() });
    // Everything each request sets off runs inside inRequest.
    const listeners = node.server.listeners('request') as Array<(...args: unknown[]) => void>;
    node.server.removeAllListeners('request');
    for (const l of listeners) node.server.on('request', (...args) => inRequest.run(true, () => l(...args)));
    await node.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await node?.close();
    await t?.close();
  });

  it('/menu/routes: the first request reads, the next fifty run none, and sign-out still ends it at once', async () => {
    const origin = `http://127.0.0.1:${(node.server.address() as AddressInfo).port}`;
    const self = { ...t, app: node, origin } as AppNode;
    const token = await tokenFor(t, 'sales1');
    n.statements = 0;
    const first = await get(self, token, ROUTES);
    expect(first.status).toBe(200);
    expect(n.statements).toBeGreaterThan(0);

    n.statements = 0;
    for (let i = 0; i < 50; i++) {
      const res = await get(self, token, ROUTES);
      expect(res.status).toBe(200);
      expect(res.body).toBe(first.body);
    }
    expect(n.statements).toBe(0);

    expect((await get(self, token, '/api/blade-auth/oauth/logout')).status).toBe(200);
    expect((await get(self, token, ROUTES)).status).toBe(401);
    // The answer a signed-in user would get through inject too (the harness' way).
    expect((await call({ ...t, app: node }, token, { url: ROUTES })).statusCode).toBe(401);
  });
});

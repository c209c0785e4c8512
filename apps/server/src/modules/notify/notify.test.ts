import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, dbLabel, tokenFor, type TestApp } from '../../../test/harness.js';
import { buildApp } from '../../app.js';
import { RedisBus } from '../../platform/bus.js';
import { customerSignIn } from '../member/testing.js';

interface Client {
  ws: WebSocket;
  frames: Array<{ type: string; data?: Record<string, unknown> }>;
  closed: Promise<{ code: number; reason: string }>;
}

async function connect(url: string, token?: string): Promise<Client> {
  const ws = new WebSocket(url);
  const frames: Client['frames'] = [];
  ws.on('message', (m) => frames.push(JSON.parse(String(m))));
  const closed = new Promise<{ code: number; reason: string }>((r) =>
    ws.on('close', (code, reason) => r({ code, reason: String(reason) })),
  );
  await new Promise((r, j) => ws.once('open', r).once('error', j));
  if (token) {
    ws.send(JSON.stringify({ type: 'auth', token }));
    await waitFor(() => frames.some((f) => f.type === 'ready'));
  }
  return { ws, frames, closed };
}

async function waitFor(cond: () => boolean, ms = 5000) {
  const t0 = Date.now();
  while (!cond()) {
    if (Date.now() - t0 > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe(`notification socket (${dbLabel})`, () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws`;
  });
  afterAll(() => t?.close());

  it('delivers an unread push to every socket of the other party, text as text and other types as a tag', async () => {
    const sales2 = await tokenFor(t, 'sales2');
    const a = await connect(url, sales2);
    const b = await connect(url, sales2);
    const sales1 = await tokenFor(t, 'sales1');
    const push = (body: object, lang: 'en' | 'zh' = 'zh') =>
      call(t, sales1, { method: 'POST', url: '/api/sop-tools/imPc/pushImUnread', payload: body, lang });
    expect(
      (await push({ fromUser: 'sales1', toUser: 'sales2', message: '客户到店了', type: 'text' })).json().code,
    ).toBe(200);
    expect(
      (await push({ fromUser: 'sales1', toUser: 'sales2', message: 'ignored', type: 'image' }, 'en')).json()
        .code,
    ).toBe(200);
    for (const c of [a, b]) {
      await waitFor(() => c.frames.filter((f) => f.type === 'unread').length === 2);
      expect(c.frames.filter((f) => f.type === 'unread').map((f) => f.data)).toEqual([
        { fromUser: 'sales1', toUser: 'sales2', message: '客户到店了', type: 'text' },
        { fromUser: 'sales1', toUser: 'sales2', message: '[image]', type: 'image' },
      ]);
    }
    a.ws.close();
    b.ws.close();
  });

  it('refuses a push in someone else’s name or to an unknown account', async () => {
    const sales1 = await tokenFor(t, 'sales1');
    const forged = await call(t, sales1, {
      method: 'POST',
      url: '/api/sop-tools/imPc/pushImUnread',
      payload: { fromUser: 'admin', toUser: 'sales2', message: 'x', type: 'text' },
      lang: 'en',
    });
    expect(forged.json()).toMatchObject({ code: 403, msg: 'Unread pushes can only be sent as yourself' });
    const nobody = await call(t, sales1, {
      method: 'POST',
      url: '/api/sop-tools/imPc/pushImUnread',
      payload: { fromUser: 'sales1', toUser: 'ghost', message: 'x', type: 'text' },
      lang: 'en',
    });
    expect(nobody.json().msg).toBe('Account ghost does not exist');
  });

  it('delivers a colleague’s unread push to their customer’s socket, and refuses one to another’s customer', async () => {
    const phone = '13601234501'; // 张志强, looked after by sales1
    const me = await customerSignIn(t, phone);
    const customer = await connect(url.replace(/\/ws$/, '/ws/h5'), me.accessToken);
    const to = `cust_${me.customer.id}`;
    const push = async (account: string) =>
      call(t, await tokenFor(t, account), {
        method: 'POST',
        url: '/api/sop-tools/imPc/pushImUnread',
        payload: { fromUser: account, toUser: to, message: '到店了', type: 'text' },
        lang: 'en',
      });
    expect((await push('sales1')).json()).toMatchObject({ code: 200 });
    await waitFor(() => customer.frames.some((f) => f.type === 'unread'));
    expect(customer.frames.find((f) => f.type === 'unread')!.data).toEqual({
      fromUser: 'sales1',
      toUser: to,
      message: '到店了',
      type: 'text',
    });
    expect((await push('sales2')).json()).toMatchObject({
      code: 403,
      msg: 'You cannot send unread pushes to this user',
    });
    // A staff token does not open the customer's socket.
    const staff = await connect(url.replace(/\/ws$/, '/ws/h5'));
    staff.ws.send(JSON.stringify({ type: 'auth', token: await tokenFor(t, 'sales1') }));
    expect((await staff.closed).code).toBe(4003);
    customer.ws.close();
  });

  it('closes a socket whose token is not valid, and one whose session ended', async () => {
    const bad = await connect(url);
    bad.ws.send(JSON.stringify({ type: 'auth', token: 'forged.token.here' }));
    expect((await bad.closed).code).toBe(4003);
    const token = await tokenFor(t, 'resource1');
    await call(t, token, { url: '/api/blade-auth/oauth/logout' });
    const ended = await connect(url);
    ended.ws.send(JSON.stringify({ type: 'auth', token }));
    expect((await ended.closed).code).toBe(4003);
  });

  it('reaches a user on another node through Redis', async () => {
    const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const prefix = `forecourt-test-${randomBytes(4).toString('hex')}:`;
    const [bus1, bus2] = await Promise.all([
      RedisBus.open(redisUrl, prefix),
      RedisBus.open(redisUrl, prefix),
    ]);
    // Two nodes on one database, each with its own bus connection.
    const node1 = await buildApp({ config: t.config, db: t.db, bus: bus1 });
    const node2 = await buildApp({ config: t.config, db: t.db, bus: bus2 });
    try {
      await node1.listen({ port: 0, host: '127.0.0.1' });
      await node2.listen({ port: 0, host: '127.0.0.1' });
      const onNode2 = await connect(
        `ws://127.0.0.1:${(node2.server.address() as AddressInfo).port}/ws`,
        await tokenFor(t, 'online1'),
      );
      const res = await node1.inject({
        method: 'POST',
        url: '/api/sop-tools/imPc/pushImUnread',
        headers: {
          authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
          'blade-auth': `bearer ${await tokenFor(t, 'online2')}`,
        },
        payload: { fromUser: 'online2', toUser: 'online1', message: '跨节点', type: 'text' },
      });
      expect(res.json().code).toBe(200);
      await waitFor(() => onNode2.frames.some((f) => f.type === 'unread'));
      expect(onNode2.frames.find((f) => f.type === 'unread')!.data!.message).toBe('跨节点');
      onNode2.ws.close();
    } finally {
      await node1.close();
      await node2.close();
      await bus1.close();
      await bus2.close();
    }
  });
});

import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { Connection, type ConnectionHooks } from './connection.js';
import { CLOSE, PROTOCOL_VERSION, type AuthResult } from './protocol.js';
import { ERROR_CODE, type NetState } from './types.js';

const HEARTBEAT_MS = 150;

/** A chat server double: answers auth, and pings unless told to stay silent. */
async function fakeServer(answerPings: boolean) {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((r) => wss.once('listening', r));
  const sockets: WebSocket[] = [];
  let pings = 0;
  wss.on('connection', (ws) => {
    sockets.push(ws);
    ws.on('message', (raw) => {
      const f = JSON.parse(String(raw)) as { op: string; rid: number };
      if (f.op === 'ping') pings++;
      if (f.op === 'ping' && !answerPings) return;
      const data =
        f.op === 'auth'
          ? ({
              profile: {},
              resumeToken: 'r',
              resumeTtlS: 60,
              serverTime: Date.now(),
              repeatLogin: false,
            } as unknown)
          : { serverTime: Date.now() };
      ws.send(JSON.stringify({ op: 'res', rid: f.rid, code: 0, data }));
    });
  });
  return {
    url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`,
    connections: () => sockets.length,
    pings: () => pings,
    close: () => new Promise((r) => wss.close(r)),
  };
}

/**
 * A chat server double for requests sent behind an auth: protocol 3 answers them after the auth, as the
 * server does; protocol 2 answers them NOT_LOGGED_IN at once, before the auth's answer (the auth takes a
 * round trip to the database there). Keeps every message it gets.
 */
async function pipeliningServer(protocol: 2 | 3) {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((r) => wss.once('listening', r));
  const messages: unknown[] = [];
  wss.on('connection', (ws) => {
    let authed = false;
    ws.on('message', (raw) => {
      const m = JSON.parse(String(raw)) as { op: string; rid: number } | { op: string; rid: number }[];
      messages.push(m);
      const frames = Array.isArray(m) ? m : [m];
      const res = (f: { rid: number }, code: number, data: object) =>
        ws.send(JSON.stringify({ op: 'res', rid: f.rid, code, data }));
      const answer = (f: { op: string; rid: number }) =>
        authed
          ? res(f, 0, { answered: f.rid })
          : res(f, ERROR_CODE.NOT_LOGGED_IN, { message: 'not signed in' });
      const auth = frames[0]!.op === 'auth' ? frames[0]! : undefined;
      const rest = auth ? frames.slice(1) : frames;
      if (protocol === 2) rest.forEach(answer);
      if (auth) {
        authed = true;
        const data = {
          profile: {},
          resumeToken: 'r',
          resumeTtlS: 60,
          serverTime: 0,
          repeatLogin: false,
          protocol,
        };
        setTimeout(() => {
          res(auth, 0, data);
          if (protocol === 3) rest.forEach(answer);
        }, 30);
      } else if (protocol === 3) rest.forEach(answer);
    });
  });
  return {
    url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`,
    messages,
    close: () => new Promise((r) => wss.close(r)),
  };
}

/**
 * A chat server double of a protocol version that keeps every WebSocket message it gets. Version 2 answers
 * all the requests of a message in one message, in reverse order and (but for auth) after a push; version 1
 * answers each on its own and says nothing of its version.
 */
async function versionedServer(protocol: number) {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((r) => wss.once('listening', r));
  const messages: unknown[] = [];
  wss.on('connection', (ws) => {
    ws.on('message', (raw) => {
      const m = JSON.parse(String(raw)) as { op: string; rid: number } | { op: string; rid: number }[];
      messages.push(m);
      const auth = !Array.isArray(m) && m.op === 'auth';
      const answers = (Array.isArray(m) ? m : [m]).map((f) => ({
        op: 'res',
        rid: f.rid,
        code: 0,
        data:
          f.op === 'auth'
            ? { profile: {}, resumeToken: 'r', resumeTtlS: 60, serverTime: 0, repeatLogin: false, protocol }
            : { answered: f.rid },
      }));
      if (protocol < 2) {
        for (const a of answers) ws.send(JSON.stringify({ ...a, data: { ...a.data, protocol: undefined } }));
        return;
      }
      ws.send(
        JSON.stringify([...(auth ? [] : [{ op: 'msg', data: { pushed: true } }]), ...answers.reverse()]),
      );
    });
  });
  return {
    url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`,
    messages,
    close: () => new Promise((r) => wss.close(r)),
  };
}

function connection(
  url: string,
  states: NetState[],
  timeoutMs = 2000,
  pushes: unknown[] = [],
  more: Partial<ConnectionHooks> = {},
) {
  const hooks: ConnectionHooks = {
    authRequest: () => ({ userID: 'u', userSig: 's', instanceId: 'i', platform: 'node' }),
    onAuthed: (_r: AuthResult) => {},
    onPush: (f) => pushes.push(f),
    onState: (s) => states.push(s),
    onEnded: () => {},
    ...more,
  };
  return new Connection(
    { url, timeoutMs, minDelayMs: 20, maxDelayMs: 50, lang: 'en', heartbeatMs: HEARTBEAT_MS },
    hooks,
  );
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0)) await f();
});

describe('the chat connection', () => {
  it('keeps an idle connection whose pings are answered, however long it stays idle', async () => {
    const server = await fakeServer(true);
    const states: NetState[] = [];
    const c = connection(server.url, states);
    cleanup.push(() => c.close(), server.close);
    await c.open();
    await sleep(HEARTBEAT_MS * 10);
    // A busy page or process: timers fire late, long after the socket last spoke. Lateness is not death.
    const until = Date.now() + HEARTBEAT_MS * 3;
    while (Date.now() < until) {
      /* the event loop is blocked */
    }
    await sleep(HEARTBEAT_MS * 10);
    expect(server.pings()).toBeGreaterThanOrEqual(5);
    expect(server.connections()).toBe(1);
    expect(states).not.toContain('connecting');
    expect(c.netState).toBe('connected');
  });

  it('drops a connection whose ping goes unanswered, and reconnects', async () => {
    const server = await fakeServer(false);
    const states: NetState[] = [];
    const c = connection(server.url, states);
    cleanup.push(() => c.close(), server.close);
    await c.open();
    await expect.poll(() => server.connections(), { timeout: HEARTBEAT_MS * 20 }).toBeGreaterThan(1);
    expect(states).toContain('connecting');
  });

  it('gives up on a socket that never finishes connecting without an unhandled error', async () => {
    // Accepts TCP but never answers the WebSocket handshake.
    const held: net.Socket[] = [];
    const tcp = net.createServer((s) => held.push(s)).listen(0, '127.0.0.1');
    await new Promise((r) => tcp.once('listening', r));
    cleanup.push(() => {
      held.forEach((s) => s.destroy());
      return new Promise((r) => tcp.close(r));
    });
    const c = connection(`ws://127.0.0.1:${(tcp.address() as AddressInfo).port}`, [], 200);
    await expect(c.open()).rejects.toMatchObject({ code: expect.any(Number) });
    // An error event of the abandoned socket would surface here as an unhandled error and fail the run.
    await sleep(300);
    expect(c.netState).toBe('disconnected');
  });

  it('sends the requests of one turn as one message to a server that takes arrays, and takes arrays back', async () => {
    const server = await versionedServer(2);
    const pushes: unknown[] = [];
    const c = connection(server.url, [], 2000, pushes);
    cleanup.push(() => c.close(), server.close);
    await c.open();
    const answers = await Promise.all([c.request('ping', {}), c.request('ping', {}), c.request('convs', {})]);
    expect(server.messages[0]).toMatchObject({ op: 'auth', protocol: PROTOCOL_VERSION });
    expect(server.messages.slice(1)).toEqual([
      [
        { op: 'ping', rid: 2 },
        { op: 'ping', rid: 3 },
        { op: 'convs', rid: 4 },
      ],
    ]);
    // Each answer reached its own request, though they came in one message and in another order.
    expect(answers).toEqual([{ answered: 2 }, { answered: 3 }, { answered: 4 }]);
    expect(pushes).toEqual([{ op: 'msg', data: { pushed: true } }]);
    // A request alone in its turn goes as a frame of its own.
    await c.request('ping', {});
    expect(server.messages[2]).toEqual({ op: 'ping', rid: 5 });
  });

  it('sends an early request in the same message as the auth, and its answer comes one round trip sooner', async () => {
    const server = await pipeliningServer(3);
    const c = connection(server.url, []);
    cleanup.push(() => c.close(), server.close);
    const opening = c.open();
    const early = c.request('convs', {}, { early: true });
    const later = c.request('ping', {});
    await opening;
    expect(await early).toEqual({ answered: 2 });
    expect(await later).toEqual({ answered: 3 });
    expect(server.messages[0]).toEqual([
      expect.objectContaining({ op: 'auth', rid: 1, protocol: PROTOCOL_VERSION }),
      { op: 'convs', rid: 2 },
    ]);
    // The request that was not early waited for the sign-in.
    expect(server.messages.slice(1)).toEqual([{ op: 'ping', rid: 3 }]);
  });

  it('sends an early request again once signed in when a server of protocol 2 refused it before the auth', async () => {
    const server = await pipeliningServer(2);
    const c = connection(server.url, []);
    cleanup.push(() => c.close(), server.close);
    const opening = c.open();
    const early = c.request('convs', {}, { early: true });
    await opening;
    expect(await early).toEqual({ answered: 3 });
    expect(server.messages).toEqual([
      [expect.objectContaining({ op: 'auth', rid: 1 }), { op: 'convs', rid: 2 }],
      { op: 'convs', rid: 3 },
    ]);
  });

  it('sends what a reconnect asks for early in the same message as its auth', async () => {
    const server = await pipeliningServer(3);
    const caughtUp: unknown[] = [];
    const c: Connection = connection(server.url, [], 2000, [], {
      onReconnecting: () => void c.request('convs', {}, { early: true }).then((r) => caughtUp.push(r)),
    });
    cleanup.push(() => c.close(), server.close);
    await c.open();
    c.drop();
    await expect.poll(() => caughtUp.length, { timeout: 2000 }).toBe(1);
    expect(server.messages).toEqual([
      expect.objectContaining({ op: 'auth', rid: 1 }),
      [expect.objectContaining({ op: 'auth', rid: 2 }), { op: 'convs', rid: 3 }],
    ]);
    expect(caughtUp).toEqual([{ answered: 3 }]);
  });

  it('fails an early request with the sign-in that failed, and leaves nothing unhandled', async () => {
    const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise((r) => wss.once('listening', r));
    wss.on('connection', (ws) => ws.on('message', () => ws.close(CLOSE.AUTH_FAILED, 'unauthorized')));
    cleanup.push(() => new Promise((r) => wss.close(r)));
    const c = connection(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}`, []);
    const opening = c.open();
    const early = c.request('convs', {}, { early: true });
    await expect(opening).rejects.toMatchObject({ code: expect.any(Number) });
    await expect(early).rejects.toMatchObject({ code: expect.any(Number) });
    expect(c.netState).toBe('disconnected');
  });

  it('sends a server of protocol 1 one message per request', async () => {
    const server = await versionedServer(1);
    const c = connection(server.url, []);
    cleanup.push(() => c.close(), server.close);
    await c.open();
    const answers = await Promise.all([c.request('ping', {}), c.request('ping', {})]);
    expect(answers).toEqual([{ answered: 2 }, { answered: 3 }]);
    expect(server.messages.slice(1)).toEqual([
      { op: 'ping', rid: 2 },
      { op: 'ping', rid: 3 },
    ]);
  });
});

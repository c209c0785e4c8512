import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { Connection, type ConnectionHooks } from './connection.js';
import type { AuthResult } from './protocol.js';
import type { NetState } from './types.js';

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

function connection(url: string, states: NetState[], timeoutMs = 2000) {
  const hooks: ConnectionHooks = {
    authRequest: () => ({ userID: 'u', userSig: 's', instanceId: 'i', platform: 'node' }),
    onAuthed: (_r: AuthResult) => {},
    onPush: () => {},
    onState: (s) => states.push(s),
    onEnded: () => {},
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
});

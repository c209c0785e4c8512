import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { heartbeatAction } from '../src/modules/im/gateway.js';
import { dbLabel } from './harness.js';
import { chatServer, rawChat, type ChatServer } from './im-support.js';

describe('the heartbeat rule', () => {
  it('leaves a socket heard from within a heartbeat alone, pings a silent one, drops one silent for two', () => {
    expect(heartbeatAction(1000, 1000 + 29_999, 30_000)).toBe('none');
    expect(heartbeatAction(1000, 1000 + 30_000, 30_000)).toBe('ping');
    expect(heartbeatAction(1000, 1000 + 59_999, 30_000)).toBe('ping');
    expect(heartbeatAction(1000, 1000 + 60_000, 30_000)).toBe('drop');
  });
});

/** Sockets whose other end vanished without a FIN (a laptop lid closed) must not be held for ever. */
describe(`chat heartbeat (${dbLabel})`, () => {
  const HEARTBEAT = 600;
  let t: ChatServer;
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    t = await chatServer();
    // Read on every heartbeat tick (ticks come every 100 ms at the default 30 s heartbeat).
    t.app.ctx.im!.deps.settings.heartbeatMs = HEARTBEAT;
  });
  afterAll(async () => {
    for (const s of sockets) s.terminate();
    await t?.close();
  });

  async function rawSignedIn(account: string, autoPong: boolean) {
    const r = await rawChat(t, account, { autoPong });
    sockets.push(r.ws);
    return r;
  }

  it('drops a socket that stops answering, keeps one that answers pings, never pings one that talks', async () => {
    const gone = await rawSignedIn('sales1', false);
    const quiet = await rawSignedIn('online1', true);
    // The SDK's way: a ping frame of the protocol whenever it has been idle for a while.
    const talker = await rawSignedIn('sales2', true);
    let rid = 100;
    const talking = setInterval(
      () => talker.ws.send(JSON.stringify({ op: 'ping', rid: ++rid })),
      HEARTBEAT / 3,
    );

    const dropped = await Promise.race([
      gone.closed,
      new Promise((r) => setTimeout(() => r('open'), 6 * HEARTBEAT)),
    ]);
    // 1006: terminated without a close frame, as a dead peer's socket is.
    expect(dropped).toBe(1006);
    expect(gone.pings.length).toBeGreaterThanOrEqual(1);

    expect(quiet.ws.readyState).toBe(WebSocket.OPEN);
    expect(quiet.pings.length).toBeGreaterThanOrEqual(1);
    clearInterval(talking);
    expect(talker.ws.readyState).toBe(WebSocket.OPEN);
    expect(talker.pings).toEqual([]);
  });
});

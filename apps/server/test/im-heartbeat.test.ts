import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { CLOSE } from '@forecourt/im-sdk/protocol';
import { TYPES } from '@forecourt/im-sdk/types';
import { heartbeatAction } from '../src/modules/im/gateway.js';
import { principalKind } from '../src/modules/im/principals.js';
import { dbLabel } from './harness.js';
import { chatServer, rawChat, waitFor, type ChatServer, type RawFrame } from './im-support.js';

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

/** The periodic session check, as it runs on its own: a share of the sockets every tick, all within the period. */
describe(`chat session check (${dbLabel})`, () => {
  const PERIOD = 1500;
  let t: ChatServer;
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    // Chat settings come from the app's validated config, like every other setting.
    t = await chatServer({ IM_SESSION_CHECK_MS: String(PERIOD) });
  });
  afterAll(async () => {
    for (const s of sockets) s.terminate();
    await t?.close();
  });

  it('ends the sockets of a session revoked elsewhere within the period, and only those', async () => {
    const revoked = await rawChat(t, 'sales1');
    const others = await Promise.all(['online1', 'sales2', 'resource1'].map((a) => rawChat(t, a)));
    sockets.push(revoked.ws, ...others.map((o) => o.ws));
    const checks = vi.spyOn(principalKind('staff')!, 'endedSessions');
    const at = Date.now();
    // As the admin screens do when an account is signed out everywhere.
    await t.db.query(
      `UPDATE auth_session SET revoked_at = now()
        WHERE user_id = (SELECT id FROM blade_user WHERE account = 'sales1' AND tenant_id = '000000')`,
    );
    const code = await Promise.race([
      revoked.closed,
      new Promise((r) => setTimeout(() => r('open'), 3 * PERIOD)),
    ]);
    expect(code).toBe(CLOSE.KICKED);
    expect(Date.now() - at).toBeLessThan(PERIOD + 1000);
    expect(revoked.frames.find((f) => f.op === 'kicked')?.data).toEqual({ type: TYPES.KICKED_OUT_REST_API });
    // A whole period more: every other socket was checked at least once again and is still open.
    await new Promise((r) => setTimeout(r, PERIOD));
    for (const o of others) expect(o.ws.readyState).toBe(WebSocket.OPEN);
    // A share of the sockets per tick (a sixtieth: one of these four now and then), never all of them in
    // one go, and each socket about once per period, not once per tick.
    const calls = checks.mock.calls.length;
    expect(calls).toBeGreaterThanOrEqual(3);
    expect(calls).toBeLessThanOrEqual(12);
    expect(Math.max(...checks.mock.calls.map(([, ids]) => ids.length))).toBe(1);
    checks.mockRestore();
  });
});

/** Resume tokens are renewed by one round of the node (ImGateway.renewResumes), not a timer per socket. */
describe(`chat resume-token renewal (${dbLabel})`, () => {
  const TTL_S = 300;
  let t: ChatServer;
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    t = await chatServer({ IM_RESUME_TTL: String(TTL_S) });
  });
  afterAll(async () => {
    for (const s of sockets) s.terminate();
    await t?.close();
  });

  /** One lap of the round: each call visits a sixtieth of the sockets. */
  const lap = () => {
    for (let i = 0; i < 60; i++) t.app.ctx.im!.gateway.renewResumes();
  };

  it('renews a token a quarter of its lifetime old, once a lap, and the new token signs a reconnect in', async () => {
    const r = await rawChat(t, 'sales1', { instanceId: 'renew-1' });
    sockets.push(r.ws);
    const tickets = () => r.frames.filter((f) => f.op === 'ticket');
    lap();
    await new Promise((res) => setTimeout(res, 200));
    expect(tickets()).toEqual([]);

    t.clock.offsetMs = (TTL_S * 1000) / 4 + 1000;
    lap();
    await waitFor(() => tickets().length === 1, 5000, 'a ticket push');
    const renewed = tickets()[0]!.data as { resumeToken: string; resumeTtlS: number };
    expect(renewed.resumeTtlS).toBe(TTL_S);
    expect(renewed.resumeToken).not.toBe((r.auth.data as { resumeToken: string }).resumeToken);
    // Just renewed: the next lap leaves it alone.
    lap();
    await new Promise((res) => setTimeout(res, 200));
    expect(tickets()).toHaveLength(1);

    // The original token has expired by then; the renewed one still signs the same instance in.
    t.clock.offsetMs = TTL_S * 1000 + 2000;
    const again = new WebSocket(`${t.origin.replace('http', 'ws')}/im`);
    sockets.push(again);
    await new Promise((res, rej) => again.once('open', res).once('error', rej));
    const answer = new Promise<RawFrame>((res) =>
      again.once('message', (raw) => res(JSON.parse(String(raw)) as RawFrame)),
    );
    again.send(
      JSON.stringify({
        op: 'auth',
        rid: 1,
        userID: 'sales1',
        userSig: renewed.resumeToken,
        instanceId: 'renew-1',
        platform: 'node',
      }),
    );
    expect((await answer).code).toBe(0);
    t.clock.offsetMs = 0;
  });
});

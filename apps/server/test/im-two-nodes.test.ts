import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EVENT, TYPES, type Message } from '@forecourt/im-sdk';
import { createTestApp, dbLabel, type TestApp } from './harness.js';
import { startNodes } from './nodes.js';
import { rawChat, signIn, text, waitFor, type ChatServer, type Recorded } from './im-support.js';

/**
 * Two server processes' worth of app on one database, each with its own Redis connection: a user on one
 * node and a user on the other chat as if they shared a server.
 */
describe(`chat across two nodes through Redis (${dbLabel})`, () => {
  let t: TestApp;
  let nodes: ChatServer[] = [];
  let closeNodes = async () => {};
  const open: Recorded[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const started = await startNodes(t);
    nodes = started.nodes.map((n) => ({ ...n, clock: { offsetMs: 0 } }));
    closeNodes = started.close;
  });
  afterAll(async () => {
    for (const r of open) await r.client.destroy();
    await closeNodes();
    await t?.close();
  });

  const login = async (node: number, user: string, o: Parameters<typeof signIn>[2] = {}) => {
    const r = await signIn(nodes[node]!, user, o);
    open.push(r);
    return r;
  };

  it('delivers messages and read receipts between users on different nodes, and sees presence', async () => {
    const a = await login(0, 'sales1');
    const b = await login(1, 'online1');
    const sent: Message[] = [];
    for (let i = 1; i <= 20; i++) {
      const m = text(a, 'online1', `across ${i}`);
      await a.client.sendMessage(m);
      sent.push(m);
    }
    await waitFor(() => b.received.length === 20, 10_000, 'b receives all');
    expect(b.received.map((m) => m.ID)).toEqual(sent.map((m) => m.ID));
    await waitFor(() => b.client.getTotalUnreadMessageCount() === 20);

    const reply = text(b, 'sales1', 'received, thanks');
    await b.client.sendMessage(reply);
    await waitFor(() => a.received.some((m) => m.ID === reply.ID));

    await b.client.setMessageRead({ conversationID: 'C2Csales1' });
    await waitFor(() => sent.every((m) => m.isPeerRead), 5000, 'peer read across nodes');
    expect(a.events[EVENT.MESSAGE_READ_BY_PEER]!.at(-1)![0]!.readSeq).toBeGreaterThanOrEqual(sent[19]!.seq);
    expect(b.client.getTotalUnreadMessageCount()).toBe(0);

    const status = (await a.client.getUserStatus({ userIDList: ['online1', 'online2'] })).data.statusList;
    expect(status).toEqual(
      expect.arrayContaining([
        { userID: 'online1', online: true },
        { userID: 'online2', online: false },
      ]),
    );
    await b.client.logout();
    await expect
      .poll(
        async () => (await a.client.getUserStatus({ userIDList: ['online1'] })).data.statusList[0]!.online,
      )
      .toBe(false);
  });

  it('a second sign-in on the other node ends the first (single-instance)', async () => {
    for (const n of nodes) n.app.ctx.im!.deps.settings.kickPolicy = 'single-instance';
    const first = await login(0, 'resource1', { platform: 'web' });
    await login(1, 'resource1', { platform: 'web' });
    await waitFor(() => (first.events[EVENT.KICKED_OUT] ?? []).length > 0, 5000, 'kicked across nodes');
    expect(first.events[EVENT.KICKED_OUT]![0]).toEqual({ type: TYPES.KICKED_OUT_MULT_ACCOUNT });
  });

  it("a user's send reaches their own sockets on the other node, never back to the sending socket", async () => {
    for (const n of nodes) n.app.ctx.im!.deps.settings.kickPolicy = 'multi-instance';
    // The desk speaks the raw protocol: the SDK would hide an echo of its own send by its ID.
    const desk = await rawChat(nodes[0]!, 'sales2', { instanceId: 'desk', platform: 'web' });
    const phone = await login(1, 'sales2', { platform: 'h5' });
    const peer = await login(1, 'online2');
    const sent = await desk.req('send', {
      message: {
        clientMsgId: 'desk-1',
        to: 'online2',
        conversationType: 'C2C',
        type: TYPES.MSG_TEXT,
        payload: { text: 'from the desk' },
      },
    });
    expect(sent.code).toBe(0);
    await waitFor(() => peer.received.length === 1 && phone.received.length === 1, 5000, 'both receive');
    expect(phone.received[0]!.payload).toEqual({ text: 'from the desk' });
    expect(peer.received[0]!.ID).toBe(phone.received[0]!.ID);
    // The reply travels the same topic after the send, so the desk has had its chance to see an echo.
    const reply = text(peer, 'sales2', 'got it');
    await peer.client.sendMessage(reply);
    await waitFor(() => phone.received.length === 2, 5000, 'reply on the phone');
    await waitFor(() => desk.frames.some((f) => f.op === 'msg'), 5000, 'reply on the desk');
    expect(desk.frames.filter((f) => f.op === 'msg').map((f) => f.data?.ID)).toEqual([reply.ID]);
    desk.ws.close();
  });

  it('pushes for a user held by one node skip Redis, and a device signing in on another node misses none', async () => {
    for (const n of nodes) {
      n.app.ctx.im!.deps.settings.kickPolicy = 'multi-instance';
      n.app.ctx.im!.deps.settings.sendRate = 10_000;
      n.app.ctx.im!.deps.settings.sendBurst = 100_000;
    }
    const desk = await login(0, 'online1', { platform: 'web' });
    const peer = await login(0, 'sales1');
    const topics: string[] = [];
    const publish = nodes[0]!.bus.publish.bind(nodes[0]!.bus);
    nodes[0]!.bus.publish = (topic, m) => {
      topics.push(topic);
      return publish(topic, m);
    };
    // Node 0 reads its Redis subscriptions 300 ms late, as a busy node might: long enough for the phone
    // to sign in and sync while node 0 still believes the desk is the user's only socket.
    const handlers = (nodes[0]!.bus as unknown as { handlers: { emit(topic: string, m: unknown): void } })
      .handlers;
    const emit = handlers.emit.bind(handlers);
    handlers.emit = (topic, m) => void setTimeout(() => emit(topic, m), 300);
    try {
      await peer.client.sendMessage(text(peer, 'online1', 'straight from node 0'));
      await waitFor(() => desk.received.length === 1, 5000, 'desk receives');
      expect(topics.filter((t) => /:(online1|sales1)$/.test(t))).toEqual([]);

      // The peer keeps sending while the phone signs in on node 1: whatever the phone's sync did not
      // find must reach it as a push, though node 0 was writing the user's pushes straight to the desk.
      const sent: Message[] = [];
      let stopAt = Infinity;
      // The send on its way: it may be stored before the phone's sync answers, and so be part of it.
      let current = 0;
      const stream = (async () => {
        for (let i = 0; i < stopAt; i++) {
          current = i;
          const m = text(peer, 'online1', `during sign-in ${i}`);
          await peer.client.sendMessage(m);
          sent.push(m);
        }
      })();
      await waitFor(() => sent.length >= 3, 5000, 'stream under way');
      const phone = await rawChat(nodes[1]!, 'online1', { instanceId: 'phone', platform: 'h5' });
      const synced = await phone.req('sync', { convs: [] });
      // Ten more sends, all begun after the sync answered, so all of them after its lastSeq.
      stopAt = current + 1 + 10;
      await stream;
      const list = (synced.data as { conversationList: { conversationID: string; lastSeq: number }[] })
        .conversationList;
      const base = list.find((c) => c.conversationID === 'C2Csales1')?.lastSeq ?? 0;
      const last = sent.at(-1)!.seq;
      const pushed = () =>
        phone.frames.filter((f) => f.op === 'msg').map((f) => (f.data as { seq: number }).seq);
      await waitFor(() => pushed().includes(last), 5000, 'the last message on the phone');
      const missing = [];
      for (let seq = base + 1; seq <= last; seq++) if (!pushed().includes(seq)) missing.push(seq);
      expect(missing).toEqual([]);
      expect(last - base).toBeGreaterThanOrEqual(10);
      await waitFor(() => desk.received.length === sent.length + 1, 5000, 'the desk has them all');
      // With a socket of the user on node 1, node 0 sends the user's pushes through Redis.
      expect(topics.some((t) => t.endsWith(':online1'))).toBe(true);
      phone.ws.close();
    } finally {
      nodes[0]!.bus.publish = publish;
      handlers.emit = emit;
    }
  });

  it("a node letting go of a user's last socket still answers a sign-in on the other node", async () => {
    for (const n of nodes) n.app.ctx.im!.deps.settings.kickPolicy = 'multi-instance';
    // Node 0 leaves a Redis topic only once the test lets it, as a busy node may be late to; until then
    // Redis counts it among the nodes a sign-in reached, and the sign-in waits for its answer.
    let letGo!: () => void;
    const late = new Promise<void>((r) => (letGo = r));
    const subscribe = nodes[0]!.bus.subscribe.bind(nodes[0]!.bus);
    nodes[0]!.bus.subscribe = async (topic, handler) => {
      const off = await subscribe(topic, handler);
      return async () => {
        await late;
        await off();
      };
    };
    const publish = nodes[1]!.bus.publish.bind(nodes[1]!.bus);
    const reached: number[] = [];
    nodes[1]!.bus.publish = async (topic, m) => {
      const n = await publish(topic, m);
      if (topic.endsWith(':online2') && (m as { op?: string }).op === '_login') reached.push(n);
      return n;
    };
    const warn = vi.spyOn(nodes[1]!.app.log, 'warn');
    try {
      const gateway = nodes[0]!.app.ctx.im!.gateway;
      const before = gateway.size;
      const desk = await rawChat(nodes[0]!, 'online2', { instanceId: 'desk-leaving' });
      desk.ws.close();
      await waitFor(() => gateway.size === before, 5000, "node 0 let go of the desk's socket");
      const phone = await rawChat(nodes[1]!, 'online2', { instanceId: 'phone-arriving' });
      expect(reached).toEqual([2]);
      expect(warn.mock.calls.map((c) => c.at(-1))).not.toContain(
        'a chat node did not acknowledge a sign-in in time',
      );
      phone.ws.close();
    } finally {
      letGo();
      nodes[0]!.bus.subscribe = subscribe;
      nodes[1]!.bus.publish = publish;
      warn.mockRestore();
    }
  });

  it('shares one send-rate bucket per user across nodes', async () => {
    for (const n of nodes) {
      n.app.ctx.im!.deps.settings.kickPolicy = 'multi-instance';
      n.app.ctx.im!.deps.settings.sendRate = 0.1;
      n.app.ctx.im!.deps.settings.sendBurst = 4;
    }
    const on0 = await login(0, 'resource2');
    const on1 = await login(1, 'resource2');
    const results: string[] = [];
    for (let i = 0; i < 6; i++) {
      const c = i % 2 ? on1 : on0;
      results.push(
        await c.client.sendMessage(text(c, 'sales2', `r${i}`)).then(
          () => 'ok',
          (e: { code: number }) => String(e.code),
        ),
      );
    }
    expect(results).toEqual(['ok', 'ok', 'ok', 'ok', '80003', '80003']);
  });
});

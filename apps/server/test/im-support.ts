/**
 * Chat tests drive the real SDK (packages/im-sdk) from Node against a listening server: what a user's
 * browser does, over a real socket.
 */
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { create, EVENT, type Client, type EventName, type EventPayloads } from '@forecourt/im-sdk';
import { call, createTestApp, tokenFor, type TestApp } from './harness.js';
import type { Bus } from '../src/platform/bus.js';

export interface ChatServer extends TestApp {
  origin: string;
  /** A clock the chat module reads: tests move it instead of sleeping. */
  clock: { offsetMs: number };
}

export async function chatServer(env: Record<string, string> = {}, bus?: Bus): Promise<ChatServer> {
  const t = await createTestApp(env, bus);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const clock = { offsetMs: 0 };
  t.app.ctx.im!.deps.clock.now = () => Date.now() + clock.offsetMs;
  return { ...t, origin: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`, clock };
}

/** A frame the server sent a raw socket. */
export interface RawFrame {
  op: string;
  rid?: number;
  code?: number;
  message?: string;
  data?: Record<string, unknown>;
}

/**
 * A signed-in chat socket speaking the raw protocol: what any client (not only our SDK) can send the
 * server, and every frame and ping it got. `autoPong: false` plays a peer that is gone.
 */
export async function rawChat(
  t: ChatServer,
  userID: string,
  o: {
    lang?: 'zh' | 'en';
    instanceId?: string;
    platform?: string;
    autoPong?: boolean;
    /** The protocol version the client says it speaks (none said: 1). */
    protocol?: number;
  } = {},
) {
  const ws = new WebSocket(`${t.origin.replace('http', 'ws')}/im`, { autoPong: o.autoPong ?? true });
  const frames: RawFrame[] = [];
  /** Every WebSocket message as it came: a frame, or (protocol 2) an array of frames. */
  const messages: (RawFrame | RawFrame[])[] = [];
  const pings: number[] = [];
  const answers = new Map<number, (f: RawFrame) => void>();
  ws.on('ping', () => pings.push(Date.now()));
  ws.on('message', (raw) => {
    const m = JSON.parse(String(raw)) as RawFrame | RawFrame[];
    messages.push(m);
    for (const f of Array.isArray(m) ? m : [m]) {
      frames.push(f);
      if (f.op === 'res') answers.get(f.rid!)?.(f);
    }
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  let rid = 0;
  const req = (op: string, args: object) =>
    new Promise<RawFrame>((resolve) => {
      answers.set(++rid, resolve);
      ws.send(JSON.stringify({ op, rid, ...args }));
    });
  /** Several requests in one WebSocket message (an array of frames); their answers in request order. */
  const reqAll = (requests: [op: string, args: object][]) => {
    const sent = requests.map(([op, args]) => ({ op, rid: ++rid, ...args }));
    const answered = sent.map((f) => new Promise<RawFrame>((resolve) => answers.set(f.rid, resolve)));
    ws.send(JSON.stringify(sent));
    return Promise.all(answered);
  };
  const auth = await req('auth', {
    userID,
    userSig: await ticketFor(t, userID),
    instanceId: o.instanceId ?? `raw-${userID}`,
    platform: o.platform ?? 'node',
    ...(o.lang ? { lang: o.lang } : {}),
    ...(o.protocol ? { protocol: o.protocol } : {}),
  });
  if (auth.code !== 0) throw new Error(`raw auth of ${userID}: ${auth.code} ${auth.message ?? ''}`);
  return { ws, req, reqAll, frames, messages, pings, closed, auth };
}

/**
 * A chat ticket for `account`, fetched the way the web client does (getSign for its own account), in a
 * session of its own or in the one of `token`.
 */
export async function ticketFor(t: TestApp, account: string, token?: string): Promise<string> {
  const res = await call(t, token ?? (await tokenFor(t, account)), {
    url: `/api/blade-im/sig/getSign/${account}`,
  });
  if (res.statusCode !== 200) throw new Error(`getSign ${account}: ${res.statusCode} ${res.body}`);
  return res.json<{ data: string }>().data;
}

export interface Recorded {
  client: Client;
  userID: string;
  events: { [E in EventName]?: EventPayloads[E][] };
  /** Every MESSAGE_RECEIVED message, in the order received. */
  received: EventPayloads[typeof EVENT.MESSAGE_RECEIVED];
}

/** A signed-in SDK client that records every event it emits. */
export async function signIn(
  t: ChatServer,
  userID: string,
  opts: Parameters<typeof create>[0] = {},
): Promise<Recorded> {
  const client = create({ server: t.origin, reconnect: { minDelayMs: 50, maxDelayMs: 500 }, ...opts });
  const rec: Recorded = { client, userID, events: {}, received: [] };
  for (const name of Object.values(EVENT)) {
    client.on(name, (e) => {
      const list = (rec.events[name] ??= []) as unknown[];
      list.push(e.data);
      if (name === EVENT.MESSAGE_RECEIVED) rec.received.push(...(e.data as Recorded['received']));
    });
  }
  await client.login({ userID, userSig: await ticketFor(t, userID) });
  return rec;
}

export async function waitFor(cond: () => boolean, ms = 10_000, what = 'condition'): Promise<void> {
  const t0 = Date.now();
  while (!cond()) {
    if (Date.now() - t0 > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export const text = (r: Recorded, to: string, body: string, conversationType: 'C2C' | 'GROUP' = 'C2C') =>
  r.client.createTextMessage({ to, conversationType, payload: { text: body } });

/** Every socket of the server dies as on a network failure (no close frame). */
export function dropAllSockets(t: TestApp) {
  const wss = (t.app as unknown as { websocketServer: { clients: Set<{ terminate(): void }> } })
    .websocketServer;
  for (const c of wss.clients) c.terminate();
}

/** The sockets of one user die as on a network failure; everyone else stays connected. */
export function dropSocketsOf(t: TestApp, userID: string) {
  const conns = t.app.ctx.im!.gateway['conns'] as Map<
    string,
    { principal: { userID: string }; socket: { terminate(): void } }
  >;
  for (const c of conns.values()) if (c.principal.userID === userID) c.socket.terminate();
}

/**
 * The three kinds of client the chat benchmark drives, behind one small interface:
 * - `sdk`: @forecourt/im-sdk against our server (what the product's screens use);
 * - `raw`: the same JSON frames over `ws` against our server (the fallback while the SDK is unfinished);
 * - `peer`: socket.io-client against the Socket.IO relay.
 * Idle clients keep only what their library keeps, so the load generator can hold ten thousand of them.
 */
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { io } from 'socket.io-client';
import { Agent, request } from 'undici';
import { PROTOCOL_VERSION } from '@forecourt/im-sdk/protocol';

export type ClientKind = 'sdk' | 'raw' | 'peer';

export interface Credentials {
  userID: string;
  /** Our server: a ticket from getSign. The peer has no auth. */
  sig: string;
}

/** A bench user as the load generator gets it: our server needs the access token to ask for a ticket. */
export interface BenchLogin {
  userID: string;
  token?: string;
}

const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
// A few keep-alive connections are enough and keep the server's file descriptors for chat sockets.
const http = new Agent({ connections: 8 });

/** The user's chat ticket from `GET /api/blade-im/sig/getSign/{id}`, as the web app asks for it before login. */
export async function ticketOf(origin: string, u: BenchLogin): Promise<Credentials> {
  if (!u.token) return { userID: u.userID, sig: '' };
  const res = await request(`${origin}/api/blade-im/sig/getSign/${u.userID}`, {
    dispatcher: http,
    headers: { authorization: BASIC, 'blade-auth': `bearer ${u.token}`, 'accept-language': 'en' },
  });
  const body = (await res.body.json()) as { code: number; data?: string; msg?: string };
  if (res.statusCode !== 200 || typeof body.data !== 'string')
    throw new Error(`getSign for ${u.userID}: HTTP ${res.statusCode} ${JSON.stringify(body)}`);
  return { userID: u.userID, sig: body.data };
}

export interface BenchClient {
  /** Resolves when the server acknowledged the message (ours and the storing relay: stored durably; the plain relay: relayed). */
  send(to: string, text: string): Promise<void>;
  close(): void;
}

/** Called with the text of each message this client receives from someone else. */
export type OnText = (text: string) => void;

export type Connector = (c: Credentials, onText?: OnText) => Promise<BenchClient>;

const TEXT = 'TIMTextElem';

/** Connections that ended after sign-in without the bench closing them, by reason. */
export const drops = { count: 0, reasons: {} as Record<string, number> };
let closing = false;
function dropped(reason: string) {
  if (closing) return;
  drops.count++;
  drops.reasons[reason] = (drops.reasons[reason] ?? 0) + 1;
}
/** From now on, closed connections are the bench's own doing. */
export function closingAll() {
  closing = true;
}
const CONNECT_TIMEOUT_MS = 60_000;

function withTimeout<T>(p: Promise<T>, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(
      () => reject(new Error(`${what}: no answer in ${CONNECT_TIMEOUT_MS} ms`)),
      CONNECT_TIMEOUT_MS,
    );
    p.then(
      (v) => (clearTimeout(t), resolve(v)),
      (e: unknown) => (clearTimeout(t), reject(e instanceof Error ? e : new Error(String(e)))),
    );
  });
}

/** Our server through the wire protocol (packages/im-sdk/src/protocol.ts), frame for frame what the SDK sends. */
export function rawConnector(origin: string): Connector {
  const url = `${origin.replace(/^http/, 'ws')}/im`;
  return (c, onText) =>
    withTimeout(
      new Promise<BenchClient>((resolve, reject) => {
        const ws = new WebSocket(url, { perMessageDeflate: false });
        let rid = 0;
        const pending = new Map<number, { ok: () => void; fail: (e: Error) => void }>();
        const framed = (op: string, args: object) => {
          const id = ++rid;
          return {
            frame: { op, rid: id, ...args },
            answered: new Promise<void>((ok, fail) => pending.set(id, { ok, fail })),
          };
        };
        const request = (op: string, args: object) => {
          const r = framed(op, args);
          ws.send(JSON.stringify(r.frame));
          return r.answered;
        };
        type Frame = {
          op: string;
          rid?: number;
          code?: number;
          message?: string;
          data?: { from?: string; payload?: { text?: string } };
        };
        ws.on('message', (raw) => {
          // A server of protocol 2 or later sends a turn's frames as one array.
          const m = JSON.parse(String(raw)) as Frame | Frame[];
          for (const f of Array.isArray(m) ? m : [m]) {
            if (f.op === 'res') {
              const p = pending.get(f.rid!);
              pending.delete(f.rid!);
              if (f.code === 0) p?.ok();
              else p?.fail(new Error(`${f.code}: ${f.message}`));
            } else if (f.op === 'msg' && onText && f.data?.from !== c.userID)
              onText(String(f.data?.payload?.text ?? ''));
          }
        });
        ws.on('error', reject);
        let authed = false;
        ws.on('close', (code) => {
          if (authed) dropped(`close ${code}`);
          for (const p of pending.values()) p.fail(new Error(`socket closed (${code})`));
          pending.clear();
        });
        ws.on('open', () => {
          // Sign in and fetch the conversation list in one message, as the SDK's login does (protocol 3).
          const auth = framed('auth', {
            userID: c.userID,
            userSig: c.sig,
            instanceId: randomUUID(),
            platform: 'node',
            protocol: PROTOCOL_VERSION,
          });
          const sync = framed('sync', { convs: [] });
          ws.send(JSON.stringify([auth.frame, sync.frame]));
          Promise.all([auth.answered, sync.answered]).then(() => {
            authed = true;
            resolve({
              send: (to, text) =>
                request('send', {
                  message: {
                    clientMsgId: randomUUID(),
                    to,
                    conversationType: 'C2C',
                    type: TEXT,
                    payload: { text },
                  },
                }),
              close: () => ws.close(),
            });
          }, reject);
        });
      }),
      `auth of ${c.userID}`,
    );
}

/** Our server through the SDK, as the chat screen and the tests use it. */
export async function sdkConnector(origin: string): Promise<Connector> {
  const sdk = await import('@forecourt/im-sdk');
  return async (c, onText) => {
    const chat = sdk.create({ server: origin, platform: 'node', lang: 'en' });
    if (onText)
      chat.on(sdk.EVENT.MESSAGE_RECEIVED, (e) => {
        for (const m of e.data)
          if (m.from !== c.userID) onText(String((m.payload as { text?: string }).text ?? ''));
      });
    await withTimeout(chat.login({ userID: c.userID, userSig: c.sig }), `login of ${c.userID}`);
    chat.on(sdk.EVENT.NET_STATE_CHANGE, (e) => {
      if (e.data.state !== sdk.TYPES.NET_STATE_CONNECTED) dropped(`net state ${e.data.state}`);
    });
    chat.on(sdk.EVENT.KICKED_OUT, (e) => dropped(`kicked out: ${e.data.type}`));
    return {
      async send(to, text) {
        const m = chat.createTextMessage({ to, conversationType: sdk.TYPES.CONV_C2C, payload: { text } });
        await chat.sendMessage(m);
      },
      close: () => void chat.logout().catch(() => undefined),
    };
  };
}

/** The Socket.IO relay: the handshake names the user; `send` is acknowledged by the relay. */
export function peerConnector(origin: string): Connector {
  return (c, onText) =>
    withTimeout(
      new Promise<BenchClient>((resolve, reject) => {
        const socket = io(origin, {
          transports: ['websocket'],
          auth: { userID: c.userID },
          reconnection: false,
          forceNew: true,
        });
        if (onText) socket.on('msg', (m: { text: string }) => onText(m.text));
        socket.once('connect_error', reject);
        socket.on('disconnect', (reason) => dropped(`disconnect: ${reason}`));
        socket.once('connect', () =>
          resolve({
            send: (to, text) =>
              new Promise<void>((ok, fail) =>
                socket
                  .timeout(CONNECT_TIMEOUT_MS)
                  .emit(
                    'send',
                    { to, text, id: randomUUID() },
                    (err: Error | null, r?: { ok: boolean; error?: string }) =>
                      err ? fail(err) : r?.ok === false ? fail(new Error(r.error)) : ok(),
                  ),
              ),
            close: () => void socket.disconnect(),
          }),
        );
      }),
      `connect of ${c.userID}`,
    );
}

/**
 * The chat socket with its request/answer matching, time-outs, heart-beat and reconnects. It knows
 * nothing of messages: the client gives it the auth frame to send and receives pushes and state changes.
 *
 * Requests made while the socket is down wait for the reconnect (within their time-out). A request that
 * was on the wire when the socket dropped is sent again after the reconnect only when repeating it is
 * harmless (`retry`: sends carry their clientMsgId, reads are idempotent); others fail with NETWORK.
 */
import {
  BATCH_PROTOCOL,
  CLOSE,
  MAX_BATCH_FRAMES,
  PROTOCOL_VERSION,
  type AuthRequest,
  type AuthResult,
  type Op,
  type Ops,
  type PushFrame,
} from './protocol.js';
import { ERROR_CODE, TYPES, type IMError, type KickedOutType, type NetState } from './types.js';
import { backoffDelay } from './backoff.js';
import { imError, networkError, notLoggedIn, say, timeoutError, type Lang } from './errors.js';
import { OPEN, frameText, socketCtor, type SocketLike } from './socket.js';

export interface ConnectionOptions {
  url: string;
  timeoutMs: number;
  minDelayMs: number;
  maxDelayMs: number;
  lang: Lang;
  /** How often an idle socket is checked with a ping (ms). */
  heartbeatMs?: number;
}

export interface ConnectionHooks {
  /** The auth frame for the next (re)connect: the ticket first, then the resume token. */
  authRequest(): AuthRequest;
  /** Signed in (again). Runs before queued requests go out. */
  onAuthed(result: AuthResult): void;
  /**
   * A reconnect's socket is open and its auth about to go out: requests made now with `early` go in the
   * same message (protocol 3), such as the catch-up sync.
   */
  onReconnecting?(): void;
  onPush(frame: PushFrame): void;
  onState(state: NetState): void;
  /** The session is over and will not reconnect: kicked out, or the sign-in is no longer accepted. */
  onEnded(reason: KickedOutType): void;
}

interface Pending {
  /** Creation order: requests go out in the order they were made, also after a reconnect. */
  order: number;
  op: Op;
  args: object;
  retry: boolean;
  /**
   * Sent in the same message as the next auth, before its answer (protocol 3): one round trip sooner. A
   * server of protocol 2 answers it NOT_LOGGED_IN before the auth's answer; it then waits for the sign-in
   * like any other request.
   */
  early?: boolean;
  resolve: (v: unknown) => void;
  reject: (e: IMError) => void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Runs `f` once the current turn's promise chains have run: in Node after them (process.nextTick runs after
 * the microtasks queued before it), in a browser as one more microtask.
 */
const afterTurn: (f: () => void) => void =
  typeof process !== 'undefined' && typeof process.nextTick === 'function'
    ? (f) => process.nextTick(f)
    : (f) => queueMicrotask(f);

type Frame = { op?: string; rid?: number; code?: number; message?: string; data?: unknown };

const unref = (t: ReturnType<typeof setTimeout>) => {
  (t as { unref?: () => void }).unref?.();
  return t;
};

export class Connection {
  private socket: SocketLike | null = null;
  private authed = false;
  private ended = true;
  private rid = 0;
  private made = 0;
  private inflight = new Map<number, Pending>();
  private queue: Pending[] = [];
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private lastFrameAt = 0;
  /** When the outstanding heartbeat ping went out (0: none). */
  private pingSentAt = 0;
  private kickedType: KickedOutType | null = null;
  /** Requests written this turn, to go to `socket` as one message (the server takes arrays of frames). */
  private outbox: { socket: SocketLike; frames: object[] } | null = null;
  /** The server of the current socket said it takes arrays of frames. */
  private peerBatches = false;
  private state: NetState = TYPES.NET_STATE_DISCONNECTED;
  private onlineListener = () => this.reconnectNow();
  /** The browser knows the network is gone before TCP does: reconnect (with back-off) at once. */
  private offlineListener = () => this.drop();

  constructor(
    private readonly opts: ConnectionOptions,
    private readonly hooks: ConnectionHooks,
  ) {}

  get netState(): NetState {
    return this.state;
  }

  /** Connects and signs in with the first ticket; rejects (without retrying) when either fails. */
  async open(): Promise<AuthResult> {
    this.ended = false;
    this.attempt = 0;
    // The first connect is the login call itself: its promise reports it, not a net state event.
    this.state = TYPES.NET_STATE_CONNECTING;
    const g = globalThis as { addEventListener?: (n: string, f: () => void) => void };
    g.addEventListener?.('online', this.onlineListener);
    g.addEventListener?.('offline', this.offlineListener);
    try {
      return await this.connect(false);
    } catch (e) {
      this.shutdown(TYPES.NET_STATE_DISCONNECTED, notLoggedIn(this.opts.lang), true);
      throw e;
    }
  }

  /** Ends the session on purpose (logout): no reconnect, every waiting request fails. */
  close(): void {
    this.shutdown(TYPES.NET_STATE_DISCONNECTED, notLoggedIn(this.opts.lang));
  }

  /** Drops the socket as a network failure would (tests, and the browser's offline event). */
  drop(): void {
    const s = this.socket;
    if (s) this.onSocketClosed(s, 1006);
  }

  request<O extends Op>(
    op: O,
    args: Ops[O][0],
    opts: { retry?: boolean; timeoutMs?: number; early?: boolean } = {},
  ): Promise<Ops[O][1]> {
    if (this.ended) return Promise.reject(notLoggedIn(this.opts.lang));
    return new Promise((resolve, reject) => {
      const p: Pending = {
        order: ++this.made,
        op,
        args: args as object,
        retry: opts.retry ?? false,
        ...(opts.early && !this.authed ? { early: true } : {}),
        resolve: resolve as (v: unknown) => void,
        reject,
        timer: unref(
          setTimeout(() => {
            this.forget(p);
            reject(timeoutError(this.opts.lang));
          }, opts.timeoutMs ?? this.opts.timeoutMs),
        ),
      };
      if (this.authed) this.write(p);
      else this.queue.push(p);
    });
  }

  private forget(p: Pending) {
    for (const [rid, q] of this.inflight) if (q === p) this.inflight.delete(rid);
    const i = this.queue.indexOf(p);
    if (i >= 0) this.queue.splice(i, 1);
  }

  /** Gives the request its rid and awaits its answer: the frame to send. */
  private onTheWire(p: Pending): object {
    const rid = ++this.rid;
    this.inflight.set(rid, p);
    return { op: p.op, rid, ...p.args };
  }

  private write(p: Pending) {
    const s = this.socket;
    if (!s || s.readyState !== OPEN) {
      this.queue.push(p);
      return;
    }
    const frame = this.onTheWire(p);
    if (!this.peerBatches) return s.send(JSON.stringify(frame));
    if (this.outbox?.socket === s) return void this.outbox.frames.push(frame);
    this.outbox = { socket: s, frames: [frame] };
    afterTurn(() => this.flush());
  }

  /**
   * Sends the turn's requests. Nothing is lost when the socket went away meanwhile: its requests are in
   * `inflight`, and the socket's close sends them again after the reconnect or fails them.
   */
  private flush() {
    const o = this.outbox;
    this.outbox = null;
    if (!o || this.socket !== o.socket || o.socket.readyState !== OPEN) return;
    const { frames } = o;
    if (frames.length === 1) return o.socket.send(JSON.stringify(frames[0]));
    for (let i = 0; i < frames.length; i += MAX_BATCH_FRAMES)
      o.socket.send(JSON.stringify(frames.slice(i, i + MAX_BATCH_FRAMES)));
  }

  private setState(state: NetState) {
    if (state === this.state) return;
    this.state = state;
    this.hooks.onState(state);
  }

  /** Opens a socket and sends the auth frame; resolves once signed in. */
  private async connect(reconnect: boolean): Promise<AuthResult> {
    const Ctor = await socketCtor();
    if (this.ended) throw notLoggedIn(this.opts.lang);
    const s = new Ctor(this.opts.url);
    this.socket = s;
    this.authed = false;
    this.peerBatches = false;
    this.kickedType = null;
    return new Promise<AuthResult>((resolve, reject) => {
      let settled = false;
      const fail = (e: IMError) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        reject(e);
      };
      const timer = unref(
        setTimeout(() => {
          fail(timeoutError(this.opts.lang));
          this.discard(s);
        }, this.opts.timeoutMs),
      );
      s.onopen = () => {
        if (reconnect) this.hooks.onReconnecting?.();
        const rid = ++this.rid;
        const auth: Pending = {
          order: 0,
          op: 'auth',
          args: this.hooks.authRequest(),
          retry: false,
          timer,
          resolve: (v) => {
            if (settled) return;
            settled = true;
            clearTimeout(timer);
            this.authed = true;
            this.peerBatches = ((v as AuthResult).protocol ?? 1) >= BATCH_PROTOCOL;
            this.attempt = 0;
            this.lastFrameAt = Date.now();
            this.startHeartbeat();
            this.hooks.onAuthed(v as AuthResult);
            this.setState(TYPES.NET_STATE_CONNECTED);
            const queued = this.queue.sort((x, y) => x.order - y.order);
            this.queue = [];
            for (const p of queued) this.write(p);
            resolve(v as AuthResult);
          },
          reject: fail,
        };
        this.inflight.set(rid, auth);
        const frame = { op: 'auth', rid, ...auth.args, protocol: PROTOCOL_VERSION };
        const early = this.queue.filter((p) => p.early).sort((x, y) => x.order - y.order);
        if (!early.length) return s.send(JSON.stringify(frame));
        this.queue = this.queue.filter((p) => !p.early);
        const frames = [frame, ...early.slice(0, MAX_BATCH_FRAMES - 1).map((p) => this.onTheWire(p))];
        this.queue.push(...early.slice(MAX_BATCH_FRAMES - 1));
        s.send(JSON.stringify(frames));
      };
      s.onmessage = (ev) => {
        if (this.socket !== s) return;
        this.lastFrameAt = Date.now();
        this.onFrame(frameText(ev.data));
      };
      s.onerror = () => {};
      s.onclose = (ev) => {
        if (!settled) fail(networkError(this.opts.lang));
        this.onSocketClosed(s, ev.code);
      };
    });
  }

  private onFrame(text: string) {
    let f: Frame | Frame[];
    try {
      f = JSON.parse(text) as typeof f;
    } catch {
      return;
    }
    if (!Array.isArray(f)) return this.dispatch(f);
    for (const one of f) if (one && typeof one === 'object') this.dispatch(one);
  }

  private dispatch(f: Frame) {
    if (f.op === 'res' && typeof f.rid === 'number') {
      const p = this.inflight.get(f.rid);
      if (!p) return;
      this.inflight.delete(f.rid);
      if (p.early && f.code === ERROR_CODE.NOT_LOGGED_IN && !this.authed && this.socket) {
        // A server of protocol 2 took it before the auth: it goes out again once signed in.
        p.early = false;
        return void this.queue.push(p);
      }
      if (p.op !== 'auth') clearTimeout(p.timer);
      if (f.code === 0) p.resolve(f.data);
      else
        p.reject(
          imError(
            f.code ?? ERROR_CODE.SERVER,
            f.message ?? say(this.opts.lang, 'network'),
            f.data as Record<string, unknown>,
          ),
        );
      return;
    }
    if (f.op === 'kicked') this.kickedType = (f.data as { type: KickedOutType }).type;
    if (f.op) this.hooks.onPush(f as PushFrame);
  }

  /**
   * Closes a socket without letting its events reach us. The error handler stays (a no-op): closing a
   * socket that is still connecting makes `ws` emit an error, which would crash Node with no listener.
   */
  private discard(s: SocketLike) {
    s.onopen = s.onmessage = s.onclose = null;
    s.onerror = () => {};
    try {
      s.close(1000, 'bye');
    } catch {
      /* already closed */
    }
  }

  private onSocketClosed(s: SocketLike, code: number) {
    if (this.socket !== s) return;
    this.discard(s);
    this.socket = null;
    this.authed = false;
    this.stopHeartbeat();
    for (const [rid, p] of this.inflight) {
      this.inflight.delete(rid);
      if (p.op === 'auth') continue;
      if (p.retry) this.queue.push(p);
      else {
        clearTimeout(p.timer);
        p.reject(networkError(this.opts.lang));
      }
    }
    if (this.ended) return;
    if (code === CLOSE.KICKED) return this.end(this.kickedType ?? TYPES.KICKED_OUT_MULT_ACCOUNT);
    if (code === CLOSE.AUTH_FAILED) return this.end(TYPES.KICKED_OUT_USERSIG_EXPIRED);
    this.scheduleReconnect();
  }

  private end(reason: KickedOutType) {
    this.shutdown(TYPES.NET_STATE_DISCONNECTED, notLoggedIn(this.opts.lang));
    this.hooks.onEnded(reason);
  }

  private scheduleReconnect() {
    clearTimeout(this.reconnectTimer);
    this.setState(TYPES.NET_STATE_CONNECTING);
    const delay = backoffDelay(this.attempt++, this.opts.minDelayMs, this.opts.maxDelayMs);
    this.reconnectTimer = setTimeout(() => void this.reconnect(), delay);
  }

  private reconnectNow() {
    if (this.ended || this.socket || !this.reconnectTimer) return;
    clearTimeout(this.reconnectTimer);
    void this.reconnect();
  }

  private async reconnect() {
    this.reconnectTimer = undefined;
    if (this.ended) return;
    try {
      await this.connect(true);
    } catch (e) {
      if (this.ended) return;
      // The server no longer accepts our resume token: the user has to sign in again.
      if ((e as IMError).code === ERROR_CODE.INVALID_SIG) return this.end(TYPES.KICKED_OUT_USERSIG_EXPIRED);
      if (this.socket) this.onSocketClosed(this.socket, 1006);
      else if (!this.reconnectTimer) this.scheduleReconnect();
    }
  }

  /**
   * A socket that stays silent through a ping is dead even if TCP has not noticed: reconnect. Only an
   * unanswered ping drops it — never idleness alone, which timer drift would stretch past any limit.
   */
  private startHeartbeat() {
    const every = this.opts.heartbeatMs ?? 25_000;
    this.stopHeartbeat();
    this.pingSentAt = 0;
    this.heartbeat = setInterval(
      () => {
        if (!this.authed) return;
        const now = Date.now();
        if (this.pingSentAt && this.lastFrameAt < this.pingSentAt) {
          if (now - this.pingSentAt >= every) this.drop();
          return;
        }
        this.pingSentAt = 0;
        if (now - this.lastFrameAt >= every) {
          this.pingSentAt = now;
          this.request('ping', {}, { timeoutMs: every }).catch(() => undefined);
        }
      },
      Math.max(50, every / 5),
    );
    unref(this.heartbeat);
  }

  private stopHeartbeat() {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }

  private shutdown(state: NetState, error: IMError, quiet = false) {
    this.ended = true;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    this.stopHeartbeat();
    const g = globalThis as { removeEventListener?: (n: string, f: () => void) => void };
    g.removeEventListener?.('online', this.onlineListener);
    g.removeEventListener?.('offline', this.offlineListener);
    const s = this.socket;
    this.socket = null;
    this.authed = false;
    if (s) this.discard(s);
    const waiting = [...this.inflight.values(), ...this.queue];
    this.inflight.clear();
    this.queue = [];
    for (const p of waiting) {
      clearTimeout(p.timer);
      p.reject(error);
    }
    if (quiet) this.state = state;
    else this.setState(state);
  }
}

/**
 * The chat sockets of this node. Everything a user must receive travels over the bus on the user's topic,
 * so it reaches the user on whichever node holds the socket; sign-ins announce themselves there too, which
 * is how a second sign-in ends the first across nodes. The bus is fan-out only: a socket that misses a
 * push finds the message by seq on its next catch-up.
 *
 * A push for a user whose every socket is on this node is written to those sockets directly, without the
 * round trip through Redis (see LocalUser: how a node knows, and why a sign-in elsewhere never misses a
 * message for it).
 */
import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import { TYPES, type KickedOutType } from '@forecourt/im-sdk/types';
import { CLOSE, type PushOp } from '@forecourt/im-sdk/protocol';
import type { Bus } from '../../platform/bus.js';
import type { AuthChange } from '../../platform/auth/events.js';
import { Rotation } from '../../platform/rotation.js';
import { closeAfterFrames, sendCoalesced } from '../../platform/ws-coalesce.js';
import type { Db } from '../../platform/db/index.js';
import type { Push } from './deps.js';
import { AnswerWaits } from './answer-waits.js';
import type { Presence } from './presence.js';
import { principalKind, type Principal } from './principals.js';
import { kickReason, type Instance } from './rules.js';
import type { ImSettings } from './settings.js';
import { issueResume } from './tickets.js';

export interface Conn extends Instance {
  id: string;
  socket: WebSocket;
  principal: Principal;
  lang: 'zh' | 'en';
  nick: string;
  avatar: string;
  /** The client takes arrays of frames (chat protocol 2): a turn's frames go to it as one message. */
  batches: boolean;
  /** Set when the socket is closing: nothing more is sent. */
  closed: boolean;
  /** When a frame or a pong last came in (ms). */
  seenAt: number;
  /** When the socket's resume token was last issued (ms; NOT_YET before its sign-in is answered). */
  resumeAt: number;
}

/** A socket whose first resume token is not issued yet: the renewing round leaves it alone. */
export const NOT_YET = Number.MAX_SAFE_INTEGER;

/**
 * On a user's topic: a push as an object (in-process, serialised only if a socket here needs it), or, over
 * Redis, as `skip + "\n" + frame` with the frame ready to write (see `wirePush`); or a control frame.
 */
type BusFrame =
  | string
  | { op: PushOp; data: unknown; skip?: string }
  | { op: '_login'; instanceId: string; platform: string; connId: string }
  | { op: '_seen'; connId: string }
  | { op: '_end'; sessionId: string; type: KickedOutType };

const SESSION_CHECK_CHUNK = 500;
/**
 * Each socket's session is checked once per sessionCheckMs, a share of the sockets at a time: all 20,000
 * at once were 40 queries in a row, which held up every message on the node for some 300 ms a minute.
 */
const SESSION_SLICES = 60;

/** Each heartbeat tick visits this share of the sockets, so every socket is visited once per heartbeat. */
const HEARTBEAT_SLICES = 300;

/**
 * The resume-token round visits every socket once per half a token's lifetime, this share at a time, and
 * renews the tokens issued a quarter of a lifetime ago or more: each token is renewed between a quarter
 * and three quarters of its lifetime, so a client always holds a good one. One shared timer instead of one
 * per socket (a timer and its closure were part of every idle socket's memory).
 */
const RESUME_SLICES = 60;

/** Every socket's presence entry is refreshed once in this period (well inside PRESENCE_TTL_MS)… */
const PRESENCE_REFRESH_MS = 30_000;
/** …a share of the sockets at a time: 12,500 sockets at once were 37,500 Redis commands in one burst. */
const PRESENCE_SLICES = 30;

/**
 * What the heartbeat does to a socket last heard from at `seenAt`. A client that talks (the SDK pings
 * when idle) is never pinged; one silent for a heartbeat is pinged; silent for two, it is gone.
 */
export function heartbeatAction(seenAt: number, now: number, everyMs: number): 'none' | 'ping' | 'drop' {
  const silent = now - seenAt;
  if (silent >= 2 * everyMs) return 'drop';
  return silent >= everyMs ? 'ping' : 'none';
}

/** A push as the Redis bus carries it: the socket to skip (or nothing), a newline, the frame. */
export const wirePush = (p: Push) => `${p.skipConn ?? ''}\n${JSON.stringify({ op: p.op, data: p.data })}`;

/** A push as the in-memory bus carries it, and as this node hands it to its own sockets. */
const pushFrame = (p: Push): BusFrame => ({
  op: p.op,
  data: p.data,
  ...(p.skipConn ? { skip: p.skipConn } : {}),
});

export const userTopic = (tenantId: string, userID: string) => `im:${tenantId}:${userID}`;

const onlySkipped = (u: LocalUser, skip: string | undefined) => {
  if (!skip || u.conns.size !== 1) return false;
  for (const c of u.conns) return c.id === skip;
  return false;
};

const isStaff = (conn: Conn) => conn.principal.kind === 'staff';

/** How long a sign-in waits for the other nodes holding the user to acknowledge it (a node may be dead). */
export const SEEN_TIMEOUT_MS = 2000;

/**
 * This node's sockets of one user, and whether the user may have sockets on other nodes too. While they
 * have none, pushes for them skip Redis. It stays exact because a sign-in on another node does not finish
 * (and so its client does not sync) before every node that could be skipping Redis for the user stopped:
 * - a node subscribed to the topic when the sign-in announced itself (`_login`) is counted by Redis in that
 *   publish; it marks the user `elsewhere` and answers `_seen`, and the sign-in waits for those answers.
 *   What the node pushed directly before was committed before, so the new client's sync finds it;
 * - a node that subscribes later reads the user's sockets from presence after subscribing, and the new
 *   socket was in presence before its announcement: it starts with `elsewhere` set.
 * `elsewhere` is never cleared while the user has sockets here: a push that went through Redis could be
 * overtaken by a later one written directly.
 */
export class LocalUser {
  readonly conns = new Set<Conn>();
  elsewhere = false;
  /** The subscription to the user's topic; resolves to the call that leaves it. */
  constructor(readonly subscribed: Promise<() => Promise<void>>) {}
}

export class ImGateway {
  private conns = new Map<string, Conn>();
  private byTopic = new Map<string, LocalUser>();
  /** Prefixes this node's socket ids, so presence tells its sockets from other nodes'. */
  private readonly node = `${randomUUID().slice(0, 8)}.`;
  /** Sign-ins of this node waiting for other nodes' `_seen`, by socket id. */
  private signInAnswers = new AnswerWaits();
  private timers: NodeJS.Timeout[] = [];
  private heartbeatRound = new Rotation(() => this.conns.values());
  private presenceRound = new Rotation(() => this.conns.values());
  private sessionRound = new Rotation(() => this.conns.values());
  private resumeRound = new Rotation(() => this.conns.values());
  private fullCheck: Promise<void> | null = null;
  /**
   * Counts the auth changes heard. A socket signing in while one is heard may have been judged before it,
   * and the change's own check of the node's sockets came before the socket was attached: the sign-in
   * checks its session again then (socket.ts).
   */
  private changesHeard = 0;
  get authChanges(): number {
    return this.changesHeard;
  }
  private fullCheckAgain = false;

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly presence: Presence,
    private readonly settings: ImSettings,
    private readonly log: { warn: (o: object, m: string) => void },
    private readonly clock: { now: () => number } = { now: Date.now },
  ) {
    this.timers.push(
      setInterval(() => void this.refreshPresence(), PRESENCE_REFRESH_MS / PRESENCE_SLICES).unref(),
    );
    this.timers.push(
      setInterval(
        () => void this.checkSessions(this.sessionRound.takeShare(this.conns.size / SESSION_SLICES)),
        settings.sessionCheckMs / SESSION_SLICES,
      ).unref(),
    );
    this.timers.push(
      setInterval(() => this.renewResumes(), (settings.resumeTtlS * 1000) / 2 / RESUME_SLICES).unref(),
    );
    // A slice at a time: pinging tens of thousands of sockets in one go would stall every message.
    this.timers.push(
      setInterval(() => this.heartbeat(), Math.max(10, settings.heartbeatMs / HEARTBEAT_SLICES)).unref(),
    );
  }

  /** Visits the next slice of sockets: pings the silent ones, drops those silent through a ping. */
  private heartbeat(now = Date.now()) {
    for (const c of this.heartbeatRound.take(Math.ceil(this.conns.size / HEARTBEAT_SLICES))) {
      const action = heartbeatAction(c.seenAt, now, this.settings.heartbeatMs);
      if (action === 'drop') {
        c.closed = true;
        c.socket.terminate();
      } else if (action === 'ping') c.socket.ping();
    }
  }

  /** Sends the sockets of the next slice whose resume token is old a new one (a `ticket` push). */
  renewResumes(now = this.clock.now()) {
    const ttl = this.settings.resumeTtlS;
    for (const c of this.resumeRound.takeShare(this.conns.size / RESUME_SLICES)) {
      if (c.closed || now - c.resumeAt < (ttl * 1000) / 4) continue;
      c.resumeAt = now;
      issueResume(this.db, c.principal, c.instanceId, ttl, now).then(
        (token) =>
          this.send(c, JSON.stringify({ op: 'ticket', data: { resumeToken: token, resumeTtlS: ttl } })),
        // The client keeps its current token, good for a quarter of its lifetime more: the next lap tries again.
        (e: Error) => {
          c.resumeAt = 0;
          this.log.warn({ err: e.message }, 'renewing a chat resume token failed');
        },
      );
    }
  }

  get size() {
    return this.conns.size;
  }

  newConnId() {
    return this.node + randomUUID();
  }

  /** Whether every socket of the user is on this node (sends are then rate-limited here, not in Redis). */
  allHere(tenantId: string, userID: string): boolean {
    const u = this.byTopic.get(userTopic(tenantId, userID));
    return Boolean(u && !u.elsewhere);
  }

  /**
   * Registers a signed-in socket: subscribes its user's topic, marks it online, then announces the sign-in
   * so other instances of the user end themselves as the kick-out policy says, and waits until the other
   * nodes holding the user have seen it (see LocalUser).
   */
  async attach(conn: Conn): Promise<{ repeatLogin: boolean }> {
    const { tenantId, userID } = conn.principal;
    const topic = userTopic(tenantId, userID);
    let u = this.byTopic.get(topic);
    if (!u) {
      u = new LocalUser(this.bus.subscribe(topic, (m) => this.onBus(topic, m as BusFrame)));
      this.byTopic.set(topic, u);
    }
    u.conns.add(conn);
    this.conns.set(conn.id, conn);
    await u.subscribed;
    // Read once subscribed: a socket that signs in elsewhere after this read announces itself to us.
    const others = await this.presence.members(tenantId, userID);
    if (others.some((id) => !id.startsWith(this.node))) u.elsewhere = true;
    await this.presence.add(tenantId, userID, conn.id);
    const announce = async () => {
      const reached = await this.bus.publish(topic, {
        op: '_login',
        instanceId: conn.instanceId,
        platform: conn.platform,
        connId: conn.id,
      } satisfies BusFrame);
      // Over Redis the count is of nodes, this one included; in memory no node skips the bus. A node that
      // was counted and is gone before it read the announcement is waited for SEEN_TIMEOUT_MS at most.
      return this.bus.kind === 'redis' ? reached - 1 : 0;
    };
    if (!(await this.signInAnswers.wait(conn.id, announce, SEEN_TIMEOUT_MS)))
      this.log.warn({ connId: conn.id }, 'a chat node did not acknowledge a sign-in in time');
    return { repeatLogin: others.length > 0 };
  }

  async detach(conn: Conn): Promise<void> {
    conn.closed = true;
    if (!this.conns.delete(conn.id)) return;
    const topic = userTopic(conn.principal.tenantId, conn.principal.userID);
    const u = this.byTopic.get(topic);
    u?.conns.delete(conn);
    await this.presence.remove(conn.principal.tenantId, conn.principal.userID, conn.id).catch(() => {});
    if (u && !u.conns.size) {
      this.byTopic.delete(topic);
      // A socket closing while the node shuts down finds Redis gone; nothing is left to leave then.
      await u.subscribed
        .then((leave) => leave())
        .catch((e: Error) => this.log.warn({ err: e.message }, 'leaving a chat topic failed'));
    }
  }

  /** Sends pushes (after their change committed) to every socket of each user, on any node. */
  async publish(tenantId: string, pushes: Push[]): Promise<void> {
    // Over Redis every node would parse the push and serialise it again for its sockets: the frame is
    // written once, here. A profile push stays an object: its receivers read it (see onBus).
    const wire = this.bus.kind === 'redis';
    await Promise.all(
      pushes.map(async (p) => {
        const topic = userTopic(tenantId, p.userID);
        const u = this.byTopic.get(topic);
        // In memory this node is the only one: a user with no socket here (or only the one that sent the
        // change, which has its answer) has nobody to hear the push.
        if (!wire && (!u || onlySkipped(u, p.skipConn))) return;
        if (wire && u && !u.elsewhere) return this.onBus(topic, pushFrame(p));
        await this.bus.publish(topic, wire && p.op !== 'profile' ? wirePush(p) : pushFrame(p));
      }),
    );
  }

  async isOnline(tenantId: string, userID: string): Promise<boolean> {
    return (await this.presence.count(tenantId, userID)) > 0;
  }

  /** Ends every socket of a sign-in session, on every node (sign-out, disabled account). */
  endSession(
    tenantId: string,
    userID: string,
    sessionId: string,
    type: KickedOutType = TYPES.KICKED_OUT_REST_API,
  ) {
    return this.bus.publish(userTopic(tenantId, userID), { op: '_end', sessionId, type } satisfies BusFrame);
  }

  /**
   * A change heard on the bus (from any node): a signed-out session's sockets are kicked at once; the
   * sockets a user, tenant, role or grant change may concern have their sessions checked again now
   * instead of at their next periodic check (checkSessions: a live session whose roles still grant chat).
   */
  onAuthChange(c: AuthChange): void {
    this.changesHeard++;
    if (c.kind === 'session') {
      for (const conn of this.conns.values())
        if (conn.principal.sessionId === c.id) this.kick(conn, TYPES.KICKED_OUT_REST_API);
      return;
    }
    if (c.kind === 'role' || c.kind === 'grants') return this.checkAllStaff();
    const which =
      c.kind === 'user'
        ? (conn: Conn) => isStaff(conn) && conn.principal.accountId === c.id
        : (conn: Conn) => conn.principal.tenantId === c.id;
    const picked = [...this.conns.values()].filter(which);
    if (picked.length) void this.checkSessions(picked);
  }

  /**
   * A role or grant change may concern any staff socket. Changes in a row (a menu sync, many grants) make
   * one check running and at most one more after it, not one full check of every socket each.
   */
  private checkAllStaff(): void {
    if (this.fullCheck) {
      this.fullCheckAgain = true;
      return;
    }
    this.fullCheck = (async () => {
      do {
        this.fullCheckAgain = false;
        await this.checkSessions([...this.conns.values()].filter(isStaff));
      } while (this.fullCheckAgain);
    })().finally(() => (this.fullCheck = null));
  }

  /** Writes a frame unless the client is too far behind, in which case it reconnects and catches up. */
  send(conn: Conn, text: string): void {
    if (conn.closed) return;
    const s = conn.socket;
    if (s.readyState !== s.OPEN) return;
    if (s.bufferedAmount > this.settings.maxBufferedBytes) {
      conn.closed = true;
      s.close(CLOSE.SLOW_CONSUMER, 'slow consumer');
      return;
    }
    sendCoalesced(s, text, conn.batches);
  }

  kick(conn: Conn, type: KickedOutType): void {
    if (conn.closed) return;
    this.send(conn, JSON.stringify({ op: 'kicked', data: { type } }));
    conn.closed = true;
    closeAfterFrames(conn.socket, CLOSE.KICKED, type);
  }

  private onBus(topic: string, m: BusFrame) {
    if (m && typeof m === 'object') {
      if (m.op === '_seen') return this.signInAnswers.answer(m.connId);
      // Answered even while this node's last socket of the user is closing: Redis counted this node, and the
      // sign-in would otherwise wait SEEN_TIMEOUT_MS for nothing.
      if (m.op === '_login' && !m.connId.startsWith(this.node)) this.answerSignIn(topic, m.connId);
    }
    const u = this.byTopic.get(topic);
    const set = u?.conns;
    if (!u || !set?.size || !m) return;
    if (typeof m === 'string') {
      const cut = m.indexOf('\n');
      if (cut < 0) return;
      const skip = m.slice(0, cut);
      const text = m.slice(cut + 1);
      for (const c of set) if (c.id !== skip) this.send(c, text);
      return;
    }
    if (typeof m !== 'object') return;
    if (m.op === '_login') {
      for (const c of set) {
        if (c.id === m.connId) continue;
        if (c.instanceId === m.instanceId) {
          // The same page reconnected before its old socket noticed: retire the old one quietly.
          c.closed = true;
          closeAfterFrames(c.socket, CLOSE.KICKED, 'replaced');
          continue;
        }
        const reason = kickReason(this.settings.kickPolicy, c, m);
        if (reason) this.kick(c, reason);
      }
      return;
    }
    if (m.op === '_end') {
      for (const c of set) if (c.principal.sessionId === m.sessionId) this.kick(c, m.type);
      return;
    }
    if (m.op === 'profile') {
      // Sends of other sockets of the user carry the new nick and avatar from now on.
      const p = m.data as { nick?: string; avatar?: string };
      for (const c of set) {
        c.nick = p.nick ?? c.nick;
        c.avatar = p.avatar ?? c.avatar;
      }
    }
    let text: string | undefined;
    for (const c of set)
      if (c.id !== m.skip) this.send(c, (text ??= JSON.stringify({ op: m.op, data: m.data })));
  }

  /** From now on pushes for the user go through Redis; then the sign-in may go on (see LocalUser). */
  private answerSignIn(topic: string, connId: string) {
    const u = this.byTopic.get(topic);
    if (u) u.elsewhere = true;
    void this.bus
      .publish(topic, { op: '_seen', connId } satisfies BusFrame)
      .catch((e: Error) => this.log.warn({ err: e.message }, 'chat sign-in acknowledgement failed'));
  }

  private async refreshPresence() {
    // In memory nothing expires, and listing tens of thousands of sockets would be work for nothing.
    if (!this.presence.refresh) return;
    const slice = this.presenceRound.takeShare(this.conns.size / PRESENCE_SLICES);
    if (!slice.length) return;
    const entries = slice.map((c) => ({
      tenantId: c.principal.tenantId,
      userID: c.principal.userID,
      connId: c.id,
    }));
    await this.presence
      .refresh(entries)
      .catch((e: Error) => this.log.warn({ err: e.message }, 'presence refresh failed'));
  }

  /**
   * Sockets outlive nothing: a session signed out or an account disabled ends its sockets within
   * sessionCheckMs (a minute). Checks these sockets (all of them unless told).
   */
  async checkSessions(conns: Conn[] = [...this.conns.values()]): Promise<void> {
    const byKind = new Map<string, Set<string>>();
    for (const c of conns) {
      if (!c.principal.sessionId) continue;
      let s = byKind.get(c.principal.kind);
      if (!s) byKind.set(c.principal.kind, (s = new Set()));
      s.add(c.principal.sessionId);
    }
    for (const [kind, idSet] of byKind) {
      const k = principalKind(kind);
      if (!k) continue;
      try {
        // A few hundred at a time: tens of thousands in one query and one answer to parse would hold up
        // the messages going through the node meanwhile.
        const ids = [...idSet];
        const ended = new Set<string>();
        for (let i = 0; i < ids.length; i += SESSION_CHECK_CHUNK) {
          if (i) await new Promise((r) => setImmediate(r));
          for (const id of await k.endedSessions(this.db, ids.slice(i, i + SESSION_CHECK_CHUNK)))
            ended.add(id);
        }
        if (!ended.size) continue;
        for (const c of conns)
          if (c.principal.kind === kind && c.principal.sessionId && ended.has(c.principal.sessionId))
            this.kick(c, TYPES.KICKED_OUT_REST_API);
      } catch (e) {
        this.log.warn({ err: (e as Error).message }, 'chat session check failed');
      }
    }
  }

  async close(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    for (const c of this.conns.values()) {
      c.closed = true;
      closeAfterFrames(c.socket, 1001, 'server shutting down');
    }
    for (const u of this.byTopic.values()) await (await u.subscribed)();
    this.conns.clear();
    this.byTopic.clear();
  }
}

/**
 * One `WS /im` socket: the first frame authenticates with a ticket; every request frame `{ op, rid, … }`
 * is validated and answered with exactly one `res` frame carrying the same rid. Changes are acknowledged
 * after they committed; their pushes go out through the gateway.
 */
import type { WebSocket } from 'ws';
import { Type, type TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { ERROR_CODE, TYPES } from '@forecourt/im-sdk/types';
import {
  BATCH_PROTOCOL,
  CLOSE,
  MAX_BATCH_FRAMES,
  PROTOCOL_VERSION,
  type Op,
  type Ops,
} from '@forecourt/im-sdk/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { t, type Lang } from '../../platform/i18n.js';
import { KEY_PATTERN, POLICIES, extOf, signUploadToken } from '../storage/index.js';
import type { ImDeps, Push } from './deps.js';
import { ImError, invalid } from './errors.js';
import { NOT_YET, type Conn, type ImGateway } from './gateway.js';
import * as groups from './groups.js';
import type { SendLimiter } from './limits.js';
import { principalKind } from './principals.js';
import { profilesOf, refreshFromRecord, updateProfile } from './profiles.js';
import { listConversations } from './convs.js';
import { USER_ID, rateLimited } from './rules.js';
import * as store from './store.js';
import { issueResume, verifyTicket } from './tickets.js';
import { Id } from '../../platform/schema.js';

export interface ImRuntime {
  deps: ImDeps;
  gateway: ImGateway;
  /** Shared by the nodes (Redis) when there are several… */
  limiter: SendLimiter;
  /** …this node's own, for users whose every socket is here (`ImGateway.allHere`): no Redis round trip. */
  localLimiter: SendLimiter;
  log: FastifyBaseLogger;
  /** Whether the session behind a ticket may open a chat socket now (a sign-in's check; see setupIm). */
  sessionMayChat(kind: string, sessionId: string): Promise<boolean>;
}

export const AUTH_TIMEOUT_MS = 10_000;

const userID = Type.String({ pattern: USER_ID.source });
const convID = Type.String({ minLength: 1, maxLength: 80 });
// Within bigint: a longer run of digits would fail in the database instead of as a bad argument.
const groupID = Id();
const msgID = Id();
const empty = Type.Object({});
const gender = Type.Union(
  [TYPES.GENDER_UNKNOWN, TYPES.GENDER_FEMALE, TYPES.GENDER_MALE].map((g) => Type.Literal(g)),
);

/** Argument schemas of every op (the frame's own op and rid are checked before). */
const ARGS: { [O in Op]: TSchema } = {
  auth: Type.Object({
    userID,
    userSig: Type.String({ minLength: 1, maxLength: 4096 }),
    instanceId: Type.String({ minLength: 1, maxLength: 64 }),
    platform: Type.String({ minLength: 1, maxLength: 16 }),
    lang: Type.Optional(Type.Union([Type.Literal('zh'), Type.Literal('en')])),
    protocol: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  }),
  ping: empty,
  send: Type.Object({
    message: Type.Object({
      clientMsgId: Type.String({ minLength: 1, maxLength: 64 }),
      to: Type.String({ minLength: 1, maxLength: 64 }),
      conversationType: Type.String({ maxLength: 16 }),
      type: Type.String({ maxLength: 32 }),
      payload: Type.Object({}, { additionalProperties: true }),
    }),
  }),
  history: Type.Object({
    conversationID: convID,
    nextReqMessageID: Type.Optional(Type.String({ maxLength: 20 })),
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  }),
  read: Type.Object({ conversationID: convID, seq: Type.Integer({ minimum: 0 }) }),
  revoke: Type.Object({ messageID: msgID }),
  modify: Type.Object({ messageID: msgID, text: Type.String({ maxLength: 20_000 }) }),
  convs: empty,
  conv: Type.Object({ conversationID: convID }),
  convDelete: Type.Object({ conversationID: convID }),
  convPin: Type.Object({ conversationID: convID, pinned: Type.Boolean() }),
  convMute: Type.Object({ conversationID: convID, muted: Type.Boolean() }),
  sync: Type.Object({
    convs: Type.Array(
      Type.Object({
        conversationID: convID,
        seq: Type.Integer({ minimum: 0 }),
        ver: Type.Integer({ minimum: 0 }),
      }),
      { maxItems: 5000 },
    ),
  }),
  profile: empty,
  profileUpdate: Type.Object({
    nick: Type.Optional(Type.String({ maxLength: 64 })),
    avatar: Type.Optional(Type.String({ maxLength: 1000 })),
    gender: Type.Optional(gender),
  }),
  profiles: Type.Object({ userIDList: Type.Array(userID, { maxItems: 500 }) }),
  presence: Type.Object({ userIDList: Type.Array(userID, { maxItems: 500 }) }),
  uploadToken: Type.Object({
    key: Type.String({ minLength: 3, maxLength: 120 }),
    kind: Type.Union(['image', 'file', 'sound', 'video'].map((k) => Type.Literal(k))),
  }),
  groups: empty,
  group: Type.Object({ groupID }),
  groupCreate: Type.Object({
    name: Type.String({ maxLength: 64 }),
    type: Type.Optional(Type.String({ maxLength: 16 })),
    avatar: Type.Optional(Type.String({ maxLength: 1000 })),
    introduction: Type.Optional(Type.String({ maxLength: 240 })),
    notification: Type.Optional(Type.String({ maxLength: 300 })),
    memberList: Type.Optional(Type.Array(Type.Object({ userID }), { maxItems: 10_000 })),
  }),
  groupUpdate: Type.Object({
    groupID,
    name: Type.Optional(Type.String({ maxLength: 64 })),
    avatar: Type.Optional(Type.String({ maxLength: 1000 })),
    introduction: Type.Optional(Type.String({ maxLength: 240 })),
    notification: Type.Optional(Type.String({ maxLength: 300 })),
  }),
  groupMembers: Type.Object({
    groupID,
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    offset: Type.Optional(Type.Integer({ minimum: 0 })),
  }),
  groupAdd: Type.Object({ groupID, userIDList: Type.Array(userID, { minItems: 1, maxItems: 500 }) }),
  groupRemove: Type.Object({
    groupID,
    userIDList: Type.Array(userID, { minItems: 1, maxItems: 500 }),
    reason: Type.Optional(Type.String({ maxLength: 500 })),
  }),
  groupOwner: Type.Object({ groupID, newOwnerID: userID }),
  groupQuit: Type.Object({ groupID }),
  groupDismiss: Type.Object({ groupID }),
};

const validators = Object.fromEntries(Object.entries(ARGS).map(([op, s]) => [op, Compile(s)])) as {
  [O in Op]: ReturnType<typeof Compile>;
};

type Handler<O extends Op> = (rt: ImRuntime, conn: Conn, args: Ops[O][0]) => Promise<Ops[O][1]>;

const actorOf = (c: Conn) => ({
  tenantId: c.principal.tenantId,
  userID: c.principal.userID,
  nick: c.nick,
  avatar: c.avatar,
  connId: c.id,
});

/** Runs a change, publishes its pushes (never failing the acknowledged change), returns its answer. */
async function withPushes<T>(
  rt: ImRuntime,
  conn: Conn,
  run: Promise<{ result: T; pushes: Push[] }>,
): Promise<T> {
  const { result, pushes } = await run;
  if (pushes.length)
    rt.gateway
      .publish(conn.principal.tenantId, pushes)
      .catch((e: Error) => rt.log.warn({ err: e.message }, 'chat push failed; clients catch up by seq'));
  return result;
}

const MEDIA_POLICY = {
  image: 'chat-image',
  file: 'chat-file',
  sound: 'chat-sound',
  video: 'chat-video',
} as const;

const handlers: { [O in Exclude<Op, 'auth' | 'send'>]: Handler<O> } & {
  send: (rt: ImRuntime, c: Conn, a: Ops['send'][0], order?: store.SendOrder) => Promise<Ops['send'][1]>;
} = {
  ping: async (rt) => ({ serverTime: rt.deps.clock.now() }),
  send: async (rt, c, a, order) => {
    try {
      const { tenantId, userID } = c.principal;
      // A user who signs in on a second node moves to the shared bucket, full: at that moment they may
      // send one burst more than the limit.
      const limiter = rt.gateway.allHere(tenantId, userID) ? rt.localLimiter : rt.limiter;
      const gate = await limiter.take(`${tenantId}:${userID}`, rt.deps.clock.now());
      if (!gate.ok) throw rateLimited(gate.retryAfterMs);
    } catch (e) {
      order?.queued();
      throw e;
    }
    return withPushes(rt, c, store.sendMessage(rt.deps, actorOf(c), a.message, order));
  },
  history: (rt, c, a) => store.history(rt.deps, actorOf(c), a),
  read: (rt, c, a) => withPushes(rt, c, store.markRead(rt.deps, actorOf(c), a)),
  revoke: (rt, c, a) => withPushes(rt, c, store.revoke(rt.deps, actorOf(c), a.messageID)),
  modify: (rt, c, a) => withPushes(rt, c, store.modify(rt.deps, actorOf(c), a)),
  convs: async (rt, c) => ({
    conversationList: await listConversations(rt.deps.db, c.principal.tenantId, c.principal.userID),
  }),
  conv: async (rt, c, a) => ({
    conversation: await store.openConversation(rt.deps, actorOf(c), a.conversationID),
  }),
  convDelete: (rt, c, a) =>
    withPushes(rt, c, store.deleteConversation(rt.deps, actorOf(c), a.conversationID)),
  convPin: (rt, c, a) =>
    withPushes(rt, c, store.setMemberFlag(rt.deps, actorOf(c), a.conversationID, 'pinned', a.pinned)),
  convMute: (rt, c, a) =>
    withPushes(rt, c, store.setMemberFlag(rt.deps, actorOf(c), a.conversationID, 'muted', a.muted)),
  sync: (rt, c, a) => store.sync(rt.deps, actorOf(c), a),
  profile: async (rt, c) => (await profilesOf(rt.deps.db, c.principal.tenantId, [c.principal.userID]))[0]!,
  profileUpdate: async (rt, c, a) => {
    const profile = await updateProfile(rt.deps.db, c.principal.tenantId, c.principal.userID, a);
    c.nick = profile.nick;
    c.avatar = profile.avatar;
    await rt.gateway.publish(c.principal.tenantId, [
      { userID: c.principal.userID, op: 'profile', data: profile, skipConn: c.id },
    ]);
    return profile;
  },
  profiles: (rt, c, a) => profilesOf(rt.deps.db, c.principal.tenantId, a.userIDList),
  presence: async (rt, c, a) =>
    Promise.all(
      [...new Set(a.userIDList)].map(async (userID) => ({
        userID,
        online: await rt.gateway.isOnline(c.principal.tenantId, userID),
      })),
    ),
  uploadToken: async (rt, c, a) => {
    if (!KEY_PATTERN.test(a.key)) throw invalid('im.badFrame', { op: 'uploadToken', detail: 'key' });
    const policy = MEDIA_POLICY[a.kind];
    const exts = POLICIES[policy].exts as string[] | null;
    if (exts && !exts.includes(extOf(a.key)))
      throw invalid('im.uploadKind', { kind: `${a.kind} .${extOf(a.key)}` });
    const token = await signUploadToken(rt.deps.db, {
      tid: c.principal.tenantId,
      uid: c.principal.accountId ?? '0',
      bucket: 'forecourt',
      key: a.key,
      policy,
    });
    return { token, key: a.key };
  },
  groups: async (rt, c) => ({ groupList: await groups.groupList(rt.deps.db, actorOf(c)) }),
  group: async (rt, c, a) => ({ group: await groups.groupOf(rt.deps.db, actorOf(c), a.groupID) }),
  groupCreate: (rt, c, a) => withPushes(rt, c, groups.createGroup(rt.deps, actorOf(c), a)),
  groupUpdate: (rt, c, a) => withPushes(rt, c, groups.updateGroup(rt.deps, actorOf(c), a)),
  groupMembers: (rt, c, a) => groups.groupMembers(rt.deps.db, actorOf(c), a),
  groupAdd: (rt, c, a) => withPushes(rt, c, groups.addMembers(rt.deps, actorOf(c), a)),
  groupRemove: (rt, c, a) => withPushes(rt, c, groups.removeMembers(rt.deps, actorOf(c), a)),
  groupOwner: (rt, c, a) => withPushes(rt, c, groups.changeOwner(rt.deps, actorOf(c), a)),
  groupQuit: (rt, c, a) => withPushes(rt, c, groups.quitGroup(rt.deps, actorOf(c), a.groupID)),
  groupDismiss: (rt, c, a) => withPushes(rt, c, groups.dismissGroup(rt.deps, actorOf(c), a.groupID)),
};

/** Params starting with '@' are message keys themselves (e.g. the kind of file in a size error). */
function translate(lang: Lang, key: string, params?: Record<string, unknown>) {
  const p = params
    ? Object.fromEntries(
        Object.entries(params).map(([k, v]) => [
          k,
          typeof v === 'string' && v.startsWith('@') ? t(lang, v.slice(1)) : v,
        ]),
      )
    : undefined;
  return t(lang, key, p);
}

function errorFrame(rt: ImRuntime, lang: Lang, rid: number, e: unknown) {
  if (e instanceof ImError)
    return {
      op: 'res',
      rid,
      code: e.code,
      message: translate(lang, e.key, e.params),
      ...(e.data ? { data: e.data } : {}),
    };
  if (e instanceof AppError) {
    const code =
      e.status === 403
        ? ERROR_CODE.FORBIDDEN
        : e.status === 404
          ? ERROR_CODE.NOT_FOUND
          : ERROR_CODE.INVALID_PARAMETER;
    return { op: 'res', rid, code, message: translate(lang, e.key, e.params) };
  }
  rt.log.error({ err: e }, 'chat request failed');
  return { op: 'res', rid, code: ERROR_CODE.SERVER, message: t(lang, 'im.serverError') };
}

function badArgs(op: string, args: unknown): ImError {
  const first = validators[op as Op].Errors(args)[0];
  const where = first?.instancePath ? first.instancePath.slice(1).replace(/\//g, '.') : '';
  return invalid('im.badFrame', { op, detail: `${where ? `${where}: ` : ''}${first?.message ?? 'invalid'}` });
}

/** A frame's arguments: everything but its op and rid. */
function argsOf(frame: Record<string, unknown>): Record<string, unknown> {
  const { op: _op, rid: _rid, ...args } = frame;
  return args;
}

type RequestFrame = { op: string; rid: number } & Record<string, unknown>;

function isRequestFrame(f: unknown): f is RequestFrame {
  const x = f as { op?: unknown; rid?: unknown } | null;
  return !!x && typeof x === 'object' && typeof x.op === 'string' && typeof x.rid === 'number';
}

/** Serves one socket until it closes. */
export function serveSocket(rt: ImRuntime, socket: WebSocket, headerLang: Lang): void {
  const { deps, gateway } = rt;
  let conn: Conn | null = null;
  let lang: Lang = headerLang;
  let authing = false;
  /**
   * Frames that came while an auth was being answered (a client of protocol 3 sends its first requests in
   * the same message as its auth): taken after the auth's answer, in order, so they find the socket signed
   * in — or closed, when the auth failed. At most a message's worth waits; a client that sends more before
   * its answer gets the rest answered at once, as before.
   */
  let behindAuth: RequestFrame[] = [];
  // One client's sends are stored in the order it sent them (see store.SendOrder).
  let sendTurn: Promise<unknown> = Promise.resolve();

  // Released at sign-in: a cleared timer held by this closure would stay for the socket's whole life.
  let authTimer: NodeJS.Timeout | undefined = setTimeout(
    () => socket.close(CLOSE.AUTH_TIMEOUT, 'auth timeout'),
    AUTH_TIMEOUT_MS,
  );
  const write = (frame: object) => {
    if (conn) gateway.send(conn, JSON.stringify(frame));
    else if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
  };

  socket.on('close', () => {
    clearTimeout(authTimer);
    if (conn) void gateway.detach(conn);
  });
  socket.on('pong', () => {
    if (conn) conn.seenAt = Date.now();
  });

  async function auth(rid: number, a: Ops['auth'][0]) {
    if (conn || authing) throw invalid('im.badFrame', { op: 'auth', detail: 'already signed in' });
    authing = true;
    try {
      if (a.lang) lang = a.lang;
      const now = deps.clock.now();
      const changes = gateway.authChanges;
      const principal = await verifyTicket(deps.db, a.userSig, a.userID, a.instanceId, now);
      const kind = principalKind(principal.kind);
      if (!kind) throw new ImError(ERROR_CODE.INVALID_SIG, 'im.ticketInvalid');
      // Side by side: the session's check and the profile's reads (a sign-in's round trips to the database).
      const profiling = refreshFromRecord(deps.db, principal.tenantId, principal.userID);
      profiling.catch(() => {}); // an ended session is the answer then, whatever the profile did
      if (principal.sessionId && !(await rt.sessionMayChat(principal.kind, principal.sessionId)))
        throw new ImError(ERROR_CODE.INVALID_SIG, 'im.sessionEnded');
      const profile = await profiling;
      if (socket.readyState !== socket.OPEN) return;
      const c: Conn = {
        id: gateway.newConnId(),
        socket,
        principal,
        instanceId: a.instanceId,
        platform: a.platform,
        lang,
        batches: (a.protocol ?? 1) >= BATCH_PROTOCOL,
        nick: profile.nick,
        avatar: profile.avatar,
        closed: false,
        seenAt: Date.now(),
        resumeAt: NOT_YET,
      };
      conn = c;
      clearTimeout(authTimer);
      authTimer = undefined;
      const { repeatLogin } = await gateway.attach(c);
      if (socket.readyState !== socket.OPEN) return void gateway.detach(c);
      // A sign-out or a role change heard while this socket signed in was checked against the sockets
      // attached then, not this one: its session is read again, from the database.
      if (
        gateway.authChanges !== changes &&
        principal.sessionId &&
        (await kind.endedSessions(deps.db, [principal.sessionId])).size
      ) {
        await gateway.detach(c);
        conn = null; // the refusal goes out as a sign-in's does, and the socket is closed
        throw new ImError(ERROR_CODE.INVALID_SIG, 'im.sessionEnded');
      }
      const ttl = deps.settings.resumeTtlS;
      const resumeToken = await issueResume(deps.db, principal, a.instanceId, ttl, now);
      // Renewed by the gateway's shared round (ImGateway.renewResumes), not a timer of this socket's own.
      c.resumeAt = deps.clock.now();
      write({
        op: 'res',
        rid,
        code: 0,
        data: {
          profile,
          resumeToken,
          resumeTtlS: ttl,
          serverTime: now,
          repeatLogin,
          protocol: PROTOCOL_VERSION,
        },
      });
    } finally {
      authing = false;
    }
  }

  async function handle(frame: RequestFrame) {
    const { op, rid } = frame;
    // A send's arguments are read off the frame itself (its schema lets op and rid be): the busiest op
    // skips copying every frame. The other ops get their arguments alone.
    const args = op === 'send' ? frame : argsOf(frame);
    try {
      // Own keys only: `toString` or `__proto__` are "in" every object and have no validator.
      if (!Object.hasOwn(validators, op)) throw invalid('im.unknownOp', { op });
      if (!validators[op as Op].Check(args)) throw badArgs(op, args);
      if (op === 'auth') return await auth(rid, args as unknown as Ops['auth'][0]);
      if (!conn) throw new ImError(ERROR_CODE.NOT_LOGGED_IN, 'im.notLoggedIn');
      const c = conn;
      const run = () => (handlers as Record<string, Handler<Op>>)[op]!(rt, c, args as never);
      let data: unknown;
      if (op === 'send') {
        const after = sendTurn;
        let queued!: () => void;
        sendTurn = new Promise<void>((r) => (queued = r));
        data = await handlers.send(rt, c, args as unknown as Ops['send'][0], { after, queued });
      } else data = await run();
      write({ op: 'res', rid, code: 0, data });
    } catch (e) {
      write(errorFrame(rt, lang, rid, e));
      if (op === 'auth' && !conn) socket.close(CLOSE.AUTH_FAILED, 'unauthorized');
    } finally {
      if (op === 'auth' && !authing && behindAuth.length) {
        const waiting = behindAuth;
        behindAuth = [];
        // Behind a refused auth (the socket is closing) nothing more is done.
        if (socket.readyState === socket.OPEN) for (const f of waiting) void handle(f);
      }
    }
  }

  socket.on('message', (raw) => {
    if (conn) conn.seenAt = Date.now();
    let message: unknown;
    try {
      message = JSON.parse(String(raw));
    } catch {
      return socket.close(CLOSE.PROTOCOL, 'bad frame');
    }
    // An array holds frames written in one turn (protocol 2), taken in order as if each came alone; one
    // bad frame refuses the whole message, as it would a message of one frame.
    const frames = Array.isArray(message) ? message : [message];
    if (!frames.length || frames.length > MAX_BATCH_FRAMES || !frames.every(isRequestFrame))
      return socket.close(CLOSE.PROTOCOL, 'bad frame');
    for (const f of frames)
      if (authing && behindAuth.length < MAX_BATCH_FRAMES) behindAuth.push(f);
      else void handle(f);
  });
}

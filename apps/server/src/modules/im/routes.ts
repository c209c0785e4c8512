import type { WebSocket } from 'ws';
import { Type } from 'typebox';
import { ImFriendList, ImProfile } from '@forecourt/contracts';
import { TYPES } from '@forecourt/im-sdk/types';
import type { App } from '../../platform/context.js';
import { envelope, ok } from '../../platform/envelope.js';
import { forbidden } from '../../platform/errors.js';
import { scopeOf } from '../../platform/auth/guard.js';
import { langOf } from '../../platform/i18n.js';
import { asHttp } from './errors.js';
import { friendList } from './friends.js';
import { ensureUser, updateProfile } from './profiles.js';
import { serveSocket } from './socket.js';
import { issueTicket } from './tickets.js';

/** Gender as the chat profile stores it; the shell's words (male, female, unknown) are accepted too. */
const GENDERS: Record<string, string> = {
  male: TYPES.GENDER_MALE,
  female: TYPES.GENDER_FEMALE,
  unknown: TYPES.GENDER_UNKNOWN,
  hidden: TYPES.GENDER_UNKNOWN,
  [TYPES.GENDER_MALE]: TYPES.GENDER_MALE,
  [TYPES.GENDER_FEMALE]: TYPES.GENDER_FEMALE,
  [TYPES.GENDER_UNKNOWN]: TYPES.GENDER_UNKNOWN,
};

export async function imRoutes(app: App) {
  const { db } = app.ctx;
  // Built by the module's setup step (runtime.ts), before any route of any module registers.
  const rt = app.ctx.im!.runtime;
  const { deps, gateway } = rt;
  const { settings, clock } = deps;

  app.get(
    '/api/blade-im/sig/getSign/:id',
    {
      config: { permission: 'code:chat_tim' },
      schema: {
        tags: ['im'],
        summary: `A chat sign-in ticket (userSig) for the caller's own account, valid IM_TICKET_TTL seconds (default ${settings.ticketTtlS}); another account is 403`,
        params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: { 200: envelope(Type.String()) },
      },
    },
    async (req) => {
      const scope = scopeOf(req);
      if (req.params.id !== scope.account) throw forbidden('im.sig.notYou');
      return ok(
        await issueTicket(
          db,
          {
            kind: 'staff',
            tenantId: scope.tenantId,
            userID: scope.account,
            sessionId: scope.sessionId,
            accountId: scope.userId,
          },
          settings.ticketTtlS,
          clock.now(),
        ),
      );
    },
  );

  app.post(
    '/api/sop-tools/imPc/imUser',
    {
      config: { permission: 'code:chat_tim' },
      schema: {
        tags: ['im'],
        summary: "Creates or updates the caller's chat profile: only the non-empty fields given change",
        body: Type.Object({
          nick: Type.Optional(Type.String({ maxLength: 64 })),
          avatar: Type.Optional(Type.String({ maxLength: 1000 })),
          gender: Type.Optional(Type.Union(Object.keys(GENDERS).map((g) => Type.Literal(g)))),
        }),
        response: { 200: envelope(ImProfile) },
      },
    },
    async (req) => {
      const scope = scopeOf(req);
      const { nick, avatar, gender } = req.body;
      try {
        await ensureUser(db, scope.tenantId, scope.account);
        const p = await updateProfile(db, scope.tenantId, scope.account, {
          nick: nick || undefined,
          avatar: avatar || undefined,
          gender: gender ? (GENDERS[gender] as typeof TYPES.GENDER_MALE) : undefined,
        });
        await gateway.publish(scope.tenantId, [{ userID: scope.account, op: 'profile', data: p }]);
        return ok(p);
      } catch (e) {
        throw asHttp(e);
      }
    },
  );

  app.get(
    '/api/sop-tools/imPc/friendList',
    {
      config: { permission: 'code:chat_tim' },
      schema: {
        tags: ['im'],
        summary:
          'Staff contacts grouped by the initial letter of the real name (pinyin). roleIds: role ids or aliases, comma-separated; isOther=1: staff in none of them',
        querystring: Type.Object({
          isOther: Type.Optional(
            Type.Union([
              Type.Literal('0'),
              Type.Literal('1'),
              Type.Literal('true'),
              Type.Literal('false'),
              Type.Literal(''),
            ]),
          ),
          roleIds: Type.Optional(Type.String({ maxLength: 2000 })),
        }),
        response: { 200: envelope(ImFriendList) },
      },
    },
    async (req) => {
      const scope = scopeOf(req);
      const isOther = req.query.isOther === '1' || req.query.isOther === 'true';
      return ok(await friendList(db, scope.tenantId, { roleIds: req.query.roleIds, isOther }));
    },
  );

  // The socket authenticates with its first frame (a ticket), like the hosted SDK's sign-in.
  app.get('/im', { websocket: true, config: { permission: 'public', client: false } }, (socket, req) => {
    releaseUpgrade(socket, onSocketError);
    serveSocket(rt, socket, langOf(req.headers['accept-language']));
  });
  function onSocketError(this: WebSocket, e: Error) {
    rt.log.warn({ err: e.message }, 'chat socket error');
    this.terminate();
  }
}

/**
 * Lets go of the upgrade's HTTP request and response, which would otherwise live as long as the socket:
 * @fastify/websocket hangs a ServerResponse (and through it the request, its headers and the request's
 * logger) on the TCP socket, and its 'error' listener closes over the Fastify request and reply. An idle
 * node holding 20,000 sockets kept 20,000 of each. The listener is replaced by one shared by every socket
 * that does what the plugin's default did (log, terminate).
 */
function releaseUpgrade(socket: WebSocket, onError: (this: WebSocket, e: Error) => void) {
  const raw = (socket as unknown as { _socket?: { _httpMessage?: { detachSocket?: (s: unknown) => void } } })
    ._socket;
  raw?._httpMessage?.detachSocket?.(raw);
  socket.removeAllListeners('error');
  socket.on('error', onError);
}

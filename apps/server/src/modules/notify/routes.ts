import { Type } from 'typebox';
import type { App } from '../../platform/context.js';
import { envelope, ok } from '../../platform/envelope.js';
import { bad, forbidden } from '../../platform/errors.js';
import { authenticate, liveSessions, scopeOf } from '../../platform/auth/guard.js';
import { t } from '../../platform/i18n.js';
import { kindOf, profileSeed } from '../im/index.js';
import {
  authenticateCustomer,
  customerChatId,
  CustomerTokens,
  liveCustomerSessions,
} from '../member/index.js';
import { NotifyGateway, SESSION_ENDED, type SocketOwner } from './gateway.js';

/** Close codes of the notification socket (4000+ are ours); a session that ends later closes it as a failed one. */
export const WS_CLOSE = { authTimeout: 4001, authFailed: 4003, sessionEnded: SESSION_ENDED } as const;
export const AUTH_TIMEOUT_MS = 10_000;

const TYPES = ['text', 'image', 'voice', 'file', 'emoji', 'video', 'location'] as const;

export async function notifyRoutes(app: App) {
  const { db, tokens, bus } = app.ctx;
  const gateway = new NotifyGateway(
    bus,
    (ids) => liveSessions(db, ids),
    (err, msg) => app.log.warn({ err: err.message }, msg),
    (ids) => liveCustomerSessions(db, ids),
  );
  app.ctx.events.on((c) => gateway.onAuthChange(c));
  app.ctx.onClose.push(() => gateway.close());
  app.decorate('notify', gateway);

  /**
   * A notification socket: it authenticates with its first frame ({"type":"auth","token":…}), as the spec's
   * client sends on open; `owner` turns the token into the socket's owner or throws.
   */
  const socketRoute = (path: string, owner: (token: string | undefined) => Promise<SocketOwner>) =>
    app.get(path, { websocket: true, config: { permission: 'public', client: false } }, (socket) => {
      let authed = false;
      const timer = setTimeout(() => socket.close(WS_CLOSE.authTimeout, 'auth timeout'), AUTH_TIMEOUT_MS);
      socket.on('close', () => clearTimeout(timer));
      socket.on('message', (raw) => {
        let frame: { type?: string; token?: string };
        try {
          frame = JSON.parse(String(raw)) as typeof frame;
        } catch {
          return socket.close(WS_CLOSE.authFailed, 'bad frame');
        }
        if (frame.type === 'ping') return socket.send(JSON.stringify({ type: 'pong' }));
        if (authed || frame.type !== 'auth') return;
        owner(frame.token?.replace(/^bearer\s+/i, ''))
          .then(async (o) => {
            authed = true;
            clearTimeout(timer);
            await gateway.attach(o, socket);
            socket.send(JSON.stringify({ type: 'ready' }));
          })
          .catch(() => socket.close(WS_CLOSE.authFailed, 'unauthorized'));
      });
    });

  socketRoute('/ws', async (token) => {
    const scope = await authenticate(db, tokens, token, app.ctx.sessions);
    return {
      tenantId: scope.tenantId,
      userId: scope.userId,
      account: scope.account,
      sessionId: scope.sessionId,
    };
  });

  // The customers' socket (the mobile page): the same protocol with a customer token, and pushes
  // addressed to the customer's chat user id (their advisor's unread pushes).
  const customerTokens = await CustomerTokens.load(db);
  socketRoute('/ws/h5', async (token) => {
    const me = await authenticateCustomer(db, customerTokens, token);
    const userID = customerChatId(me.customerId);
    return {
      tenantId: me.tenantId,
      userId: userID,
      account: userID,
      sessionId: me.sessionId,
      customer: true,
    };
  });

  app.post(
    '/api/sop-tools/imPc/pushImUnread',
    {
      config: { permission: 'login' },
      schema: {
        tags: ['im'],
        summary:
          'Unread push to the other party over the notification socket: text sends the text, other types a tag',
        body: Type.Object({
          fromUser: Type.String({ minLength: 1, maxLength: 45 }),
          toUser: Type.String({ minLength: 1, maxLength: 45 }),
          message: Type.Optional(Type.String({ maxLength: 12_000 })),
          type: Type.Union(TYPES.map((x) => Type.Literal(x))),
        }),
        response: { 200: envelope(Type.Boolean()) },
      },
    },
    async (req) => {
      const scope = scopeOf(req);
      const { fromUser, toUser, message, type } = req.body;
      if (fromUser !== scope.account) throw forbidden('notify.notYou');
      // The receiver is a chat user of any kind (a colleague, or a customer as cust_<id>), looked up the
      // way the chat looks them up, and only one the sender may chat with gets the push.
      const { kind } = kindOf(toUser);
      if (!(await profileSeed(db, scope.tenantId, toUser))) throw bad('notify.noUser', { account: toUser });
      if (kind.mayTalk && !(await kind.mayTalk(db, scope.tenantId, toUser, fromUser)))
        throw forbidden('notify.notYourPeer');
      const text = type === 'text' ? (message ?? '') : t(req.lang, `notify.tag.${type}`);
      await gateway.push(scope.tenantId, toUser, {
        type: 'unread',
        data: { fromUser, toUser, message: text, type },
      });
      return ok(true);
    },
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    notify: NotifyGateway;
  }
}

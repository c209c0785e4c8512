import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { RedisBus } from '../../platform/bus.js';
import { ImGateway } from './gateway.js';
import { MemoryLimiter, RedisLimiter, type SendLimiter } from './limits.js';
import { MemoryPresence, RedisPresence, type Presence } from './presence.js';
import { imSettings } from './settings.js';
import type { ImRuntime } from './socket.js';
import { systemNotice } from './groups.js';
import type { ImDeps } from './deps.js';
import type { OutgoingMessage, WireMessage } from '@forecourt/im-sdk/protocol';
import { sendMessage } from './store.js';
import { CHAT_CODE, principalKind } from './principals.js';
import { holdsCode } from '../../platform/auth/guard.js';

/** What the chat module exposes on the app: settings and clock tests adjust, and notices for other modules. */
export interface ImApi {
  deps: ImDeps;
  gateway: ImGateway;
  /** What the socket route serves with: built once at setup, before any route exists. */
  runtime: ImRuntime;
  /** Writes a notice into a user's system conversation and pushes it. */
  notice(
    tenantId: string,
    userID: string,
    payload: { operationType: number; text: string; title?: string; extension?: string },
    /** Makes the notice idempotent: a second call with the same key stores and pushes nothing. */
    clientMsgId?: string,
  ): Promise<void>;
  /**
   * Sends a message as a user on the server's initiative (the sales floor's offer card), with every check a
   * client's send gets (who may talk to whom, the payload's limits), and pushes it to both sides.
   */
  sendAs(
    tenantId: string,
    from: { userID: string; nick: string; avatar?: string },
    out: OutgoingMessage,
  ): Promise<WireMessage>;
}

// Modules register in their own scope, so the chat API hangs on the shared context, not a decoration.
declare module '../../platform/context.js' {
  interface AppContext {
    im?: ImApi;
  }
}

/** The module's setup step: builds the gateway, send limiter and presence (in Redis when the bus is). */
export function setupIm(ctx: AppContext, log: FastifyBaseLogger) {
  const { db, bus } = ctx;
  const settings = imSettings(ctx.config);
  const clock = { now: () => Date.now() };
  const deps: ImDeps = { db, settings, clock };
  const limits = () => ({ rate: settings.sendRate, burst: settings.sendBurst });
  const localLimiter = new MemoryLimiter(limits);
  let limiter: SendLimiter = localLimiter;
  let presence: Presence;
  if (bus instanceof RedisBus) {
    // Keys share the bus's prefix, so nodes of one deployment meet and test runs never do.
    const prefix = (bus as unknown as { prefix?: string }).prefix ?? 'forecourt:';
    limiter = new RedisLimiter(bus.redis, `${prefix}im:rate:`, limits);
    presence = new RedisPresence(bus.redis, `${prefix}im:online:`);
  } else presence = new MemoryPresence();
  const gateway = new ImGateway(db, bus, presence, settings, log, clock);
  ctx.events.on((c) => gateway.onAuthChange(c));
  ctx.onClose.push(() => gateway.close());
  // A staff socket's sign-in asks the caches every HTTP route asks (kept current over the bus: a sign-out,
  // a disabled account, a role or grant change is heard before its answer leaves), for the same answer as
  // the staff kind's endedSessions: a live session whose roles grant the chat. The ticket was fetched over
  // HTTP a moment before, so the session is usually cached and the sign-in reads nothing. Customers, and
  // the periodic re-check of open sockets, ask the database.
  const sessionMayChat = async (kind: string, sessionId: string) => {
    if (kind !== 'staff') {
      const k = principalKind(kind);
      return !!k && !(await k.endedSessions(db, [sessionId])).size;
    }
    const scope = await ctx.sessions.scope(sessionId);
    return !!scope && (await holdsCode(scope, CHAT_CODE, ctx.permissions));
  };
  ctx.im = {
    deps,
    gateway,
    runtime: { deps, gateway, limiter, localLimiter, log, sessionMayChat },
    async notice(tenantId, userID, payload, clientMsgId) {
      await gateway.publish(
        tenantId,
        await systemNotice(deps, tenantId, userID, payload, deps.db, clientMsgId),
      );
    },
    async sendAs(tenantId, from, out) {
      const { result, pushes } = await sendMessage(deps, { tenantId, avatar: '', ...from }, out);
      await gateway.publish(tenantId, pushes);
      return result.message;
    },
  } satisfies ImApi;
}

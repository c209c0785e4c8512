import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from '../config.js';
import type { Bus } from './bus.js';
import type { Db } from './db/index.js';
import type { ClientCache, Permission, SessionCache } from './auth/guard.js';
import type { AuthEvents } from './auth/events.js';
import type { PermissionCache } from './auth/permissions.js';
import type { TokenService } from './auth/tokens.js';
import type { Lang } from './i18n.js';
import type { Scope } from './scope.js';
import type { Inflight } from './inflight.js';

/** What every module can reach: app.ctx. */
export interface AppContext {
  config: Config;
  db: Db;
  bus: Bus;
  /** Announces committed changes of sessions, users, roles, grants and tenants to every node. */
  events: AuthEvents;
  tokens: TokenService;
  permissions: PermissionCache;
  /** The scopes of live sessions, forgotten on every change AuthEvents announces (guard.ts). */
  sessions: SessionCache;
  clients: ClientCache;
  /** The requests still being answered; app.close() waits for them (platform/inflight.ts). */
  inflight: Inflight;
  /** Hooks run by app.close(), after the HTTP server stops accepting. */
  onClose: Array<() => Promise<void>>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every route: see Permission. */
    permission?: Permission;
    /** Errors of this route are answered OAuth-style: { error_code, error_description }. */
    oauth?: boolean;
    /** false: no Basic client header needed (files, sockets). */
    client?: boolean;
  }
  interface FastifyRequest {
    auth: Scope | null;
    lang: Lang;
    clientId: string | null;
  }
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

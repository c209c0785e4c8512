import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes, randomUUID } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import helmet from 'helmet';
import websocket from '@fastify/websocket';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config.js';
import type { Db } from './platform/db/index.js';
import { MemoryBus, RedisBus, type Bus } from './platform/bus.js';
import { TokenService } from './platform/auth/tokens.js';
import { PermissionCache } from './platform/auth/permissions.js';
import { AuthEvents } from './platform/auth/events.js';
import {
  authenticate,
  authorize,
  bearerOf,
  ClientCache,
  SessionCache,
  type Permission,
} from './platform/auth/guard.js';
import { AppError, tooMany, unauthorized } from './platform/errors.js';
import { errorLogRow, fieldWithNul, makeErrorHandler } from './platform/errors-handler.js';
import { langOf, t } from './platform/i18n.js';
import { getOrCreateSecret } from './platform/secrets.js';
import { lazyCompilers } from './platform/lazy-schemas.js';
import { drainOnClose, Inflight } from './platform/inflight.js';
import { OpenApiCache } from './platform/openapi-cache.js';
import type { App, AppContext } from './platform/context.js';
import { modules } from './modules/index.js';
import { inlineScriptSources, webPageFor, WEB_PAGES, type WebPage } from './web-pages.js';

export interface RouteInfo {
  method: string | string[];
  url: string;
  permission: Permission | undefined;
  hasSchema: boolean;
  websocket: boolean;
}

export interface BuildOptions {
  config: Config;
  db: Db;
  bus?: Bus;
  /** A pino logger of the caller (server.ts); tests run without one. */
  loggerInstance?: FastifyServerOptions['loggerInstance'];
  /**
   * The build's id (server.ts reads it beside the bundle): with it the OpenAPI document is kept in the data
   * folder for the next start of this build (platform/openapi-cache.ts). Run from the sources: none.
   */
  build?: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** The web build the server sends at / (apps/web/dist unless WEB_DIST says otherwise). */
const webDistOf = (config: Config) => path.resolve(config.WEB_DIST ?? path.join(here, '../../web/dist'));

/** How long a closing server waits for the requests still running (server.ts's own limit is 10 s). */
export const DRAIN_MS = 5_000;

/** Builds the whole server on a ready database (migrated and seeded by the caller). */
export async function buildApp(
  opts: BuildOptions,
): Promise<App & { routeTable: RouteInfo[]; compileSchemas: () => number }> {
  const { config, db } = opts;
  const docs = opts.build
    ? new OpenApiCache(path.join(config.dataDir, 'openapi.json'), opts.build, path.join(here, 'openapi.json'))
    : undefined;
  docs?.load();
  const schemas = lazyCompilers();
  const app = Fastify({
    schemaController: { compilersFactory: schemas.compilersFactory },
    ...(opts.loggerInstance ? { loggerInstance: opts.loggerInstance } : { logger: false }),
    trustProxy: config.TRUST_PROXY,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { maxParamLength: 500 },
    ajv: {
      customOptions: { coerceTypes: 'array', useDefaults: true, removeAdditional: false, allErrors: false },
    },
  }).withTypeProvider<TypeBoxTypeProvider>() as unknown as App;

  const secret =
    config.JWT_SECRET ??
    (await getOrCreateSecret(db, 'jwt_secret', () => randomBytes(48).toString('base64url')));
  const bus = opts.bus ?? new MemoryBus();
  const events = new AuthEvents(bus, (err, msg) => app.log.warn({ err: err.message }, msg));
  await events.start();
  const inflight = new Inflight();
  const ctx: AppContext = {
    config,
    db,
    bus,
    events,
    tokens: new TokenService(secret, config.ACCESS_TOKEN_TTL, config.REFRESH_TOKEN_TTL),
    permissions: new PermissionCache(db, events),
    sessions: new SessionCache(db, events),
    clients: new ClientCache(db),
    inflight,
    onClose: [() => events.close()],
  };
  app.decorate('ctx', ctx);
  app.decorateRequest('auth', null);
  app.decorateRequest('lang', 'zh');
  app.decorateRequest('clientId', null);

  // Security headers on every answer (the app, the API, /api/docs), registered before the hooks that
  // may answer early (a refused client gets them too): docs/web.md "Security headers" says
  // why each source is allowed. Scripts only from this origin; the exceptions: 'unsafe-eval', for
  // qiankun, which runs a micro-app's scripts through eval, and the entry pages' own inline scripts, each
  // by its hash (web-pages.ts, inlineScriptSources). Styles may be inline: antd writes its
  // CSS-in-JS into <style> elements at run time. Images, media and frames may come from other sites
  // (avatars, map tiles, the embedded pages of /myiframe).
  // helmet's middleware is built once, here. @fastify/helmet (13) calls helmet(options) for every
  // request, validating and serialising the whole policy again each time: ~55 µs of every answer's
  // main-thread time, ~40 % of an authenticated GET /menu/routes (docs/bench.md). The headers are the same.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'none'"],
        scriptSrc: ["'self'", "'unsafe-eval'", ...inlineScriptSources(webDistOf(config))],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        mediaSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", 'https:', 'http:'],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
      },
    },
    // X-Frame-Options for browsers without frame-ancestors; same origin, as the micro-app host needs.
    frameguard: { action: 'sameorigin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Avatars, map tiles and embedded pages come from other sites that send no CORP header.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    // HSTS is the TLS terminator's to send (the app itself may run on plain http inside a network).
    strictTransportSecurity: false,
  });
  // An error helmet passes on (it has none today) becomes the request's error, as @fastify/helmet did.
  app.addHook('onRequest', (req, reply, done) =>
    securityHeaders(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)),
  );

  // A shutdown lets the requests still running finish before the database closes (platform/inflight.ts).
  drainOnClose(app, inflight, DRAIN_MS);

  // Every route must say who may call it; a route without a declaration stops the start.
  const routeTable: RouteInfo[] = [];
  app.addHook('onRoute', (r) => {
    if (r.url.startsWith('/api/docs'))
      r.config = { ...(r.config ?? {}), permission: 'public', client: false };
    const permission = (r.config as { permission?: Permission } | undefined)?.permission;
    const isApi = r.url.startsWith('/api/') || r.url === '/im' || r.url === '/ws';
    if (isApi && !permission) throw new Error(`route ${String(r.method)} ${r.url} declares no permission`);
    routeTable.push({
      method: r.method,
      url: r.url,
      permission,
      hasSchema: Boolean(
        r.schema && (r.schema.querystring || r.schema.body || r.schema.params || r.schema.response),
      ),
      websocket: Boolean((r as { websocket?: boolean }).websocket),
    });
  });

  app.addHook('onRequest', async (req) => {
    req.lang = langOf(req.headers['accept-language']);
    const cfg = req.routeOptions.config;
    const permission = cfg.permission;
    if (!permission) return; // not-found and static routes
    const needsClient =
      req.url.startsWith('/api/') && cfg.client !== false && !req.url.startsWith('/api/docs');
    if (needsClient) {
      req.clientId = await ctx.clients.verifyBasic(req.headers.authorization);
      if (!req.clientId) throw new AppError(401, 'common.clientInvalid');
    }
    if (permission === 'public') {
      // Public routes still learn who is calling when a valid token comes along.
      const token = bearerOf(req);
      if (token) req.auth = await authenticate(db, ctx.tokens, token, ctx.sessions).catch(() => null);
      return;
    }
    const token = bearerOf(req);
    if (!token) throw unauthorized();
    req.auth = await authenticate(db, ctx.tokens, token, ctx.sessions);
    await authorize(req.auth, permission, ctx.permissions);
  });

  // The request id goes back to the caller, so a user can quote it and it can be found in the logs.
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  // A POST without a body is an empty form: its required fields are then named by validation.
  app.addHook('preValidation', async (req) => {
    if ((req.body === undefined || req.body === null) && req.routeOptions.schema?.body) req.body = {};
    for (const part of [req.params, req.query, req.body]) {
      const field = fieldWithNul(part);
      if (field !== undefined) throw new AppError(400, 'validation.nul', { field: field || 'body' });
    }
  });

  // Fill the success message in the caller's language.
  app.addHook('preSerialization', async (req, _reply, payload: unknown) => {
    if (payload && typeof payload === 'object' && 'success' in payload && 'code' in payload) {
      const p = payload as { msg?: string; success: boolean };
      if (p.success && p.msg === undefined) p.msg = t(req.lang, 'common.success');
    }
    return payload;
  });

  app.setErrorHandler(
    makeErrorHandler((req, err) =>
      // Tracked too: the log of a failed request is written after its handler settled.
      inflight
        .track(
          db.query(
            `INSERT INTO blade_log_error (id, tenant_id, request_id, method, request_uri, message, stack_trace, create_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
            errorLogRow(req, err),
          ),
        )
        .then(() => undefined),
    ),
  );

  await app.register(formbody);
  if (config.RATE_LIMIT) {
    // Only routes with config.rateLimit (platform/rate-limits.ts) are limited. With Redis the nodes share
    // the counts; in memory the plugin keeps a bounded LRU of addresses.
    const bus = ctx.bus;
    await app.register(rateLimit, {
      global: false,
      ...(bus instanceof RedisBus ? { redis: bus.redis, nameSpace: `${bus.prefix}rate:` } : {}),
      errorResponseBuilder: () => tooMany(),
    });
  }
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Forecourt API', version: '1.0.0', description: 'BladeX-compatible back-office API' },
      components: {
        securitySchemes: {
          client: { type: 'http', scheme: 'basic', description: 'OAuth client id and secret' },
          bladeAuth: {
            type: 'apiKey',
            in: 'header',
            name: 'Blade-Auth',
            description: 'bearer <access_token>',
          },
        },
      },
      security: [{ client: [], bladeAuth: [] }],
    },
  });
  // Our own mark in the docs' top bar. Given inline, the plugin does not read its default logo from disk at
  // every start: on a cold disk, behind PGlite's writes, that one read held the start for 0.4 s.
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    logo: { type: 'image/svg+xml', content: Buffer.from(DOCS_LOGO), href: '/api/docs', target: '_self' },
    // The document as the last start of this build kept it, when its routes are these (the plugin's own
    // handler would build it again); answered here, before that handler.
    ...(docs
      ? {
          uiHooks: {
            onRequest: async (req: FastifyRequest, reply: FastifyReply) => {
              if (req.routeOptions.url !== '/api/docs/json') return;
              const routes = routeTable.map((r) => `${String(r.method)} ${r.url}`);
              const json = await docs.json(routes, () => app.swagger());
              return reply.type('application/json; charset=utf-8').send(json);
            },
          },
        }
      : {}),
  });

  for (const m of modules) await m.setup?.(ctx, app.log);
  for (const m of modules) {
    if (m.routes) await app.register(async (scoped) => m.routes!(scoped as unknown as App));
  }

  await registerWeb(app, config);

  app.addHook('onClose', async () => {
    for (const fn of ctx.onClose) await fn();
    // A node stopped right after its first /api/docs/json (the start benchmark's probe) still keeps it.
    await docs?.saved;
  });

  return Object.assign(app, { routeTable, compileSchemas: schemas.compileAll });
}

/** The web app's mark (index.html's icon: the "F" on the theme blue) beside "Forecourt API", white on the docs' dark bar. */
const DOCS_LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" width="190" height="32" viewBox="0 0 190 32">' +
  '<rect width="32" height="32" rx="6" fill="#409EFF"/>' +
  '<text x="16" y="22" font-size="16" text-anchor="middle" fill="#fff" font-family="Arial">F</text>' +
  '<text x="42" y="22" font-size="17" fill="#fff" font-family="Arial" font-weight="bold">Forecourt API</text>' +
  '</svg>';

/** An entry page of the web build: never cached, so a new build is picked up at the next visit. */
const sendPage = (reply: FastifyReply, file: string) =>
  reply.header('cache-control', 'no-cache').type('text/html').send(fs.createReadStream(file));

/** The built web app at /, with deep links falling back to index.html. */
async function registerWeb(app: App, config: Config) {
  const dist = webDistOf(config);
  const index = path.join(dist, 'index.html');
  const hasWeb = fs.existsSync(index);
  // Each entry page the build wrote, read once: a build without one (an older build) sends index.html.
  const pages = new Map<WebPage, string>(
    WEB_PAGES.map((p) => [p, fs.existsSync(path.join(dist, p)) ? path.join(dist, p) : index]),
  );
  const pageOf = (url: string) => pages.get(webPageFor(url))!;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      // One route for every file, found on disk at request time; a file that is not there falls to the
      // not-found handler below (index.html for a deep link). Without it the plugin lists the folder at
      // every start and registers a GET and a HEAD route per file: ~360 routes, ~60 ms of a restart.
      wildcard: true,
      index: false,
      maxAge: '1y',
      immutable: true,
      setHeaders: (reply, file) => {
        if (file.endsWith('.html')) reply.header('cache-control', 'no-cache');
      },
    });
    // The root is a folder to the file server (which lists none): the app, as for any deep link.
    app.get('/', (req, reply) => sendPage(reply, pageOf(req.url)));
  }
  app.setNotFoundHandler(async (req, reply) => {
    req.lang = langOf(req.headers['accept-language']);
    const isApi = req.url.startsWith('/api/') || req.url.startsWith('/files/');
    if (req.method === 'GET' && !isApi && !path.extname(req.url.split('?')[0] ?? '')) {
      // /h5/* is the customers' mobile page; the app's own pages differ in what they preload (web-pages.ts).
      if (hasWeb) return sendPage(reply, pageOf(req.url));
      return reply
        .type('text/html')
        .send(
          '<!doctype html><title>Forecourt</title><p>The web app is not built yet: run <code>npm run build</code>.</p>',
        );
    }
    return reply.status(404).send({
      code: 404,
      success: false,
      data: null,
      msg: t(req.lang, 'common.routeNotFound', { url: req.url.split('?')[0] }),
    });
  });
}

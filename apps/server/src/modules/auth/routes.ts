import { Type } from 'typebox';
import { Captcha, PublicKey, TokenAnswer, UserInfo } from '@forecourt/contracts';
import type { App } from '../../platform/context.js';
import { envelope, ok } from '../../platform/envelope.js';
import { notFound } from '../../platform/errors.js';
import { scopeOf } from '../../platform/auth/guard.js';
import { t } from '../../platform/i18n.js';
import { RATE_LIMITS } from '../../platform/rate-limits.js';
import { loadProfile } from './account.js';
import { createCaptcha } from './captcha.js';
import { grantToken } from './sign-in.js';
import { revokeSession } from './sessions.js';
import { CIPHER_MODE, sm2Keys } from './sm2.js';

const str = (max = 4000) => Type.Optional(Type.String({ maxLength: max }));

/** Token parameters may come in the query (BladeX clients) or a form/JSON body. */
const tokenParams = Type.Object({
  tenantId: str(12),
  tenant_id: str(12),
  username: str(100),
  password: str(2000),
  grant_type: str(40),
  scope: str(40),
  type: str(40),
  refresh_token: str(4000),
  source: str(40),
  code: str(500),
  state: str(500),
});

const header = (h: string | string[] | undefined) => (Array.isArray(h) ? h[0] : h);

export async function authRoutes(app: App) {
  const { db, config, tokens } = app.ctx;

  app.post(
    '/api/blade-auth/oauth/token',
    {
      config: { permission: 'public', oauth: true, rateLimit: RATE_LIMITS.token },
      schema: {
        tags: ['auth'],
        summary:
          'Sign in (password, captcha, refresh_token, social grants); answers the token fields unwrapped',
        querystring: tokenParams,
        body: tokenParams,
        response: { 200: TokenAnswer },
      },
    },
    async (req) => {
      const p = { ...req.query, ...(req.body ?? {}) };
      return grantToken(
        { db, config, tokens, events: app.ctx.events },
        {
          grantType: p.grant_type,
          tenantId: p.tenantId ?? p.tenant_id ?? header(req.headers['tenant-id']),
          username: p.username,
          password: p.password,
          refreshToken: p.refresh_token,
          captchaKey: header(req.headers['captcha-key']),
          captchaCode: header(req.headers['captcha-code']),
          source: p.source,
          code: p.code,
          state: p.state,
          ip: req.ip,
          userAgent: header(req.headers['user-agent']),
          clientId: req.clientId!,
        },
      );
    },
  );

  app.get(
    '/api/blade-auth/oauth/public-key',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'SM2 public key (hex, 04 prefix) and cipher mode (1 = C1C3C2) for encrypting passwords',
        response: { 200: envelope(PublicKey) },
      },
    },
    async () => ok({ publicKey: (await sm2Keys(db)).publicKey, cipherMode: CIPHER_MODE }),
  );

  app.get(
    '/api/blade-auth/oauth/captcha',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['auth'],
        summary:
          'A captcha image (data URL) and its key; 5 characters, valid 30 minutes, usable once. enabled: whether sign-in requires it',
        response: { 200: envelope(Captcha) },
      },
    },
    async () => ok({ ...(await createCaptcha(db)), enabled: config.CAPTCHA_MODE }),
  );

  const logout = async (req: import('fastify').FastifyRequest) => {
    const { sessionId } = scopeOf(req);
    await revokeSession(db, sessionId, 'logout');
    // Its sockets (notifications, chat) close on every node.
    await app.ctx.events.sessionEnded(sessionId);
    return ok(true, t(req.lang, 'auth.loggedOut'));
  };
  const logoutSchema = {
    tags: ['auth'],
    summary: 'Sign out: the session and its tokens stop working at once',
    response: { 200: envelope(Type.Boolean()) },
  };
  app.get('/api/blade-auth/oauth/logout', { config: { permission: 'login' }, schema: logoutSchema }, logout);
  app.post(
    '/api/blade-auth/oauth/logout',
    {
      config: { permission: 'login' },
      schema: { ...logoutSchema, body: Type.Object({}, { additionalProperties: true }) },
    },
    logout,
  );

  app.get(
    '/api/blade-auth/oauth/user-info',
    {
      config: { permission: 'login' },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user: account, names, roles, department, avatar, employee number, phone',
        response: { 200: envelope(UserInfo) },
      },
    },
    async (req) => {
      const profile = await loadProfile(db, scopeOf(req).userId);
      if (!profile) throw notFound();
      const { role_aliases, ...rest } = profile;
      return ok({ ...rest, roles: role_aliases, client_id: scopeOf(req).clientId });
    },
  );

  app.get(
    '/api/blade-auth/oauth/clear-cache',
    {
      config: { permission: 'code:cache_clear' },
      schema: {
        tags: ['auth'],
        summary: 'Clears the permission and client caches',
        response: { 200: envelope(Type.Boolean()) },
      },
    },
    async (req) => {
      app.ctx.permissions.clearHere();
      app.ctx.clients.clear();
      return ok(true, t(req.lang, 'auth.cacheCleared'));
    },
  );
}

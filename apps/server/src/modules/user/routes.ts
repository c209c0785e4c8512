import { Type } from 'typebox';
import { urlString } from '../../platform/url.js';
import { pruneInitialPasswords } from '../../initial-passwords.js';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../platform/context.js';
import { envelope, ok } from '../../platform/envelope.js';
import { bad, forbidden } from '../../platform/errors.js';
import { scopeOf } from '../../platform/auth/guard.js';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.js';
import { newId } from '../../platform/ids.js';
import { t } from '../../platform/i18n.js';
import { RATE_LIMITS } from '../../platform/rate-limits.js';
import { PLATFORM_TENANT } from '../../platform/scope.js';
import { consumeCaptcha, revokeUserSessions } from '../auth/index.js';
import { checkNewPassword, plainPassword } from './passwords.js';
import { checkMobile, consumeSmsCode, issueSmsCode } from './sms.js';
import { Id } from '../../platform/schema.js';

const opt = (max: number) => Type.Optional(Type.String({ maxLength: max }));
const header = (h: string | string[] | undefined) => (Array.isArray(h) ? h[0] : h);
/** Parameters may come in the query (BladeX clients) or the body; the body wins. */
const params = <T extends object>(req: FastifyRequest) =>
  ({ ...(req.query as object), ...((req.body as object) ?? {}) }) as T;
const tenantOf = (req: FastifyRequest, given?: string) =>
  given?.trim() || header(req.headers['tenant-id'])?.trim() || PLATFORM_TENANT;

const registerFields = Type.Object({
  tenantId: opt(12),
  name: opt(20),
  account: opt(45),
  password: opt(2000),
  oauthId: opt(64),
});
const passwordFields = Type.Object({
  oldPassword: opt(2000),
  newPassword: opt(2000),
  newPassword1: opt(2000),
});
const forgetFields = Type.Object({
  phone: opt(20),
  mobile: opt(20),
  code: opt(10),
  newPassword: opt(2000),
  newPassword1: opt(2000),
  tenantId: opt(12),
});
const profileFields = Type.Object({
  // '' is "not sent" here (only filled fields change).
  avatar: Type.Optional(urlString(500, { blank: true })),
  name: opt(20),
  realName: opt(20),
  sex: Type.Optional(Type.Union([Type.Integer(), Type.String({ maxLength: 2 })])),
  email: opt(45),
  phone: opt(20),
});

export async function userRoutes(app: App) {
  const { db } = app.ctx;

  app.post(
    '/api/blade-user/register-guest',
    {
      config: { permission: 'public', rateLimit: RATE_LIMITS.register },
      schema: {
        tags: ['user'],
        summary:
          'Registers an account that waits for an administrator to approve it (password SM2-encrypted)',
        querystring: registerFields,
        body: registerFields,
        response: { 200: envelope(Type.Boolean()) },
      },
    },
    async (req) => {
      const p = params<{
        tenantId?: string;
        name?: string;
        account?: string;
        password?: string;
        oauthId?: string;
      }>(req);
      const tenantId = tenantOf(req, p.tenantId);
      const account = p.account?.trim() ?? '';
      if (!account) throw bad('validation.required', { field: 'account' });
      if (!/^[\w.-]{3,45}$/.test(account)) throw bad('user.accountPattern');
      // In captcha mode a registration needs one too (the same headers as sign-in): it costs a hash.
      if (app.ctx.config.CAPTCHA_MODE) {
        const key = header(req.headers['captcha-key']);
        const code = header(req.headers['captcha-code']);
        if (!key || !code) throw bad('auth.captchaRequired');
        if (!(await consumeCaptcha(db, key, code))) throw bad('auth.captchaInvalid');
      }
      const password = await plainPassword(db, p.password);
      checkNewPassword(password, password);
      const tenant = await db.one(
        'SELECT 1 FROM blade_tenant WHERE tenant_id = $1 AND is_deleted = 0 AND status = 1',
        [tenantId],
      );
      if (!tenant) throw bad('user.tenantInvalid', { tenantId });
      // Hashed before the account is looked up: an existing account costs the same work as a new one.
      const hash = await hashPassword(password);
      await db.tx(async (tx) => {
        // An existing account gets the same answer as a new application and nothing is created: the
        // answer must not tell which accounts exist (docs/architecture.md, "Decisions").
        if (
          await tx.one('SELECT 1 FROM blade_user WHERE tenant_id = $1 AND account = $2 AND is_deleted = 0', [
            tenantId,
            account,
          ])
        )
          return;
        const role = await tx.one<{ id: string }>(
          `SELECT id FROM blade_role WHERE tenant_id = $1 AND role_alias = 'user' AND is_deleted = 0`,
          [tenantId],
        );
        const id = newId();
        await tx.query(
          `INSERT INTO blade_user (id, tenant_id, account, password, password_initial, name, real_name, oauth_id, role_id, status)
           VALUES ($1, $2, $3, $4, false, $5, $5, $6, $7, 0)`,
          [id, tenantId, account, hash, p.name?.trim() || account, p.oauthId ?? null, role?.id ?? ''],
        );
        if (role)
          await tx.query('INSERT INTO blade_user_role (user_id, role_id) VALUES ($1, $2)', [id, role.id]);
      });
      return ok(true, t(req.lang, 'user.registered'));
    },
  );

  app.get(
    '/api/blade-user/check-password',
    {
      config: { permission: 'login' },
      schema: {
        tags: ['user'],
        summary: 'true when the password is still an initial one that the user must change',
        querystring: Type.Object({ userId: Type.Optional(Type.Union([Id(), Type.Literal('')])) }),
        response: { 200: envelope(Type.Boolean()) },
      },
    },
    async (req) => {
      const scope = scopeOf(req);
      const userId = req.query.userId || scope.userId;
      if (userId !== scope.userId && !scope.roleAliases.includes('administrator'))
        throw forbidden('user.notYours');
      const row = await db.one<{ password_initial: boolean }>(
        'SELECT password_initial FROM blade_user WHERE id = $1 AND tenant_id = $2 AND is_deleted = 0',
        [userId, scope.tenantId],
      );
      if (!row) throw forbidden('user.notYours');
      return ok(row.password_initial);
    },
  );

  app.post(
    '/api/blade-user/update-password',
    {
      config: { permission: 'login' },
      schema: {
        tags: ['user'],
        summary: "Changes the caller's password (all three SM2-encrypted); other sessions are signed out",
        querystring: passwordFields,
        body: passwordFields,
        response: { 200: envelope(Type.Boolean()) },
      },
    },
    async (req) => {
      const scope = scopeOf(req);
      const p = params<{ oldPassword?: string; newPassword?: string; newPassword1?: string }>(req);
      const [old, next, again] = await Promise.all([
        plainPassword(db, p.oldPassword),
        plainPassword(db, p.newPassword),
        plainPassword(db, p.newPassword1),
      ]);
      checkNewPassword(next, again);
      const row = await db.one<{ password: string }>(
        'SELECT password FROM blade_user WHERE id = $1 AND is_deleted = 0',
        [scope.userId],
      );
      if (!row || !(await verifyPassword(row.password, old)).ok) throw bad('user.oldPasswordWrong');
      if (old === next) throw bad('user.passwordSameAsOld');
      const hash = await hashPassword(next);
      await db.tx(async (tx) => {
        await tx.query(
          'UPDATE blade_user SET password = $2, password_initial = false, update_user = $1, update_time = now() WHERE id = $1',
          [scope.userId, hash],
        );
        await revokeUserSessions(tx, scope.userId, 'password_changed', scope.sessionId);
      });
      await app.ctx.events.userChanged(scope.userId);
      // A changed initial password leaves DATA_DIR/initial-passwords.txt (the file goes once empty).
      await pruneInitialPasswords(db, app.ctx.config.dataDir);
      return ok(true, t(req.lang, 'user.passwordChanged'));
    },
  );

  app.post(
    '/api/blade-user/update-info',
    {
      config: { permission: 'login' },
      schema: {
        tags: ['user'],
        summary: "Updates the caller's own profile; only the fields sent change",
        body: profileFields,
        response: { 200: envelope(Type.Boolean()) },
      },
    },
    async (req) => {
      const scope = scopeOf(req);
      const b = req.body;
      const sets: string[] = [];
      const vals: unknown[] = [scope.userId];
      const set = (col: string, v: unknown) => {
        vals.push(v);
        sets.push(`${col} = $${vals.length}`);
      };
      if (b.avatar) set('avatar', b.avatar);
      if (b.name?.trim()) set('name', b.name.trim());
      if (b.realName?.trim()) set('real_name', b.realName.trim());
      if (b.sex !== undefined && b.sex !== '') {
        const sex = Number(b.sex);
        if (![1, 2, 3].includes(sex)) throw bad('user.sexInvalid');
        set('sex', sex);
      }
      if (b.email?.trim()) {
        if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(b.email.trim()))
          throw bad('validation.format', { field: 'email' });
        set('email', b.email.trim());
      }
      if (b.phone?.trim()) set('phone', checkMobile(b.phone));
      if (sets.length)
        await db.query(
          `UPDATE blade_user SET ${sets.join(', ')}, update_user = $1, update_time = now() WHERE id = $1`,
          vals,
        );
      return ok(true, t(req.lang, 'user.profileSaved'));
    },
  );

  app.get(
    '/api/blade-user/user/sms/send-message',
    {
      config: { permission: 'public', rateLimit: RATE_LIMITS.sms },
      schema: {
        tags: ['user'],
        summary:
          'Sends a 6-digit code for the forgotten-password flow (5 minutes, single use, rate-limited per number)',
        querystring: Type.Object({ mobile: opt(20), phone: opt(20), tenantId: opt(12) }),
        response: { 200: envelope(Type.Boolean()) },
      },
    },
    async (req) => {
      const phone = checkMobile(req.query.mobile ?? req.query.phone);
      const tenantId = tenantOf(req, req.query.tenantId);
      const known = await db.one(
        'SELECT 1 FROM blade_user WHERE tenant_id = $1 AND phone = $2 AND is_deleted = 0 AND status = 1',
        [tenantId, phone],
      );
      await issueSmsCode(db, req.lang, tenantId, phone, 'reset', Boolean(known));
      return ok(true, t(req.lang, 'user.smsSent'));
    },
  );

  app.post(
    '/api/blade-user/update-password-forget',
    {
      config: { permission: 'public', rateLimit: RATE_LIMITS.passwordReset },
      schema: {
        tags: ['user'],
        summary:
          'Sets a new password with the SMS code (passwords SM2-encrypted); every session of the account ends',
        querystring: forgetFields,
        body: forgetFields,
        response: { 200: envelope(Type.Boolean()) },
      },
    },
    async (req) => {
      const p = params<{
        phone?: string;
        mobile?: string;
        code?: string;
        newPassword?: string;
        newPassword1?: string;
        tenantId?: string;
      }>(req);
      const phone = checkMobile(p.phone ?? p.mobile);
      const tenantId = tenantOf(req, p.tenantId);
      const [next, again] = await Promise.all([
        plainPassword(db, p.newPassword),
        plainPassword(db, p.newPassword1),
      ]);
      checkNewPassword(next, again);
      await consumeSmsCode(db, phone, 'reset', p.code);
      const user = await db.one<{ id: string }>(
        'SELECT id FROM blade_user WHERE tenant_id = $1 AND phone = $2 AND is_deleted = 0 AND status = 1',
        [tenantId, phone],
      );
      if (!user) throw bad('user.smsCodeInvalid');
      const hash = await hashPassword(next);
      await db.tx(async (tx) => {
        await tx.query(
          'UPDATE blade_user SET password = $2, password_initial = false, failed_count = 0, locked_until = NULL, update_time = now() WHERE id = $1',
          [user.id, hash],
        );
        await revokeUserSessions(tx, user.id, 'password_reset');
      });
      await app.ctx.events.userChanged(user.id);
      await pruneInitialPasswords(db, app.ctx.config.dataDir);
      return ok(true, t(req.lang, 'user.passwordReset'));
    },
  );
}

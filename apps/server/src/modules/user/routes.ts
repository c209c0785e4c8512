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
import { exec, first, globalDb, scoped, sql, type DB, type Updateable } from '../../platform/sql/index.js';

const opt = (max: number) => Type.Optional(Type.String({ maxLength: max }));
const header = (h: string | string[] | undefined) => (Array.isArray(h) ? h[0] : h);
/** Parameters may come in the query (BladeX clients) or the body; the body wins. */
const params = <T extends object>(req: { query: T; body?: T | null }): T => ({
  ...req.query,
  ...(req.body ?? {}),
});
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
      const p = params(req);
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
      // Before any account exists: the tenant the applicant names is the scope.
      const inTenant = scoped({ tenantId, isPlatformAdmin: false });
      const tenant = await first(
        db,
        inTenant.selectFrom('blade_tenant').select('id').where('status', '=', 1),
      );
      if (!tenant) throw bad('user.tenantInvalid', { tenantId });
      // Hashed before the account is looked up: an existing account costs the same work as a new one.
      const hash = await hashPassword(password);
      await db.tx(async (tx) => {
        // An existing account gets the same answer as a new application and nothing is created: the
        // answer must not tell which accounts exist (docs/architecture.md, "Decisions").
        if (await first(tx, inTenant.selectFrom('blade_user').select('id').where('account', '=', account)))
          return;
        const role = await first(
          tx,
          inTenant.selectFrom('blade_role').select('id').where('roleAlias', '=', 'user'),
        );
        const id = newId();
        const name = p.name?.trim() || account;
        await exec(
          tx,
          inTenant.insertInto('blade_user', {
            id,
            account,
            password: hash,
            passwordInitial: false,
            name,
            realName: name,
            oauthId: p.oauthId ?? null,
            roleId: role?.id ?? '',
            status: 0,
          }),
        );
        if (role)
          await exec(tx, globalDb.insertInto('blade_user_role').values({ userId: id, roleId: role.id }));
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
      // The caller's own tenant, the platform administrator's too.
      const row = await first(
        db,
        scoped({ tenantId: scope.tenantId, isPlatformAdmin: false })
          .selectFrom('blade_user')
          .select('passwordInitial')
          .where('id', '=', userId),
      );
      if (!row) throw forbidden('user.notYours');
      return ok(row.passwordInitial);
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
      const p = params(req);
      const [old, next, again] = await Promise.all([
        plainPassword(db, p.oldPassword),
        plainPassword(db, p.newPassword),
        plainPassword(db, p.newPassword1),
      ]);
      checkNewPassword(next, again);
      const row = await first(
        db,
        scoped(scope).selectFrom('blade_user').select('password').where('id', '=', scope.userId),
      );
      if (!row || !(await verifyPassword(row.password, old)).ok) throw bad('user.oldPasswordWrong');
      if (old === next) throw bad('user.passwordSameAsOld');
      const hash = await hashPassword(next);
      await db.tx(async (tx) => {
        await exec(
          tx,
          scoped(scope)
            .updateTable('blade_user')
            .set({ password: hash, passwordInitial: false, updateUser: scope.userId, updateTime: sql`now()` })
            .where('id', '=', scope.userId),
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
      const changes: Updateable<DB['blade_user']> = {};
      const set = <K extends keyof typeof changes>(col: K, v: (typeof changes)[K]) => (changes[col] = v);
      if (b.avatar) set('avatar', b.avatar);
      if (b.name?.trim()) set('name', b.name.trim());
      if (b.realName?.trim()) set('realName', b.realName.trim());
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
      if (Object.keys(changes).length)
        await exec(
          db,
          scoped(scope)
            .updateTable('blade_user')
            .set({ ...changes, updateUser: scope.userId, updateTime: sql`now()` })
            .where('id', '=', scope.userId),
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
      const known = await first(
        db,
        scoped({ tenantId, isPlatformAdmin: false })
          .selectFrom('blade_user')
          .select('id')
          .where('phone', '=', phone)
          .where('status', '=', 1),
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
      const p = params(req);
      const phone = checkMobile(p.phone ?? p.mobile);
      const tenantId = tenantOf(req, p.tenantId);
      const [next, again] = await Promise.all([
        plainPassword(db, p.newPassword),
        plainPassword(db, p.newPassword1),
      ]);
      checkNewPassword(next, again);
      await consumeSmsCode(db, phone, 'reset', p.code);
      const inTenant = scoped({ tenantId, isPlatformAdmin: false });
      const user = await first(
        db,
        inTenant.selectFrom('blade_user').select('id').where('phone', '=', phone).where('status', '=', 1),
      );
      if (!user) throw bad('user.smsCodeInvalid');
      const hash = await hashPassword(next);
      await db.tx(async (tx) => {
        await exec(
          tx,
          inTenant
            .updateTable('blade_user', { withDeleted: true })
            .set({
              password: hash,
              passwordInitial: false,
              failedCount: 0,
              lockedUntil: null,
              updateTime: sql`now()`,
            })
            .where('id', '=', user.id),
        );
        await revokeUserSessions(tx, user.id, 'password_reset');
      });
      await app.ctx.events.userChanged(user.id);
      await pruneInitialPasswords(db, app.ctx.config.dataDir);
      return ok(true, t(req.lang, 'user.passwordReset'));
    },
  );
}

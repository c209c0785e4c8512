import { all, anyId, scoped, sql, type SqlBool } from '../../platform/sql/index.js';
import { Type } from 'typebox';
import { type Page, User } from '@forecourt/contracts';
import type { App } from '../../platform/context.js';
import { envelope, ok } from '../../platform/envelope.js';
import { bad } from '../../platform/errors.js';
import { scopeOf } from '../../platform/auth/guard.js';
import { splitIds } from '../../platform/rows.js';
import { t } from '../../platform/i18n.js';
import { requireCode } from '../../platform/auth/guard.js';
import { listQuerySchema } from '../../platform/paging.js';
import { pageSchema } from '../../platform/envelope.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import { strongPassword } from '../../platform/auth/generate.js';
import { revokeUserSessions } from '../auth/index.js';
import { assertMayManageAccounts } from '../role/index.js';
import { saveUser, users } from './admin-rules.js';
import { Id, IdList } from '../../platform/schema.js';

const idsQuery = Type.Object({ userIds: IdList() });

/** Account approval and unlocking: the administrator's side of registration and lockout. */
export async function userAdminRoutes(app: App) {
  const { db } = app.ctx;

  app.post(
    '/api/blade-user/approve',
    {
      config: { permission: 'code:user_approve' },
      schema: {
        tags: ['user'],
        summary: 'Approves registrations awaiting approval (status 0 → 1)',
        querystring: idsQuery,
        response: { 200: envelope(Type.Integer()) },
      },
    },
    async (req) => {
      const scope = scopeOf(req);
      const ids = splitIds(req.query.userIds);
      await users.assertAccessible(db, scope, ids);
      await assertMayManageAccounts(db, scope, ids);
      const rows = await all(
        db,
        scoped(scope)
          .updateTable('blade_user')
          .set({ status: 1, updateUser: scope.userId, updateTime: sql`now()` })
          .where('id', '=', anyId(ids))
          .where('status', '=', 0)
          .returning('id'),
      );
      if (!rows.length) throw bad('user.nothingPending');
      return ok(rows.length, t(req.lang, 'user.approved', { n: rows.length }));
    },
  );

  app.get(
    '/api/blade-user/list',
    {
      config: { permission: 'code:user' },
      schema: {
        tags: ['user'],
        summary: "A page of the tenant's users (deptId includes sub-departments)",
        querystring: listQuerySchema(users.def.filters!, {
          deptId: Type.Optional(Id()),
        }),
        response: { 200: envelope(pageSchema(User)) },
      },
    },
    async (req) => {
      const { deptId } = req.query;
      return ok(
        (await users.page(db, scopeOf(req), req.query, (q) =>
          // The department and every department under it (ancestors is the comma path from the root).
          deptId
            ? q.where(({ exists, selectFrom }) =>
                exists(
                  selectFrom('blade_user_dept as ud')
                    .innerJoin('blade_dept as d', 'd.id', 'ud.deptId')
                    .select(sql`1`.as('one'))
                    .whereRef('ud.userId', '=', 't.id')
                    .where(
                      sql<SqlBool>`(d.id = ${deptId}::bigint OR (',' || d.ancestors || ',') LIKE '%,' || ${deptId} || ',%')`,
                    ),
                ),
              )
            : q,
        )) as Page<User>,
      );
    },
  );

  app.get(
    '/api/blade-user/detail',
    {
      config: { permission: 'code:user' },
      schema: {
        tags: ['user'],
        summary: 'One user (never the password)',
        querystring: Type.Object({ id: Id() }),
        response: { 200: envelope(User) },
      },
    },
    async (req) => ok((await users.detail(db, scopeOf(req), req.query.id)) as User),
  );

  app.post(
    '/api/blade-user/submit',
    {
      config: { permission: 'code:user_add' },
      schema: {
        tags: ['user'],
        summary:
          'Adds (no id; an initial password answered once) or changes a user, with roles and departments',
        body: Type.Object({
          id: Type.Optional(Id()),
          account: Type.String({ minLength: 3, maxLength: 45, pattern: '^[\\w.-]+$' }),
          code: Type.Optional(Type.String({ maxLength: 12 })),
          name: Type.Optional(Type.String({ maxLength: 20 })),
          realName: Type.String({ minLength: 1, maxLength: 20 }),
          email: Type.Optional(Type.String({ maxLength: 45 })),
          phone: Type.Optional(Type.String({ maxLength: 20 })),
          sex: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
          roleIds: Type.Array(Id(), { minItems: 1, maxItems: 20 }),
          deptIds: Type.Array(Id(), { minItems: 1, maxItems: 20 }),
          status: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 })),
        }),
        response: {
          200: envelope(Type.Object({ id: Type.String(), initialPassword: Type.Optional(Type.String()) })),
        },
      },
    },
    async (req) => {
      const scope = scopeOf(req);
      if (req.body.id) await requireCode(scope, 'user_edit', app.ctx.permissions);
      const saved = await saveUser(db, scope, req.body);
      // Status, roles and departments count from the user's next request and socket check, on every node.
      if (req.body.id) await app.ctx.events.userChanged(saved.id);
      return ok(saved);
    },
  );

  app.post(
    '/api/blade-user/remove',
    {
      config: { permission: 'code:user_delete' },
      schema: {
        tags: ['user'],
        summary: 'Removes users (never yourself); their sessions end',
        querystring: Type.Object({ ids: IdList() }),
        response: { 200: envelope(Type.Integer()) },
      },
    },
    async (req) => {
      const scope = scopeOf(req);
      const ids = splitIds(req.query.ids);
      if (ids.includes(scope.userId)) throw bad('user.notYourself');
      const n = await db.tx(async (tx) => {
        await users.assertAccessible(tx, scope, ids);
        await assertMayManageAccounts(tx, scope, ids);
        const removed = await users.remove(tx, scope, ids);
        for (const id of ids) await revokeUserSessions(tx, id, 'user_removed');
        return removed;
      });
      await app.ctx.events.userChanged(...ids);
      return ok(n);
    },
  );

  app.post(
    '/api/blade-user/reset-password',
    {
      config: { permission: 'code:user_reset' },
      schema: {
        tags: ['user'],
        summary: 'Gives users a new initial password (answered once) and ends their sessions',
        querystring: idsQuery,
        response: { 200: envelope(Type.Object({ password: Type.String(), count: Type.Integer() })) },
      },
    },
    async (req) => {
      const scope = scopeOf(req);
      const ids = splitIds(req.query.userIds);
      await users.assertAccessible(db, scope, ids);
      await assertMayManageAccounts(db, scope, ids);
      const password = strongPassword();
      const hash = await hashPassword(password);
      const count = await db.tx(async (tx) => {
        const rows = await all(
          tx,
          scoped(scope)
            .updateTable('blade_user')
            .set({ password: hash, passwordInitial: true, failedCount: 0, lockedUntil: null })
            .where('id', '=', anyId(ids))
            .returning('id'),
        );
        for (const id of ids) await revokeUserSessions(tx, id, 'password_reset');
        return rows.length;
      });
      await app.ctx.events.userChanged(...ids);
      return ok({ password, count }, t(req.lang, 'user.passwordResetBy', { n: count }));
    },
  );

  app.post(
    '/api/blade-user/unlock',
    {
      config: { permission: 'code:user_unlock' },
      schema: {
        tags: ['user'],
        summary: 'Lifts the sign-in lock of accounts',
        querystring: idsQuery,
        response: { 200: envelope(Type.Integer()) },
      },
    },
    async (req) => {
      const scope = scopeOf(req);
      const ids = splitIds(req.query.userIds);
      await users.assertAccessible(db, scope, ids);
      await assertMayManageAccounts(db, scope, ids);
      const rows = await all(
        db,
        scoped(scope)
          .updateTable('blade_user')
          .set({ failedCount: 0, lockedUntil: null })
          .where('id', '=', anyId(ids))
          .returning('id'),
      );
      return ok(rows.length, t(req.lang, 'user.unlocked', { n: rows.length }));
    },
  );
}

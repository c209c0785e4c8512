import { Type } from 'typebox';
import type { App } from '../../platform/context.js';
import { envelope, ok } from '../../platform/envelope.js';
import { bad } from '../../platform/errors.js';
import { scopeOf } from '../../platform/auth/guard.js';
import { Repo } from '../../platform/crud.js';
import { splitIds } from '../../platform/rows.js';
import { t } from '../../platform/i18n.js';

/** The user table as administration sees it: tenant-scoped, soft-deleted. */
export const users = new Repo({
  table: 'blade_user',
  tenant: true,
  softDelete: true,
  audit: true,
  columns: { id: 'id', tenantId: 'tenant_id', account: 'account', status: 'status' },
});

const idsQuery = Type.Object({ userIds: Type.String({ minLength: 1, maxLength: 4000 }) });

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
      const rows = await db.query(
        'UPDATE blade_user SET status = 1, update_user = $2, update_time = now() WHERE id = ANY($1::bigint[]) AND status = 0 RETURNING id',
        [ids, scope.userId],
      );
      if (!rows.length) throw bad('user.nothingPending');
      return ok(rows.length, t(req.lang, 'user.approved', { n: rows.length }));
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
      const rows = await db.query(
        'UPDATE blade_user SET failed_count = 0, locked_until = NULL WHERE id = ANY($1::bigint[]) RETURNING id',
        [ids],
      );
      return ok(rows.length, t(req.lang, 'user.unlocked', { n: rows.length }));
    },
  );
}

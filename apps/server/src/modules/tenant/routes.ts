import { Type } from 'typebox';
import type { App } from '../../platform/context.js';
import { envelope, ok } from '../../platform/envelope.js';

/** Tenant lookup by the host the sign-in page was opened on (the page hides the tenant field then). */
export async function tenantRoutes(app: App) {
  const { db } = app.ctx;
  app.get(
    '/api/blade-system/tenant/info',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['tenant'],
        summary: 'The tenant bound to a domain, or null',
        querystring: Type.Object({ domain: Type.String({ minLength: 1, maxLength: 255 }) }),
        response: {
          200: envelope(
            Type.Union([
              Type.Object({
                tenantId: Type.String(),
                tenantName: Type.String(),
                backgroundUrl: Type.Union([Type.String(), Type.Null()]),
              }),
              Type.Null(),
            ]),
          ),
        },
      },
    },
    async (req) => {
      const row = await db.one<{ tenantId: string; tenantName: string; backgroundUrl: string | null }>(
        `SELECT tenant_id AS "tenantId", tenant_name AS "tenantName", background_url AS "backgroundUrl" FROM blade_tenant
          WHERE lower(domain) = lower($1) AND is_deleted = 0 AND status = 1 LIMIT 1`,
        [req.query.domain.trim()],
      );
      return ok(row ?? null);
    },
  );
}

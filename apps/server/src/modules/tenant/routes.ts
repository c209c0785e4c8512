import { all, allTenants, anyId, first, scoped, sql, type SqlBool } from '../../platform/sql/index.js';
import { Type } from 'typebox';
import { Tenant, TenantInfo, TenantSaved, type Page } from '@forecourt/contracts';
import { urlString } from '../../platform/url.js';
import type { App } from '../../platform/context.js';
import { envelope, ok, pageSchema } from '../../platform/envelope.js';
import { requireCode, scopeOf } from '../../platform/auth/guard.js';
import { listQuerySchema } from '../../platform/paging.js';
import { splitIds } from '../../platform/rows.js';
import { t } from '../../platform/i18n.js';
import { createTenant, removeTenants, requirePlatform, tenants, updateTenant } from './rules.js';
import { Id, IdList } from '../../platform/schema.js';

const id = Id();
const idsQuery = Type.Object({ ids: IdList() });

/** The tenant codes (what sessions and sockets know) of blade_tenant rows, removed ones too. */
const tenantCodes = async (db: App['ctx']['db'], ids: string[]) =>
  (
    await all(
      db,
      scoped(allTenants)
        .selectFrom('blade_tenant', 'blade_tenant', { withDeleted: true })
        .select('tenantId')
        .where('id', '=', anyId(ids)),
    )
  ).map((r) => r.tenantId);

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
          200: envelope(TenantInfo),
        },
      },
    },
    async (req) => {
      // Before sign-in: the domain is what picks the tenant, among all of them.
      const row = await first(
        db,
        scoped(allTenants)
          .selectFrom('blade_tenant')
          .select(['tenantId', 'tenantName', 'backgroundUrl'])
          .where(sql<SqlBool>`lower(${sql.ref('domain')}) = lower(${req.query.domain.trim()})`)
          .where('status', '=', 1)
          .limit(1),
      );
      return ok(row ?? null);
    },
  );

  const base = '/api/blade-system/tenant';
  const tags = ['tenant'];

  app.get(
    `${base}/list`,
    {
      config: { permission: 'code:tenant' },
      schema: {
        tags,
        summary: 'Tenants (a tenant administrator sees its own)',
        querystring: listQuerySchema(tenants.def.filters!),
        response: { 200: envelope(pageSchema(Tenant)) },
      },
    },
    async (req) => ok((await tenants.page(db, scopeOf(req), req.query)) as Page<Tenant>),
  );

  app.get(
    `${base}/detail`,
    {
      config: { permission: 'code:tenant' },
      schema: {
        tags,
        summary: 'One tenant',
        querystring: Type.Object({ id }),
        response: { 200: envelope(Tenant) },
      },
    },
    async (req) => ok((await tenants.detail(db, scopeOf(req), req.query.id)) as Tenant),
  );

  app.post(
    `${base}/submit`,
    {
      config: { permission: 'code:tenant_add' },
      schema: {
        tags,
        summary:
          'Creates a tenant (platform only: roles, root department, admin account with an initial password answered once) or changes its details',
        body: Type.Object({
          id: Type.Optional(id),
          tenantName: Type.String({ minLength: 1, maxLength: 50 }),
          // A host name as the sign-in page sends it (blank: none).
          domain: Type.Optional(
            Type.String({
              maxLength: 255,
              pattern:
                '^\\s*([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*)?\\s*$',
            }),
          ),
          // A link to an image elsewhere, typed into the form ('' clears it).
          backgroundUrl: Type.Optional(urlString(1000, { blank: true })),
          linkman: Type.Optional(Type.String({ maxLength: 20 })),
          contactNumber: Type.Optional(Type.String({ maxLength: 20 })),
          address: Type.Optional(Type.String({ maxLength: 255 })),
        }),
        response: { 200: envelope(TenantSaved) },
      },
    },
    async (req) => {
      const scope = scopeOf(req);
      if (req.body.id) {
        await requireCode(scope, 'tenant_edit', app.ctx.permissions);
        await updateTenant(db, scope, req.body.id, req.body);
        return ok({ id: req.body.id });
      }
      const created = await createTenant(db, scope, req.body);
      return ok(created, t(req.lang, 'tenant.created', { tenantId: created.tenantId }));
    },
  );

  app.post(
    `${base}/remove`,
    {
      config: { permission: 'code:tenant_delete' },
      schema: {
        tags,
        summary: 'Removes tenants (platform only; never 000000); their sessions end at once',
        querystring: idsQuery,
        response: { 200: envelope(Type.Integer()) },
      },
    },
    async (req) => {
      const ids = splitIds(req.query.ids);
      const n = await removeTenants(db, scopeOf(req), ids);
      await app.ctx.events.tenantChanged(...(await tenantCodes(db, ids)));
      return ok(n);
    },
  );

  app.post(
    `${base}/setting`,
    {
      config: { permission: 'code:tenant_setting' },
      schema: {
        tags,
        summary: 'Account limit and expiry of tenants (platform only)',
        querystring: Type.Object({
          ids: IdList(),
          accountNumber: Type.Optional(Type.Integer({ minimum: -1 })),
          expireTime: Type.Optional(Type.String({ format: 'date-time' })),
        }),
        response: { 200: envelope(Type.Integer()) },
      },
    },
    async (req) => {
      const scope = scopeOf(req);
      requirePlatform(scope);
      const ids = splitIds(req.query.ids);
      await tenants.assertAccessible(db, scope, ids);
      const rows = await all(
        db,
        scoped(scope)
          .updateTable('blade_tenant', { withDeleted: true })
          .set({
            accountNumber: sql`coalesce(${req.query.accountNumber ?? null}::int, ${sql.ref('accountNumber')})`,
            expireTime: req.query.expireTime ?? null,
            updateTime: sql`now()`,
          })
          .where('id', '=', anyId(ids))
          .returning('tenantId'),
      );
      // An expiry in the past ends the tenant's sessions and sockets at once, on every node.
      await app.ctx.events.tenantChanged(...rows.map((r) => r.tenantId));
      return ok(rows.length);
    },
  );

  app.post(
    `${base}/datasource`,
    {
      config: { permission: 'code:tenant_datasource' },
      schema: {
        tags,
        summary: 'Binds a tenant to a data source (platform only)',
        querystring: Type.Object({ tenantId: Type.String({ pattern: '^\\d{6}$' }), datasourceId: id }),
        response: { 200: envelope(Type.Boolean()) },
      },
    },
    async (req) => {
      const scope = scopeOf(req);
      requirePlatform(scope);
      const rows = await all(
        db,
        scoped(scope)
          .updateTable('blade_tenant')
          .set({ datasourceId: req.query.datasourceId, updateTime: sql`now()` })
          .where('tenantId', '=', req.query.tenantId)
          .returning('id'),
      );
      return ok(rows.length > 0);
    },
  );
}

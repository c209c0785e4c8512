import { Type } from 'typebox';
import { Customer as CustomerRow } from '@forecourt/contracts';
import type { App } from '../../platform/context.js';
import { envelope, ok, pageSchema } from '../../platform/envelope.js';
import { requireCode, scopeOf } from '../../platform/auth/guard.js';
import { t } from '../../platform/i18n.js';
import { listQuerySchema } from '../../platform/paging.js';
import { splitIds } from '../../platform/rows.js';
import {
  assertVisible,
  assignCustomers,
  customers,
  removeCustomers,
  submitCustomer,
  visibleTo,
  withStaffNames,
  type Customer,
} from './customers.js';
import { Id, IdList } from '../../platform/schema.js';

const id = Id();
const key = (max: number) => Type.Optional(Type.Union([Type.String({ maxLength: max }), Type.Null()]));

/** Staff routes of the customer list page (/member/index). */
export async function customerRoutes(app: App) {
  const { db } = app.ctx;
  const base = '/api/blade-member/customer';
  const tags = ['member'];

  app.get(
    `${base}/page`,
    {
      config: { permission: 'code:member_view' },
      schema: {
        tags,
        summary:
          "A page of customers (with the responsible staff member's name); staff other than administrators see only their own",
        querystring: listQuerySchema(customers.def.filters!, {
          tenantId: Type.Optional(Type.String({ maxLength: 12 })),
        }),
        response: { 200: envelope(pageSchema(CustomerRow)) },
      },
    },
    async (req) => {
      const scope = scopeOf(req);
      const tenant = req.query.tenantId;
      const page = await customers.page(db, scope, req.query, (q) => {
        // The platform administrator may narrow the list to one tenant; everyone else is scoped anyway.
        const mine = visibleTo(scope)(q);
        return tenant ? mine.where('t.tenantId', '=', tenant) : mine;
      });
      return ok({ ...page, records: await withStaffNames(db, scope, page.records as unknown as Customer[]) });
    },
  );

  app.get(
    `${base}/detail`,
    {
      config: { permission: 'code:member_view' },
      schema: {
        tags,
        summary: 'One customer',
        querystring: Type.Object({ id }),
        response: { 200: envelope(CustomerRow) },
      },
    },
    async (req) => {
      const scope = scopeOf(req);
      await assertVisible(db, scope, [req.query.id]);
      const c = (await customers.detail(db, scope, req.query.id)) as unknown as Customer;
      const [named] = await withStaffNames(db, scope, [c]);
      return ok(named!);
    },
  );

  app.post(
    `${base}/submit`,
    {
      config: { permission: 'code:member_add' },
      schema: {
        tags,
        summary:
          'Adds (no id) or changes a customer: mobile number by spec §5 and unique in the tenant; only administrators choose the responsible staff member',
        body: Type.Object({
          id: Type.Optional(id),
          tenantId: Type.Optional(Type.String({ maxLength: 12 })),
          name: Type.Optional(Type.String({ maxLength: 40 })),
          phone: Type.Optional(Type.String({ maxLength: 20 })),
          sex: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
          source: key(20),
          brand: key(40),
          intentionLevel: key(4),
          userId: Type.Optional(Type.Union([Id(), Type.Literal(''), Type.Null()])),
          remark: key(255),
          status: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 })),
        }),
        response: { 200: envelope(Type.String()) },
      },
    },
    async (req) => {
      const scope = scopeOf(req);
      if (req.body.id) await requireCode(scope, 'member_edit', app.ctx.permissions);
      return ok(await submitCustomer(db, scope, req.body));
    },
  );

  app.post(
    `${base}/remove`,
    {
      config: { permission: 'code:member_delete' },
      schema: {
        tags,
        summary: 'Removes customers (their mobile sessions end)',
        querystring: Type.Object({ ids: IdList() }),
        response: { 200: envelope(Type.Integer()) },
      },
    },
    async (req) => ok(await removeCustomers(db, scopeOf(req), splitIds(req.query.ids))),
  );

  app.post(
    `${base}/assign`,
    {
      config: { permission: 'code:member_assign' },
      schema: {
        tags,
        summary: 'Hands customers to a staff member of their tenant',
        body: Type.Object({ ids: IdList(), userId: id }),
        response: { 200: envelope(Type.Integer()) },
      },
    },
    async (req) => {
      const { n, name } = await assignCustomers(db, scopeOf(req), splitIds(req.body.ids), req.body.userId);
      return ok(n, t(req.lang, 'member.assigned', { n, name }));
    },
  );
}

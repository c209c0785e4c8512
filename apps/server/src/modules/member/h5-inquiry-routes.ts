import { Type } from 'typebox';
import { H5InquirySchema } from '@forecourt/contracts/sales';
import type { App } from '../../platform/context.js';
import { envelope, ok } from '../../platform/envelope.js';
import { bad } from '../../platform/errors.js';
import { t } from '../../platform/i18n.js';
import { RATE_LIMITS } from '../../platform/rate-limits.js';
import { PLATFORM_TENANT } from '../../platform/scope.js';
import { all, first, globalDb, scoped, sql } from '../../platform/sql/index.js';
import { createUserInquiry } from '../sales/index.js';
import { consumeSmsCode } from '../user/index.js';
import { smsPurpose } from './h5-routes.js';

const tenantQuery = Type.Object({ tenantId: Type.Optional(Type.String({ pattern: '^\\d{1,12}$' })) });
interface Node {
  value: string;
  label: string;
  children?: Node[];
}
// Three levels at most (brand → series → model; province → city): spelled out, so the answer stays closed.
const leaf = Type.Object({ value: Type.String(), label: Type.String() });
const mid = Type.Object({
  value: Type.String(),
  label: Type.String(),
  children: Type.Optional(Type.Array(leaf)),
});
const NodeSchema = Type.Object({
  value: Type.String(),
  label: Type.String(),
  children: Type.Optional(Type.Array(mid)),
});

function tree(rows: Array<{ value: string; label: string; parent: string }>): Node[] {
  const byValue = new Map<string, Node>(rows.map((r) => [r.value, { value: r.value, label: r.label }]));
  const roots: Node[] = [];
  for (const r of rows) {
    const parent = byValue.get(r.parent);
    if (parent) (parent.children ??= []).push(byValue.get(r.value)!);
    else roots.push(byValue.get(r.value)!);
  }
  return roots;
}

/**
 * The customers' own inquiry on the mobile page (issue 24, user inquiries): the choices of the form, and
 * the form itself, whose phone is proven by the code of `/h5/sms-code`. It lands in the sales pool.
 */
export async function h5InquiryRoutes(app: App) {
  const { db } = app.ctx;
  const base = '/api/blade-member/h5';
  const tags = ['member-h5'];

  app.get(
    `${base}/inquiry-options`,
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'The form’s choices: the catalogue (brand → series → model) and cities (province → city)',
        querystring: tenantQuery,
        response: {
          200: envelope(Type.Object({ models: Type.Array(NodeSchema), cities: Type.Array(NodeSchema) })),
        },
      },
    },
    async (req) => {
      const s = scoped({ tenantId: req.query.tenantId || PLATFORM_TENANT, isPlatformAdmin: false });
      const [brands, series, models, regions] = await Promise.all([
        all(
          db,
          s
            .selectFrom('sales_brand', 'b')
            .select(['b.id', 'b.name', 'b.nameEn'])
            .orderBy('b.sort')
            .orderBy('b.id'),
        ),
        all(
          db,
          s
            .selectFrom('sales_series', 'x')
            .select(['x.id', 'x.name', 'x.brandId'])
            .orderBy('x.sort')
            .orderBy('x.id'),
        ),
        all(
          db,
          s
            .selectFrom('sales_model', 'm')
            .select(['m.id', 'm.seriesId', 'm.modelYear', 'm.trim'])
            .orderBy('m.sort')
            .orderBy('m.id'),
        ),
        all(
          db,
          globalDb
            .selectFrom('blade_region')
            .select(['code', 'parentCode', 'name'])
            .where('regionLevel', '<=', 2)
            .orderBy(sql`code`),
        ),
      ]);
      const en = req.lang === 'en';
      // Models hang under series, series under brands: prefixes keep the three id spaces apart.
      const models_ = tree([
        ...brands.map((b) => ({ value: `b${b.id}`, label: en ? b.nameEn : b.name, parent: '' })),
        ...series.map((x) => ({ value: `s${x.id}`, label: x.name, parent: `b${x.brandId}` })),
        ...models.map((m) => ({
          value: String(m.id),
          label: `${m.modelYear} ${m.trim}`,
          parent: `s${m.seriesId}`,
        })),
      ]);
      const cities = tree(regions.map((r) => ({ value: r.code, label: r.name, parent: r.parentCode })));
      return ok({ models: models_, cities });
    },
  );

  app.post(
    `${base}/inquiry`,
    {
      config: { permission: 'public', rateLimit: RATE_LIMITS.customerSignIn },
      schema: {
        tags,
        summary:
          'A customer’s own inquiry (model, city, name, phone proven by the SMS code); it waits in the pool of user inquiries',
        body: H5InquirySchema,
        response: { 200: envelope(Type.String()) },
      },
    },
    async (req) => {
      const tenant = req.body.tenantId || PLATFORM_TENANT;
      const live = await first(
        db,
        scoped({ tenantId: tenant, isPlatformAdmin: false })
          .selectFrom('blade_tenant', 't')
          .select('t.id')
          .where('t.status', '=', 1)
          .where((eb) => eb.or([eb('t.expireTime', 'is', null), eb('t.expireTime', '>', sql<Date>`now()`)])),
      );
      await consumeSmsCode(db, req.body.phone, smsPurpose(tenant), req.body.code);
      // Codes are delivered only for live tenants, so this is the same answer as a wrong code.
      if (!live) throw bad('user.smsCodeInvalid');
      const id = await createUserInquiry(db, tenant, req.body);
      return ok(id, t(req.lang, 'sales.userInquiry.submitted'));
    },
  );
}

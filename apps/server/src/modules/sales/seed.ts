import type { Db } from '../../platform/db/index.js';
import { newId } from '../../platform/ids.js';
import { PLATFORM_TENANT } from '../../platform/scope.js';
import type { SeedContext } from '../module.js';
import { CATALOG } from './catalog-data.js';
import { demoOrders } from './order-seed.js';
import {
  DEMO_ACCOUNTS,
  type DemoAccount,
  type Floor,
  type ModelRef,
  type StaffRef,
  generateFloor,
} from './seed-data.js';

/** One column of a bulk insert: its name, the SQL type of its values, and how a row gives its value. */
type Col<R> = [name: string, type: string, value: (row: R) => unknown];

/**
 * INSERT … SELECT FROM unnest(): one statement and one round trip per table, whatever the row count, on
 * PGlite and PostgreSQL alike. Values travel as text arrays and are cast in the select list, so nulls, jsonb
 * and timestamps need no driver-specific array encoding.
 */
export async function insertAll<R>(
  db: Db,
  table: string,
  cols: Array<Col<R>>,
  rows: readonly R[],
): Promise<void> {
  if (!rows.length) return;
  const text = (v: unknown) =>
    v === null || v === undefined ? null : typeof v === 'object' ? JSON.stringify(v) : String(v);
  await db.query(
    `INSERT INTO ${table} (${cols.map((c) => c[0]).join(', ')})
     SELECT ${cols.map((c, i) => `c${i}::${c[1]}`).join(', ')}
       FROM unnest(${cols.map((_, i) => `$${i + 1}::text[]`).join(', ')}) AS s(${cols.map((_, i) => `c${i}`).join(', ')})`,
    cols.map((c) => rows.map((r) => text(c[2](r)))),
  );
}

const tenant = (): string => PLATFORM_TENANT;

/** The catalogue of tenant 000000, when it has none: reference data a dealer needs, seeded with or without demo data. */
async function seedCatalog(db: Db): Promise<number> {
  if (await db.one('SELECT 1 FROM sales_brand WHERE tenant_id = $1 LIMIT 1', [PLATFORM_TENANT])) return 0;
  const brands = CATALOG.map((b, i) => ({ id: newId(), ...b, sort: i + 1 }));
  const series = brands.flatMap((b) =>
    b.series.map(([name, trims], i) => ({ id: newId(), brandId: b.id, name, trims, sort: i + 1 })),
  );
  const models = series.flatMap((s) =>
    s.trims.map(([year, trim, energy, price], i) => ({
      id: newId(),
      seriesId: s.id,
      year,
      trim,
      energy,
      price,
      sort: i + 1,
    })),
  );
  await insertAll(db, 'sales_brand', [['id', 'bigint', (b) => b.id], ['tenant_id', 'varchar', tenant], ['code', 'varchar', (b) => b.code], ['name', 'varchar', (b) => b.name], ['name_en', 'varchar', (b) => b.nameEn], ['sort', 'int', (b) => b.sort]], brands); // prettier-ignore
  await insertAll(db, 'sales_series', [['id', 'bigint', (s) => s.id], ['tenant_id', 'varchar', tenant], ['brand_id', 'bigint', (s) => s.brandId], ['name', 'varchar', (s) => s.name], ['sort', 'int', (s) => s.sort]], series); // prettier-ignore
  await insertAll(db, 'sales_model', [['id', 'bigint', (m) => m.id], ['tenant_id', 'varchar', tenant], ['series_id', 'bigint', (m) => m.seriesId], ['model_year', 'int', (m) => m.year], ['trim', 'varchar', (m) => m.trim], ['energy_type', 'varchar', (m) => m.energy], ['guide_price', 'numeric', (m) => m.price], ['sort', 'int', (m) => m.sort]], models); // prettier-ignore
  return models.length;
}

/** The demo floor's rows into their tables (one statement per table). */
export async function insertFloor(db: Db, f: Floor): Promise<void> {
  await insertAll(db, 'member_customer', [
    ['id', 'bigint', (c) => c.id], ['tenant_id', 'varchar', tenant], ['name', 'varchar', (c) => c.name], ['phone', 'varchar', (c) => c.phone],
    ['sex', 'int', (c) => c.sex], ['source', 'varchar', (c) => c.source], ['brand', 'varchar', (c) => c.brand], ['intention_level', 'varchar', (c) => c.intention],
    ['user_id', 'bigint', (c) => c.userId], ['create_user', 'bigint', (c) => c.userId], ['create_dept', 'bigint', (c) => c.deptId],
    ['update_user', 'bigint', (c) => c.userId], ['create_time', 'timestamptz', (c) => c.createTime], ['update_time', 'timestamptz', (c) => c.createTime],
  ], f.customers); // prettier-ignore
  await insertAll(db, 'sales_resource', [
    ['id', 'bigint', (v) => v.id], ['tenant_id', 'varchar', tenant], ['vin', 'char(17)', (v) => v.vin], ['model_id', 'bigint', (v) => v.modelId],
    ['exterior_color', 'varchar', (v) => v.exteriorColor], ['interior_color', 'varchar', (v) => v.interiorColor],
    ['production_date', 'date', (v) => v.productionDate], ['arrival_date', 'date', (v) => v.arrivalDate],
    ['purchase_cost', 'numeric', (v) => v.purchaseCost], ['guide_price', 'numeric', (v) => v.guidePrice], ['floor_price', 'numeric', (v) => v.floorPrice],
    ['remark', 'varchar', (v) => v.remark], ['status', 'varchar', (v) => v.status], ['reserved_until', 'timestamptz', (v) => v.reservedUntil],
    ['reserved_offer_id', 'bigint', (v) => v.reservedOfferId], ['owner_user', 'bigint', (v) => v.ownerUser],
    ['create_user', 'bigint', (v) => v.ownerUser], ['create_dept', 'bigint', (v) => v.ownerDept], ['update_user', 'bigint', (v) => v.ownerUser],
    ['create_time', 'timestamptz', (v) => v.createTime], ['update_time', 'timestamptz', (v) => v.createTime],
  ], f.resources); // prettier-ignore
  await insertAll(db, 'sales_inquiry', [
    ['id', 'bigint', (q) => q.id], ['tenant_id', 'varchar', tenant], ['customer_id', 'bigint', (q) => q.customerId],
    ['customer_name', 'varchar', (q) => q.customerName], ['customer_phone', 'varchar', (q) => q.customerPhone],
    ['model_id', 'bigint', (q) => q.modelId], ['model_text', 'varchar', (q) => q.modelText], ['city_code', 'varchar', (q) => q.cityCode],
    ['budget', 'numeric', (q) => q.budget], ['purchase_plan', 'varchar', (q) => q.purchasePlan], ['expected_purchase_date', 'date', (q) => q.expectedPurchaseDate],
    ['channel', 'varchar', (q) => q.channel], ['status', 'varchar', (q) => q.status], ['close_reason', 'varchar', (q) => q.closeReason],
    ['owner_user', 'bigint', (q) => q.ownerUser], ['owner_dept', 'bigint', (q) => q.ownerDept], ['assigned_at', 'timestamptz', (q) => q.assignedAt],
    ['first_response_at', 'timestamptz', (q) => q.firstResponseAt], ['last_follow_time', 'timestamptz', (q) => q.lastFollowTime],
    ['next_follow_time', 'timestamptz', (q) => q.nextFollowTime], ['create_user', 'bigint', (q) => q.ownerUser], ['create_dept', 'bigint', (q) => q.ownerDept],
    ['update_user', 'bigint', (q) => q.ownerUser], ['create_time', 'timestamptz', (q) => q.createTime], ['update_time', 'timestamptz', (q) => q.lastFollowTime ?? q.createTime],
  ], f.inquiries); // prettier-ignore
  await insertAll(db, 'sales_inquiry_follow', [
    ['id', 'bigint', (x) => x.id], ['tenant_id', 'varchar', tenant], ['inquiry_id', 'bigint', (x) => x.inquiryId], ['follow_time', 'timestamptz', (x) => x.followTime],
    ['method', 'varchar', (x) => x.method], ['content', 'varchar', (x) => x.content], ['next_follow_time', 'timestamptz', (x) => x.nextFollowTime],
    ['create_user', 'bigint', (x) => x.createUser], ['update_user', 'bigint', (x) => x.createUser],
    ['create_time', 'timestamptz', (x) => x.followTime], ['update_time', 'timestamptz', (x) => x.followTime],
  ], f.follows); // prettier-ignore
  await insertAll(db, 'sales_inquiry_history', [
    ['id', 'bigint', (h) => h.id], ['tenant_id', 'varchar', tenant], ['inquiry_id', 'bigint', (h) => h.inquiryId], ['action', 'varchar', (h) => h.action],
    ['from_status', 'varchar', (h) => h.fromStatus], ['to_status', 'varchar', (h) => h.toStatus], ['from_user', 'bigint', (h) => h.fromUser],
    ['to_user', 'bigint', (h) => h.toUser], ['reason', 'varchar', (h) => h.reason], ['create_user', 'bigint', (h) => h.createUser],
    ['create_time', 'timestamptz', (h) => h.createTime],
  ], f.history); // prettier-ignore
  await insertAll(db, 'sales_offer', [
    ['id', 'bigint', (o) => o.id], ['tenant_id', 'varchar', tenant], ['inquiry_id', 'bigint', (o) => o.inquiryId], ['version', 'int', (o) => o.version],
    ['resource_id', 'bigint', (o) => o.resourceId], ['model_id', 'bigint', (o) => o.modelId], ['energy_type', 'varchar', (o) => o.energyType],
    ['vehicle_price', 'numeric', (o) => o.vehiclePrice], ['discount', 'numeric', (o) => o.discount], ['invoice_price', 'numeric', (o) => o.invoicePrice],
    ['purchase_tax', 'numeric', (o) => o.purchaseTax], ['purchase_tax_relief', 'numeric', (o) => o.purchaseTaxRelief], ['insurance', 'numeric', (o) => o.insurance],
    ['registration_fee', 'numeric', (o) => o.registrationFee], ['accessories', 'jsonb', (o) => o.accessories], ['accessories_total', 'numeric', (o) => o.accessoriesTotal],
    ['service_fee', 'numeric', (o) => o.serviceFee], ['trade_in_credit', 'numeric', (o) => o.tradeInCredit],
    ['down_payment_percent', 'numeric', (o) => o.downPaymentPercent], ['term_months', 'int', (o) => o.termMonths],
    ['annual_rate_percent', 'numeric', (o) => o.annualRatePercent], ['down_payment', 'numeric', (o) => o.downPayment], ['loan_amount', 'numeric', (o) => o.loanAmount],
    ['monthly_payment', 'numeric', (o) => o.monthlyPayment], ['total_interest', 'numeric', (o) => o.totalInterest], ['total', 'numeric', (o) => o.total],
    ['status', 'varchar', (o) => o.status], ['valid_until', 'date', (o) => o.validUntil], ['approval_needed', 'boolean', (o) => o.approvalNeeded],
    ['approved_by', 'bigint', (o) => o.approvedBy], ['approved_at', 'timestamptz', (o) => o.approvedAt], ['approval_remark', 'varchar', (o) => o.approvalRemark],
    ['sent_at', 'timestamptz', (o) => o.sentAt], ['closed_at', 'timestamptz', (o) => o.closedAt], ['owner_user', 'bigint', (o) => o.ownerUser],
    ['owner_dept', 'bigint', (o) => o.ownerDept], ['create_user', 'bigint', (o) => o.ownerUser], ['create_dept', 'bigint', (o) => o.ownerDept],
    ['update_user', 'bigint', (o) => o.ownerUser], ['create_time', 'timestamptz', (o) => o.createTime], ['update_time', 'timestamptz', (o) => o.closedAt ?? o.createTime],
  ], f.offers); // prettier-ignore
  await insertAll(db, 'sales_user_inquiry', [
    ['id', 'bigint', (u) => u.id], ['tenant_id', 'varchar', tenant], ['customer_id', 'bigint', (u) => u.customerId], ['name', 'varchar', (u) => u.name],
    ['phone', 'varchar', (u) => u.phone], ['model_id', 'bigint', (u) => u.modelId], ['city_code', 'varchar', (u) => u.cityCode], ['status', 'varchar', (u) => u.status],
    ['claimed_by', 'bigint', (u) => u.claimedBy], ['claimed_at', 'timestamptz', (u) => u.claimedAt], ['inquiry_id', 'bigint', (u) => u.inquiryId],
    ['create_time', 'timestamptz', (u) => u.createTime], ['update_time', 'timestamptz', (u) => u.claimedAt ?? u.createTime],
  ], f.userInquiries); // prettier-ignore
}

/** The demo orders, their trades and the day counters their numbers took. */
async function insertOrders(db: Db, m: ReturnType<typeof demoOrders>): Promise<void> {
  await insertAll(db, 'sales_order', [
    ['id', 'bigint', (o) => o.id], ['tenant_id', 'varchar', tenant], ['order_no', 'varchar', (o) => o.orderNo], ['offer_id', 'bigint', (o) => o.offerId],
    ['inquiry_id', 'bigint', (o) => o.inquiryId], ['resource_id', 'bigint', (o) => o.resourceId], ['amount_due', 'numeric', (o) => o.amountDue],
    ['loan_amount', 'numeric', (o) => o.loanAmount], ['received', 'numeric', (o) => o.received], ['loan_received', 'numeric', (o) => o.loanReceived],
    ['status', 'varchar', (o) => o.status], ['settled_at', 'timestamptz', (o) => o.settledAt], ['owner_user', 'bigint', (o) => o.ownerUser],
    ['owner_dept', 'bigint', (o) => o.ownerDept], ['create_user', 'bigint', (o) => o.ownerUser], ['update_user', 'bigint', (o) => o.ownerUser],
    ['create_time', 'timestamptz', (o) => o.createTime], ['update_time', 'timestamptz', (o) => o.settledAt ?? o.createTime],
  ], m.orders); // prettier-ignore
  await insertAll(db, 'sales_trade', [
    ['id', 'bigint', (t) => t.id], ['tenant_id', 'varchar', tenant], ['trade_no', 'varchar', (t) => t.tradeNo], ['order_id', 'bigint', (t) => t.orderId],
    ['kind', 'varchar', (t) => t.kind], ['method', 'varchar', (t) => t.method], ['amount', 'numeric', (t) => t.amount], ['reference', 'varchar', (t) => t.reference],
    ['paid_at', 'timestamptz', (t) => t.paidAt], ['remark', 'varchar', (t) => t.remark], ['create_user', 'bigint', (t) => t.createUser],
    ['create_time', 'timestamptz', (t) => t.paidAt],
  ], m.trades); // prettier-ignore
  await insertAll(db, 'sales_counter', [
    ['tenant_id', 'varchar', tenant], ['name', 'varchar', (c) => c.name], ['day', 'date', (c) => c.day], ['value', 'int', (c) => c.value],
  ], m.counters); // prettier-ignore
}

/** The demo staff by account, or null when the tenant lacks one of them (seed-core not run with demo data). */
async function demoStaff(db: Db): Promise<Record<DemoAccount, StaffRef> | null> {
  const rows = await db.query<{ account: string; id: string; dept_id: string | null }>(
    'SELECT account, id, dept_id FROM blade_user WHERE tenant_id = $1 AND is_deleted = 0 AND account = ANY($2::text[])',
    [PLATFORM_TENANT, [...DEMO_ACCOUNTS]],
  );
  const by = new Map(rows.map((u) => [u.account, { id: u.id, deptId: u.dept_id?.split(',')[0] || null }]));
  return DEMO_ACCOUNTS.every((a) => by.has(a))
    ? (Object.fromEntries(by) as Record<DemoAccount, StaffRef>)
    : null;
}

async function catalogModels(db: Db): Promise<ModelRef[]> {
  const wmi = new Map(CATALOG.map((b) => [b.code, b.wmi]));
  const rows = await db.query<{ id: string; code: string; model_year: number; label: string; energy_type: ModelRef['energyType']; guide_price: string }>(
    `SELECT m.id, b.code, m.model_year, s.name || ' ' || m.model_year || '款 ' || m.trim AS label, m.energy_type, m.guide_price
       FROM sales_model m JOIN sales_series s ON s.id = m.series_id JOIN sales_brand b ON b.id = s.brand_id
      WHERE m.tenant_id = $1 AND m.is_deleted = 0 ORDER BY b.sort, s.sort, m.sort`,
    [PLATFORM_TENANT],
  ); // prettier-ignore
  return rows.map((m) => ({ id: m.id, brandCode: m.code, wmi: wmi.get(m.code) ?? 'LSV', modelYear: m.model_year, label: m.label, energyType: m.energy_type, guidePrice: m.guide_price })); // prettier-ignore
}

/** Seed of the PRNG: the demo floor is the same on every first start. */
export const DEMO_SEED = 24;

/**
 * The catalogue always; the demo floor (stock, customers, inquiries, offers, user inquiries) once, with demo
 * data on and the demo staff present. Idempotent: a tenant that has any stock vehicle gets nothing more.
 */
export async function seedSales(ctx: SeedContext): Promise<void> {
  const started = performance.now();
  const models = await ctx.db.tx(async (db) => {
    const n = await seedCatalog(db);
    if (n) ctx.log(`seeded the vehicle catalogue (${n} models)`);
    return n;
  });
  if (!ctx.config.SEED_DEMO) return;
  const floor = await ctx.db.tx(async (db) => {
    if (await db.one('SELECT 1 FROM sales_resource WHERE tenant_id = $1 LIMIT 1', [PLATFORM_TENANT]))
      return null;
    const staff = await demoStaff(db);
    if (!staff) return null;
    const taken = await db.query<{ phone: string }>('SELECT phone FROM member_customer WHERE tenant_id = $1 AND is_deleted = 0', [PLATFORM_TENANT]); // prettier-ignore
    const f = generateFloor({
      now: new Date(),
      seed: DEMO_SEED,
      staff,
      models: await catalogModels(db),
      takenPhones: new Set(taken.map((t) => t.phone)),
      newId,
    });
    // The orders of the accepted offers first: a deposit taken holds its vehicle with no end.
    const money = demoOrders(f, staff.admin.id, Date.now(), newId);
    await insertFloor(db, f);
    await insertOrders(db, money);
    return f;
  });
  if (floor || models)
    ctx.log(
      `seeded the sales floor in ${Math.round(performance.now() - started)} ms` +
        (floor
          ? `: ${floor.resources.length} vehicles, ${floor.inquiries.length} inquiries, ${floor.offers.length} offers`
          : ''),
    );
}

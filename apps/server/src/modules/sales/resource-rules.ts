/**
 * Stock vehicles (车源). Resource staff and administrators see and edit all of the tenant's stock, with
 * purchase cost and floor price; everyone else (sales) searches what can be sold — vehicles in stock, and
 * those reserved by their own offers — and never receives the cost or the floor price, in any answer: the
 * row is built field by field from what the caller may see, and the columns are not even selected.
 */
import {
  checkVin,
  fmt,
  normaliseVin,
  SALES_DEFAULTS,
  STOCK_AGE_BANDS,
  stockAgeBand,
  stockAgeDays,
  type ResourceRow,
  type ResourceStatus,
} from '@forecourt/contracts/sales';
import type { Db } from '../../platform/db/index.js';
import { AppError, bad, forbidden, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { type FilterDef, type PageQuery } from '../../platform/paging.js';
import type { Page } from '../../platform/envelope.js';
import { listPage, type ListSpec } from '../../platform/list.js';
import type { Scope } from '../../platform/scope.js';
import {
  camelKeys,
  all,
  allTenants,
  anyId,
  exec,
  first,
  scoped,
  sql,
  type SqlBool,
} from '../../platform/sql/index.js';
import { formatDateTime } from '../../platform/time.js';
import { modelLabel } from './catalog-rules.js';
import { move } from './rules.js';
import './resource-messages.js';

/** Roles that own the stock: they see cost and floor price and every status. */
export const STOCK_ROLES = ['administrator', 'admin', 'resource'] as const;

export const isStockStaff = (scope: Pick<Scope, 'isPlatformAdmin' | 'roleAliases'>) =>
  scope.isPlatformAdmin || scope.roleAliases.some((a) => (STOCK_ROLES as readonly string[]).includes(a));

/** The tenant parameter (blade_param) for the reservation hold, in hours. */
export const HOLD_PARAM = 'sales.reservationHoldHours';

const pad = (n: number) => String(n).padStart(2, '0');
/** The server's calendar day, as stock age counts it. */
export const dayOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T12:00:00`);
  d.setDate(d.getDate() + n);
  return dayOf(d);
};

const ON_THE_LOT: ResourceStatus[] = ['in_stock', 'reserved'];

const FILTERS: Record<string, FilterDef> = {
  vin: { column: 'r.vin', type: 'text' },
  modelId: { column: 'r.modelId', type: 'exact', kind: 'integer' },
  seriesId: { column: 'm.seriesId', type: 'exact', kind: 'integer' },
  brandId: { column: 's.brandId', type: 'exact', kind: 'integer' },
  status: { column: 'r.status', type: 'exact' },
  storeId: { column: 'r.storeId', type: 'exact', kind: 'integer' },
  arrivalDate: { column: 'r.arrivalDate', type: 'date', kind: 'date' },
  productionDate: { column: 'r.productionDate', type: 'date', kind: 'date' },
  energyType: { column: 'm.energyType', type: 'exact' },
  exteriorColor: { column: 'r.exteriorColor', type: 'text', kind: 'text' },
};
const SORTABLE: Record<string, string> = {
  vin: 'r.vin',
  arrivalDate: 'r.arrival_date',
  productionDate: 'r.production_date',
  guidePrice: 'r.guide_price',
  createTime: 'r.create_time',
  status: 'r.status',
  // Days since arrival, so "descending" puts the longest-standing vehicles first.
  stockDays: '(CURRENT_DATE - r.arrival_date)',
};
const RESOURCE_LIST: ListSpec = {
  filters: FILTERS,
  ref: (f) => f,
  sortable: SORTABLE,
  defaultOrder: 'r.create_time DESC, r.id DESC',
  id: 'r.id',
  tables: { r: 'sales_resource', m: 'sales_model', s: 'sales_series' },
};

const day = (col: string) => sql<string>`to_char(${sql.ref(col)}, 'YYYY-MM-DD')`;

/** The select every read starts from, with the caller's visibility; cost columns only for stock staff. */
function resourceQuery(scope: Scope) {
  let q = scoped(scope)
    .selectFrom('sales_resource', 'r')
    .innerJoin('sales_model as m', 'm.id', 'r.modelId')
    .innerJoin('sales_series as s', 's.id', 'm.seriesId')
    .innerJoin('sales_brand as b', 'b.id', 's.brandId')
    .leftJoin('blade_dept as d', 'd.id', 'r.storeId')
    .select([
      'r.id',
      'r.vin',
      'r.modelId',
      'm.seriesId',
      's.brandId',
      'b.name as brandName',
      's.name as seriesName',
      'm.modelYear',
      'm.trim',
      'm.energyType',
      'r.exteriorColor',
      'r.interiorColor',
      day('r.productionDate').as('productionDate'),
      day('r.arrivalDate').as('arrivalDate'),
      'r.storeId',
      'd.deptName as storeName',
      'r.guidePrice',
      'r.photos',
      'r.remark',
      'r.status',
      'r.reservedUntil',
      'r.reservedOfferId',
      'r.createTime',
    ]);
  if (isStockStaff(scope)) return { q: q.select(['r.purchaseCost', 'r.floorPrice']), full: true };
  // Sales: what can be sold, and what their own accepted offers hold.
  q = q.where((eb) =>
    eb.or([
      eb('r.status', '=', 'in_stock'),
      eb.and([
        eb('r.status', '=', 'reserved'),
        eb.exists(
          scoped(scope)
            .selectFrom('sales_offer', 'o')
            .select('o.id')
            .where(sql<SqlBool>`${sql.ref('o.id')} = ${sql.ref('r.reservedOfferId')}`)
            .where('o.ownerUser', '=', scope.userId),
        ),
      ]),
    ]),
  );
  return { q, full: false };
}

type Raw = Record<string, unknown>;

/** The answer row, built from what the caller may see: cost and floor price only when `full`. */
export function resourceOut(r: Raw, full: boolean, today: string): ResourceRow {
  const status = r.status as ResourceStatus;
  const arrival = (r.arrivalDate as string | null) ?? null;
  const days = ON_THE_LOT.includes(status) ? stockAgeDays(arrival, today) : null;
  const row: ResourceRow = {
    id: String(r.id),
    vin: String(r.vin),
    modelId: String(r.modelId),
    seriesId: String(r.seriesId),
    brandId: String(r.brandId),
    modelName: modelLabel({
      brandName: String(r.brandName),
      seriesName: String(r.seriesName),
      modelYear: Number(r.modelYear),
      trim: String(r.trim),
    }),
    energyType: r.energyType as ResourceRow['energyType'],
    exteriorColor: String(r.exteriorColor ?? ''),
    interiorColor: String(r.interiorColor ?? ''),
    productionDate: String(r.productionDate),
    arrivalDate: arrival,
    stockDays: days,
    stockBand: days === null ? null : stockAgeBand(days),
    storeId: r.storeId ? String(r.storeId) : null,
    storeName: (r.storeName as string | null) ?? null,
    guidePrice: String(r.guidePrice),
    photos: Array.isArray(r.photos) ? (r.photos as unknown[]).map(String) : [],
    remark: String(r.remark ?? ''),
    status: status as ResourceRow['status'],
    reservedUntil: formatDateTime(r.reservedUntil as Date | null),
    reservedOfferId: r.reservedOfferId ? String(r.reservedOfferId) : null,
    createTime: formatDateTime(r.createTime as Date)!,
  };
  if (full) {
    row.purchaseCost = String(r.purchaseCost);
    row.floorPrice = String(r.floorPrice);
  }
  return row;
}

/** The arrival dates a stock-age band covers on `today` (days since arrival, arrival day 0). */
export function bandArrivals(band: string, today: string): { from?: string; to?: string } {
  const i = STOCK_AGE_BANDS.findIndex((b) => b.band === band);
  if (i < 0) throw bad('validation.format', { field: 'stockBand' });
  const max = STOCK_AGE_BANDS[i]!.max;
  const min = i === 0 ? 0 : STOCK_AGE_BANDS[i - 1]!.max + 1;
  return { to: addDays(today, -min), from: Number.isFinite(max) ? addDays(today, -max) : undefined };
}

export type ResourceQuery = PageQuery & Record<string, unknown> & { stockBand?: string };

/** The VIN filter compares the normalised VIN (spaces and case do not matter). */
const withVin = (query: ResourceQuery): ResourceQuery => {
  const vin = typeof query.vin === 'string' ? normaliseVin(query.vin) : undefined;
  return vin ? { ...query, vin } : query;
};

export async function resourcePage(
  db: Db,
  scope: Scope,
  query: ResourceQuery,
  now = new Date(),
): Promise<Page<ResourceRow>> {
  const today = dayOf(now);
  const base = resourceQuery(scope);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let q: any = base.q;
  if (query.stockBand) {
    const { from, to } = bandArrivals(query.stockBand, today);
    q = q.where('r.status', 'in', ON_THE_LOT);
    if (to) q = q.where(sql<SqlBool>`${sql.ref('r.arrivalDate')} <= ${to}::date`);
    if (from) q = q.where(sql<SqlBool>`${sql.ref('r.arrivalDate')} >= ${from}::date`);
  }
  const p = await listPage(db, q, RESOURCE_LIST, withVin(query), (s) => s);
  return { ...p, records: p.records.map((r) => resourceOut(camelKeys<Raw>(r), base.full, today)) };
}

/** 403 for another tenant's vehicle and for one the caller may not see; 404 when there is none. */
async function assertTenant(db: Db, scope: Scope, ids: string[]) {
  // Every tenant on purpose: another tenant's row must be told apart from a missing one.
  const rows = await all(
    db,
    scoped(allTenants)
      .selectFrom('sales_resource', 't')
      .select(['t.id', 't.tenantId'])
      .where('t.id', '=', anyId(ids)),
  );
  if (!scope.isPlatformAdmin && rows.some((r) => r.tenantId !== scope.tenantId))
    throw forbidden('common.otherTenant');
  if (rows.length !== new Set(ids).size) throw notFound();
}

export async function resourceDetail(
  db: Db,
  scope: Scope,
  id: string,
  now = new Date(),
): Promise<ResourceRow> {
  await assertTenant(db, scope, [id]);
  const { q, full } = resourceQuery(scope);
  const row = await first<Raw>(db, q.where('r.id', '=', id));
  // It exists in the caller's tenant, so not finding it means it is not theirs to see.
  if (!row) throw forbidden('sales.resourceNotVisible');
  return resourceOut(row, full, dayOf(now));
}

export interface ResourceInput {
  id?: string;
  vin: string;
  modelId: string;
  exteriorColor?: string;
  interiorColor?: string;
  productionDate: string;
  arrivalDate?: string | null;
  storeId?: string | null;
  purchaseCost: string;
  guidePrice: string;
  floorPrice: string;
  photos?: string[];
  remark?: string;
  status?: ResourceStatus;
}

/** A valid VIN in its stored form, or the rule's 400 (the message names the VIN). */
export function validVin(raw: string): string {
  const vin = normaliseVin(raw);
  const problem = checkVin(vin);
  if (problem) throw bad(problem);
  return vin;
}

const isDay = (s: string) => {
  const d = new Date(`${s}T12:00:00`);
  return !Number.isNaN(d.getTime()) && dayOf(d) === s;
};

/** The checks of one vehicle that need no database: dates, amounts, status on arrival. */
export function checkResource(
  input: ResourceInput,
  today: string,
): ResourceInput & { status: ResourceStatus } {
  const vin = validVin(input.vin);
  for (const f of ['productionDate', 'arrivalDate'] as const) {
    const v = input[f];
    if (v && !isDay(v)) throw bad('validation.format', { field: f });
    if (v && v > today) throw bad('sales.dateInFuture', { field: f });
  }
  if (input.arrivalDate && input.arrivalDate < input.productionDate)
    throw bad('sales.arrivalBeforeProduction', { field: 'arrivalDate' });
  const status = input.status ?? (input.arrivalDate ? 'in_stock' : 'in_transit');
  if (status !== 'in_transit' && !input.arrivalDate)
    throw bad('sales.arrivalRequired', { field: 'arrivalDate' });
  return {
    ...input,
    vin,
    status,
    purchaseCost: fmt(input.purchaseCost),
    guidePrice: fmt(input.guidePrice),
    floorPrice: fmt(input.floorPrice),
  };
}

/** A unique-index violation on the VIN (two submits racing) as the same 400 the check gives. */
const vinRace = (e: unknown, vin: string) =>
  (e as { code?: string }).code === '23505' ? bad('sales.vinDuplicate', { vin }) : e;

async function refuseDuplicateVin(db: Db, scope: Scope, vin: string, id?: string) {
  const own = { tenantId: scope.tenantId, isPlatformAdmin: false };
  const dup = await first(
    db,
    scoped(own)
      .selectFrom('sales_resource')
      .select('id')
      .where('vin', '=', vin)
      .where('id', '<>', id ?? '0'),
  );
  if (dup) throw bad('sales.vinDuplicate', { vin });
}

async function checkRefs(db: Db, scope: Scope, input: { modelId: string; storeId?: string | null }) {
  const model = await first(
    db,
    scoped(scope).selectFrom('sales_model').select('id').where('id', '=', input.modelId),
  );
  if (!model) throw bad('sales.modelMissing', { field: 'modelId' });
  if (input.storeId) {
    const store = await first(
      db,
      scoped(scope).selectFrom('blade_dept').select('id').where('id', '=', input.storeId),
    );
    if (!store) throw bad('sales.storeMissing', { field: 'storeId' });
  }
}

/**
 * Adds (no id) or changes a vehicle. A new one starts in transit, or in stock when it has arrived; a change
 * of status goes through the machine (reserving is the offers' business, releasing is `release`), and the
 * UPDATE names the status it read, so a move that raced another answers 409 instead of overwriting it.
 */
export async function submitResource(
  db: Db,
  scope: Scope,
  raw: ResourceInput,
  now = new Date(),
): Promise<string> {
  const today = dayOf(now);
  return db.tx(async (t) => {
    let current: { status: string; arrivalDate: string | null } | undefined;
    if (raw.id) {
      await assertTenant(t, scope, [raw.id]);
      current = await first(
        t,
        scoped(scope)
          .selectFrom('sales_resource', 'r')
          .select(['r.status', day('r.arrivalDate').as('arrivalDate')])
          .where('r.id', '=', raw.id),
      );
      if (!current) throw notFound();
    } else if (raw.status && raw.status !== 'in_transit' && raw.status !== 'in_stock') {
      throw bad('sales.newResourceStatus', { field: 'status' });
    }
    const input = checkResource(
      { ...raw, status: raw.status ?? (current?.status as ResourceStatus | undefined) },
      today,
    );
    await checkRefs(t, scope, input);
    await refuseDuplicateVin(t, scope, input.vin, raw.id);
    const values = {
      vin: input.vin,
      modelId: input.modelId,
      exteriorColor: input.exteriorColor ?? '',
      interiorColor: input.interiorColor ?? '',
      productionDate: input.productionDate,
      arrivalDate: input.arrivalDate ?? null,
      storeId: input.storeId ?? null,
      purchaseCost: input.purchaseCost,
      guidePrice: input.guidePrice,
      floorPrice: input.floorPrice,
      photos: JSON.stringify(input.photos ?? []),
      remark: input.remark ?? '',
    };
    if (!current) {
      const id = newId();
      await exec(
        t,
        scoped(scope).insertInto('sales_resource', {
          id,
          ...values,
          status: input.status,
          ownerUser: scope.userId,
          createUser: scope.userId,
          createDept: scope.deptId,
          updateUser: scope.userId,
        }),
      ).catch((e: unknown) => {
        throw vinRace(e, input.vin);
      });
      return id;
    }
    const to = input.status;
    const from = current.status;
    const change: Record<string, unknown> = {};
    if (to !== from) {
      if (to === 'reserved') throw bad('sales.reserveByOffer', { field: 'status' });
      move('resource', from, to);
      // Leaving "reserved" ends the hold; a sale keeps the offer that made it.
      if (from === 'reserved') change.reservedUntil = null;
      if (from === 'reserved' && to === 'in_stock') change.reservedOfferId = null;
    }
    const done = await exec(
      t,
      scoped(scope)
        .updateTable('sales_resource')
        .set({
          ...values,
          ...change,
          status: to,
          updateUser: scope.userId,
          updateTime: sql<Date>`now()`,
        } as never)
        .where('id', '=', raw.id!)
        .where('status', '=', from)
        .returning('id'),
    ).catch((e: unknown) => {
      throw vinRace(e, input.vin);
    });
    if (!done.length) throw new AppError(409, 'sales.resourceChanged');
    return raw.id!;
  });
}

/** Removes vehicles still in transit or in stock; one an offer holds or sold is part of the books. */
export async function removeResources(db: Db, scope: Scope, ids: string[]): Promise<number> {
  if (!ids.length) throw bad('validation.required', { field: 'ids' });
  return db.tx(async (t) => {
    await assertTenant(t, scope, ids);
    const held = await first(
      t,
      scoped(scope)
        .selectFrom('sales_resource')
        .select('vin')
        .where('id', '=', anyId(ids))
        .where('status', 'not in', ['in_transit', 'in_stock']),
    );
    if (held) throw bad('sales.resourceNotRemovable', { vin: held.vin });
    const done = await exec(
      t,
      scoped(scope)
        .updateTable('sales_resource')
        .set({ isDeleted: 1, updateUser: scope.userId, updateTime: sql<Date>`now()` })
        .where('id', '=', anyId(ids))
        .where('status', 'in', ['in_transit', 'in_stock'])
        .returning('id'),
    );
    if (done.length !== ids.length) throw new AppError(409, 'sales.resourceChanged');
    return done.length;
  });
}

/** Ends a reservation by hand (reserved → in_stock); a vehicle not reserved is refused by the machine. */
export async function releaseResource(db: Db, scope: Scope, id: string): Promise<void> {
  await db.tx(async (t) => {
    await assertTenant(t, scope, [id]);
    const r = await first(
      t,
      scoped(scope).selectFrom('sales_resource').select(['status', 'reservedUntil']).where('id', '=', id),
    );
    if (!r) throw notFound();
    move('resource', r.status, 'in_stock');
    // Held with no end: an order has taken money for it; cancelling the order releases it.
    if (r.reservedUntil === null) throw new AppError(409, 'sales.order.vehicleHeld');
    const done = await exec(
      t,
      scoped(scope)
        .updateTable('sales_resource')
        .set({
          status: 'in_stock',
          reservedUntil: null,
          reservedOfferId: null,
          updateUser: scope.userId,
          updateTime: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .where('status', '=', 'reserved')
        .returning('id'),
    );
    if (!done.length) throw new AppError(409, 'sales.resourceChanged');
  });
}

/** The tenant's hold time in hours (parameter sales.reservationHoldHours), 48 when unset or not a sane number. */
export async function holdHours(db: Db, tenantId: string): Promise<number> {
  const p = await first(
    db,
    scoped({ tenantId, isPlatformAdmin: false })
      .selectFrom('blade_param')
      .select('paramValue')
      .where('paramKey', '=', HOLD_PARAM),
  );
  const n = Number(p?.paramValue?.trim());
  return /^\d{1,4}$/.test(p?.paramValue?.trim() ?? '') && n >= 1 && n <= 24 * 90
    ? n
    : SALES_DEFAULTS.reservationHoldHours;
}

/**
 * Reserves an in-stock vehicle for an accepted offer until now + the hold time; answers the end of the hold.
 * One conditional UPDATE: of two offers accepted at once on one vehicle, the second is told it is gone (409).
 * Call inside the offer's transaction.
 */
export async function reserveResource(
  db: Db,
  scope: Scope,
  resourceId: string,
  offerId: string,
  now = new Date(),
): Promise<Date> {
  move('resource', 'in_stock', 'reserved');
  const until = new Date(now.getTime() + (await holdHours(db, scope.tenantId)) * 3_600_000);
  const done = await exec(
    db,
    scoped(scope)
      .updateTable('sales_resource')
      .set({
        status: 'reserved',
        reservedUntil: until,
        reservedOfferId: offerId,
        updateUser: scope.userId,
        updateTime: sql<Date>`now()`,
      })
      .where('id', '=', resourceId)
      .where('status', '=', 'in_stock')
      .returning('id'),
  );
  if (!done.length) throw new AppError(409, 'sales.resourceNotAvailable');
  return until;
}

/**
 * Every tenant's reservations whose hold has run out go back to stock (the machine's lapse move); answers the
 * vehicles released. One UPDATE whose WHERE re-checks the status, so sweeps running on several nodes at once
 * release each vehicle exactly once (the second waits for the first's row lock, then no longer matches), and a
 * vehicle sold in the same moment is not touched.
 */
export async function sweepReservations(db: Db, now = new Date()): Promise<string[]> {
  move('resource', 'reserved', 'in_stock');
  const rows = await exec(
    db,
    scoped(allTenants)
      .updateTable('sales_resource')
      .set({ status: 'in_stock', reservedUntil: null, reservedOfferId: null, updateTime: sql<Date>`now()` })
      .where('status', '=', 'reserved')
      .where('reservedUntil', '<=', now)
      .returning('id'),
  );
  return rows.map((r) => String(r.id));
}

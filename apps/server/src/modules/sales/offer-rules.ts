/**
 * Offers (issue 24): versions, the calculator as the authority, approval, send, accept (reserves the stock
 * vehicle in the same transaction), decline, expiry. Plain functions over `Db` and the caller's scope, so
 * tests call them without HTTP; the routes (offer-routes.ts) only add the schemas and permissions.
 */
import {
  type OfferDetail,
  type OfferFinanceView,
  type OfferSubmitBody,
  type OfferVersion,
  type OfferView,
  SALES_DEFAULTS,
  calculateOffer,
  financeQuote,
  isMoneyInput,
  needsApproval,
  sub,
  type EnergyType,
} from '@forecourt/contracts/sales';
import type { Db } from '../../platform/db/index.js';
import { AppError, bad, forbidden, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { type FilterDef, type PageQuery } from '../../platform/paging.js';
import { listPage, type ListSpec } from '../../platform/list.js';
import type { Scope } from '../../platform/scope.js';
import { camelKeys, all, exec, first, scoped, sql } from '../../platform/sql/index.js';
import { formatDateTime } from '../../platform/time.js';
import { openOrder } from './order-rules.js';
import { reserveResource } from './resource-rules.js';
import { asAppError, move } from './rules.js';
import { assertVisible, visibilityOf, visibleCondition, type Visibility } from './visibility.js';
import './offer-messages.js';

/** Parameter keys (blade_param) a tenant may set; without them SALES_DEFAULTS apply. */
export const OFFER_PARAMS = {
  /** The discount (yuan) a salesperson may give without a manager's approval. */
  discountLimit: 'sales.discountLimit',
} as const;

/** Today in the server's zone (yyyy-MM-dd): the tax date of a new offer and the expiry sweep's day. */
export function today(now: Date = new Date()): string {
  return formatDateTime(now)!.slice(0, 10);
}

async function param(db: Db, scope: Scope, key: string): Promise<string | null> {
  const r = await first(
    db,
    scoped(scope)
      .selectFrom('blade_param', 'p')
      .select('p.paramValue')
      .where('p.tenantId', '=', scope.tenantId)
      .where('p.paramKey', '=', key),
  );
  return r?.paramValue?.trim() || null;
}

/** The tenant's discount limit, or the default when unset or not an amount. */
export async function discountLimit(db: Db, scope: Scope): Promise<string> {
  const v = await param(db, scope, OFFER_PARAMS.discountLimit);
  return v && isMoneyInput(v) ? v : SALES_DEFAULTS.discountLimit;
}

// ---- reads ------------------------------------------------------------------------------------------

/** List filters: field → aliased column of the list query. */
export const OFFER_FILTERS: Record<string, FilterDef> = {
  status: { column: 'o.status', type: 'exact', kind: 'text' },
  customerName: { column: 'q.customerName', type: 'text', kind: 'text' },
  customerPhone: { column: 'q.customerPhone', type: 'text', kind: 'text' },
  inquiryId: { column: 'o.inquiryId', type: 'exact', kind: 'integer' },
  validUntil: { column: 'o.validUntil', type: 'date', kind: 'date' },
  createTime: { column: 'o.createTime', type: 'date', kind: 'date' },
};
const SORTABLE: Record<string, string> = {
  createTime: 'o.create_time',
  validUntil: 'o.valid_until',
  total: 'o.total',
  version: 'o.version',
  status: 'o.status',
};
export const OFFER_LIST: ListSpec = {
  filters: OFFER_FILTERS,
  ref: (f) => f,
  sortable: SORTABLE,
  defaultOrder: 'o.create_time DESC, o.id DESC',
  id: 'o.id',
  tables: { o: 'sales_offer', q: 'sales_inquiry' },
};

const dateText = (col: string) => sql<string>`to_char(${sql.ref(col)}, 'YYYY-MM-DD')`;
const timeText = (col: string) => sql<string | null>`to_char(${sql.ref(col)}, 'YYYY-MM-DD HH24:MI:SS')`;

/** The offer with everything its views name; floor price and purchase cost are never selected. */
function offerQuery(scope: Scope) {
  return scoped(scope)
    .selectFrom('sales_offer', 'o')
    .innerJoin('sales_inquiry as q', 'q.id', 'o.inquiryId')
    .innerJoin('sales_model as m', 'm.id', 'o.modelId')
    .innerJoin('sales_series as s', 's.id', 'm.seriesId')
    .innerJoin('sales_brand as b', 'b.id', 's.brandId')
    .leftJoin('sales_resource as r', 'r.id', 'o.resourceId')
    .leftJoin('blade_user as u', 'u.id', 'o.ownerUser')
    .leftJoin('blade_user as a', 'a.id', 'o.approvedBy')
    .select([
      'o.id',
      'o.inquiryId',
      'o.version',
      'q.customerId',
      'q.customerName',
      'q.customerPhone',
      'o.resourceId',
      'r.vin',
      'o.modelId',
      sql<string>`concat_ws(' ', b.name, s.name, m.model_year::text, m.trim)`.as('modelName'),
      'o.energyType',
      'o.vehiclePrice',
      'o.discount',
      'o.invoicePrice',
      'o.purchaseTax',
      'o.purchaseTaxRelief',
      'o.insurance',
      'o.registrationFee',
      'o.accessories',
      'o.accessoriesTotal',
      'o.serviceFee',
      'o.tradeInCredit',
      'o.downPaymentPercent',
      'o.termMonths',
      'o.annualRatePercent',
      'o.total',
      'o.status',
      dateText('o.validUntil').as('validUntilText'),
      'o.approvalNeeded',
      'o.approvedBy',
      sql<string | null>`coalesce(nullif(a.real_name, ''), a.account)`.as('approvedByName'),
      timeText('o.approvedAt').as('approvedAtText'),
      'o.approvalRemark',
      timeText('o.sentAt').as('sentAtText'),
      timeText('o.closedAt').as('closedAtText'),
      'o.ownerUser',
      'o.ownerDept',
      sql<string>`coalesce(nullif(u.real_name, ''), u.account, '')`.as('ownerName'),
      timeText('o.createTime').as('createTimeText'),
      // Versions of the same inquiry's offer (same tenant: the inquiry is).
      (eb) =>
        eb
          .selectFrom('sales_offer as v')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('v.inquiryId', '=', 'o.inquiryId')
          .where('v.isDeleted', '=', 0)
          .as('versionCount'),
    ]);
}

type OfferRow = Awaited<ReturnType<ReturnType<typeof offerQuery>['execute']>>[number];

const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** The finance plan's figures, recomputed from the stored plan (the last instalment is not a column). */
function financeOf(r: OfferRow): OfferFinanceView | null {
  if (r.termMonths === null || r.downPaymentPercent === null || r.annualRatePercent === null) return null;
  const plan = {
    downPaymentPercent: trimNumber(String(r.downPaymentPercent)),
    termMonths: Number(r.termMonths),
    annualRatePercent: trimNumber(String(r.annualRatePercent)),
  };
  return { ...plan, ...financeQuote(String(r.invoicePrice), plan) };
}

/** "30.00" → "30", "3.8500" → "3.85": the plan as it was typed. */
const trimNumber = (v: string) => (v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v);

export function toView(r: OfferRow): OfferView {
  const finance = financeOf(r);
  const total = String(r.total);
  return {
    id: String(r.id),
    inquiryId: String(r.inquiryId),
    version: Number(r.version),
    versionCount: Number(r.versionCount),
    customerId: str(r.customerId),
    customerName: r.customerName,
    customerPhone: r.customerPhone,
    resourceId: str(r.resourceId),
    vin: r.vin ?? null,
    modelId: String(r.modelId),
    modelName: r.modelName,
    energyType: r.energyType as EnergyType,
    vehiclePrice: String(r.vehiclePrice),
    discount: String(r.discount),
    invoicePrice: String(r.invoicePrice),
    purchaseTax: String(r.purchaseTax),
    purchaseTaxRelief: String(r.purchaseTaxRelief),
    insurance: String(r.insurance),
    registrationFee: String(r.registrationFee),
    accessories: (r.accessories as { name: string; amount: string }[]) ?? [],
    accessoriesTotal: String(r.accessoriesTotal),
    serviceFee: String(r.serviceFee),
    tradeInCredit: String(r.tradeInCredit),
    finance,
    total,
    dueAtSigning: finance ? sub(total, finance.loanAmount) : total,
    status: r.status as OfferView['status'],
    validUntil: r.validUntilText,
    approvalNeeded: Boolean(r.approvalNeeded),
    approvedBy: str(r.approvedBy),
    approvedByName: r.approvedByName ?? null,
    approvedAt: r.approvedAtText,
    approvalRemark: r.approvalRemark ?? '',
    sentAt: r.sentAtText,
    closedAt: r.closedAtText,
    ownerUser: String(r.ownerUser),
    ownerName: r.ownerName,
    createTime: r.createTimeText!,
  };
}

export interface OfferListQuery extends Record<string, unknown> {
  current?: number;
  size?: number;
  ascs?: string;
  descs?: string;
  /** 'all': every version, not only the latest of each inquiry. */
  versions?: string;
}

/** A page of the offers the caller may see: the latest version of each inquiry's offer. */
export async function listOffers(db: Db, scope: Scope, query: OfferListQuery) {
  const vis = await visibilityOf(db, scope);
  let q = offerQuery(scope);
  const cond = visibleCondition(vis, { user: 'o.ownerUser', dept: 'o.ownerDept' });
  if (cond) q = q.where(cond);
  if (query.versions !== 'all')
    q = q.where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('sales_offer as n')
            .select('n.id')
            .whereRef('n.inquiryId', '=', 'o.inquiryId')
            .whereRef('n.version', '>', 'o.version')
            .where('n.isDeleted', '=', 0),
        ),
      ),
    );
  const p = await listPage(db, q, OFFER_LIST, query as PageQuery & Record<string, unknown>, (s) => s);
  return { ...p, records: p.records.map((r) => toView(camelKeys<OfferRow>(r))) };
}

/** One row by id for a caller: another tenant's 403, a row they may not see 403, a missing one 404. */
async function visibleRow(db: Db, scope: Scope, vis: Visibility, id: string): Promise<OfferRow> {
  const row = await first(db, offerQuery(scope).where('o.id', '=', id));
  if (!row) {
    const elsewhere = await first(
      db,
      scoped({ tenantId: scope.tenantId, isPlatformAdmin: true })
        .selectFrom('sales_offer', 'o')
        .select('o.id')
        .where('o.id', '=', id),
    );
    throw elsewhere ? forbidden('common.otherTenant') : notFound();
  }
  assertVisible(vis, { ownerUser: String(row.ownerUser), ownerDept: str(row.ownerDept) });
  return row;
}

export async function offerDetail(db: Db, scope: Scope, id: string): Promise<OfferDetail> {
  const vis = await visibilityOf(db, scope);
  const row = await visibleRow(db, scope, vis, id);
  const versions: OfferVersion[] = (
    await all(
      db,
      scoped(scope)
        .selectFrom('sales_offer', 'v')
        .select(['v.id', 'v.version', 'v.status', 'v.total', timeText('v.createTime').as('t')])
        .where('v.inquiryId', '=', String(row.inquiryId))
        .orderBy('v.version'),
    )
  ).map((v) => ({
    id: String(v.id),
    version: Number(v.version),
    status: v.status as OfferVersion['status'],
    total: String(v.total),
    createTime: v.t!,
  }));
  return { ...toView(row), versions };
}

// ---- writes -----------------------------------------------------------------------------------------

const OPEN_INQUIRY = ['new', 'assigned', 'following', 'quoted'];
/** A vehicle that can still be offered: not sold or delivered. */
const OFFERABLE_VEHICLE = ['in_transit', 'in_stock', 'reserved'];

function calc(body: OfferSubmitBody, energyType: EnergyType, taxDate: string) {
  try {
    return calculateOffer({
      vehiclePrice: body.vehiclePrice,
      discount: body.discount,
      energyType,
      taxDate,
      insurance: body.insurance,
      registrationFee: body.registrationFee,
      accessories: body.accessories,
      serviceFee: body.serviceFee,
      tradeInCredit: body.tradeInCredit,
      finance: body.finance ?? null,
    });
  } catch (e) {
    throw asAppError(e);
  }
}

/**
 * Saves an offer: no id → a new version of the inquiry's offer (a revision never changes an old version);
 * an id → a change of that draft. The server recomputes every line; whether a manager must approve is
 * decided here, from the tenant's discount limit and the vehicle's floor price, which never leaves the
 * server. Answers the offer's id.
 */
export async function submitOffer(
  db: Db,
  scope: Scope,
  body: OfferSubmitBody,
  now: Date = new Date(),
): Promise<string> {
  const vis = await visibilityOf(db, scope);
  const day = today(now);
  if (body.validUntil < day) throw bad('sales.offer.validUntilPast', { field: 'validUntil' });
  const limit = await discountLimit(db, scope);
  return db.tx(async (t) => {
    // The inquiry row is locked, so two new versions of one inquiry take turns for the next number.
    const inquiry = await first(
      t,
      scoped(scope)
        .selectFrom('sales_inquiry', 'q')
        .select(['q.id', 'q.status', 'q.ownerUser', 'q.ownerDept'])
        .where('q.id', '=', body.inquiryId)
        .forUpdate(),
    );
    if (!inquiry) throw notFound('sales.offer.inquiryMissing', { field: 'inquiryId' });
    assertVisible(vis, { ownerUser: str(inquiry.ownerUser), ownerDept: str(inquiry.ownerDept) });
    if (!OPEN_INQUIRY.includes(inquiry.status))
      throw bad('sales.offer.inquiryClosed', { field: 'inquiryId' });

    let modelId = body.modelId ?? null;
    let floorPrice: string | null = null;
    if (body.resourceId) {
      const v = await first(
        t,
        scoped(scope)
          .selectFrom('sales_resource', 'r')
          .select(['r.modelId', 'r.floorPrice', 'r.status'])
          .where('r.id', '=', body.resourceId),
      );
      if (!v) throw notFound('sales.offer.vehicleMissing', { field: 'resourceId' });
      if (!OFFERABLE_VEHICLE.includes(v.status))
        throw bad('sales.offer.vehicleSold', { field: 'resourceId' });
      modelId = String(v.modelId);
      floorPrice = String(v.floorPrice);
    }
    if (!modelId) throw bad('validation.required', { field: 'modelId' });
    const model = await first(
      t,
      scoped(scope).selectFrom('sales_model', 'm').select('m.energyType').where('m.id', '=', modelId),
    );
    if (!model) throw notFound('sales.offer.modelMissing', { field: 'modelId' });

    const quote = calc(body, model.energyType as EnergyType, day);
    const approvalNeeded = needsApproval({
      vehiclePrice: body.vehiclePrice,
      discount: body.discount,
      discountLimit: limit,
      floorPrice,
    });
    const f = body.finance ?? null;
    const lines = {
      resourceId: body.resourceId ?? null,
      modelId,
      energyType: model.energyType,
      vehiclePrice: body.vehiclePrice,
      discount: body.discount,
      invoicePrice: quote.invoicePrice,
      purchaseTax: quote.purchaseTax,
      purchaseTaxRelief: quote.purchaseTaxRelief,
      insurance: body.insurance,
      registrationFee: body.registrationFee,
      accessories: JSON.stringify(body.accessories),
      accessoriesTotal: quote.accessoriesTotal,
      serviceFee: body.serviceFee,
      tradeInCredit: body.tradeInCredit,
      downPaymentPercent: f?.downPaymentPercent ?? null,
      termMonths: f?.termMonths ?? null,
      annualRatePercent: f?.annualRatePercent ?? null,
      downPayment: quote.finance?.downPayment ?? null,
      loanAmount: quote.finance?.loanAmount ?? null,
      monthlyPayment: quote.finance?.monthlyPayment ?? null,
      totalInterest: quote.finance?.totalInterest ?? null,
      total: quote.total,
      validUntil: body.validUntil,
      approvalNeeded,
    };

    if (body.id) {
      const cur = await first(
        t,
        scoped(scope)
          .selectFrom('sales_offer', 'o')
          .select(['o.status', 'o.inquiryId', 'o.ownerUser', 'o.ownerDept'])
          .where('o.id', '=', body.id)
          .forUpdate(),
      );
      if (!cur) throw notFound();
      assertVisible(vis, { ownerUser: str(cur.ownerUser), ownerDept: str(cur.ownerDept) });
      if (cur.status !== 'draft') throw bad('sales.offer.notDraft');
      if (String(cur.inquiryId) !== body.inquiryId)
        throw bad('sales.offer.otherInquiry', { field: 'inquiryId' });
      await exec(
        t,
        scoped(scope)
          .updateTable('sales_offer')
          .set({ ...lines, updateUser: scope.userId, updateTime: sql`now()` } as never)
          .where('id', '=', body.id),
      );
      return body.id;
    }
    const last = await first(
      t,
      scoped(scope)
        .selectFrom('sales_offer', 'o', { withDeleted: true })
        .select(sql<number>`coalesce(max(o.version), 0)::int`.as('v'))
        .where('o.inquiryId', '=', body.inquiryId),
    );
    const id = newId();
    await exec(
      t,
      scoped(scope).insertInto('sales_offer', {
        id,
        inquiryId: body.inquiryId,
        version: Number(last?.v ?? 0) + 1,
        ...lines,
        status: 'draft',
        ownerUser: scope.userId,
        ownerDept: scope.deptId,
        createUser: scope.userId,
        createDept: scope.deptId,
        updateUser: scope.userId,
      } as never),
    );
    return id;
  });
}

export type OfferAction = 'submit-approval' | 'approve' | 'reject' | 'send' | 'accept' | 'decline';

const TARGET: Record<OfferAction, string> = {
  'submit-approval': 'pending_approval',
  approve: 'approved',
  reject: 'rejected',
  send: 'sent',
  accept: 'accepted',
  decline: 'declined',
};

/** What a status change hands back to the route: the offer after the change. */
export interface ActResult {
  offer: OfferView;
  reservedResourceId: string | null;
}

/**
 * One status change of an offer, in one transaction with the offer row locked, through transition():
 * approval only by a manager (department head or tenant administrator) who is not the author; sending and
 * accepting only within the validity date; accepting reserves the stock vehicle (in_stock → reserved with
 * the hold time) or fails with 409 when another offer holds it, and nothing changes.
 */
export async function actOnOffer(
  db: Db,
  scope: Scope,
  id: string,
  action: OfferAction,
  opts: {
    remark?: string;
    now?: Date;
    /** Runs last inside the change's transaction: what others must hear of it goes in the same commit. */
    within?: (t: Db) => Promise<void>;
  } = {},
): Promise<ActResult> {
  const vis = await visibilityOf(db, scope);
  const now = opts.now ?? new Date();
  const day = today(now);
  const reserved = await db.tx(async (t) => {
    const o = await first(
      t,
      scoped(scope)
        .selectFrom('sales_offer', 'o')
        .select([
          'o.id',
          'o.status',
          'o.ownerUser',
          'o.ownerDept',
          'o.approvalNeeded',
          'o.resourceId',
          'o.inquiryId',
          dateText('o.validUntil').as('validUntil'),
        ])
        .where('o.id', '=', id)
        .forUpdate(),
    );
    if (!o) {
      await visibleRow(t, scope, vis, id); // 403 for another tenant's id, else 404
      throw notFound();
    }
    assertVisible(vis, { ownerUser: str(o.ownerUser), ownerDept: str(o.ownerDept) });
    const to = TARGET[action];
    if (action === 'approve' || action === 'reject') {
      if (vis.kind === 'own') throw forbidden('sales.offer.managerOnly');
      if (String(o.ownerUser) === scope.userId) throw forbidden('sales.offer.selfApproval');
    }
    move('offer', o.status, to, { approvalNeeded: Boolean(o.approvalNeeded) });
    if ((action === 'send' || action === 'accept') && o.validUntil < day)
      throw bad('sales.offer.expired', { validUntil: o.validUntil });

    let reservedId: string | null = null;
    if (action === 'accept' && o.resourceId) {
      // The stock slice's reservation (in_stock → reserved for the tenant's hold time), in this transaction.
      try {
        await reserveResource(t, scope, String(o.resourceId), id, now);
      } catch (e) {
        if (!(e instanceof AppError && e.status === 409)) throw e;
        const v = await first(
          t,
          scoped(scope)
            .selectFrom('sales_resource', 'r')
            .select('r.vin')
            .where('r.id', '=', String(o.resourceId)),
        );
        throw new AppError(409, 'sales.offer.vehicleTaken', { vin: v?.vin ?? '' });
      }
      reservedId = String(o.resourceId);
    }
    // The sale's order opens with its acceptance (order-rules.ts): no accepted offer without one.
    if (action === 'accept') await openOrder(t, scope, id, now);

    const set: Record<string, unknown> = { status: to, updateUser: scope.userId, updateTime: sql`now()` };
    if (action === 'approve' || action === 'reject')
      Object.assign(set, {
        approvedBy: scope.userId,
        approvedAt: sql`now()`,
        approvalRemark: opts.remark ?? '',
      });
    if (action === 'send') set.sentAt = sql`now()`;
    if (action === 'accept' || action === 'decline') set.closedAt = sql`now()`;
    await exec(
      t,
      scoped(scope)
        .updateTable('sales_offer')
        .set(set as never)
        .where('id', '=', id),
    );
    await followInquiry(t, scope, String(o.inquiryId), action);
    await opts.within?.(t);
    return reservedId;
  });
  const row = await first(db, offerQuery(scope).where('o.id', '=', id));
  return { offer: toView(row!), reservedResourceId: reserved };
}

/**
 * The inquiry follows its offer: sending one makes it "quoted" (through "following" when nobody had
 * followed it up yet), an accepted one makes it "won". Moves the machine does not allow are left alone
 * (an inquiry already won stays won when a second version is sent).
 */
async function followInquiry(t: Db, scope: Scope, inquiryId: string, action: OfferAction) {
  const path: Record<string, string[]> =
    action === 'send'
      ? { new: [], assigned: ['following', 'quoted'], following: ['quoted'] }
      : action === 'accept'
        ? { quoted: ['won'] }
        : {};
  const q = await first(
    t,
    scoped(scope)
      .selectFrom('sales_inquiry', 'q')
      .select('q.status')
      .where('q.id', '=', inquiryId)
      .forUpdate(),
  );
  const steps = q ? path[q.status] : undefined;
  if (!q || !steps?.length) return;
  let from = q.status;
  for (const to of steps) {
    move('inquiry', from, to);
    await exec(
      t,
      scoped(scope).insertInto('sales_inquiry_history', {
        id: newId(),
        inquiryId,
        action: 'status',
        fromStatus: from,
        toStatus: to,
        createUser: scope.userId,
      } as never),
    );
    from = to;
  }
  await exec(
    t,
    scoped(scope)
      .updateTable('sales_inquiry')
      .set({ status: from, updateUser: scope.userId, updateTime: sql`now()` } as never)
      .where('id', '=', inquiryId),
  );
}

/** Removes drafts (and rejected versions nobody will send); any other offer is part of the record. */
export async function removeOffers(db: Db, scope: Scope, ids: string[]): Promise<number> {
  if (!ids.length) throw bad('validation.required', { field: 'ids' });
  const vis = await visibilityOf(db, scope);
  return db.tx(async (t) => {
    for (const id of ids) {
      const row = await visibleRow(t, scope, vis, id);
      if (row.status !== 'draft' && row.status !== 'rejected') throw bad('sales.offer.removeNotDraft');
    }
    const done = await exec(
      t,
      scoped(scope)
        .updateTable('sales_offer')
        .set({ isDeleted: 1, updateUser: scope.userId, updateTime: sql`now()` } as never)
        .where('id', 'in', ids)
        .returning('id'),
    );
    return done.length;
  });
}

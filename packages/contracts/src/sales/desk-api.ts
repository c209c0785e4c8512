/**
 * The sales workbench's answer (`GET /api/blade-sales/desk/summary`): what waits for the caller today and how
 * the month and the stock stand, each within what the caller may see.
 */
import { Type, type Static } from 'typebox';
import { InquiryStatusSchema } from './schemas.js';
import { STOCK_AGE_BANDS } from './timing.js';

const Id = () => Type.String({ pattern: '^[1-9]\\d{0,18}$' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const DateTime = () => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$' });
const Count = () => Type.Integer({ minimum: 0 });

/** An inquiry on one of the workbench's to-do lists. */
export const SalesDeskItem = Type.Object({
  id: Id(),
  customerName: Type.String(),
  /** Brand, series, model year and trim, or the free text the customer gave. */
  modelName: Type.String(),
  status: InquiryStatusSchema,
  ownerName: Nullable(Type.String()),
  createTime: DateTime(),
  nextFollowTime: Nullable(DateTime()),
});
export type SalesDeskItem = Static<typeof SalesDeskItem>;

/** How many there are, and the first ones (most urgent first). */
export const SalesDeskList = Type.Object({ total: Count(), items: Type.Array(SalesDeskItem) });
export type SalesDeskList = Static<typeof SalesDeskList>;

export const StockAgeBandSchema = Type.Union(STOCK_AGE_BANDS.map((b) => Type.Literal(b.band)));

export const SalesDeskSummary = Type.Object({
  /** Whose rows the figures cover: the caller's own, their department subtree, or the whole tenant. */
  scope: Type.Union([Type.Literal('own'), Type.Literal('depts'), Type.Literal('all')]),
  /** The tenant's first-response limit the overdue list was judged by. */
  firstResponseMinutes: Type.Integer({ minimum: 1 }),
  /** New or assigned inquiries nobody answered within the limit. */
  firstResponseOverdue: SalesDeskList,
  /** Open inquiries whose planned follow-up time has passed. */
  followUpsOverdue: SalesDeskList,
  /** Open inquiries with a follow-up planned for the rest of today. */
  followUpsToday: SalesDeskList,
  /** Inquiries created this month, those of them that got an offer, and those won. */
  funnel: Type.Object({
    month: Type.String({ pattern: '^\\d{4}-\\d{2}$' }),
    inquiries: Count(),
    quoted: Count(),
    won: Count(),
  }),
  /** Arrived, unsold vehicles (in stock or reserved) of the tenant per stock-age band. */
  stockAge: Type.Array(Type.Object({ band: StockAgeBandSchema, count: Count() })),
});
export type SalesDeskSummary = Static<typeof SalesDeskSummary>;

/** How many items each list of the summary carries. */
export const SALES_DESK_LIST_SIZE = 10;

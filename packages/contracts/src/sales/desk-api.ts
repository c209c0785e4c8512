/**
 * The sales workbench's answer (`GET /api/blade-sales/desk/summary`): what waits for the caller today and how
 * the month and the stock stand, each within what the caller may see.
 */
import { Type, type Static } from 'typebox';
import type { InquiryStatus } from './status.js';
import type { StockAgeBand } from './timing.js';

const Id = () => Type.String({ pattern: '^[1-9]\\d{0,18}$' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const DateTime = () => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$' });
const Count = () => Type.Integer({ minimum: 0 });

// Written out (a union built by mapping a list types as never): a state added to the machine fails to compile
// below until it is added here.
const DeskInquiryStatus = Type.Union([
  Type.Literal('new'),
  Type.Literal('assigned'),
  Type.Literal('following'),
  Type.Literal('quoted'),
  Type.Literal('won'),
  Type.Literal('lost'),
  Type.Literal('invalid'),
]);

/** An inquiry on one of the workbench's to-do lists. */
export const SalesDeskItem = Type.Object({
  id: Id(),
  customerName: Type.String(),
  /** Brand, series, model year and trim, or the free text the customer gave. */
  modelName: Type.String(),
  status: DeskInquiryStatus,
  ownerName: Nullable(Type.String()),
  createTime: DateTime(),
  nextFollowTime: Nullable(DateTime()),
});
export type SalesDeskItem = Static<typeof SalesDeskItem>;

/** How many there are, and the first ones (most urgent first). */
export const SalesDeskList = Type.Object({ total: Count(), items: Type.Array(SalesDeskItem) });
export type SalesDeskList = Static<typeof SalesDeskList>;

export const StockAgeBandSchema = Type.Union([
  Type.Literal('0-30'),
  Type.Literal('31-60'),
  Type.Literal('61-90'),
  Type.Literal('>90'),
]);
// The bands of STOCK_AGE_BANDS, written out for the schema: a band added there fails to compile here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const bandsAgree: Same<Static<typeof StockAgeBandSchema>, StockAgeBand> = true;
const statusesAgree: Same<Static<typeof DeskInquiryStatus>, InquiryStatus> = true;
void bandsAgree;
void statusesAgree;

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
  /**
   * Arrived, unsold vehicles (in stock or reserved) of the tenant per stock-age band, every band in order with
   * its colour (an antd preset colour name: the resource list's tag colour), so the web needs no copy of them.
   */
  stockAge: Type.Array(Type.Object({ band: StockAgeBandSchema, color: Type.String(), count: Count() })),
});
export type SalesDeskSummary = Static<typeof SalesDeskSummary>;

/** How many items each list of the summary carries. */
export const SALES_DESK_LIST_SIZE = 10;

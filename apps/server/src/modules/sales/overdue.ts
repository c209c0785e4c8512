/**
 * The first-response limit (issue 24): an inquiry still `new` or `assigned` that nobody has answered (no
 * follow-up, so no `first_response_at`) within the tenant's limit after its creation is overdue. The inquiry
 * list flags it and the workbench counts it. One rule in two forms that must agree: `isOverdue()` for a row
 * already read, `overdueCondition()` for a query (the list's filter, the workbench's count).
 */
import { SALES_DEFAULTS } from '@forecourt/contracts/sales';
import type { Db } from '../../platform/db/index.js';
import { first, scoped, sql, type Expression, type SqlBool } from '../../platform/sql/index.js';

/** The tenant parameter (blade_param) holding the limit in minutes. */
export const FIRST_RESPONSE_PARAM = 'sales.inquiry.firstResponseMinutes';

/** The states in which an inquiry still waits for its first answer. */
export const WAITING_STATUSES = ['new', 'assigned'] as const;

/** A limit of more than 100,000 minutes (ten weeks) is a typo, not a policy: the default then applies. */
const MAX_MINUTES = 100_000;

/** The parameter's text as a limit: a whole number of minutes in 1..100000, else the default. */
export function parseLimit(value: string | null | undefined): number {
  const text = (value ?? '').trim();
  if (!/^\d{1,6}$/.test(text)) return SALES_DEFAULTS.firstResponseMinutes;
  const n = Number(text);
  return n >= 1 && n <= MAX_MINUTES ? n : SALES_DEFAULTS.firstResponseMinutes;
}

/** The tenant's first-response limit in minutes (the default, 30, when unset or not a sensible number). */
export async function firstResponseMinutes(db: Db, tenantId: string): Promise<number> {
  const r = await first(
    db,
    scoped({ tenantId, isPlatformAdmin: false })
      .selectFrom('blade_param', 't')
      .select('t.paramValue')
      .where('t.paramKey', '=', FIRST_RESPONSE_PARAM),
  );
  return parseLimit(r?.paramValue);
}

export interface OverdueFields {
  status: string;
  createTime: Date;
  firstResponseAt: Date | null;
}

/** The moment before which a still unanswered inquiry is overdue. */
export const overdueSince = (now: Date, limitMinutes: number) =>
  new Date(now.getTime() - limitMinutes * 60_000);

/** Whether an inquiry already read is overdue at `now`. */
export function isOverdue(row: OverdueFields, now: Date, limitMinutes: number): boolean {
  return (
    (WAITING_STATUSES as readonly string[]).includes(row.status) &&
    row.firstResponseAt === null &&
    row.createTime.getTime() < overdueSince(now, limitMinutes).getTime()
  );
}

/**
 * The same rule as a condition on `sales_inquiry` under `alias`. The status list is written as literals so
 * the planner can prove the partial index `sales_inquiry_unanswered` (first_response_at IS NULL AND status
 * IN ('new', 'assigned')) applies, also in a named statement's generic plan.
 */
export function overdueCondition(alias: string, now: Date, limitMinutes: number): Expression<SqlBool> {
  const col = (c: string) => sql.ref(`${alias}.${c}`);
  return sql<SqlBool>`(${col('firstResponseAt')} IS NULL AND ${col('status')} IN ('new', 'assigned') AND ${col('createTime')} < ${overdueSince(now, limitMinutes)})`;
}

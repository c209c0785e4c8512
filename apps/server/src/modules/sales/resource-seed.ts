import { SALES_DEFAULTS } from '@forecourt/contracts/sales';
import { newId } from '../../platform/ids.js';
import { PLATFORM_TENANT } from '../../platform/scope.js';
import { all, exec, scoped, sql, type SqlBool } from '../../platform/sql/index.js';
import type { SeedContext } from '../module.js';
import { INQUIRY_PARAMS } from './inquiry-rules.js';
import { OFFER_PARAMS } from './offer-rules.js';
import { FIRST_RESPONSE_PARAM } from './overdue.js';
import { HOLD_PARAM } from './resource-rules.js';

/**
 * Every parameter the sales floor reads, with its default value: [key, name, value, remark]. A tenant without
 * a row gets the same default from SALES_DEFAULTS; the row is there so the console's parameter page shows
 * where each rule is set.
 */
export const SALES_PARAMS: ReadonlyArray<readonly [string, string, string, string]> = [
  [
    HOLD_PARAM,
    '车源预订保留时长（小时）',
    String(SALES_DEFAULTS.reservationHoldHours),
    'Hours an accepted offer holds its stock vehicle before the reservation lapses',
  ],
  [
    FIRST_RESPONSE_PARAM,
    '询价首次响应时限（分钟）',
    String(SALES_DEFAULTS.firstResponseMinutes),
    'Minutes after its creation an unanswered inquiry is flagged overdue',
  ],
  [
    INQUIRY_PARAMS.userInquiryClaimMinutes[0],
    '用户询价认领时限（分钟）',
    String(SALES_DEFAULTS.userInquiryClaimMinutes),
    'Minutes a user inquiry waits to be claimed before it is assigned round-robin',
  ],
  [
    OFFER_PARAMS.discountLimit,
    '销售顾问优惠权限（元）',
    SALES_DEFAULTS.discountLimit,
    "The discount (yuan) a salesperson may give without a manager's approval",
  ],
];

/** Adds the sales parameters tenant 000000 lacks; a row already there (maybe changed) is never overwritten. */
export async function seedSalesParams(ctx: SeedContext): Promise<void> {
  const scope = { tenantId: PLATFORM_TENANT, isPlatformAdmin: false };
  const have = new Set(
    (
      await all(
        ctx.db,
        scoped(scope)
          .selectFrom('blade_param')
          .select('paramKey')
          .where(sql<SqlBool>`param_key = ANY(${SALES_PARAMS.map((p) => p[0])}::text[])`),
      )
    ).map((r) => r.paramKey),
  );
  const missing = SALES_PARAMS.filter(([key]) => !have.has(key));
  if (!missing.length) return;
  await exec(
    ctx.db,
    scoped(scope).insertInto(
      'blade_param',
      missing.map(([paramKey, paramName, paramValue, remark]) => ({
        id: newId(),
        paramName,
        paramKey,
        paramValue,
        remark,
      })),
    ),
  );
}

import { SALES_DEFAULTS } from '@forecourt/contracts/sales';
import { newId } from '../../platform/ids.js';
import { PLATFORM_TENANT } from '../../platform/scope.js';
import { exec, first, scoped } from '../../platform/sql/index.js';
import type { SeedContext } from '../module.js';
import { HOLD_PARAM } from './resource-rules.js';

/**
 * The reservation hold as a parameter of tenant 000000, so the console's parameter page shows where it is
 * set; a tenant without the row gets the default (holdHours()). Added once, never overwritten.
 */
export async function seedStockParams(ctx: SeedContext): Promise<void> {
  const scope = { tenantId: PLATFORM_TENANT, isPlatformAdmin: false };
  const have = await first(
    ctx.db,
    scoped(scope).selectFrom('blade_param').select('id').where('paramKey', '=', HOLD_PARAM),
  );
  if (have) return;
  await exec(
    ctx.db,
    scoped(scope).insertInto('blade_param', {
      id: newId(),
      paramName: '车源预订保留时长（小时）',
      paramKey: HOLD_PARAM,
      paramValue: String(SALES_DEFAULTS.reservationHoldHours),
      remark: 'Hours an accepted offer holds its stock vehicle before the reservation lapses',
    }),
  );
}

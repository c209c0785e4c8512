import type { PageLoader } from '@/shared/page/loader';
import { declared } from '@/shared/crud/declared';

/** The points area (积分商城) and the coupon records (docs/points.md) at the paths of the menu catalog. */
export const pages: Record<string, PageLoader> = {
  '/fc/score/rules': declared(() => import('./catalog/ruleDef').then((m) => m.ruleDef)),
  '/fc/score/goods': declared(() => import('./catalog/goodsDef').then((m) => m.goodsDef)),
  '/fc/score/records': () => import('./ledger/RecordsPage'),
  '/fc/score/recordsToB': () => import('./ledger/RecordsToBPage'),
  '/fc/score/exchange': () => import('./ledger/ExchangePage'),
  '/fc/coupon/records': () => import('./coupon/CouponPage'),
};

import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { TradeSummary } from '@forecourt/contracts/sales';
import { http } from '@/shared/http';

/** The trade endpoints (`/api/blade-sales/trade/*`): read only, trades are written by the order's receipt and refund. */
export const TRADE_BASE = '/api/blade-sales/trade';
/** The list's name: its query-cache key (`['crud', TRADE_LIST, …]`) and its export's file name. */
export const TRADE_LIST = 'sales-trade';

/** What a list call sends beyond its filters: paging and order do not change the sums. */
const NOT_FILTERS = new Set(['current', 'size', 'ascs', 'descs', 'cursor']);

/** The filters of a list call (the search form's and the page's day range), as the summary takes them. */
export const filtersOf = (params: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(params).filter(([k]) => !NOT_FILTERS.has(k)));

/**
 * The sums of the trades the filters select. Kept under the list's key, so the list's refresh and the
 * invalidation after a receipt or refund bring it back too.
 */
export const tradeSummaryQuery = (filters: Record<string, unknown> | undefined) =>
  queryOptions({
    queryKey: ['crud', TRADE_LIST, 'summary', filters],
    queryFn: () => http.get<TradeSummary>(`${TRADE_BASE}/summary`, { params: filters }),
    enabled: filters !== undefined,
    placeholderData: keepPreviousData,
  });

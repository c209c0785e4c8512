import { queryOptions, useMutation } from '@tanstack/react-query';
import type { OrderCancelBody, OrderDetail, OrderView, TradeBody } from '@forecourt/contracts/sales';
import { http } from '@/shared/http';

/** The order endpoints (`/api/blade-sales/order/*`). */
export const ORDER_BASE = '/api/blade-sales/order';
/** The list's name: its query-cache key (`['crud', ORDER_LIST, …]`) and its export's file name. */
export const ORDER_LIST = 'sales-order';

/**
 * An order with its offer's lines and its trades. Cached under the list's key, as the engine's view caches
 * it, so that the list's refresh after a write refreshes this too.
 */
export const orderDetailQuery = (id: string) =>
  queryOptions({
    queryKey: ['crud', ORDER_LIST, 'detail', id],
    queryFn: () => http.get<OrderDetail>(`${ORDER_BASE}/detail`, { params: { id } }),
    staleTime: 0,
  });

/** Money moving on an order: a receipt or a refund (a trade), answered with the order as it now stands. */
export type TradeAction = 'receive' | 'refund';

export function useTrade(action: TradeAction) {
  return useMutation({
    mutationFn: (body: TradeBody) => http.post<OrderDetail>(`${ORDER_BASE}/${action}`, body),
  });
}

export function useCancelOrder() {
  return useMutation({
    mutationFn: (body: OrderCancelBody) => http.post<OrderView>(`${ORDER_BASE}/cancel`, body),
  });
}

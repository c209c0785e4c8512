import { queryOptions } from '@tanstack/react-query';
import type { FinanceDeskSummary } from '@forecourt/contracts/sales';
import { http } from '@/shared/http';

export type { FinanceDeskSummary };

export const financeDeskQuery = () =>
  queryOptions({
    queryKey: ['sales', 'finance-desk'],
    queryFn: () => http.get<FinanceDeskSummary>('/api/blade-sales/order/desk'),
  });

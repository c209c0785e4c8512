import { queryOptions } from '@tanstack/react-query';
import type { SalesDeskSummary } from '@forecourt/contracts/sales';
import { http } from '@/shared/http';

export type { SalesDeskSummary };

export const fetchSalesDesk = () => http.get<SalesDeskSummary>('/api/blade-sales/desk/summary');

export const salesDeskQuery = () =>
  queryOptions({ queryKey: ['sales', 'desk', 'summary'], queryFn: fetchSalesDesk });

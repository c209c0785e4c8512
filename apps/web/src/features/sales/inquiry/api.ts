import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InquiryDetail } from '@forecourt/contracts/sales';
import { http } from '@/shared/http';

const BASE = '/api/blade-sales/inquiry';

export interface Salesperson {
  id: string;
  name: string;
  account: string;
  onlineSales: boolean;
}
export interface Choice {
  value: string;
  label: string;
  children?: Choice[];
}

export const salespeopleQuery = () =>
  queryOptions({
    queryKey: ['sales', 'salespeople'],
    queryFn: () => http.get<Salesperson[]>(`${BASE}/salespeople`),
    staleTime: 60_000,
  });

/** The catalogue as a cascader (brand → series → model), the same list the customers' form offers. */
export const modelChoicesQuery = () =>
  queryOptions({
    queryKey: ['sales', 'modelChoices'],
    queryFn: () =>
      http.get<{ models: Choice[] }>('/api/blade-member/h5/inquiry-options').then((d) => d.models),
    staleTime: 300_000,
  });

export const inquiryDetailQuery = (id: string) =>
  queryOptions({
    queryKey: ['sales', 'inquiry', id],
    queryFn: () => http.get<InquiryDetail>(`${BASE}/detail`, { params: { id } }),
  });

type Action = 'assign' | 'transfer' | 'follow' | 'close';

/** One of the inquiry's actions; the list and the open detail refresh after it. */
export function useInquiryAction(action: Action) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => http.post(`${BASE}/${action}`, body),
    onSuccess: () =>
      qc
        .invalidateQueries({ queryKey: ['sales'] })
        .then(() => qc.invalidateQueries({ queryKey: ['crud', 'inquiry'] })),
  });
}

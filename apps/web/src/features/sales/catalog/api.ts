import { queryOptions } from '@tanstack/react-query';
import type { CatalogNode } from '@forecourt/contracts/sales';
import { http } from '@/shared/http';

export const CATALOG = '/api/blade-sales/catalog';

/** The catalogue tree brand → series → model, shared by every model picker (one read per minute at most). */
export const catalogTreeQuery = () =>
  queryOptions({
    queryKey: ['sales', 'catalog', 'tree'],
    queryFn: () => http.get<CatalogNode[]>(`${CATALOG}/tree`),
    staleTime: 60_000,
  });

/** Query keys a catalogue change makes stale (the pickers' tree). */
export const CATALOG_KEYS: unknown[][] = [['sales', 'catalog']];

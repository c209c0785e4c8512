import type { ComponentType } from 'react';
import type { FetchQueryOptions } from '@tanstack/react-query';

/** A query a page asks for as it opens, in the form `queryOptions(...)` gives. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any query's options, whatever its data
export type OpeningQuery = FetchQueryOptions<any, any, any, any>;

/**
 * A page's module: the page, and the queries it opens with (`opensWith`), which the workspace asks for as
 * soon as the page's code is in when the page is opened or reloaded directly (layout/prefetch), instead
 * of once the layout and the page have rendered. They must be the options the page's own `useQuery`
 * uses, with a `staleTime` that outlasts the moment until the page is drawn, so that the page takes the
 * answer instead of asking again (a query without one is stale at once, and asked for again on mount),
 * and `retryOnMount: false`, so that a failed answer is not asked for, shown and logged a second time.
 */
export interface PageModule {
  default: ComponentType;
  opensWith?: () => OpeningQuery[];
}

/**
 * How a feature declares a page in features/<f>/pages.ts. The type lives here, not beside the registry
 * (layout/registry), so that features never import the layer that collects them.
 */
export type PageLoader = () => Promise<PageModule>;

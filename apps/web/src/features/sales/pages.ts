import type { PageLoader } from '@/shared/page/loader';

/** The sales floor's pages (issue 24) at the paths of the menu catalog; one block per slice. */
export const pages: Record<string, PageLoader> = {
  // sales-offer
  '/fc/offer/index': () => import('./offer/OfferPage'),
};

import type { PageLoader } from '@/shared/page/loader';

/** Sales floor pages at the paths the menu catalog gives them (apps/server/src/modules/menu/catalog.ts). */
export const pages: Record<string, PageLoader> = {
  // sales-stock
  '/fc/resource/index': () => import('./resource/ResourcePage'),
  '/fc/catalog/index': () => import('./catalog/CatalogPage'),
  // sales-offer
  '/fc/offer/index': () => import('./offer/OfferPage'),
};

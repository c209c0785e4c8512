import type { PageLoader } from '@/shared/page/loader';

/** The customer list at the path the menu catalog gives it (apps/server/src/modules/menu/catalog.ts). */
export const pages: Record<string, PageLoader> = {
  '/member/index': () => import('./CustomerPage'),
};

import type { PageLoader } from '@/shared/page/loader';

/** The attachments page, at the path the menu catalog gives it (apps/server/src/modules/menu/catalog.ts). */
export const pages: Record<string, PageLoader> = {
  '/system/attach': () => import('./AttachPage'),
};

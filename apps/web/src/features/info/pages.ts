import type { PageLoader } from '@/shared/page/loader';

export const pages: Record<string, PageLoader> = {
  '/info/index': () => import('./InfoPage'),
};

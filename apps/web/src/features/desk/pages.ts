import type { PageLoader } from '@/shared/page/loader';

export const pages: Record<string, PageLoader> = {
  '/wel/index': () => import('./Workbench'),
  '/wel/dashboard': () => import('./Dashboard'),
  '/test/index': () => import('./TestPage'),
};

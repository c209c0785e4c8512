import type { PageLoader } from '@/app/registry';

export const pages: Record<string, PageLoader> = {
  '/info/index': () => import('./InfoPage'),
};

import type { PageLoader } from '@/app/registry';

export const pages: Record<string, PageLoader> = {
  '/myiframe/:routerPath': () => import('./IframePage'),
};

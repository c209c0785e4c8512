import type { PageLoader } from '@/shared/page/loader';

export const pages: Record<string, PageLoader> = {
  '/myiframe/:routerPath': () => import('./IframePage'),
};

import type { PageLoader } from '@/shared/page/loader';

/** The qiankun host (spec §2): /qiankun/micro?app=<name> or /qiankun/micro/<name>. */
export const pages: Record<string, PageLoader> = {
  '/qiankun/micro': () => import('./MicroHost'),
  '/qiankun/micro/:name': () => import('./MicroHost'),
};

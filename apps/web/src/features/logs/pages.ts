import type { PageLoader } from '@/shared/page/loader';

/** Monitoring → Logs, at the path the menu catalog gives it. */
export const pages: Record<string, PageLoader> = {
  '/monitor/dmt/log': () => import('./LogsPage'),
};

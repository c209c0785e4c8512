import type { PageLoader } from '@/shared/page/loader';

/** The notice log, at the path the menu catalog gives it. */
export const pages: Record<string, PageLoader> = {
  '/monitor/notice/notice_log': () => import('./NoticeLogPage'),
};

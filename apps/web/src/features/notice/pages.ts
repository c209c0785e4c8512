import type { PageLoader } from '@/shared/page/loader';
import { declared } from '@/shared/crud/declared';

/** The notice log and the notice templates, at the paths the menu catalog gives them. */
export const pages: Record<string, PageLoader> = {
  '/monitor/notice/notice_log': () => import('./NoticeLogPage'),
  '/monitor/notice/notice_template': declared(() => import('./templateDef').then((m) => m.templateDef)),
};

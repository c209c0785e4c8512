import type { PageLoader } from '@/shared/page/loader';

/** The sensitive-word filter and the risk diary, at the paths the menu catalog gives them. */
export const pages: Record<string, PageLoader> = {
  '/text-filter/index': () => import('./WordPage'),
  '/system/risk_diary': () => import('./DiaryPage'),
};

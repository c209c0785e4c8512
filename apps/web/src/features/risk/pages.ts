import type { PageLoader } from '@/shared/page/loader';
import { declared } from '@/shared/crud/declared';

/** The sensitive-word filter and the risk diary, at the paths the menu catalog gives them. */
export const pages: Record<string, PageLoader> = {
  '/text-filter/index': () => import('./WordPage'),
  '/system/risk_diary': declared(() => import('./diaryDef').then((m) => m.diaryDef)),
};

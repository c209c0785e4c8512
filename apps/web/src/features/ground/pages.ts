import type { PageLoader } from '@/shared/page/loader';
import { declared } from '@/shared/crud/declared';

/** The ground stores, at the path the menu catalog gives them. */
export const pages: Record<string, PageLoader> = {
  '/base/ground': declared(() => import('./groundDef').then((m) => m.groundDef)),
};

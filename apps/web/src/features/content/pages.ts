import type { PageLoader } from '@/shared/page/loader';
import { declared } from '@/shared/crud/declared';

/** Column-content publishing (栏目内容发布, docs/content.md) at the paths of the menu catalog. */
export const pages: Record<string, PageLoader> = {
  '/store/column/column': declared(() => import('./columnDef').then((m) => m.columnDef)),
  '/store/publish/PublishList': () => import('./PublishListPage'),
  // A hidden menu item: the article editor, `?id=` to change one.
  '/store/publish/ContentDetail': () => import('./ContentDetailPage'),
};

import type { PageLoader } from '@/shared/page/loader';
import { declared } from '@/shared/crud/declared';

/** Console pages at the paths the menu catalog gives them (apps/server/src/modules/menu/catalog.ts). */
export const pages: Record<string, PageLoader> = {
  '/system/menu': () => import('./MenuPage'),
  '/system/tenant': () => import('./TenantPage'),
  '/system/dept': declared(() => import('./deptDef').then((m) => m.deptDef)),
  '/system/role': () => import('./RolePage'),
  '/system/user': () => import('./UserPage'),
  '/system/region': declared(() => import('./regionDef').then((m) => m.regionDef)),
  '/system/zone': declared(() => import('./zoneDef').then((m) => m.zoneDef)),
  '/system/param': declared(() => import('./paramDef').then((m) => m.paramDef)),
};

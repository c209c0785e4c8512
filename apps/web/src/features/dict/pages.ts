import { createElement } from 'react';
import type { PageLoader } from '@/shared/page/loader';
import type { DictWorkbenchProps } from './DictWorkbench';

/** The dictionary pages: one workbench, the kind and layout each menu asks for. */
const workbench =
  (props: DictWorkbenchProps): PageLoader =>
  async () => {
    const { DictWorkbench } = await import('./DictWorkbench');
    const Page = () => createElement(DictWorkbench, props);
    return { default: Page };
  };

export const pages: Record<string, PageLoader> = {
  '/system/dict': workbench({ kind: 'dict', layout: 'drawer' }),
  '/system/dictbiz': workbench({ kind: 'dict-biz', layout: 'drawer' }),
  // The spec's name for the business dictionary page; the catalog's menu uses /system/dictbiz.
  '/system/dict-biz': workbench({ kind: 'dict-biz', layout: 'drawer' }),
  '/dict-horizontal/index': workbench({ kind: 'dict', layout: 'horizontal', switchable: true }),
  '/dict-vertical/index': workbench({ kind: 'dict', layout: 'vertical', switchable: true }),
};

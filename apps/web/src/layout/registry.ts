import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchPath } from 'react-router';
import type { PageLoader, PageModule } from '@/shared/page/loader';
import type { WorkbenchWidget } from '@/shared/page/widgets';
import { remembered } from './remembered';

/**
 * Menu path → page. Each feature folder declares its pages in features/<f>/pages.ts; menus from the
 * server become routes by looking their paths up here.
 */
const modules = import.meta.glob<{ pages: Record<string, PageLoader> }>('../features/*/pages.ts', {
  eager: true,
});
export const PAGES: Record<string, PageLoader> = Object.assign(
  {},
  ...Object.values(modules).map((m) => m.pages),
);

/** Workbench cards of the features (features/<f>/widgets.ts), in their order. */
const widgetModules = import.meta.glob<{ widgets: WorkbenchWidget[] }>('../features/*/widgets.ts', {
  eager: true,
});
export const WIDGETS: WorkbenchWidget[] = Object.values(widgetModules)
  .flatMap((m) => m.widgets)
  .sort((a, b) => (a.order ?? 0) - (b.order ?? 0));

/**
 * Each page's loader, remembering its module once in (preloaded, or drawn once), and its lazy component,
 * which draws a preloaded page in the first render instead of after a round of suspending (remembered.ts).
 */
const loaded = new Map<
  string,
  { load: () => Promise<PageModule>; Component: LazyExoticComponent<ComponentType> }
>();
function loadedPage(pattern: string, loader: PageLoader) {
  let page = loaded.get(pattern);
  if (!page) {
    const chunk = remembered(loader);
    page = { load: chunk.load, Component: lazy(() => chunk.lazy((m) => m)) };
    loaded.set(pattern, page);
  }
  return page;
}

export interface FoundPage {
  pattern: string;
  params: Record<string, string | undefined>;
  Component: LazyExoticComponent<ComponentType>;
}

/** The declared page a pathname opens: its pattern, loader and the path's params. */
function matchPage(pathname: string) {
  for (const [pattern, loader] of Object.entries(PAGES)) {
    const m = matchPath({ path: pattern, end: true }, pathname);
    if (m) return { pattern, loader, params: m.params };
  }
  return undefined;
}

export function findPage(pathname: string): FoundPage | undefined {
  const found = matchPage(pathname);
  if (!found) return undefined;
  const { pattern, loader, params } = found;
  const { Component } = loadedPage(pattern, loader);
  return { pattern, params, Component };
}

/**
 * Starts loading a page's code without drawing it (the browser keeps the module, so the page's lazy
 * component finds it in). A failed load is left to the page to show when it is drawn.
 */
export function preloadPage(pathname: string): Promise<PageModule | undefined> {
  const found = matchPage(pathname);
  return found
    ? loadedPage(found.pattern, found.loader)
        .load()
        .catch(() => undefined)
    : Promise.resolve(undefined);
}

/** Which menu pattern a pathname belongs to (menus may carry :params). */
export const matchesMenu = (pattern: string, pathname: string) =>
  Boolean(matchPath({ path: pattern, end: true }, pathname));

import type { ComponentType } from 'react';
import type { AnyRow, CrudDef } from './types';

/**
 * A page loader for a page that is only a declaration (features/<f>/pages.ts). pages.ts files are read
 * with the shell, so this file imports nothing: the engine is loaded with the page.
 */
export const declared =
  <R extends AnyRow>(load: () => Promise<CrudDef<R>>): (() => Promise<{ default: ComponentType }>) =>
  async () => {
    const [{ crudPage, preloadWidgets }, def] = await Promise.all([import('./crudPage'), load()]);
    // The page shows with its fields' widgets (loaded for what the declaration uses).
    await preloadWidgets(def.columns);
    return crudPage(def);
  };

import type { ComponentType } from 'react';
import { CrudTable } from './CrudTable';
import type { AnyRow, CrudDef } from './types';

export { preloadWidgets } from './widgets';

/** A console page that is nothing but its declaration. */
export function crudPage<R extends AnyRow>(def: CrudDef<R>): { default: ComponentType } {
  const Page = () => <CrudTable def={def} />;
  Page.displayName = `CrudPage(${def.name})`;
  return { default: Page };
}

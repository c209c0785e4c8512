import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * antd's Table loads its column-filter dropdown only when a column has one.
 *
 * Why: every list page brings antd's Table, and the Table imports its filter dropdown statically, with the
 * Tree it shows for `filterMode: 'tree'` (@rc-component/tree and antd's Tree: ~15 KB gzip of each page's
 * weight). The dropdown is drawn only for a column with `filters` or `filterDropdown`, which none of our
 * declared lists has today. This plugin puts a small module in its place: it keeps `flattenKeys` (the
 * Table's filter state uses it whether or not a column filters) and draws the real dropdown through
 * `React.lazy`, showing the column's title alone for the moment it loads. A page that declares a filter
 * gets antd's own dropdown, unchanged.
 *
 * Tied to antd's file layout (antd 6: `es/table/hooks/useFilter/index.js` imports `./FilterDropdown`);
 * `lazyTableFilter.test.ts` fails when that import is no longer there, so an upgrade cannot silently
 * bring the weight back or break the filter.
 */
const ID = '\0forecourt:lazy-table-filter';
const IMPORTER = /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]index\.js$/;

export function realFilterDropdown(): string {
  const require = createRequire(import.meta.url);
  const antd = path.dirname(require.resolve('antd/package.json'));
  return path.join(antd, 'es/table/hooks/useFilter/FilterDropdown.js');
}

/** The module that stands in for antd's FilterDropdown (exported for the test). */
export function standIn(real: string): string {
  return `import * as React from 'react';
const Real = React.lazy(() => import(${JSON.stringify(real)}));
export function flattenKeys(filters) {
  let keys = [];
  (filters || []).forEach(({ value, children }) => {
    keys.push(value);
    if (children) keys = keys.concat(flattenKeys(children));
  });
  return keys;
}
export default function FilterDropdown(props) {
  return React.createElement(React.Suspense, { fallback: props.children }, React.createElement(Real, props));
}
`;
}

export function lazyTableFilter(): Plugin {
  return {
    name: 'forecourt:lazy-table-filter',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './FilterDropdown' && importer && IMPORTER.test(importer)) return ID;
      return null;
    },
    load(id) {
      return id === ID ? standIn(realFilterDropdown()) : null;
    },
  };
}

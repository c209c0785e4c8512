// One lint setup for the whole repository (type-aware rules stay in `tsc`; this catches what tsc does not).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const root = import.meta.dirname;
const web = 'apps/web/src';

/**
 * The web app's layers, left to right: shared → features → layout → app (h5 is a second app entry).
 * An import may only point left-ward, and a feature never imports another feature: what two features
 * share moves to shared/, and features are put together by layout/ and app/ (docs/architecture.md).
 */
function webLayerZones() {
  const layer = (name, from, why) => ({
    target: `${web}/${name}`,
    from: from.map((f) => `${web}/${f}`),
    message: `${name}/ may not import ${from.map((f) => f + '/').join(', ')} (layers: shared → features → layout → app): ${why}`,
  });
  const features = readdirSync(path.join(root, web, 'features'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  return [
    layer('shared', ['features', 'layout', 'app', 'h5'], 'move what both need into shared/.'),
    layer('features', ['layout', 'app', 'h5'], 'move what the feature needs into shared/.'),
    layer('layout', ['app', 'h5'], 'move what the layout needs into shared/ or a feature.'),
    layer('app', ['h5'], 'the two entries share only shared/ and features/.'),
    layer('h5', ['app', 'layout'], 'the two entries share only shared/ and features/.'),
    ...features.map((f) => ({
      target: `${web}/features/${f}`,
      from: `${web}/features`,
      except: [`./${f}`],
      message: `features/${f} may not import another feature: move the shared part into shared/, or compose the two in layout/.`,
    })),
  ];
}

/** Exported for apps/web/src/layers.test.ts, which proves the rules fail on a wrong import. */
export const WEB_LAYER_FIXTURES = 'apps/web/test/layer-fixtures';

function freshSelectors() {
  const selector = `CallExpression[callee.name=/^use(Session|H5Session|Unread|Theme|Logs|Chat|Tabs)$/] > ArrowFunctionExpression.arguments:first-child`;
  const fresh = ':matches(ArrayExpression, ObjectExpression, NewExpression)';
  const derived =
    'CallExpression[callee.property.name=/^(map|filter|slice|concat|flatMap|flat|sort|toSorted|keys|values|entries)$/]';
  const message =
    'This store selector returns a new value on every call (a render loop under zustand 5): select the stored value and derive it outside, or use useShallow.';
  return [
    `${selector} > ${fresh}.body`,
    `${selector} > LogicalExpression.body > ${fresh}.right`,
    `${selector} > ConditionalExpression.body > ${fresh}`,
    `${selector} > ${derived}.body`,
    `${selector} > LogicalExpression.body > ${derived}`,
  ].map((s) => ({ selector: s, message }));
}

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'bench/reports/**',
      'e2e/.artifacts/**',
      // Deliberately wrong imports, linted only by apps/web/src/layers.test.ts.
      `${WEB_LAYER_FIXTURES}/**`,
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // A zustand (5) selector that builds a new array or object on every call makes React see a changed
      // store on every render and loop until it gives up (error #185): select the stored value itself, and
      // default or derive it outside the selector (or with useShallow).
      'no-restricted-syntax': ['error', ...freshSelectors()],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these, import-x reads no .ts module it follows, and no-cycle never sees a cycle.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: path.join(root, 'apps/web/tsconfig.json') }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: webLayerZones() }],
      // A cycle between modules is a layer violation the zones cannot see (inside one layer or feature).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The built server runs as a script compiled with `vm` (src/launch.ts), where an `import()` goes through
    // Node 20's experimental vm loader: a package is loaded on first use with importPackage, which imports
    // through the launcher. The server's own modules are bundled, so a relative `import()` is fine.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*.test.ts',
      'apps/server/src/platform/packages.ts',
      'apps/server/src/launch.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportExpression:not([source.type='Literal'][source.value=/^\\./])",
          message: 'Load a package on first use with importPackage (src/platform/packages.ts).',
        },
      ],
    },
  },
  {
    // antd's dialogs open in steps, and Playwright finds a button visible and still in the first one: a click
    // there presses it, and the release lands where it has moved from (a red packet's approval never sent).
    files: ['e2e/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name='click'][callee.object.callee.property.name='getByRole'][callee.object.callee.object.callee.name='dialog']",
          message:
            "Click a dialog's button with clickShown (e2e/support/helpers.ts), once the dialog is shown.",
        },
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: {
      globals: {
        TextEncoder: 'readonly',
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
      },
    },
  },
);

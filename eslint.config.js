// One lint setup for the whole repository (type-aware rules stay in `tsc`; this catches what tsc does not).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

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

import { createRequire } from 'node:module';
import MagicString from 'magic-string';
import type { ThemeConfig } from 'antd';
import type { Plugin } from 'vite';

/**
 * antd's component styles written at build time, loaded with the chunks that use the components (antd 6's
 * zero-runtime mode, `theme.zeroRuntime` in `shared/theme/themes.ts`).
 *
 * Why: at run time antd builds each component's style sheet in JavaScript (its style functions, then
 * stylis) the first time the component renders, and inserts it into the document. On the workbench that
 * was about a third of the main thread's script time, most of it inside the long tasks Lighthouse counts
 * at a phone's CPU. In zero-runtime mode antd skips it and expects the CSS to be there.
 *
 * What this plugin guarantees:
 * - **The CSS antd would build, selector for selector.** Every component is rendered once on the server
 *   side with antd's own `@ant-design/static-style-extract`, with antd's class hash (it depends on antd's
 *   version and prefix only, not on the theme) and CSS variables. A theme still works: its values are the
 *   variables, which antd still declares at run time for each theme (dark, compact, the colour, the
 *   component tokens); `antdStaticStyle.test.ts` shows every theme of ours gives the very same sheets.
 * - **Only what a page uses, with it.** Each of antd's style modules gets an import of its own sheet, so
 *   the sheet goes to the chunk that holds the component, and Vite loads it before the chunk runs. The
 *   sign-in page, which has no antd, loads none.
 * - **The same cascade as at run time.** antd inserted its sheets first in the document, so our rules won
 *   at the same specificity; the chunks' sheets arrive after ours, so they sit in the cascade layer
 *   `antd-static`, below every rule of ours. What antd still inserts at run time (its icons' reset) goes
 *   into the layer `antd`, declared below that (`StyleProvider layer` in `AntdScope.tsx`). antd put the
 *   icons' reset after every component's sheet; each sheet here ends with a copy of it for the same reason.
 * - **None of the style code shipped.** The style functions are replaced by empty ones in the bundle
 *   (`styleFunctions`), which drops them and what only they use: ~15 KB gzip off the workbench and off
 *   each page.
 * - **Nothing missed.** A style module that names a sheet the extraction did not produce fails the build
 *   (antd added a component, or renamed a style): a component without its styles would look broken.
 *
 * In the dev server antd is pre-bundled, so its modules never pass through this plugin: the shell's
 * common sheet then holds every component's.
 */

export const STYLE_ID = 'virtual:antd-style/';
const RESOLVED = '\0antd-style/';
/** The sheet every antd page needs: antd's reset for its components' roots, and the icons'. */
export const COMMON = 'common';
const COMMON_GROUPS = ['Shared', 'ant-design-icons'];
const LAYER = 'antd-static';
const ANTD_MODULE = /[\\/]node_modules[\\/]antd[\\/]es[\\/].+\.js$/;
const STYLE_CALL =
  /gen(?:StyleHooks|ComponentStyleHook|SubStyleComponent)\(\s*(?:\[\s*'([^']+)'\s*,\s*'([^']+)'\s*\]|'([^']+)')/g;

/**
 * The sheets a module of antd's registers, by the name antd's style cache files them under
 * (`['Badge', 'Ribbon']` → `Badge-Ribbon`, `'Button'` → `Button-Button`).
 */
export function styleGroups(code: string): string[] {
  const names = new Set<string>();
  for (const m of code.matchAll(STYLE_CALL)) names.add(m[3] ? `${m[3]}-${m[3]}` : `${m[1]}-${m[2]}`);
  return [...names];
}

type Node = { type: string; start: number; end: number; [key: string]: unknown };
const HOOK_MAKERS = new Set(['genStyleHooks', 'genComponentStyleHook', 'genSubStyleComponent']);

/**
 * Where a style module passes its style function to antd's hook makers (their second argument). In
 * zero-runtime mode the hook returns before calling it, so the build replaces it with one that returns
 * nothing, and the bundler drops the style code it alone used (the component tokens, the third argument,
 * stay: antd still declares them as CSS variables).
 */
export function styleFunctions(ast: Node): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object' || typeof (node as Node).type !== 'string') return;
    const n = node as Node;
    const callee = n.callee as Node | undefined;
    const styleFn = (n.arguments as Node[] | undefined)?.[1];
    if (
      n.type === 'CallExpression' &&
      callee?.type === 'Identifier' &&
      HOOK_MAKERS.has(callee.name as string) &&
      styleFn
    )
      found.push([styleFn.start, styleFn.end]);
    for (const key of Object.keys(n)) if (key !== 'type' && key !== 'start' && key !== 'end') visit(n[key]);
  };
  visit(ast);
  return found;
}

/** The import a style module gets for its sheets. */
export function withSheets(code: string, groups: string[]): string {
  return groups.map((g) => `import ${JSON.stringify(STYLE_ID + g + '.css')};\n`).join('') + code;
}

interface StyleCache {
  cache: Map<string, unknown>;
  extracted: Set<string>;
  updateTimes: Map<string, number>;
}

/**
 * Every component of antd rendered once, its sheets grouped by the name of the style hook that
 * registered them; `common` is the reset and the icons'. Each sheet in the cascade layer `antd-static`.
 * `theme` is for the test that shows the sheets do not depend on it.
 */
export function extractSheets(theme: ThemeConfig = {}): Map<string, string> {
  // CommonJS builds, loaded when the build asks: the dev server and the tests never pay for them.
  const require = createRequire(import.meta.url);
  const React = require('react') as typeof import('react');
  const { createCache, extractStyle, StyleProvider } =
    require('@ant-design/cssinjs') as typeof import('@ant-design/cssinjs');
  const { extractStyle: renderAll } =
    require('@ant-design/static-style-extract') as typeof import('@ant-design/static-style-extract');
  const { BackTop, ConfigProvider, Form, Pagination } = require('antd') as typeof import('antd');

  const cache = createCache() as unknown as StyleCache;
  const h = React.createElement;
  // What the extraction's own list leaves out: antd's BackTop (not its FloatButton's), a form item's own
  // sheet, and the pagination's for the wireframe token.
  const more = h(
    React.Fragment,
    null,
    h(BackTop),
    h(Form, null, h(Form.Item, null, h('input'))),
    h(ConfigProvider, { theme: { token: { wireframe: true } } }, h(Pagination, { total: 50 })),
  );
  renderAll((node) =>
    h(
      StyleProvider,
      { cache: cache as never },
      h(ConfigProvider, { theme: { ...theme, cssVar: {}, zeroRuntime: false } }, node, more),
    ),
  );

  const byGroup = new Map<string, string[]>();
  for (const key of cache.cache.keys()) {
    // `style%<hash>%<Component-Sub>%<prefix>…`
    const [kind, , name] = key.split('%');
    if (kind !== 'style' || !name) continue;
    const group = COMMON_GROUPS.includes(name) ? COMMON : name;
    byGroup.set(group, [...(byGroup.get(group) ?? []), key]);
  }
  const plain = (keys: string[]) =>
    extractStyle(
      {
        cache: new Map(keys.map((k) => [k, cache.cache.get(k)])),
        extracted: new Set(),
        updateTimes: cache.updateTimes,
      } as never,
      { plain: true, types: 'style' },
    )
      // The SSR hydration map antd appends: nothing reads it without SSR.
      .replace(/\.data-ant-cssinjs-cache-path\{content:"[^"]*";\}$/, '');
  // At run time antd puts the icons' reset after every component's sheet (its priority is the highest),
  // so at the same specificity the reset wins. Chunks' sheets arrive in any order; the reset follows
  // each component's sheet instead (repeated text, which gzip takes almost for free).
  const icons = plain((byGroup.get(COMMON) ?? []).filter((k) => k.includes('%ant-design-icons%')));
  const sheets = new Map<string, string>();
  for (const [group, keys] of byGroup)
    // The layers' order first: antd's own (what it still inserts at run time) below these sheets.
    sheets.set(group, `@layer antd,${LAYER};@layer ${LAYER}{${plain(keys)}${group === COMMON ? '' : icons}}`);
  return sheets;
}

export function antdStaticStyle(): Plugin {
  let sheets: Map<string, string> | undefined;
  let everything = false;
  let production = false;
  // Extracted once, when the build first asks for a sheet.
  const allSheets = () => (sheets ??= extractSheets());
  return {
    name: 'forecourt:antd-static-style',
    enforce: 'pre',
    configResolved(config) {
      // Vitest and the dev server never pass antd's own modules through plugins (pre-bundled, or not
      // styled at all in jsdom): there the common sheet is all of them.
      everything = config.command === 'serve';
      production = config.isProduction;
    },
    resolveId(source) {
      return source.startsWith(STYLE_ID) ? RESOLVED + source.slice(STYLE_ID.length) : null;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      if (process.env.VITEST) return '';
      const group = id.slice(RESOLVED.length).replace(/\.css$/, '');
      const all = allSheets();
      if (group === COMMON && everything) return [...all.values()].join('');
      const css = all.get(group);
      if (css === undefined) this.error(`antd's sheet "${group}" was not produced by the extraction`);
      // antd's class hash has another prefix in a development build: the sheets would match nothing.
      if (production && css.includes('.css-dev-only-'))
        this.error("antd's sheets were extracted in development mode for a production build");
      return css;
    },
    transform(code, id) {
      if (everything || !ANTD_MODULE.test(id) || !code.includes('Style')) return null;
      const groups = styleGroups(code);
      if (!groups.length) return null;
      const out = new MagicString(code);
      for (const [start, end] of styleFunctions(this.parse(code) as unknown as Node))
        out.overwrite(start, end, '() => []');
      out.prepend(withSheets('', groups));
      return { code: out.toString(), map: out.generateMap({ hires: true }) };
    },
  };
}

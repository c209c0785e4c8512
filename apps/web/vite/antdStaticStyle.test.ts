// @vitest-environment node
// (In jsdom antd would take the render for a browser's and keep no styles for extraction.)
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { parseAst } from 'rollup/parseAst';
import { describe, expect, it } from 'vitest';
import { THEMES } from '@/shared/theme/looks';
import { themeConfig } from '@/shared/theme/themes';
import { COMMON, extractSheets, styleFunctions, styleGroups } from './antdStaticStyle';

const require = createRequire(import.meta.url);
const antdEs = path.join(path.dirname(require.resolve('antd/package.json')), 'es');
const modules = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory()
        ? modules(path.join(dir, e.name))
        : e.name.endsWith('.js')
          ? [path.join(dir, e.name)]
          : [],
    );

describe("antd's styles written at build time", () => {
  const sheets = extractSheets();

  it('names the sheets a style module registers as antd files them', () => {
    expect(
      styleGroups("export default genStyleHooks('Button', (token) => [], prepareComponentToken);"),
    ).toEqual(['Button-Button']);
    expect(
      styleGroups("genStyleHooks(['Badge', 'Ribbon'], fn); genSubStyleComponent(['Tag', 'preset'], fn)"),
    ).toEqual(['Badge-Ribbon', 'Tag-preset']);
    expect(styleGroups('export const x = 1;')).toEqual([]);
  });

  it("has a sheet for every style hook in antd's ES build, and the reset and icons' in the common one", () => {
    const named = modules(antdEs).flatMap((file) => styleGroups(fs.readFileSync(file, 'utf8')));
    expect(named.length).toBeGreaterThan(80);
    expect(named.filter((g) => !sheets.has(g))).toEqual([]);
    expect(sheets.get('Button-Button')).toMatch(
      /:where\(\.css-(dev-only-do-not-override-)?[a-z0-9]+\)\.ant-btn\{/,
    );
    expect(sheets.get(COMMON)).toContain('.anticon{');
    // Every sheet in the build's layer, declared after antd's own run-time layer.
    for (const css of sheets.values())
      expect(css.startsWith('@layer antd,antd-static;@layer antd-static{')).toBe(true);
  });

  it('gives the same sheets for every theme of ours: a theme reaches them only through CSS variables', () => {
    const differing = THEMES.filter((name) => {
      const themed = extractSheets(themeConfig(name, '#e11d48'));
      return themed.size !== sheets.size || [...sheets].some(([g, css]) => themed.get(g) !== css);
    });
    expect(differing).toEqual([]);
    // And a theme does reach the extraction: a token antd writes into the sheets as a value (a screen width, not one of ours) changes them.
    const wider = extractSheets({ token: { screenLG: 1000, screenLGMin: 1000, screenMDMax: 999 } });
    expect([...sheets].filter(([g, css]) => wider.get(g) !== css).length).toBeGreaterThan(0);
  }, 60_000);

  it("replaces only the style function of a style module, keeping the component's tokens", () => {
    const code = fs.readFileSync(path.join(antdEs, 'button/style/index.js'), 'utf8');
    const found = styleFunctions(parseAst(code) as never);
    expect(found).toHaveLength(1);
    const [start, end] = found[0]!;
    const rest = code.slice(0, start) + '() => []' + code.slice(end);
    expect(rest).toMatch(/genStyleHooks\('Button', \(\) => \[\], prepareComponentToken/);
    expect(code.slice(start, end)).toContain('genSharedButtonStyle');
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's layers: platform/ (no business rules) is below modules/, and a module is used by the others only
 * through its index.ts, so what a module offers is the list in that file and its insides can change freely.
 * A test file may also use another module's testing.ts (sign-in helpers and the like, which pull in Vitest and
 * so must stay out of index.ts), and a platform test the whole module list (modules/index.ts).
 */

const src = path.resolve(import.meta.dirname, '../src');

/** Every TypeScript file under a folder, by its path relative to src, with its text. */
function readTree(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.ts$/.test(e.name) && !e.name.endsWith('.d.ts')) {
        files.set(path.relative(dir, p).split(path.sep).join('/'), fs.readFileSync(p, 'utf8'));
      }
    }
  };
  walk(dir);
  return files;
}

interface Import {
  from: string;
  to: string;
  /** Runs when the file loads: not `import type` / `export type` (erased) nor `import()` (runs later). */
  atLoad: boolean;
}

const stripComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/** The relative imports of each file (static, re-exports, side-effect and dynamic), resolved to src paths. */
function importsOf(files: Map<string, string>): Import[] {
  const out: Import[] = [];
  const statement =
    /(?:^|;|\n)\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?'([^']+)'|import\(\s*'([^']+)'\s*\)/g;
  for (const [file, text] of files) {
    for (const m of stripComments(text).matchAll(statement)) {
      const spec = m[3] ?? m[4]!;
      if (!spec.startsWith('.')) continue;
      const to = path.posix
        .normalize(path.posix.join(path.posix.dirname(file), spec))
        .replace(/\.js$/, '.ts');
      out.push({ from: file, to, atLoad: !m[2] && !m[4] });
    }
  }
  return out;
}

/** `modules/<m>/…` → m; anything else (platform, the app's own files, modules/index.ts) → null. */
const moduleOf = (file: string) => /^modules\/([^/]+)\/./.exec(file)?.[1] ?? null;
const isTest = (file: string) => /\.test\.ts$/.test(file) || file.endsWith('/testing.ts');

/** Every import that crosses a layer or a module boundary the wrong way, as `from → to: reason`. */
function violations(files: Map<string, string>): string[] {
  const found: string[] = [];
  for (const { from, to } of importsOf(files)) {
    // A platform test may check platform against the assembled modules (the generated schema's drift test).
    const wholeApp = isTest(from) && to === 'modules/index.ts';
    if (from.startsWith('platform/') && to.startsWith('modules/') && !wholeApp) {
      found.push(`${from} → ${to}: platform is below modules and imports none of them`);
      continue;
    }
    const target = moduleOf(to);
    if (!target || target === moduleOf(from)) continue;
    if (to === `modules/${target}/index.ts`) continue;
    if (to === `modules/${target}/testing.ts` && isTest(from)) continue;
    found.push(`${from} → ${to}: another module is used only through modules/${target}/index.ts`);
  }
  return found;
}

/** Cycles between modules through the imports that run when a file loads. */
function moduleCycles(files: Map<string, string>): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const { from, to, atLoad } of importsOf(files)) {
    const a = moduleOf(from);
    const b = moduleOf(to);
    if (!atLoad || isTest(from) || !a || !b || a === b) continue;
    edges.set(a, (edges.get(a) ?? new Set()).add(b));
  }
  const cycles: string[][] = [];
  const done = new Set<string>();
  const visit = (m: string, trail: string[]) => {
    const at = trail.indexOf(m);
    if (at >= 0) {
      cycles.push([...trail.slice(at), m]);
      return;
    }
    if (done.has(m)) return;
    for (const n of edges.get(m) ?? []) visit(n, [...trail, m]);
    done.add(m);
  };
  for (const m of [...edges.keys()].sort()) visit(m, []);
  return cycles;
}

describe('server import layers', () => {
  const files = readTree(src);

  it('reads the imports of the real source tree', () => {
    // Guards the walk itself: a regex that matched nothing would make the next tests pass on anything.
    const imports = importsOf(files);
    expect(imports.some((i) => i.from === 'app.ts' && i.to === 'modules/index.ts')).toBe(true);
    expect(imports.some((i) => i.from === 'modules/member/chat.ts' && i.to === 'modules/im/index.ts')).toBe(
      true,
    );
  });

  it('modules use each other only through index.ts, and platform uses no module', () => {
    expect(violations(files)).toEqual([]);
  });

  it('no two modules import each other, directly or around a loop', () => {
    expect(moduleCycles(files)).toEqual([]);
  });

  it('names a deep import, a platform file reaching up, and a cycle', () => {
    const fake = new Map([
      ['modules/a/index.ts', `export { x } from './x.js';\nimport '../b/index.js';`],
      ['modules/a/x.ts', `import {\n  y,\n} from '../b/y.js';\nexport const x = y;`],
      ['modules/a/x.test.ts', `import { signIn } from '../b/testing.js';`],
      ['modules/b/index.ts', `import type { T } from '../a/x.js';\nexport * from './y.js';`],
      ['modules/b/y.ts', `import { x } from '../a/index.js';\nexport const y = () => x;`],
      ['modules/b/lazy.ts', `export const z = async () => (await import('../a/x.js')).x;`],
      ['modules/b/testing.ts', `export const signIn = 1;`],
      ['modules/c/z.ts', `import { signIn } from '../b/testing.js';\n// import { x } from '../a/x.js';`],
      ['platform/p.ts', `import { y } from '../modules/b/index.js';`],
      ['platform/p.test.ts', `import { modules } from '../modules/index.js';`],
    ]);
    expect(violations(fake)).toEqual([
      'modules/a/x.ts → modules/b/y.ts: another module is used only through modules/b/index.ts',
      'modules/b/index.ts → modules/a/x.ts: another module is used only through modules/a/index.ts',
      'modules/b/lazy.ts → modules/a/x.ts: another module is used only through modules/a/index.ts',
      'modules/c/z.ts → modules/b/testing.ts: another module is used only through modules/b/index.ts',
      'platform/p.ts → modules/b/index.ts: platform is below modules and imports none of them',
    ]);
    expect(moduleCycles(fake)).toEqual([['a', 'b', 'a']]);
  });
});

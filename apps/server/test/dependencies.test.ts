import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../../..');

/** Every source file of a folder that ships (tests excluded). */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sources(p);
    return /\.(ts|tsx|mts)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** Runtime dependencies of a workspace that none of its shipped sources imports. */
function unused(workspace: string, roots: string[]): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(repo, workspace, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const text = roots
    .flatMap((r) => sources(path.join(repo, workspace, r)))
    .map((f) => fs.readFileSync(f, 'utf8'))
    .join('\n');
  return Object.keys(pkg.dependencies ?? {}).filter((name) => {
    const spec = name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    // import … from 'x', import('x'), require('x'), importPackage<…>('x') (src/platform/packages.ts) and
    // their subpaths ('x/browser').
    return !new RegExp(
      `(from\\s+|import\\s*\\(\\s*|require\\(\\s*|import\\s+|importPackage(<.*?>)?\\(\\s*)'${spec}(/[^']*)?'`,
    ).test(text);
  });
}

// One library per job: a dependency the shipped code never imports is a second library for a job that has
// one (zod beside TypeBox, exceljs beside write-excel-file) or dead weight in every install and audit.
describe('runtime dependencies', () => {
  it('the server imports every library it depends on', () => {
    expect(unused('apps/server', ['src'])).toEqual([]);
  });

  it('the web app imports every library it depends on (test-only libraries are dev dependencies)', () => {
    expect(unused('apps/web', ['src'])).toEqual([]);
  });
});

// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layer rules of eslint.config.js (shared → features → layout → app) catch a wrong import: each
 * fixture of apps/web/test/layer-fixtures (ignored by the normal lint run) is linted as if it sat in
 * the layer it names, with the repository's own config.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const fixtures = path.join(root, 'apps/web/test/layer-fixtures');
const eslint = new ESLint({ cwd: root, ignore: false });

async function lintAs(fixture: string, filePath: string) {
  const code = readFileSync(path.join(fixtures, fixture), 'utf8');
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'apps/web/src', filePath) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('web layers', { timeout: 60_000 }, () => {
  it('a shared file importing a feature is an error', async () => {
    const errors = await lintAs('shared-imports-feature.ts', 'shared/ui/wrong.ts');
    expect(errors).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*shared\/ may not import features\//),
    ]);
  });

  it('a feature importing another feature is an error, even by a relative path', async () => {
    const errors = await lintAs('feature-imports-feature.ts', 'features/desk/wrong.ts');
    expect(errors).toEqual([expect.stringMatching(/features\/desk may not import another feature/)]);
  });

  it('a feature importing the layout, and the layout importing the app, are errors', async () => {
    expect(await lintAs('feature-imports-layout.ts', 'features/auth/wrong.ts')).toEqual([
      expect.stringMatching(/features\/ may not import layout\//),
    ]);
    expect(await lintAs('layout-imports-app.ts', 'layout/wrong.ts')).toEqual([
      expect.stringMatching(/layout\/ may not import app\//),
    ]);
  });

  it('a feature importing shared is fine', async () => {
    expect(await lintAs('feature-imports-shared.ts', 'features/auth/right.ts')).toEqual([]);
  });

  it('two modules importing each other are an error', async () => {
    const [a] = await eslint.lintFiles([path.join(fixtures, 'cycle/a.ts')]);
    expect(a!.messages.map((m) => m.ruleId)).toEqual(['import-x/no-cycle']);
  });
});

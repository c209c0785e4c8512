// @vitest-environment node
import path from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// `npm run dev -w apps/web` once failed on every module ("Missing field `moduleType`", 2026-11-28): the
// React plugin, hoisted beside vitest's newer Vite, took that Vite's Rolldown hooks into this Vite's dev
// server. The build never runs those hooks, so only a dev server's transform shows it.
describe('the web dev server', () => {
  let server: ViteDevServer;
  beforeAll(async () => {
    server = await createServer({
      configFile: path.join(import.meta.dirname, '../vite.config.ts'),
      root: path.join(import.meta.dirname, '..'),
      logLevel: 'silent',
      server: { middlewareMode: true, ws: false },
      appType: 'custom',
      optimizeDeps: { noDiscovery: true, include: [] },
    });
  }, 60_000);
  afterAll(() => server?.close());

  it('serves a component module with React Refresh', async () => {
    const out = await server.transformRequest('/src/app/App.tsx');
    expect(out?.code).toContain('$RefreshSig$');
  }, 60_000);

  it('serves an antd style module with its sheet', async () => {
    const out = await server.transformRequest('/src/shared/theme/AntdScope.tsx');
    expect(out?.code).toMatch(/antd-style\/common\.css/);
  }, 60_000);
});

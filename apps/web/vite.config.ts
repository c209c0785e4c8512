import path from 'node:path';
import { build, defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { microDemo } from '../micro-demo/plugin';
import { lazyTableFilter } from './vite/lazyTableFilter';
import { narrowImports } from './vite/narrowImports';
import { antdStaticStyle } from './vite/antdStaticStyle';
import { routePreloads } from './vite/routePreloads';
import { EARLY_SHELL, EARLY_WORKBENCH, earlyScript } from './src/shared/http/early';
import { CLIENT_BASIC, HTTP_TIMEOUT } from './src/shared/http/constants';
import { SITE_KEY } from './src/shared/storage';

/** What every page of the signed-in app runs before it shows: the shell, its workspace and its chrome. */
const SHELL_MODULES = ['src/app/Shell.tsx', 'src/layout/Workspace.tsx', 'src/layout/Chrome.tsx'];
/** The script of a signed-in page's head that asks for its first screen's data beside its code. */
const early = (urls: string[]) => earlyScript(urls, SITE_KEY, CLIENT_BASIC, HTTP_TIMEOUT);

/** The shell. `npm run build` writes dist/, which the server serves at /. Dev server proxies the API. */
export default defineConfig({
  // microDemo: the sample micro-app of the qiankun host, built into dist/micro/demo.
  // routePreloads: app.html and wel.html, index.html naming the shell's (and the workbench's) chunks and
  // asking for their first screen's data; the server sends them for the signed-in app's routes
  // (apps/server/src/web-pages.ts).
  plugins: [
    react(),
    microDemo(build),
    lazyTableFilter(),
    narrowImports(),
    antdStaticStyle(),
    routePreloads('index.html', [
      { html: 'app.html', modules: SHELL_MODULES, script: early(EARLY_SHELL) },
      {
        html: 'wel.html',
        modules: [...SHELL_MODULES, 'src/features/desk/Workbench.tsx'],
        script: early([...EARLY_SHELL, ...EARLY_WORKBENCH]),
      },
    ]),
  ],
  // "@forecourt/source": workspace packages (the chat SDK) are bundled from their sources, never a stale build.
  resolve: {
    alias: { '@': path.resolve(import.meta.dirname, 'src') },
    conditions: ['@forecourt/source', ...defaultClientConditions],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/files': 'http://127.0.0.1:8080',
      '/ws': { target: 'ws://127.0.0.1:8080', ws: true },
      '/im': { target: 'ws://127.0.0.1:8080', ws: true },
    },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 2000,
    // dist/.vite/manifest.json: the chunk graph scripts/web-budget.mjs and the web bench weigh.
    manifest: true,
    // h5.html: the customers' mobile chat page (/h5/chat), a separate light entry.
    rollupOptions: {
      // The shared contracts (packages/contracts) are pure declarations: a module of theirs is bundled
      // only when the web uses one of its exports, so a page that reads a list of statuses does not bring
      // the wire schemas (typebox) or the money arithmetic (decimal.js) along; and typebox's builders
      // (`Type.Object(...)`) only build a value, so a schema the web never reads is left out (a constant
      // beside the schemas does not bring typebox).
      // React's `lazy(...)` only builds a value too. Without saying so, a module whose top level declares a
      // lazy component counts as having side effects, so a barrel that re-exports it (shared/pickers)
      // brings it, and what it imports, into every page that uses anything of the barrel: the map
      // address dialog (antd's Modal and Form) came with every page that showed a cascader. The check is
      // by name; no library the web bundles calls a function of its own named `lazy`.
      treeshake: {
        moduleSideEffects: (id) => !/[\\/]packages[\\/]contracts[\\/]src[\\/]/.test(id),
        manualPureFunctions: ['Type', 'lazy'],
      },
      input: {
        main: path.resolve(import.meta.dirname, 'index.html'),
        h5: path.resolve(import.meta.dirname, 'h5.html'),
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'vite/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
  },
});

import os from 'node:os';
import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * Workspace packages are tested from their TypeScript sources, never a stale build: packages/im-sdk exports
 * them under the "@forecourt/source" condition (Vitest's own server conditions otherwise, without "module").
 */
const sources = {
  ssr: {
    resolve: { conditions: ['@forecourt/source', ...defaultServerConditions.filter((c) => c !== 'module')] },
  },
};

/**
 * Server integration tests run twice: on embedded PGlite and on the PostgreSQL server
 * (TEST_DATABASE_URL, default the local server). Web unit tests run in jsdom.
 *
 * The server's files share a worker process and its loaded modules (`isolate: false`): each file loaded the
 * whole server anew, ~0.5 s of every file's time. Nothing of one file's reaches the next: each test app has
 * a database of its own (the harness), and test/setup.ts puts back spies and stubs after each file and
 * fails a file that leaves fake timers on. On two cores: server-pglite 216 → 122 s, server-postgres 133 s,
 * every test passing. The web's files keep a jsdom each (isolated).
 */
const serverTests = {
  root: 'apps/server',
  isolate: false,
  setupFiles: ['test/setup.ts'],
  include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  environment: 'node' as const,
  testTimeout: 60_000,
  hookTimeout: 120_000,
};

/**
 * React's scheduler may still run a task of an unmounted component after a file's jsdom is torn down; the
 * task reads `window.event` and throws "window is not defined". Both of react-dom's scheduled tasks do: the
 * render (`performWorkOnRootViaSchedulerTask`) and a commit's passive effects (a callback run by the
 * scheduler's `performWorkUntilDeadline`). The known sources (antd's static message and its motion timers)
 * are closed by the web setup (apps/web/src/test-setup.ts); this is the guard for any other such task,
 * which can only run when no test is running: exactly that error, thrown from react-dom code that React's
 * scheduler ran, is not counted. Any other unhandled error still fails the run.
 */
function isReactTaskAfterTeardown(error: { name?: string; message?: string; stack?: string }) {
  const stack = error.stack ?? '';
  return (
    error.name === 'ReferenceError' &&
    error.message === 'window is not defined' &&
    /react-dom/.test(stack) &&
    /performWorkOnRootViaSchedulerTask|performWorkUntilDeadline/.test(stack)
  );
}

export default defineConfig({
  test: {
    /**
     * One test file per core. Vitest's default in a run is one fewer than the cores, which on CI's two is one
     * file at a time: the server's files spend much of their time waiting on PostgreSQL, PGlite's disk or a
     * socket. On two cores the whole run went from 822 s to 609 s with every test passing, 436 s with the
     * server's files sharing a process (above; docs/architecture.md, "Tests").
     */
    maxWorkers: Math.max(2, os.availableParallelism()),
    onUnhandledError: (error) => !isReactTaskAfterTeardown(error),
    projects: [
      { ...sources, test: { ...serverTests, name: 'server-pglite', env: { TEST_DATABASE_URL: '' } } },
      {
        ...sources,
        test: {
          ...serverTests,
          name: 'server-postgres',
          env: {
            TEST_DATABASE_URL: process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
          },
        },
      },
      'apps/web',
      {
        ...sources,
        test: {
          name: 'packages',
          root: 'packages',
          include: ['*/src/**/*.test.ts', '*/test/**/*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
});

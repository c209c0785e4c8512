import { defineConfig } from 'vitest/config';

/**
 * Server integration tests run twice: on embedded PGlite and on the PostgreSQL server
 * (TEST_DATABASE_URL, default the local server). Web unit tests run in jsdom.
 */
const serverTests = {
  root: 'apps/server',
  include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  environment: 'node' as const,
  testTimeout: 60_000,
  hookTimeout: 120_000,
};

export default defineConfig({
  test: {
    projects: [
      { test: { ...serverTests, name: 'server-pglite', env: { TEST_DATABASE_URL: '' } } },
      {
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

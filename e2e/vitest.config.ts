import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * End-to-end: the built app (apps/server/dist + apps/web/dist) started as a real process, driven in
 * Debian's Chromium through playwright-core. One server runs with captcha mode off (most specs), one with
 * it on over the PostgreSQL server (the captcha spec reads the issued code there).
 */
export default defineConfig({
  ssr: {
    resolve: { conditions: ['@forecourt/source', ...defaultServerConditions.filter((c) => c !== 'module')] },
  },
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['specs/**/*.spec.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: 'forks',
  },
});

import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end: the built app (apps/server/dist + apps/web/dist) started as a real process, driven in
 * Debian's Chromium. One server runs with captcha mode off (most specs), one with it on over the
 * PostgreSQL server (the captcha spec reads the issued code there). They are started by globalSetup, not
 * `webServer`: each needs a fresh DATA_DIR, the captcha one a database of its own, and the demo password
 * it generated at first start is read back from that DATA_DIR.
 */
export default defineConfig({
  testDir: 'specs',
  testMatch: '**/*.spec.ts',
  globalSetup: './support/global-setup.ts',
  outputDir: path.join(import.meta.dirname, '.artifacts'),
  // One spec file at a time, one test at a time: the two servers, Chromium and the other test runs share
  // two cores, and several specs count badges or rows that parallel sessions would change.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 90_000,
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    locale: 'zh-CN',
    viewport: { width: 1400, height: 900 },
    // What playwright-core alone did: an action or navigation that hangs fails after 30 s, not at the test's end.
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});

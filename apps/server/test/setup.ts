import { afterAll, vi } from 'vitest';
import { checkAgainstPlugin } from '../src/platform/sql/kysely.js';

// Every statement the server's tests compile is compiled the way CamelCasePlugin did too (kysely.ts).
checkAgainstPlugin(true);

/**
 * The server's test files share a worker process (`isolate: false` in vitest.config.ts), so nothing a file
 * fakes may outlive it: fake timers left on fail the file that left them; spies, stubbed variables and
 * globals are put back before the next file.
 */
afterAll(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  if (vi.isFakeTimers()) {
    vi.useRealTimers();
    throw new Error('this file left fake timers on: later files in the same worker would run on them');
  }
});

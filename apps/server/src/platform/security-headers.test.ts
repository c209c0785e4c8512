import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbLabel, type TestApp } from '../../test/harness.js';
import { inlineScriptSources } from '../web-pages.js';

/** The web build's own inline scripts, allowed by their hashes (web-pages.ts); nothing else inline. */
const pageScripts = inlineScriptSources(path.resolve(import.meta.dirname, '../../../web/dist'));

/** Issue 21 item 12: every answer carries the security headers, the API's JSON and /api/docs too. */
describe(`security headers (${dbLabel})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each(['/api/blade-auth/oauth/captcha', '/api/docs', '/api/no-such-route', '/wel/index'])(
    'on %s',
    async (url) => {
      // app.html's and wel.html's (shared/http/early.ts).
      expect(pageScripts).toHaveLength(2);
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy'] ?? '');
      expect(csp).toMatch(/(^|;)\s*base-uri 'none'/);
      expect(csp).toMatch(/(^|;)\s*frame-ancestors 'self'/);
      expect(csp.match(/script-src ([^;]*)/)?.[1]?.trim()).toBe(
        ["'self'", "'unsafe-eval'", ...pageScripts].join(' '),
      );
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    },
  );
});

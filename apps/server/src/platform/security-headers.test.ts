import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbLabel, type TestApp } from '../../test/harness.js';

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
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy'] ?? '');
      expect(csp).toMatch(/(^|;)\s*base-uri 'none'/);
      expect(csp).toMatch(/(^|;)\s*frame-ancestors 'self'/);
      expect(csp.match(/script-src ([^;]*)/)?.[1]?.trim()).toBe("'self' 'unsafe-eval'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    },
  );
});

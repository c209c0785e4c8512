import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, dbLabel, tokenFor, type TestApp } from '../../test/harness.js';

describe(`route schemas compiled on first use (${dbLabel})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it("validates a route's first request as Fastify's own compiler does", async () => {
    const admin = await tokenFor(t, 'admin');
    const submit = (payload: object) =>
      call(t, admin, { method: 'POST', url: '/api/blade-system/param/submit', payload, lang: 'en' });
    const bad = await submit({ paramName: 'x', paramKey: 'lazy.first', paramValue: '1', isPublic: 2 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/isPublic/);
    const missing = await submit({ paramKey: 'lazy.first', paramValue: '1' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toMatch(/paramName/);
    const good = await submit({ paramName: 'x', paramKey: 'lazy.first', paramValue: '1', isPublic: 1 });
    expect(good.statusCode).toBe(200);
    // The answer goes through the route's response schema: only declared fields come out.
    const detail = await call(t, admin, { url: `/api/blade-system/param/detail?id=${good.json().data}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toMatchObject({ paramKey: 'lazy.first', paramValue: '1', isPublic: 1 });
  });

  it("every route's request and response schemas compile", () => {
    // Hundreds of validators and serializers were deferred at start; none may fail when its route is hit.
    expect(t.app.compileSchemas()).toBeGreaterThan(300);
    expect(t.app.compileSchemas()).toBe(0);
  });
});

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../src/config.js';
import { inlineScriptSources, webPageFor } from '../src/web-pages.js';
import { newId, setNodeId } from '../src/platform/ids.js';
import { PgliteDb } from '../src/platform/db/pglite.js';
import { PostgresDb } from '../src/platform/db/postgres.js';
import { call, createTestApp, dbLabel, onPostgres, tokenFor, type TestApp } from './harness.js';

/** Routes whose 200 answer is a file, an image or a spreadsheet rather than a JSON envelope. */
const NOT_JSON: string[] = ['GET /api/blade-sales/offer/pdf'];

/** The path of the first `additionalProperties: true` (or an object without declared fields) in a schema. */
function openObjectIn(schema: unknown, at = '$'): string | null {
  if (Array.isArray(schema)) {
    for (const [i, s] of schema.entries()) {
      const hit = openObjectIn(s, `${at}[${i}]`);
      if (hit) return hit;
    }
    return null;
  }
  if (!schema || typeof schema !== 'object') return null;
  const s = schema as Record<string, unknown>;
  if (s.additionalProperties === true) return at;
  if (s.type === 'object' && !s.properties && !s.additionalProperties && !s.patternProperties) return at;
  for (const [k, v] of Object.entries(s)) {
    const hit = openObjectIn(v, `${at}.${k}`);
    if (hit) return hit;
  }
  return null;
}

describe(`platform (${dbLabel})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('every API route declares its permission and its schema', () => {
    const api = t.app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
    expect(api.length).toBeGreaterThan(0);
    const missing = api.filter((r) => !r.permission).map((r) => `${String(r.method)} ${r.url}`);
    expect(missing).toEqual([]);
    const noSchema = api
      .filter((r) => !r.hasSchema && r.method !== 'HEAD')
      .map((r) => `${String(r.method)} ${r.url}`);
    expect(noSchema).toEqual([]);
  });

  it('every JSON route declares its 200 answer field by field, with no open object anywhere inside', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<
        string,
        Record<string, { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>
      >;
    };
    // Answers that are not JSON: files, images and spreadsheets the browser downloads or shows.
    const notJson = new Set(NOT_JSON);
    const missing: string[] = [];
    const open: string[] = [];
    let checked = 0;
    for (const [url, ops] of Object.entries(doc.paths)) {
      if (!url.startsWith('/api/') || url.startsWith('/api/docs')) continue;
      for (const [method, op] of Object.entries(ops)) {
        const name = `${method.toUpperCase()} ${url}`;
        if (notJson.has(name)) continue;
        const schema = op.responses?.['200']?.content?.['application/json']?.schema;
        checked++;
        if (!schema) missing.push(name);
        else if (openObjectIn(schema)) open.push(`${name}: ${openObjectIn(schema)}`);
      }
    }
    console.log(`answers checked: ${checked}, without a schema: ${missing.length}, open: ${open.length}`);
    expect(checked).toBeGreaterThan(100);
    expect(missing).toEqual([]);
    expect(open).toEqual([]);
  });

  it('serves the OpenAPI document at /api/docs/json', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
  });

  it('answers an unknown API route with a 404 envelope in the caller language', async () => {
    const res = await call(t, undefined, { url: '/api/nothing-here', lang: 'en' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404, success: false, msg: 'No such API: /api/nothing-here' });
  });

  it('refuses a request without a known client credential', async () => {
    const token = await tokenFor(t, 'admin');
    const res = await t.app.inject({
      url: '/api/blade-auth/oauth/user-info',
      headers: { 'blade-auth': `bearer ${token}` },
    });
    expect(res.statusCode).toBe(401);
  });

  it('sends the security headers (docs/web.md) on every kind of answer, a refusal and a 404 included', async () => {
    const token = await tokenFor(t, 'admin');
    const answers = [
      await call(t, token, { url: '/api/blade-system/menu/routes' }),
      await t.app.inject({
        url: '/api/blade-auth/oauth/user-info',
        headers: { 'blade-auth': `bearer ${token}` },
      }),
      await call(t, undefined, { url: '/api/nothing-here' }),
      await t.app.inject({ url: '/api/docs/json' }),
      await t.app.inject({ url: '/wel/index' }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 401, 404, 200, 200]);
    // The entry pages' own inline scripts, by their hashes (checked below, "the web app's entry pages").
    const pageScripts = inlineScriptSources(path.resolve(import.meta.dirname, '../../web/dist'));
    for (const r of answers) {
      expect(r.headers['content-security-policy']).toBe(
        `default-src 'self';base-uri 'none';script-src 'self' 'unsafe-eval' ${pageScripts.join(' ')};` +
          "style-src 'self' 'unsafe-inline';" +
          "img-src 'self' data: blob: https: http:;media-src 'self' data: blob: https: http:;font-src 'self' data:;" +
          "connect-src 'self';worker-src 'self' blob:;frame-src 'self' https: http:;frame-ancestors 'self';" +
          "object-src 'none';form-action 'self'",
      );
      expect(r.headers).toMatchObject({
        'x-frame-options': 'SAMEORIGIN',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'cross-origin-resource-policy': 'same-site',
      });
      expect(r.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('falls back to the web app for deep links, not for API paths', async () => {
    const res = await t.app.inject({ url: '/wel/index' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });

  it('serves the built web app: the root and deep links never cached, its files for a year, nothing else', async () => {
    const dist = path.resolve(import.meta.dirname, '../../web/dist');
    const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
    for (const url of ['/', '/sales/order?tab=1', '/h5/orders']) {
      const r = await t.app.inject({ url });
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['cache-control'], url).toBe('no-cache');
      expect(r.body, url).toMatch(/^<!doctype html>/i);
    }
    expect((await t.app.inject({ url: '/login' })).body).toBe(html);
    expect((await t.app.inject({ url: '/' })).body).toBe(
      fs.readFileSync(path.join(dist, 'wel.html'), 'utf8'),
    );
    expect((await t.app.inject({ method: 'HEAD', url: '/' })).statusCode).toBe(200);
    const asset = fs.readdirSync(path.join(dist, 'assets')).find((f) => f.endsWith('.js'))!;
    const file = await t.app.inject({ url: `/assets/${asset}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.body).toBe(fs.readFileSync(path.join(dist, 'assets', asset), 'utf8'));
    // A file that is not there, an unknown API path, a path out of the folder: the JSON 404 or a refusal.
    for (const url of [
      '/assets/missing.js',
      '/api/nope',
      '/..%2f..%2fpackage.json',
      '/assets/..%2f..%2fpackage.json',
    ]) {
      const r = await t.app.inject({ url });
      expect(r.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(r.body, url).not.toMatch(/"name":\s*"@forecourt/);
    }
  });

  describe("the web app's entry pages", () => {
    const dist = path.resolve(import.meta.dirname, '../../web/dist');
    const read = (page: string) => fs.readFileSync(path.join(dist, page), 'utf8');
    const preloaded = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);

    it('gives the workbench, the other signed-in pages and the pages outside the workspace their own page', () => {
      expect(['/', '/wel', '/wel/index', '/wel/index/?x=1'].map(webPageFor)).toEqual(
        Array(4).fill('wel.html'),
      );
      expect(['/sales/order?tab=1', '/system/user', '/welcome', '/wel/dashboard'].map(webPageFor)).toEqual(
        Array(4).fill('app.html'),
      );
      expect(['/login', '/login?redirect=%2Fwel', '/lock', '/403', '/404', '/500'].map(webPageFor)).toEqual(
        Array(6).fill('index.html'),
      );
      expect(webPageFor('/h5/chat')).toBe('h5.html');
    });

    it('knows every route the web router draws outside the workspace (a new one there needs its page here)', () => {
      const router = fs.readFileSync(
        path.resolve(import.meta.dirname, '../../web/src/app/router.tsx'),
        'utf8',
      );
      const routes = [...router.matchAll(/<Route path="([^"]+)"/g)].map((m) => m[1]!);
      expect(routes).toContain('*');
      for (const r of routes.filter((r) => r !== '*'))
        expect([r, webPageFor(r)]).toEqual([r, r === '/' || r === '/wel' ? 'wel.html' : 'index.html']);
    });

    it("sends each path its page, the workbench's naming every chunk of the shell and the workbench", async () => {
      for (const [url, page] of [
        ['/wel/index', 'wel.html'],
        ['/system/user', 'app.html'],
        ['/login', 'index.html'],
        ['/h5/chat', 'h5.html'],
      ] as const)
        expect((await t.app.inject({ url })).body, url).toBe(read(page));
      const manifest = JSON.parse(read('.vite/manifest.json')) as Record<
        string,
        { file: string; imports?: string[] }
      >;
      const closure = (keys: string[], seen = new Set<string>()): Set<string> => {
        for (const k of keys) if (!seen.has(k)) closure(manifest[k]?.imports ?? [], seen.add(k));
        return seen;
      };
      const loaded = [...closure(['index.html'])].map((k) => manifest[k]!.file);
      const chunkOf = (src: string) => `/${manifest[src]!.file}`;
      // The sign-in page asks for no more than its own chunks; the others ask for their chunks at once, each once.
      const own = preloaded(read('index.html'));
      expect(own.every((f) => loaded.includes(f!.slice(1)))).toBe(true);
      const wel = preloaded(read('wel.html')).filter((f) => !own.includes(f));
      const app = preloaded(read('app.html')).filter((f) => !own.includes(f));
      expect(new Set(wel).size).toBe(wel.length);
      expect(wel).toContain(chunkOf('src/app/Shell.tsx'));
      expect(wel).toContain(chunkOf('src/features/desk/Workbench.tsx'));
      expect(app).toContain(chunkOf('src/app/Shell.tsx'));
      expect(app).not.toContain(chunkOf('src/features/desk/Workbench.tsx'));
      expect(app.every((f) => wel.includes(f))).toBe(true);
      // Nothing the entry already loads is named again; every named file is in the build.
      for (const f of wel) {
        expect(loaded).not.toContain(f!.slice(1));
        expect(fs.existsSync(path.join(dist, f!))).toBe(true);
      }
    });

    it("allows the signed-in pages' own inline scripts by their hash, and no other inline script", async () => {
      const inline = (html: string) => [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
      // The workbench's page asks for the shell's data and its own; every other signed-in page, the shell's.
      const [wel] = inline(read('wel.html'));
      const [app] = inline(read('app.html'));
      expect(wel).toContain('/api/blade-desk/workbench');
      expect(app).toContain('/api/blade-auth/oauth/user-info');
      expect(app).not.toContain('/api/blade-desk/workbench');
      // The sign-in page and the customers' page, which a signed-out visitor sees, run nothing inline.
      expect(inline(read('index.html'))).toEqual([]);
      expect(inline(read('h5.html'))).toEqual([]);
      const csp = String((await t.app.inject({ url: '/wel/index' })).headers['content-security-policy']);
      const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src '))!;
      const hashes = [wel!, app!].map((s) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`);
      expect(scriptSrc.trim().split(/\s+/).sort()).toEqual(
        ['script-src', "'self'", "'unsafe-eval'", ...hashes].sort(),
      );
      expect(inlineScriptSources(path.join(dist, 'no-such-build'))).toEqual([]);
    });
  });
});

describe('configuration', () => {
  it('names the variable that has a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET/);
  });

  it('validates the chat settings with the rest, naming the variable', () => {
    expect(() => loadConfig({ IM_SEND_RATE: 'fast' })).toThrow(ConfigError);
    expect(() => loadConfig({ IM_SEND_RATE: 'fast' })).toThrow(/IM_SEND_RATE/);
    expect(() => loadConfig({ IM_KICK_POLICY: 'everyone' })).toThrow(/IM_KICK_POLICY: must be one of/);
    expect(loadConfig({ IM_TICKET_TTL: '60' }).IM_TICKET_TTL).toBe(60);
  });

  it('reads numbers and switches as before: whole numbers stay whole, on/off/true/false/1/0', () => {
    expect(() => loadConfig({ PORT: '80.5' })).toThrow(/PORT/);
    expect(loadConfig({ PORT: ' 81 ' }).PORT).toBe(81);
    expect(loadConfig({ IM_SEND_RATE: '0.5' }).IM_SEND_RATE).toBe(0.5);
    expect(loadConfig({ CAPTCHA_MODE: 'off', TRUST_PROXY: '1' })).toMatchObject({
      CAPTCHA_MODE: false,
      TRUST_PROXY: true,
    });
    expect(() => loadConfig({ CAPTCHA_MODE: 'maybe' })).toThrow(/CAPTCHA_MODE/);
    // A quiet node's collection (platform/memory.ts) is on unless switched off.
    expect(loadConfig({}).MEMORY_REDUCER).toBe(true);
    expect(loadConfig({ MEMORY_REDUCER: 'off' }).MEMORY_REDUCER).toBe(false);
    expect(() => loadConfig({ MEMORY_REDUCER: 'sometimes' })).toThrow(/MEMORY_REDUCER/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET: must be at least 32 characters/);
  });

  it('refuses a node number that does not fit in an id, and ids carry the one given', () => {
    expect(() => loadConfig({ NODE_ID: '2000' })).toThrow(/NODE_ID/);
    expect(() => loadConfig({ NODE_ID: 'seven' })).toThrow(/NODE_ID/);
    setNodeId(loadConfig({ NODE_ID: '37' }).NODE_ID!);
    expect(Number((BigInt(newId()) >> 12n) & 1023n)).toBe(37);
  });

  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(8080);
    expect(c.CAPTCHA_MODE).toBe(true);
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(c.RATE_LIMIT).toBe(true);
    expect(c.IM_SEND_BURST).toBe(30);
  });
});

describe('embedded database folder', () => {
  it('refuses a second open of the same data folder with a clear message and leaves it usable', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ft-lock-'));
    const first = await PgliteDb.open(dir);
    await first.exec('CREATE TABLE t (x int); INSERT INTO t VALUES (42)');
    await expect(PgliteDb.open(dir)).rejects.toThrow(/in use by another Forecourt process/);
    await first.close();
    const again = await PgliteDb.open(dir);
    expect(await again.one('SELECT x FROM t')).toEqual({ x: 42 });
    await again.close();
  });
});

// A PostgreSQL server that ends idle connections (a restart, an administrator) must not take the node down.
if (onPostgres)
  describe('database server connections', () => {
    it('survives the server ending its idle connections, and the next query gets a new one', async () => {
      const db = await PostgresDb.open(process.env.TEST_DATABASE_URL!, 2);
      try {
        const [first] = await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        const pid = first!.pid;
        const admin = await PostgresDb.open(process.env.TEST_DATABASE_URL!, 1);
        await admin.query('SELECT pg_terminate_backend($1)', [pid]);
        await admin.close();
        await new Promise((r) => setTimeout(r, 200));
        const [again] = await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        expect(again!.pid).not.toBe(pid);
      } finally {
        await db.close();
      }
    });
  });

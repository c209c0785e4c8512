import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dbLabel, testConfig, testDb } from '../../test/harness.js';
import { buildApp } from '../app.js';
import type { Db } from './db/index.js';
import { OpenApiCache, openApiKey } from './openapi-cache.js';

describe('the kept OpenAPI document', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-openapi-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const routes = ['GET /api/a', 'POST /api/b'];

  /** The document from a new node's cache, once what it made (if anything) is written. */
  const answer = async (file: string, build: string, r: string[], make: () => unknown) => {
    const c = new OpenApiCache(file, build);
    const json = await c.json(r, make);
    await c.saved;
    return json;
  };

  it('is made once, kept, and used again only by the same build with the same routes', async () => {
    const file = path.join(dir, 'kept.json');
    const make = vi.fn(() => ({ paths: { '/api/a': {} } }));
    const first = await answer(file, 'build-1', routes, make);
    expect(make).toHaveBeenCalledTimes(1);
    expect(JSON.parse(first)).toEqual({ paths: { '/api/a': {} } });
    expect(fs.existsSync(file)).toBe(true);

    const again = vi.fn(() => ({ other: true }));
    // The routes in another order are the same routes.
    expect(await answer(file, 'build-1', [...routes].reverse(), again)).toBe(first);
    expect(again).not.toHaveBeenCalled();

    expect(await answer(file, 'build-2', routes, again)).toBe('{"other":true}');
    expect(await answer(file, 'build-1', [...routes, 'GET /api/c'], again)).toBe('{"other":true}');
    expect(again).toHaveBeenCalledTimes(2);
    // What was made last is what is kept now.
    expect(await answer(file, 'build-1', [...routes, 'GET /api/c'], make)).toBe('{"other":true}');
    expect(make).toHaveBeenCalledTimes(1);
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('uses the document the build kept when the data folder has none for this build and these routes', async () => {
    const shipped = path.join(dir, 'shipped.json');
    fs.writeFileSync(shipped, `${openApiKey('build-1', routes)}\n{"from":"build"}`);
    const make = vi.fn(() => ({ made: true }));
    const fresh = () => path.join(fs.mkdtempSync(path.join(dir, 'data-')), 'openapi.json');

    const data = fresh();
    const first = new OpenApiCache(data, 'build-1', shipped);
    expect(await first.json([...routes].reverse(), make)).toBe('{"from":"build"}');
    await first.saved;
    expect(make).not.toHaveBeenCalled();
    expect(fs.existsSync(data)).toBe(false); // nothing to keep: the build's stays where it is

    // Made for another build or other routes, it is not this node's document.
    expect(await new OpenApiCache(fresh(), 'build-2', shipped).json(routes, make)).toBe('{"made":true}');
    expect(await new OpenApiCache(fresh(), 'build-1', shipped).json([...routes, 'GET /api/c'], make)).toBe(
      '{"made":true}',
    );
    expect(make).toHaveBeenCalledTimes(2);
    // Missing, it costs only the building.
    expect(await new OpenApiCache(fresh(), 'build-1', path.join(dir, 'none.json')).json(routes, make)).toBe(
      '{"made":true}',
    );
  });

  it('builds the document when the kept file is damaged or cannot be written, with the same answer', async () => {
    const damaged = path.join(dir, 'damaged.json');
    fs.writeFileSync(damaged, `${openApiKey('b', routes)}`); // the key and no newline, no document
    expect(await answer(damaged, 'b', routes, () => ({ ok: 1 }))).toBe('{"ok":1}');
    expect(await answer(damaged, 'b', routes, () => ({ ok: 'again' }))).toBe('{"ok":1}');
    const nowhere = path.join(dir, 'no-such-folder', 'kept.json');
    expect(await answer(nowhere, 'b', routes, () => ({ ok: 2 }))).toBe('{"ok":2}');
    expect(fs.existsSync(path.dirname(nowhere))).toBe(false);
  });

  it('tries again after a document that could not be made', async () => {
    const c = new OpenApiCache(path.join(dir, 'retry.json'), 'b');
    await expect(
      c.json(routes, () => {
        throw new Error('a schema the converter refuses');
      }),
    ).rejects.toThrow('a schema the converter refuses');
    expect(await c.json(routes, () => ({ second: true }))).toBe('{"second":true}');
    await c.saved;
  });

  it('makes the document once per node, for every request that asks at the same time', async () => {
    const make = vi.fn(() => ({ once: true }));
    const c = new OpenApiCache(path.join(dir, 'together.json'), 'b');
    const answers = await Promise.all([c.json(routes, make), c.json(routes, make), c.json(routes, make)]);
    await c.saved;
    expect(new Set(answers)).toEqual(new Set(['{"once":true}']));
    expect(make).toHaveBeenCalledTimes(1);
  });
});

describe(`/api/docs/json on a restart of the same build (${dbLabel})`, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-openapi-app-'));
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await testDb(testConfig({ DATA_DIR: dataDir })));
  });
  afterAll(async () => {
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async (env: Record<string, string> = {}, build: string | undefined = 'build-x') => {
    const app = await buildApp({
      config: testConfig({ DATA_DIR: dataDir, ...env }),
      db,
      ...(build && { build }),
    });
    await app.ready();
    return app;
  };

  it('answers the document the plugin makes, keeps it, and the next start answers it without making it', async () => {
    const first = await start();
    const made = await first.inject({ method: 'GET', url: '/api/docs/json' });
    await first.close();
    // Written by the time the node has stopped, however soon after its first answer.
    expect(fs.existsSync(path.join(dataDir, 'openapi.json'))).toBe(true);
    expect(made.statusCode).toBe(200);
    expect(made.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(made.json()).toEqual(JSON.parse(JSON.stringify(first.swagger())));
    expect(made.json().paths['/api/blade-auth/oauth/token']).toBeDefined();

    const second = await start();
    const swagger = vi.spyOn(second, 'swagger');
    const kept = await second.inject({ method: 'GET', url: '/api/docs/json' });
    expect(kept.statusCode).toBe(200);
    expect(kept.body).toBe(made.body);
    expect(swagger).not.toHaveBeenCalled();
    // The YAML and the page are the plugin's own, as before.
    expect((await second.inject({ method: 'GET', url: '/api/docs/yaml' })).body).toContain('openapi: 3');
    expect((await second.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
    await second.close();
  });

  it('is the same document under other settings, so build and routes decide it', async () => {
    const plain = await start({}, undefined);
    const other = await start(
      {
        RATE_LIMIT: 'true',
        CAPTCHA_MODE: 'true',
        SEED_DEMO: 'false',
        IM_GROUP_MAX_MEMBERS: '20',
        IM_SEND_RATE: '2',
        ACCESS_TOKEN_TTL: '600',
        STORAGE: 'local',
        TRUST_PROXY: 'true',
      },
      undefined,
    );
    expect(JSON.stringify(other.swagger())).toBe(JSON.stringify(plain.swagger()));
    await plain.close();
    await other.close();
  });
});

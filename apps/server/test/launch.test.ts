/**
 * The built server's launcher (src/launch.ts): each start says in its "ready" line what it found of V8's
 * code cache; a start that found none, or one V8 refused, leaves one at its exit; a start from the cache
 * serves as the others do, packages loaded on first use among it. The server is the BUILT one (dist/main.js), on PGlite: the cache is the same
 * whichever database the server uses, and PGlite's is the start the cache is for.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readBuildId } from '../src/build-id.js';
import { builtCacheOf, cacheFileOf } from '../src/platform/code-cache.js';
import { START_NODE_FLAGS } from '../node-flags.mjs';
import { BASIC, onPostgres } from './harness.js';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const main = path.join(dist, 'main.js');
// A stack-trace limit of this run's own: the cache is named by the flags, so no other start shares this one.
const NODE_OPTIONS = `--stack-trace-limit=${100 + randomInt(1_000_000)}`;
const cacheFile = () =>
  cacheFileOf(dist, readBuildId(dist), {
    version: process.version,
    arch: process.arch,
    execArgv: [],
    env: { NODE_OPTIONS },
  })!;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-launch-'));

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });

/** Starts the built server, waits for its "ready" line, asks it something, stops it; returns the line's codeCache. */
async function startAndStop(): Promise<string | undefined> {
  const port = await freePort();
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'DATABASE_URL'));
  const proc: ChildProcess = spawn(process.execPath, [main], {
    env: {
      ...base,
      NODE_OPTIONS,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ADMIN_PASSWORD: 'Admin#Launch2026',
      DEMO_PASSWORD: 'Demo#Launch2026',
      SEED_DEMO: 'false',
      CAPTCHA_MODE: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
  const t0 = Date.now();
  let ready: { codeCache?: string } | undefined;
  while (!ready) {
    if (proc.exitCode !== null) throw new Error(`the server stopped:\n${out}`);
    if (Date.now() - t0 > 90_000) throw new Error(`the server did not start within 90 s:\n${out}`);
    const line = out.split('\n').find((l) => l.includes('"msg":"ready"'));
    if (line) ready = JSON.parse(line) as { codeCache?: string };
    else await new Promise((r) => setTimeout(r, 50));
  }
  // A captcha: svg-captcha is a package loaded on first use, through the launcher's import (platform/packages.ts).
  const res = await fetch(`http://127.0.0.1:${port}/api/blade-auth/oauth/captcha`, {
    headers: { authorization: BASIC },
  });
  expect(res.status).toBe(200);
  const captcha = ((await res.json()) as { data: { key: string; image: string; enabled: boolean } }).data;
  expect(captcha.enabled).toBe(true);
  expect(captcha.image).toMatch(/^data:image\/svg\+xml/);
  proc.kill('SIGTERM');
  expect(await exited).toBe(0);
  expect(out).not.toMatch(/ExperimentalWarning|Error/);
  return ready.codeCache;
}

afterAll(() => {
  fs.rmSync(cacheFile(), { force: true });
  fs.rmSync(builtCacheOf(cacheFile()), { force: true });
  fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 10 });
});

// The built server's start on PGlite: the PostgreSQL project has nothing to add to it.
describe.skipIf(onPostgres)('the launcher’s code cache', () => {
  it('is made at the first exit, used by the next start, and made again when V8 refuses it', async () => {
    expect(fs.existsSync(cacheFile())).toBe(false);
    expect(await startAndStop()).toBe('missing');
    const made = fs.statSync(cacheFile());
    expect(made.size).toBeGreaterThan(100_000);

    expect(await startAndStop()).toBe('used');
    // A cache that was used is not written again (a write renames a new file over it), only marked as used.
    const used = fs.statSync(cacheFile());
    expect(used.ino).toBe(made.ino);
    expect(used.mtimeMs).toBeGreaterThan(made.mtimeMs);

    fs.writeFileSync(cacheFile(), Buffer.alloc(made.size, 7));
    expect(await startAndStop()).toBe('rejected');
    const again = fs.readFileSync(cacheFile());
    expect(again.equals(Buffer.alloc(made.size, 7))).toBe(false);

    expect(await startAndStop()).toBe('used');
    // Nothing half-written is left beside it.
    expect(fs.readdirSync(path.dirname(cacheFile())).filter((f) => f.endsWith('.tmp'))).toEqual([]);

    // A new install's: none of its own yet, and the build's of the same name, which it uses and leaves.
    const built = builtCacheOf(cacheFile());
    fs.renameSync(cacheFile(), built);
    const before = fs.statSync(built);
    expect(await startAndStop()).toBe('used');
    expect(fs.existsSync(cacheFile())).toBe(false);
    expect(fs.statSync(built).mtimeMs).toBe(before.mtimeMs);
  }, 240_000);

  it('comes with the build for a start with no Node flags and for npm start’s, beside the OpenAPI document', () => {
    const build = readBuildId(dist);
    for (const execArgv of [[], START_NODE_FLAGS]) {
      const file = cacheFileOf(dist, build, {
        version: process.version,
        arch: process.arch,
        execArgv,
        env: {},
      });
      expect(fs.statSync(builtCacheOf(file!)).size).toBeGreaterThan(1_000_000);
    }
    const [key, document] = fs.readFileSync(path.join(dist, 'openapi.json'), 'utf8').split(/\n(.*)/s);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect((JSON.parse(document!) as { paths: object }).paths).toHaveProperty([
      '/api/blade-auth/oauth/token',
    ]);
  });
});

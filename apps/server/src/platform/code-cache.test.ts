import fs from 'node:fs';
import os from 'node:os';
import { createRequire, Module } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { cacheFileOf, pruneCaches, readCache, wrappedSource, type Runtime } from './code-cache.js';

const runtime: Runtime = { version: 'v20.20.2', arch: 'x64', execArgv: [], env: {} };

// V8 takes a code cache only under the Node and the flags it was made with, and checks the source by its
// length alone: each of these must name a cache of its own, or a start would be offered one that V8
// refuses, or worse, another build's code of the same length.
describe('cacheFileOf', () => {
  it('names one file for one build under one Node and one set of flags, in the bundle’s code-cache folder', () => {
    const file = cacheFileOf('/srv/dist', 'build-1', runtime);
    expect(path.dirname(file!)).toBe(path.join('/srv/dist', 'code-cache'));
    expect(cacheFileOf('/srv/dist', 'build-1', { ...runtime, execArgv: [] })).toBe(file);
  });

  it('names another file for another build, Node, architecture, command line, NODE_OPTIONS or database', () => {
    const base = cacheFileOf('/srv/dist', 'build-1', runtime);
    const others = [
      cacheFileOf('/srv/dist', 'build-2', runtime),
      cacheFileOf('/srv/dist', 'build-1', { ...runtime, version: 'v20.20.3' }),
      cacheFileOf('/srv/dist', 'build-1', { ...runtime, arch: 'arm64' }),
      cacheFileOf('/srv/dist', 'build-1', { ...runtime, execArgv: ['--max-semi-space-size=64'] }),
      cacheFileOf('/srv/dist', 'build-1', { ...runtime, env: { NODE_OPTIONS: '--stack-size=2000' } }),
      // PGlite's WebAssembly tiering flag is set only without DATABASE_URL (src/wasm-tiering.ts).
      cacheFileOf('/srv/dist', 'build-1', { ...runtime, env: { DATABASE_URL: 'postgres://x/y' } }),
    ];
    expect(new Set([base, ...others]).size).toBe(others.length + 1);
  });

  it('names none without a build id: a cache checked by the source’s length alone is not offered', () => {
    expect(cacheFileOf('/srv/dist', undefined, runtime)).toBeUndefined();
  });
});

describe('the cache folder', () => {
  const folder = () => fs.mkdtempSync(path.join(os.tmpdir(), 'code-cache-'));
  const make = (dir: string, name: string, minutesAgo: number) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, name);
    const t = new Date(Date.now() - minutesAgo * 60_000);
    fs.utimesSync(file, t, t);
    return file;
  };

  it('keeps the four caches last made or used and removes the older ones', () => {
    const dir = folder();
    for (let i = 0; i < 7; i++) make(dir, `server-${i}.bin`, i * 5);
    pruneCaches(dir);
    expect(fs.readdirSync(dir).sort()).toEqual([
      'server-0.bin',
      'server-1.bin',
      'server-2.bin',
      'server-3.bin',
    ]);
  });

  it('counts a cache read as used: an old cache read again outlives newer ones not used since', () => {
    const dir = folder();
    const old = make(dir, 'server-old.bin', 60);
    for (let i = 0; i < 4; i++) make(dir, `server-${i}.bin`, i + 1);
    expect(readCache(old)?.toString()).toBe('server-old.bin');
    pruneCaches(dir);
    expect(fs.readdirSync(dir)).toContain('server-old.bin');
    expect(fs.readdirSync(dir)).not.toContain('server-3.bin');
  });

  it('removes a temporary file a dead writer left, not one being written now', () => {
    const dir = folder();
    make(dir, 'server-a.bin.123.tmp', 30);
    make(dir, 'server-b.bin.456.tmp', 0);
    pruneCaches(dir);
    expect(fs.readdirSync(dir)).toEqual(['server-b.bin.456.tmp']);
  });

  it('reads no cache where there is none, or without a file name', () => {
    const dir = folder();
    expect(readCache(path.join(dir, 'server-none.bin'))).toBeUndefined();
    expect(readCache(undefined)).toBeUndefined();
  });
});

// The cache was made from `Module.wrap` of the file's text, and V8 checks a cache by the source's length
// alone: the text read another way must be the same to the character, or a start compiles the wrong code.
describe('wrappedSource', () => {
  const file = (text: string | Buffer) => {
    const f = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'wrapped-')), 'server.cjs');
    fs.writeFileSync(f, text);
    return f;
  };
  const wrapped = (f: string) => Module.wrap(fs.readFileSync(f, 'utf8'));

  it('is the text Module.wrap gives, for an ASCII bundle as the build writes it', () => {
    const f = file('"use strict";\nmodule.exports.answer = require("node:path").sep + __filename;\n');
    expect(wrappedSource(f)).toBe(wrapped(f));
    const run = new vm.Script(wrappedSource(f)).runInThisContext() as (...a: unknown[]) => void;
    const m = { exports: {} as { answer?: string } };
    run(m.exports, createRequire(import.meta.url), m, '/x/server.cjs', '/x');
    expect(m.exports.answer).toBe(`${path.sep}/x/server.cjs`);
  });

  it('is the same for a file that is not ASCII: a two-byte character, an astral one, a stray byte', () => {
    for (const text of [
      'const city = "市辖区";',
      'const smile = "\u{1F600}";',
      Buffer.from([0x61, 0xe9, 0x62]),
    ]) {
      const f = file(text);
      expect(wrappedSource(f)).toBe(wrapped(f));
    }
  });

  it('is the same for an empty file and for one larger than a read', () => {
    for (const text of ['', 'x'.repeat(3 << 20)]) {
      const f = file(text);
      expect(wrappedSource(f)).toBe(wrapped(f));
    }
  });
});

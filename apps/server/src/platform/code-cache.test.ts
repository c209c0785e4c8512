import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheFileOf, type Runtime } from './code-cache.js';

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

/**
 * dist/main.js, the built server's entry: runs the bundled server (dist/server.cjs, from src/server.ts)
 * compiled from V8's code cache.
 *
 * Node 20 keeps no compile cache of its own (`module.enableCompileCache` is Node 22's), so every start
 * parsed the whole bundle and compiled each function the start ran, one by one, on the main thread that
 * PGlite's start needs too (docs/bench.md, twenty-third session). The guarantees:
 * - **Whole.** The cache is made by `Script.createCachedData()` when a process that started the server
 *   exits, so it holds the functions the start and the requests compiled, not only the top level.
 * - **Only where it fits.** V8 takes a cache only under the Node and the flags it was made with, and
 *   checks the source by its length alone. A cache's file is named by the build's id, Node's version and
 *   architecture and the flags (the command line's, NODE_OPTIONS', and the WebAssembly tiering set below,
 *   before compiling). No build id, no cache. A cache V8 refuses is made again.
 * - **Harmless.** In dist/code-cache/, which the next build clears and which keeps the four caches last
 *   made or used (platform/code-cache.ts); written to a temporary file and renamed, so processes starting
 *   side by side never read half a file. Where it cannot be read or written the server starts as it
 *   would without it.
 * - **A new install's first start has one.** The build starts the server once itself, with no Node flags
 *   and with `npm start`'s, and keeps the caches those starts made in dist/code-cache-build/ (tsup.config.ts):
 *   a start that finds none of its own uses the build's.
 * - **Stack traces name the TypeScript sources**, as `--enable-source-maps` would; Node maps no script
 *   compiled with `vm`, so the launcher maps the bundle's frames itself. The map is read with the first
 *   stack trace that needs it (~0.2 s, once), not at every start as Node does. Given
 *   `--enable-source-maps`, the bundle is loaded by Node's `require` instead, without a cache.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { LAUNCHER_CODE_CACHE, LAUNCHER_IMPORT, type CodeCacheState } from './platform/packages.js';
import { builtCacheOf, cacheFileOf, keepAtExit, readCache, wrappedSource } from './platform/code-cache.js';
import { mapStackTraces } from './platform/stack-map.js';
import { tuneWasmTiering } from './wasm-tiering.js';
import { readBuildId } from './build-id.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const bundle = path.join(here, 'server.cjs');

/** What the bundle exports (src/server.ts). */
interface Server {
  started: Promise<void>;
}

tuneWasmTiering(process.env.DATABASE_URL);

if (process.sourceMapsEnabled) {
  createRequire(import.meta.url)(bundle);
} else {
  mapStackTraces(bundle);
  const file = cacheFileOf(here, readBuildId(here));
  // This machine's cache first: one made after V8 refused the build's (another CPU, say) replaces it.
  const cachedData = readCache(file) ?? (file ? readCache(builtCacheOf(file), false) : undefined);
  const script = new vm.Script(wrappedSource(bundle), {
    filename: bundle,
    ...(cachedData && { cachedData }),
  });
  const cache: CodeCacheState = !file
    ? 'none'
    : !cachedData
      ? 'missing'
      : script.cachedDataRejected
        ? 'rejected'
        : 'used';
  const shared = globalThis as {
    [LAUNCHER_IMPORT]?: (specifier: string) => Promise<unknown>;
    [LAUNCHER_CODE_CACHE]?: CodeCacheState;
  };
  // The bundle's `importPackage` (platform/packages.ts) imports through this module: Node's own `import()`.
  shared[LAUNCHER_IMPORT] = (specifier) => import(specifier);
  shared[LAUNCHER_CODE_CACHE] = cache; // for the "ready" log line
  const module = { exports: {} as Partial<Server> };
  (script.runInThisContext() as (...args: unknown[]) => void)(
    module.exports,
    createRequire(bundle),
    module,
    bundle,
    here,
  );
  if (file && cache !== 'used') void module.exports.started?.then(() => keepAtExit(script, file));
}

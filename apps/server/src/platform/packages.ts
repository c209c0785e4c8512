/**
 * Packages the server loads on first use, not at its start (docs/architecture.md "Start"): every dynamic
 * import of a package goes through `importPackage` (lint holds it).
 *
 * The built server is one CommonJS bundle, which dist/main.js compiles from V8's code cache (src/launch.ts)
 * with Node's `vm`. An `import()` inside code compiled that way goes through the vm module's loader, still
 * experimental in Node 20: it needs a flag, or prints an ExperimentalWarning at its first use. So the
 * launcher lends the bundle its own `import()` under `LAUNCHER_IMPORT`. Run from the sources (tsx, Vitest)
 * there is no launcher, and this module's own `import()` is used: the same resolution either way, from the
 * server's folder. The launcher's other word to the bundle is what it found of the code cache.
 */
export const LAUNCHER_IMPORT = Symbol.for('forecourt.launcher.import');

type Importer = (specifier: string) => Promise<unknown>;

export function importPackage<T>(specifier: string): Promise<T> {
  const launcher = (globalThis as { [LAUNCHER_IMPORT]?: Importer })[LAUNCHER_IMPORT];
  return (launcher ? launcher(specifier) : import(specifier)) as Promise<T>;
}

/** The launcher's code cache at this start: used, missing (made at exit), refused by V8 (made again), none. */
export type CodeCacheState = 'used' | 'missing' | 'rejected' | 'none';
export const LAUNCHER_CODE_CACHE = Symbol.for('forecourt.launcher.codeCache');

/** What the launcher found, for the "ready" log line; undefined when run from the sources. */
export function codeCacheState(): CodeCacheState | undefined {
  return (globalThis as { [LAUNCHER_CODE_CACHE]?: CodeCacheState })[LAUNCHER_CODE_CACHE];
}

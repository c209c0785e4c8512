import { isAscii } from 'node:buffer';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { Module } from 'node:module';
import path from 'node:path';
import type vm from 'node:vm';

/** What V8 checks a code cache against, beside the source: Node and its flags. */
export interface Runtime {
  version: string;
  arch: string;
  execArgv: readonly string[];
  env: { NODE_OPTIONS?: string; DATABASE_URL?: string };
}

/**
 * The launcher's code cache file for the bundle in `dir` (src/launch.ts): named by the build's id and by
 * all that V8 takes a cache under, so that a cache is only ever offered where it fits. V8 checks the
 * source by its length alone: without a build id there is no cache. The flags are the command line's,
 * NODE_OPTIONS' and the WebAssembly tiering the launcher sets without DATABASE_URL (src/wasm-tiering.ts).
 */
export function cacheFileOf(
  dir: string,
  buildId: string | undefined,
  rt: Runtime = process,
): string | undefined {
  if (!buildId) return undefined;
  const key = createHash('sha256')
    .update(
      JSON.stringify([
        buildId,
        rt.version,
        rt.arch,
        rt.execArgv,
        rt.env.NODE_OPTIONS ?? '',
        rt.env.DATABASE_URL ? 'wasm-default' : 'wasm-tiering',
      ]),
    )
    .digest('hex')
    .slice(0, 24);
  return path.join(dir, 'code-cache', `server-${key}.bin`);
}

/** Where the build keeps the caches it made (tsup.config.ts), beside the build's own `code-cache/`. */
export const BUILT_CACHES = 'code-cache-build';

/**
 * The cache of the same name that the build made, by a first start of its own (tsup.config.ts): what a new
 * install's first start uses, before any start of its own has made one.
 */
export const builtCacheOf = (file: string): string =>
  path.join(path.dirname(path.dirname(file)), BUILT_CACHES, path.basename(file));

/**
 * The bundle's text inside Node's CommonJS wrapper, as `Module.wrap(fs.readFileSync(file, 'utf8'))` gives
 * it and as the cache was made from, but read into one buffer between the wrapper's two parts and decoded
 * once: `Module.wrap` joins two strings that V8 copies again, whole, to compile them, 4 MB more memory
 * touched at every start (~1,000 page faults, ~18 µs each on the slower machines). The build keeps the
 * bundle ASCII (tsup.config.ts), which latin1 decodes exactly; a file that is not is decoded as UTF-8.
 */
export function wrappedSource(file: string): string {
  // The wrapper's two parts, from what Module.wrap puts around a marker: Node's, not a copy of them.
  const [head = '', tail = ''] = Module.wrap('\0').split('\0');
  const fd = fs.openSync(file, 'r');
  let buf: Buffer;
  let end: number;
  try {
    const stop = head.length + fs.fstatSync(fd).size;
    buf = Buffer.allocUnsafeSlow(stop + tail.length);
    end = buf.write(head, 0, 'latin1');
    while (end < stop) {
      const n = fs.readSync(fd, buf, end, stop - end, null);
      if (n === 0) break; // the file shrank meanwhile
      end += n;
    }
  } finally {
    fs.closeSync(fd);
  }
  const text = buf.subarray(head.length, end);
  if (!isAscii(text)) return Module.wrap(text.toString('utf8'));
  end += buf.write(tail, end, 'latin1');
  return buf.toString('latin1', 0, end);
}

/** Cache files kept in a build's folder: each Node and flag set that starts the build makes one (~4 MB). */
export const KEEP_CACHES = 4;
/** A temporary file this old was left by a process that died while writing it. */
const STALE_TEMPORARY_MS = 10 * 60_000;

/**
 * The cache, marked as used now (its time is what the folder's bound keeps the newest by); a cache the
 * build made (`mark` false) is never pruned, and its file is the build's.
 */
export function readCache(file: string | undefined, mark = true): Buffer | undefined {
  if (!file) return undefined;
  let data: Buffer;
  try {
    data = fs.readFileSync(file);
  } catch {
    return undefined;
  }
  if (!mark) return data;
  try {
    const now = new Date();
    fs.utimesSync(file, now, now);
  } catch {
    // read-only: used all the same
  }
  return data;
}

/**
 * Keeps the `keep` caches last made or used in the folder and removes the rest, and temporary files left
 * by a process that died while writing. A start under flags no longer used would otherwise leave its
 * cache there until the next build.
 */
export function pruneCaches(folder: string, keep = KEEP_CACHES, now = Date.now()): void {
  const caches: { file: string; time: number }[] = [];
  for (const name of fs.readdirSync(folder)) {
    const file = path.join(folder, name);
    let time: number;
    try {
      time = fs.statSync(file).mtimeMs;
    } catch {
      continue; // removed meanwhile by another process
    }
    if (name.endsWith('.bin')) caches.push({ file, time });
    else if (name.endsWith('.tmp') && now - time > STALE_TEMPORARY_MS) fs.rmSync(file, { force: true });
  }
  caches.sort((a, b) => b.time - a.time);
  for (const { file } of caches.slice(keep)) fs.rmSync(file, { force: true });
}

/**
 * Writes the script's cache when the process exits: what it compiled by then (the start, the requests) is
 * in it. Through a temporary file and a rename, so that a process starting meanwhile reads a whole file or
 * none; a folder that cannot be written leaves the next start to compile as this one did.
 */
export function keepAtExit(script: vm.Script, file: string): void {
  process.once('exit', () => {
    try {
      const data = script.createCachedData();
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(temporary, data);
      fs.renameSync(temporary, file);
      pruneCaches(path.dirname(file));
    } catch {
      // read-only: no cache
    }
  });
}

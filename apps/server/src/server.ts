import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDb, SNAPSHOT_FILE, type Db } from './platform/db/index.js';
import { DataDirLockedError } from './platform/db/pglite.js';
import { openBus } from './platform/bus.js';
import { createLogger } from './platform/logging.js';
import { checkClusterConfig, isWorker, runPrimary } from './cluster.js';
import { bannerText, listenUrls } from './banner.js';
import { setNodeId } from './platform/ids.js';
import { MemoryReducer } from './platform/memory.js';
import { codeCacheState } from './platform/packages.js';
import { tuneWasmTiering } from './wasm-tiering.js';
import { readBuildId } from './build-id.js';

// Milliseconds since the process started (performance's time origin), step by step: the start's
// breakdown goes into the "ready" log line. "modules" is the loading of this file's light imports; the
// server's own modules load while the database opens (`server` below), and "openDb" ends when both have.
const timings: Record<string, number> = { modules: Math.round(performance.now()) };
let lapStart = performance.now();
function lap(step: string) {
  const now = performance.now();
  timings[step] = Math.round(now - lapStart);
  lapStart = now;
}

/** The bundle's folder (dist/): the build puts the database snapshot beside it. */
const here = path.dirname(fileURLToPath(import.meta.url));
/** Beside the bundle; run from the sources (src/main.ts), the last build's (used only if it fits, snapshot.ts). */
const snapshotFile = () =>
  [path.join(here, SNAPSHOT_FILE), path.join(here, '../dist', SNAPSHOT_FILE)].find((f) => fs.existsSync(f)) ??
  path.join(here, SNAPSHOT_FILE);

/**
 * The build's id: the seeds of a start are skipped when this build already ran them on the database
 * (boot.ts), and the OpenAPI document it built is kept for its next start (platform/openapi-cache.ts).
 */
const buildId = readBuildId(here);

function fail(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

let config: Config;
try {
  config = loadConfig();
  checkClusterConfig(config);
  if (config.NODE_ID !== undefined) setNodeId(config.NODE_ID);
} catch (e) {
  if (e instanceof ConfigError) fail(e.message);
  throw e;
}

// Secrets are redacted wherever they might be logged (platform/logging.ts).
const logger = createLogger(config.LOG_LEVEL);

tuneWasmTiering(config.DATABASE_URL);

// The rest of the server (every module, the app) loads while the database opens, not before: much of
// opening PGlite is waiting, on V8's background threads and on the disk, and loading the modules is the
// main thread's work. A restart's two steps took 1.0–1.15 s one after the other, 0.8–1.0 s together
// (docs/architecture.md "Start").
const server = Promise.all([
  import('./boot.js'),
  import('./app.js'),
  import('./initial-passwords.js'),
  import('./modules/user/index.js'),
]).then(([boot, app, initial, user]) => ({ ...boot, ...app, ...initial, ...user }));
// Awaited below; a failure to load is reported there, not as an unhandled rejection meanwhile.
server.catch(() => {});

/** The database, ready for the app: migrated and seeded (once per node, by its primary process). */
async function openPrepared(): Promise<{ db: Db; credentials: string[]; passwordsKept: boolean }> {
  let db: Db;
  try {
    // A new data folder is unpacked from the snapshot while the modules load; it waits for them (their
    // migrations) only to check that the snapshot fits before putting it in place.
    const migrations = server.then((m) => m.allMigrations());
    migrations.catch(() => {}); // a restart never asks for them
    db = await openDb(config, {
      snapshot: { file: snapshotFile(), migrations },
      log: (m) => logger.info(m),
    });
  } catch (e) {
    if (e instanceof DataDirLockedError) fail(e.message);
    fail(`Cannot open the database: ${(e as Error).message}`);
  }
  const { prepareDatabase, pruneInitialPasswords } = await server;
  lap('openDb');
  if (isWorker()) return { db, credentials: [], passwordsKept: false };
  const credentials = await prepareDatabase(db, config, (m) => logger.info(m), timings, buildId);
  lapStart = performance.now();
  return { db, credentials, passwordsKept: await pruneInitialPasswords(db, config.dataDir) };
}

const urls = listenUrls(config.HOST, config.PORT);
const url = urls[0]!;
const banner = async (
  database: string,
  { credentials, passwordsKept }: { credentials: string[]; passwordsKept: boolean },
  ms: number,
  workers?: number,
) =>
  bannerText({
    urls,
    ms,
    database,
    dataDir: config.DATABASE_URL ? undefined : config.dataDir,
    workers,
    credentials,
    initialPasswordsKept: passwordsKept,
    smsGateway: (await server).smsGatewayConfigured(),
  });

/**
 * Settles when the server listens (or this node's workers do). No top-level await: the build makes this
 * module CommonJS, so that its launcher can compile it from V8's code cache (src/launch.ts), which keeps
 * the cache once the server has started.
 */
export const started: Promise<void> = (async () => {
  if (config.WORKERS > 1 && !isWorker()) {
    const prepared = await openPrepared();
    const { db } = prepared;
    await db.close();
    try {
      await runPrimary(config, logger);
    } catch (e) {
      fail(`Cannot start the workers: ${(e as Error).message}`);
    }
    const ms = Math.round(performance.now());
    logger.info({ url, ms, workers: config.WORKERS, timings, codeCache: codeCacheState() }, 'ready');
    process.stdout.write(await banner(db.kind, prepared, ms, config.WORKERS));
  } else {
    await serve();
  }
})();

async function serve() {
  const prepared = await openPrepared();
  const { db } = prepared;
  lap('prepare');
  const bus = await openBus(config.REDIS_URL);
  lap('bus');
  const { buildApp } = await server;
  const app = await buildApp({ config, db, bus, loggerInstance: logger, build: buildId });
  lap('buildApp');

  const reducer = new MemoryReducer(logger);
  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await reducer.stop();
      await app.close();
      await bus.close();
      await db.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (e) {
    await db.close();
    fail(`Cannot listen on ${config.HOST}:${config.PORT}: ${(e as Error).message}`);
  }

  lap('listen');
  if (config.MEMORY_REDUCER) reducer.start();
  const ms = Math.round(performance.now());
  logger.info({ url, ms, database: db.kind, bus: bus.kind, timings, codeCache: codeCacheState() }, 'ready');
  if (!isWorker()) process.stdout.write(await banner(db.kind, prepared, ms));
}

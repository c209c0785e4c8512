import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDb, SNAPSHOT_FILE, type Db } from './platform/db/index.js';
import { DataDirLockedError } from './platform/db/pglite.js';
import { openBus } from './platform/bus.js';
import { allMigrations, prepareDatabase } from './boot.js';
import { buildApp } from './app.js';
import { createLogger } from './platform/logging.js';
import { checkClusterConfig, isWorker, runPrimary } from './cluster.js';
import { bannerText, listenUrls } from './banner.js';
import { pruneInitialPasswords } from './initial-passwords.js';
import { smsGatewayConfigured } from './modules/user/index.js';
import { setNodeId } from './platform/ids.js';

// Milliseconds since the process started (performance's time origin), step by step: the start's
// breakdown goes into the "ready" log line. "modules" is the loading of this bundle and its imports.
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

/** The database, ready for the app: migrated and seeded (once per node, by its primary process). */
async function openPrepared(): Promise<{ db: Db; credentials: string[]; passwordsKept: boolean }> {
  let db: Db;
  try {
    db = await openDb(config, {
      snapshot: { file: snapshotFile(), migrations: allMigrations() },
      log: (m) => logger.info(m),
    });
    lap('openDb');
  } catch (e) {
    if (e instanceof DataDirLockedError) fail(e.message);
    fail(`Cannot open the database: ${(e as Error).message}`);
  }
  if (isWorker()) return { db, credentials: [], passwordsKept: false };
  const credentials = await prepareDatabase(db, config, (m) => logger.info(m), timings);
  lapStart = performance.now();
  return { db, credentials, passwordsKept: await pruneInitialPasswords(db, config.dataDir) };
}

const urls = listenUrls(config.HOST, config.PORT);
const url = urls[0]!;
const banner = (
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
    smsGateway: smsGatewayConfigured(),
  });

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
  logger.info({ url, ms, workers: config.WORKERS, timings }, 'ready');
  process.stdout.write(banner(db.kind, prepared, ms, config.WORKERS));
} else {
  await serve();
}

async function serve() {
  const prepared = await openPrepared();
  const { db } = prepared;
  lap('prepare');
  const bus = await openBus(config.REDIS_URL);
  lap('bus');
  const app = await buildApp({ config, db, bus, loggerInstance: logger });
  lap('buildApp');

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
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
  const ms = Math.round(performance.now());
  logger.info({ url, ms, database: db.kind, bus: bus.kind, timings }, 'ready');
  if (!isWorker()) process.stdout.write(banner(db.kind, prepared, ms));
}

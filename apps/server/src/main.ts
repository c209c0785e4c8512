import { performance } from 'node:perf_hooks';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDb, type Db } from './platform/db/index.js';
import { DataDirLockedError } from './platform/db/pglite.js';
import { openBus } from './platform/bus.js';
import { prepareDatabase } from './boot.js';
import { buildApp } from './app.js';
import { createLogger } from './platform/logging.js';
import { checkClusterConfig, isWorker, runPrimary } from './cluster.js';

const started = performance.now();

function fail(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

let config: Config;
try {
  config = loadConfig();
  checkClusterConfig(config);
} catch (e) {
  if (e instanceof ConfigError) fail(e.message);
  throw e;
}

// Secrets are redacted wherever they might be logged (platform/logging.ts).
const logger = createLogger(config.LOG_LEVEL);

/** The database, ready for the app: migrated and seeded (once per node, by its primary process). */
async function openPrepared(): Promise<{ db: Db; credentials: string[] }> {
  let db: Db;
  try {
    db = await openDb(config);
  } catch (e) {
    if (e instanceof DataDirLockedError) fail(e.message);
    fail(`Cannot open the database: ${(e as Error).message}`);
  }
  const credentials = isWorker() ? [] : await prepareDatabase(db, config, (m) => logger.info(m));
  return { db, credentials };
}

const url = `http://localhost:${config.PORT}/`;
const banner = (database: string, credentials: string[], ms: number, workers = '') =>
  [
    '',
    `  Forecourt is running at ${url}  (ready in ${ms} ms, database: ${database}${config.DATABASE_URL ? '' : ` in ${config.dataDir}`}${workers})`,
    `  API docs: ${url}api/docs`,
    `  Sign in with tenant 000000 and account admin${credentials.length ? '' : ' (password: ADMIN_PASSWORD, or the one printed at the first start and kept in DATA_DIR/initial-passwords.txt)'}`,
    ...credentials.map((c) => `  ${c}`),
    '',
  ].join('\n') + '\n';

if (config.WORKERS > 1 && !isWorker()) {
  const { db, credentials } = await openPrepared();
  await db.close();
  try {
    await runPrimary(config, logger);
  } catch (e) {
    fail(`Cannot start the workers: ${(e as Error).message}`);
  }
  const ms = Math.round(performance.now() - started);
  logger.info({ url, ms, workers: config.WORKERS }, 'ready');
  process.stdout.write(banner(db.kind, credentials, ms, `, ${config.WORKERS} worker processes`));
} else {
  await serve();
}

async function serve() {
  const { db, credentials } = await openPrepared();
  const bus = await openBus(config.REDIS_URL);
  const app = await buildApp({ config, db, bus, loggerInstance: logger });

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

  const ms = Math.round(performance.now() - started);
  logger.info({ url, ms, database: db.kind, bus: bus.kind }, 'ready');
  if (!isWorker()) process.stdout.write(banner(db.kind, credentials, ms));
}

/**
 * One node, several processes (WORKERS > 1): the primary prepares the database once, then forks workers
 * that all serve the same port (Node's cluster hands each new connection to the next worker). Node runs
 * JavaScript on one core per process, and a process may hold only so many open files (chat sockets); the
 * workers use every core and share the socket load.
 *
 * The workers are separate nodes in every other respect: chat fan-out, presence, kick-out and send limits
 * go through Redis exactly as between machines, which is why REDIS_URL is required (see checkClusterConfig).
 */
import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import { ConfigError, type Config } from './config.js';

/** WORKERS > 1 needs what several processes can share: a database server and Redis. */
export function checkClusterConfig(config: Config): void {
  if (config.WORKERS <= 1) return;
  const missing = [
    !config.DATABASE_URL &&
      '  DATABASE_URL: required when WORKERS > 1 (the embedded database serves one process)',
    !config.REDIS_URL &&
      '  REDIS_URL: required when WORKERS > 1 (chat fan-out, presence and send limits are shared through Redis)',
  ].filter(Boolean);
  if (missing.length) throw new ConfigError(`Invalid configuration:\n${missing.join('\n')}`);
}

export const isWorker = () => cluster.isWorker;

/** Snowflake ids carry a node number: each worker gets its own (base NODE_ID + its index). */
function nodeIdOf(config: Config, index: number): string {
  const base = config.NODE_ID ?? 0;
  return String((base + index + 1) & 1023);
}

/**
 * Forks the workers and keeps them running: one that dies unexpectedly is replaced (after a second, so
 * a worker that cannot start does not spin). Resolves once every worker listens; SIGINT/SIGTERM stop all.
 */
export async function runPrimary(config: Config, logger: Logger): Promise<void> {
  let stopping = false;
  const fork = (index: number): Worker => {
    const w = cluster.fork({ NODE_ID: nodeIdOf(config, index), FORECOURT_WORKER_INDEX: String(index) });
    w.on('exit', (code, signal) => {
      if (stopping) return;
      logger.error({ worker: index, code, signal }, 'worker stopped; starting another');
      setTimeout(() => {
        if (!stopping) fork(index);
      }, 1000).unref();
    });
    return w;
  };
  const workers = Array.from({ length: config.WORKERS }, (_, i) => fork(i));
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping the workers');
    const live = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    let left = live.length;
    if (!left) process.exit(0);
    for (const w of live) {
      w.once('exit', () => {
        if (--left === 0) process.exit(0);
      });
      w.process.kill('SIGTERM');
    }
    setTimeout(() => process.exit(1), 15_000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  await Promise.all(
    workers.map(
      (w, i) =>
        new Promise<void>((resolve, reject) => {
          w.once('listening', () => resolve());
          w.once('exit', (code) => reject(new Error(`worker ${i} exited with code ${code} while starting`)));
        }),
    ),
  );
}

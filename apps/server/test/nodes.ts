import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/app.js';
import { RedisBus } from '../src/platform/bus.js';
import type { TestApp } from './harness.js';

/** One node of a cluster: its own app and Redis connection over the shared database. */
export interface AppNode extends TestApp {
  origin: string;
}

/**
 * Several server processes' worth of app on one database, each with its own connection to the real Redis
 * (a key prefix of their own, so parallel test files never hear each other), listening on a free port.
 */
export async function startNodes(t: TestApp, count = 2) {
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const prefix = `forecourt-test-${randomBytes(4).toString('hex')}:`;
  const nodes: AppNode[] = [];
  for (let i = 0; i < count; i++) {
    const bus = await RedisBus.open(redisUrl, prefix);
    const app = await buildApp({ config: t.config, db: t.db, bus });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    nodes.push({ ...t, app, bus, origin });
  }
  return {
    nodes,
    /** Closes the apps, then their Redis connections (the shared database stays with `t`). */
    async close() {
      for (const n of nodes) await n.app.close();
      for (const n of nodes) await (n.bus as RedisBus).close();
    },
  };
}

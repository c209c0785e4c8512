import type { Config } from '../config.js';
import type { Db, Migration } from '../platform/db/index.js';
import type { FastifyBaseLogger } from 'fastify';
import type { App, AppContext } from '../platform/context.js';

/** What start-up hands to each module's seed: the first start fills the database with demo data. */
export interface SeedContext {
  db: Db;
  config: Config;
  log: (msg: string) => void;
  /** Sign-in lines to print once at the end of the start (passwords generated on this start). */
  credentials: string[];
}

/** One domain: its tables, its routes, its seed. Registered in modules/index.ts in dependency order. */
export interface ServerModule {
  name: string;
  migrations?: Migration[];
  /**
   * Builds what the module runs on (connections, timers, state other modules call into) and hangs it on
   * the context. Every module's setup runs before any module's routes, so routes only read what is there.
   */
  setup?: (ctx: AppContext, log: FastifyBaseLogger) => Promise<void> | void;
  routes?: (app: App) => Promise<void> | void;
  /** Idempotent: it checks what is there and adds only what is missing. */
  seed?: (ctx: SeedContext) => Promise<void>;
}

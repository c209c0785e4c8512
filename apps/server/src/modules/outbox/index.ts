import type { ServerModule } from '../module.js';
import { outboxMigrations } from './tables.js';
import { outboxRoutes } from './routes.js';

/** The development SMS outbox (no gateway configured): table, and its page's route. */
export const outboxModule: ServerModule = {
  name: 'outbox',
  migrations: outboxMigrations,
  routes: outboxRoutes,
};

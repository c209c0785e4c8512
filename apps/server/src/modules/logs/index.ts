import type { ServerModule } from '../module.js';
import { logsRoutes } from './routes.js';
import { logsMigrations } from './tables.js';

/** Monitoring → Logs: the server's failed requests and the browsers' uploaded errors, read-only. */
export const logsModule: ServerModule = {
  name: 'logs',
  migrations: logsMigrations,
  routes: logsRoutes,
};

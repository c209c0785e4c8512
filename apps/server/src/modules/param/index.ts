import type { ServerModule } from '../module.js';
import { paramRoutes } from './routes.js';
import { paramMigrations } from './tables.js';

export const paramModule: ServerModule = {
  name: 'param',
  migrations: paramMigrations,
  routes: paramRoutes,
};

import type { ServerModule } from '../module.js';
import { tenantRoutes } from './routes.js';
import { tenantMigrations } from './tables.js';
import './messages.js';

export const tenantModule: ServerModule = {
  name: 'tenant',
  migrations: tenantMigrations,
  routes: tenantRoutes,
};

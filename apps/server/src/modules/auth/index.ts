import type { ServerModule } from '../module.js';
import { authMigrations } from './tables.js';
import { authRoutes } from './routes.js';
import './messages.js';

export const authModule: ServerModule = {
  name: 'auth',
  migrations: authMigrations,
  routes: authRoutes,
};

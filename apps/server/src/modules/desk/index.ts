import type { ServerModule } from '../module.js';
import { deskMigrations } from './tables.js';
import { deskRoutes } from './routes.js';
import { seedNotices } from './seed.js';

export const deskModule: ServerModule = {
  name: 'desk',
  migrations: deskMigrations,
  routes: deskRoutes,
  seed: seedNotices,
};

import type { ServerModule } from '../module.js';
import { menuMigrations } from './tables.js';
import { menuRoutes } from './routes.js';
import { menuAdminRoutes } from './admin-routes.js';
import { seedMenus } from './seed.js';

export const menuModule: ServerModule = {
  name: 'menu',
  migrations: menuMigrations,
  routes: async (app) => {
    await menuRoutes(app);
    await menuAdminRoutes(app);
  },
  seed: seedMenus,
};

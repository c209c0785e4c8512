import type { ServerModule } from '../module.js';
import { menuMigrations } from './tables.js';
import { menuRoutes } from './routes.js';
import { menuAdminRoutes } from './admin-routes.js';
import { menuSyncRoutes } from './sync-routes.js';
import { topMenuRoutes } from './topmenu-routes.js';
import { seedMenus } from './seed.js';

export const menuModule: ServerModule = {
  name: 'menu',
  migrations: menuMigrations,
  routes: async (app) => {
    await menuRoutes(app);
    await menuAdminRoutes(app);
    await menuSyncRoutes(app);
    await topMenuRoutes(app);
  },
  seed: seedMenus,
};

export { grantTenantAdminMenus } from './seed.js';

import type { ServerModule } from '../module.js';
import { seedRegions } from './regions-seed.js';
import { regionRoutes } from './region-routes.js';
import { zoneRoutes } from './zone-routes.js';
import { seedZones } from './zones-seed.js';
import { basicMigrations } from './zone-tables.js';
import './messages.js';

export const basicModule: ServerModule = {
  name: 'basic',
  migrations: basicMigrations,
  routes: async (app) => {
    await regionRoutes(app);
    await zoneRoutes(app);
  },
  seed: async (ctx) => {
    await seedRegions(ctx);
    await seedZones(ctx); // after the regions the zones cover
  },
};

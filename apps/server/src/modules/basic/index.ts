import type { ServerModule } from '../module.js';
import { seedRegions } from './regions-seed.js';
import { regionRoutes } from './region-routes.js';
import { zoneRoutes } from './zone-routes.js';
import { seedZones } from './zones-seed.js';
import { basicMigrations } from './zone-tables.js';
import { groundMigrations } from './ground-tables.js';
import { groundRoutes } from './ground-routes.js';
import { seedGrounds } from './ground-seed.js';
import './messages.js';

export const basicModule: ServerModule = {
  name: 'basic',
  migrations: [...basicMigrations, ...groundMigrations],
  routes: async (app) => {
    await regionRoutes(app);
    await zoneRoutes(app);
    await groundRoutes(app);
  },
  seed: async (ctx) => {
    await seedRegions(ctx);
    await seedZones(ctx); // after the regions the zones cover
    await seedGrounds(ctx); // in the zones
  },
};

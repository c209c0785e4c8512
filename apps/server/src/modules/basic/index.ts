import type { ServerModule } from '../module.js';
import { seedRegions } from './regions-seed.js';
import { regionRoutes } from './region-routes.js';

export const basicModule: ServerModule = {
  name: 'basic',
  routes: regionRoutes,
  seed: seedRegions,
};

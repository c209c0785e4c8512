import type { ServerModule } from '../module.js';
import { paramRoutes } from './routes.js';

export const paramModule: ServerModule = {
  name: 'param',
  routes: paramRoutes,
};

import type { ServerModule } from '../module.js';
import { tenantRoutes } from './routes.js';
import './messages.js';

export const tenantModule: ServerModule = {
  name: 'tenant',
  routes: tenantRoutes,
};

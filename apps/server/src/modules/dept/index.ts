import type { ServerModule } from '../module.js';
import { deptRoutes } from './routes.js';
import './messages.js';

export const deptModule: ServerModule = {
  name: 'dept',
  routes: deptRoutes,
};

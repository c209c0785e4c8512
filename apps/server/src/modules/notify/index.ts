import type { ServerModule } from '../module.js';
import { notifyRoutes } from './routes.js';
import './messages.js';

export const notifyModule: ServerModule = {
  name: 'notify',
  routes: notifyRoutes,
};

import type { ServerModule } from '../module.js';
import { userRoutes } from './routes.js';
import './messages.js';

export const userModule: ServerModule = {
  name: 'user',
  routes: userRoutes,
};

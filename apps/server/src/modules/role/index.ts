import type { ServerModule } from '../module.js';
import { roleRoutes } from './routes.js';

export const roleModule: ServerModule = {
  name: 'role',
  routes: roleRoutes,
};

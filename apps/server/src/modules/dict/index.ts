import type { ServerModule } from '../module.js';
import { dictMigrations } from './tables.js';
import { dictRoutes } from './routes.js';
import './messages.js';
import { seedDictionaries } from './seed.js';

export const dictModule: ServerModule = {
  name: 'dict',
  migrations: dictMigrations,
  routes: dictRoutes,
  seed: seedDictionaries,
};

export { seedTenantDictionaries } from './seed.js';

import type { ServerModule } from '../module.js';
import { authMigrations } from './tables.js';

export const authModule: ServerModule = {
  name: 'auth',
  migrations: authMigrations,
};

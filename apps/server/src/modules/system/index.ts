import type { ServerModule } from '../module.js';
import { systemMigrations } from './tables.js';
import { seedCore } from './seed-core.js';

export const systemModule: ServerModule = {
  name: 'system',
  migrations: systemMigrations,
  seed: seedCore,
};

export { seedTenantRoles, type RoleAlias } from './seed-core.js';

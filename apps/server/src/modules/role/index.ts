import type { ServerModule } from '../module.js';
import { roleRoutes } from './routes.js';
import { roleMigrations } from './tables.js';

export const roleModule: ServerModule = {
  name: 'role',
  migrations: roleMigrations,
  routes: roleRoutes,
};

export {
  assertMayAssignRoles,
  assertMayChangeRoles,
  assertMayMakeRole,
  assertMayManageAccounts,
  callerRank,
} from './rank.js';

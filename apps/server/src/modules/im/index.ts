import type { ServerModule } from '../module.js';
import { imMigrations } from './tables.js';
import { imRoutes } from './routes.js';
import { setupIm } from './runtime.js';
import './messages.js';

export const imModule: ServerModule = {
  name: 'im',
  migrations: imMigrations,
  setup: setupIm,
  routes: imRoutes,
};

export { issueTicket, verifyTicket } from './tickets.js';
export {
  kindOf,
  principalKind,
  profileSeed,
  registerPrincipalKind,
  seedSource,
  sessionsEnded,
  CUSTOMER_PREFIX,
  type Principal,
  type PrincipalKind,
  type SeedSource,
} from './principals.js';
export type { ImApi } from './runtime.js';
export { systemInbox, type SystemInboxRow } from './convs.js';
export { ensureUser } from './profiles.js';
export { genderOfSex } from './rules.js';
export { imSettings } from './settings.js';

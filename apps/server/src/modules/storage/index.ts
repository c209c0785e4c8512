import type { ServerModule } from '../module.js';
import { storageMigrations } from './tables.js';
import { storageRoutes } from './routes.js';
import './messages.js';

export const storageModule: ServerModule = {
  name: 'storage',
  migrations: storageMigrations,
  routes: storageRoutes,
};

export { signUploadToken } from './token.js';
export { KEY_PATTERN, POLICIES, extOf } from './policy.js';

import type { ServerModule } from '../module.js';
import { authMigrations } from './tables.js';
import { authRoutes } from './routes.js';
import './messages.js';

export const authModule: ServerModule = {
  name: 'auth',
  migrations: authMigrations,
  routes: authRoutes,
};

export { revokeUserSessions } from './sessions.js';
export { decryptPassword, PasswordCipherError, sm2Keys } from './sm2.js';
export { consumeCaptcha } from './captcha.js';

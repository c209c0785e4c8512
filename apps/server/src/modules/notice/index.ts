import type { ServerModule } from '../module.js';
import { noticeRoutes } from './routes.js';
import { seedNotices } from './seed.js';
import { noticeMigrations } from './tables.js';
import './messages.js';

/** Notices the platform sends: the texts a tenant writes for them, and the log its senders write (user/sms.ts). */
export const noticeModule: ServerModule = {
  name: 'notice',
  migrations: noticeMigrations,
  routes: noticeRoutes,
  seed: seedNotices,
};

export { templateText } from './rules.js';

import type { ServerModule } from '../module.js';
import { noticeRoutes } from './routes.js';
import { seedNoticeLog } from './seed.js';
import { noticeMigrations } from './tables.js';

/** Notices the platform sends: the notice log's page (its senders write it: user/sms.ts). */
export const noticeModule: ServerModule = {
  name: 'notice',
  migrations: noticeMigrations,
  routes: noticeRoutes,
  seed: seedNoticeLog,
};

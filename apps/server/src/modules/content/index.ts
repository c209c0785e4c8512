import type { ServerModule } from '../module.js';
import { contentMigrations } from './tables.js';
import { contentRoutes } from './routes.js';
import { seedContent } from './seed.js';
import './messages.js';

/** Column-content publishing (docs/content.md): columns and their articles. */
export const contentModule: ServerModule = {
  name: 'content',
  migrations: contentMigrations,
  routes: contentRoutes,
  seed: seedContent,
};

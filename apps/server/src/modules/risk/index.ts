import type { ServerModule } from '../module.js';
import { riskRoutes } from './routes.js';
import { seedRisk } from './seed.js';
import { riskMigrations } from './tables.js';
import { watchWordChanges } from './words.js';
import './messages.js';

export const riskModule: ServerModule = {
  name: 'risk',
  migrations: riskMigrations,
  routes: async (app) => {
    // Word changes made on other nodes drop this node's automata.
    const stop = await watchWordChanges(app.ctx.db, app.ctx.bus);
    app.ctx.onClose.push(stop);
    await riskRoutes(app);
  },
  seed: seedRisk,
};

export { recordRiskHit, scanSensitive } from './words.js';

import type { ServerModule } from '../module.js';
import { pointsMigrations } from './tables.js';
import { pointsRoutes } from './routes.js';
import { couponRoutes } from './coupon-routes.js';
import { seedPoints } from './seed.js';
import './messages.js';

/** The points area (docs/points.md): rules, goods, the ledgers of customers and stores, exchanges. */
export const pointsModule: ServerModule = {
  name: 'points',
  migrations: pointsMigrations,
  routes: async (app) => {
    await pointsRoutes(app);
    await couponRoutes(app);
  },
  seed: seedPoints,
};

// What sales calls when an order is settled (in the order's transaction).
export { awardPurchase } from './rules.js';

import type { ServerModule } from '../module.js';
import { salesMigrations } from './tables.js';
import { seedSales } from './seed.js';
import './messages.js';
// Route slices: one line each.
import { offerRoutes } from './offer-routes.js';

/**
 * The sales floor (issue 24): vehicle catalogue, stock, inquiries, user inquiries and offers. This first part
 * holds the tables, the rules and the demo data; the routes follow on the query layer (Kysely) and the shared
 * route schemas.
 */
export const salesModule: ServerModule = {
  name: 'sales',
  migrations: salesMigrations,
  seed: seedSales,
  async routes(app) {
    await offerRoutes(app);
  },
};

export {
  asAppError,
  claimUserInquiry,
  expireOffers,
  findOrCreateCustomer,
  move,
  releaseLapsedReservations,
} from './rules.js';

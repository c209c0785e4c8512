import type { ServerModule } from '../module.js';
import { salesMigrations } from './tables.js';
import { seedSales } from './seed.js';
import { seedRedPackets } from './red-packet-seed.js';
import './messages.js';
// wave 2, sales-stock
import { catalogRoutes } from './catalog-routes.js';
import { resourceRoutes } from './resource-routes.js';
import { seedSalesParams } from './resource-seed.js';
// wave 2, sales-offer
import { offerRoutes } from './offer-routes.js';
// wave 2, sales-inquiry
import { inquiryRoutes } from './inquiry-routes.js';
import { userInquiryRoutes } from './user-inquiry-routes.js';
// orders, receipts and refunds
import { orderRoutes } from './order-routes.js';
import { redPacketRoutes } from './red-packet-routes.js';
// wave 2, sales-desk
import { salesDeskRoutes } from './desk-routes.js';

/**
 * The sales floor (issue 24): vehicle catalogue, stock, inquiries, user inquiries and offers. This first part
 * holds the tables, the rules and the demo data; the routes follow on the query layer (Kysely) and the shared
 * route schemas.
 */
export const salesModule: ServerModule = {
  name: 'sales',
  migrations: salesMigrations,
  seed: async (ctx) => {
    await seedSales(ctx);
    await seedSalesParams(ctx); // every sales parameter with its default
    await seedRedPackets(ctx); // the demo customers' red packets
  },
  routes: async (app) => {
    // One line per slice of wave 2.
    await catalogRoutes(app); // sales-stock
    await resourceRoutes(app); // sales-stock
    await offerRoutes(app); // sales-offer
    await inquiryRoutes(app); // sales-inquiry
    await userInquiryRoutes(app); // sales-inquiry
    await orderRoutes(app); // orders and their money
    await redPacketRoutes(app);
    await salesDeskRoutes(app); // sales-desk
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

// wave 2, sales-stock: what offers and the workbench use of the catalogue and stock
export { findModel, modelLabel } from './catalog-rules.js';
export { holdHours, isStockStaff, reserveResource, sweepReservations } from './resource-rules.js';
// sales-inquiry: the visibility rule and the user-inquiry rules other modules use.
export {
  assertVisible,
  isVisible,
  visibilityOf,
  visibleCondition,
  whereVisible,
  type Visibility,
} from './visibility.js';
export { createUserInquiry, assignUnclaimed } from './user-inquiry-rules.js';
// wave 2, sales-desk: the first-response overdue rule the inquiry list shares with the workbench
export { firstResponseMinutes, isOverdue, overdueCondition, FIRST_RESPONSE_PARAM } from './overdue.js';

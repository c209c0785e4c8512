import type { ServerModule } from '../module.js';
import type { App } from '../../platform/context.js';
import { memberMigrations } from './tables.js';
import { customerRoutes } from './routes.js';
import { h5Routes } from './h5-routes.js';
import { h5InquiryRoutes } from './h5-inquiry-routes.js';
import { CustomerTokens } from './sessions.js';
import { seedCustomers } from './seed.js';
import './messages.js';

/** Customers: the staff customer list, and the customers' own SMS sign-in for the mobile chat page. */
export const memberModule: ServerModule = {
  name: 'member',
  migrations: memberMigrations,
  routes: async (app: App) => {
    await customerRoutes(app);
    await h5Routes(app, await CustomerTokens.load(app.ctx.db));
    await h5InquiryRoutes(app); // the customers' own inquiry (sales, issue 24)
  },
  seed: seedCustomers,
};

export { customerChatId } from './chat.js';
export { authenticateCustomer, CustomerTokens, liveCustomerSessions } from './sessions.js';

import type { ServerModule } from '../module.js';
import { mqMigrations } from './tables.js';
import { mqRoutes, mqSetup } from './routes.js';
import { seedMq } from './seed.js';
import './messages.js';

/**
 * The message queue (docs/mq.md): the outbox producers write in their transactions, the dispatcher, the
 * consumers' confirmations, and the four monitoring pages that show exactly these tables.
 */
export const mqModule: ServerModule = {
  name: 'mq',
  migrations: mqMigrations,
  setup: mqSetup,
  routes: mqRoutes,
  seed: seedMq,
};

export { enqueue, type ConsumerDecl, type Delivery, type Outgoing } from './queue.js';
export type { MqApi } from './routes.js';

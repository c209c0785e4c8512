import { Type } from 'typebox';
import {
  MqConfirm,
  MqMessage,
  MqMessageData,
  MqMessageDetail,
  MqRelation,
  MqRelationSubmit,
  type Page,
} from '@forecourt/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { scopeOf } from '../../platform/auth/guard.js';
import type { App, AppContext } from '../../platform/context.js';
import { envelope, ok, pageSchema } from '../../platform/envelope.js';
import { listQuerySchema } from '../../platform/paging.js';
import { splitIds } from '../../platform/rows.js';
import { Id, IdList } from '../../platform/schema.js';
import { MessageQueue, type ConsumerDecl } from './queue.js';
import { MemoryTransport, type Transport } from './transport.js';
import {
  bodies,
  confirms,
  messageDetail,
  messages,
  redeliver,
  relationList,
  submitRelation,
} from './rules.js';

/** What other modules use of the queue: declare consumers in their setup, hand committed messages over. */
export interface MqApi {
  readonly queue: MessageQueue;
  consume<P>(decl: ConsumerDecl<P>): void;
  /** After the producer's commit: sends the messages now and waits briefly for this node's outcome. */
  deliverNow(ids: string[], timeoutMs?: number): Promise<void>;
}

// Modules register in their own scope, so the queue hangs on the shared context, not a decoration.
declare module '../../platform/context.js' {
  interface AppContext {
    mq?: MqApi;
  }
}

/** Builds the queue on RabbitMQ (AMQP_URL) or in this process; consumers are declared by later modules' setups. */
export async function mqSetup(ctx: AppContext, log: FastifyBaseLogger) {
  const { config } = ctx;
  let transport: Transport;
  if (config.AMQP_URL) {
    // amqplib is loaded only when a broker is configured: a single node does not pay for it at start.
    const { AmqpTransport } = await import('./amqp.js');
    transport = new AmqpTransport(config.AMQP_URL, { prefix: config.AMQP_PREFIX }, log);
  } else transport = new MemoryTransport();
  const queue = new MessageQueue(ctx.db, transport, log, {
    pollMs: config.MQ_POLL_MS,
    retryBaseMs: config.MQ_RETRY_BASE_MS,
    leaseMs: 5 * 60_000,
    batch: 50,
  });
  ctx.mq = {
    queue,
    consume: (decl) => queue.consume(decl),
    deliverNow: (ids, timeoutMs) => queue.deliverNow(ids, timeoutMs),
  };
  ctx.onClose.push(() => queue.close());
}

export async function mqRoutes(app: App) {
  const { db } = app.ctx;
  // Every module's setup has run: the consumers are declared.
  await app.ctx.mq!.queue.start();
  const tags = ['mq'];
  const base = '/api/blade-dmt';

  app.get(
    `${base}/mq-message/list`,
    {
      config: { permission: 'code:mq_message' },
      schema: {
        tags,
        summary:
          'A page of the queued messages, newest first; filter by topic, status, business key (contains) and time',
        querystring: listQuerySchema(messages.def.filters!),
        response: { 200: envelope(pageSchema(MqMessage)) },
      },
    },
    async (req) => ok((await messages.page(db, scopeOf(req), req.query)) as unknown as Page<MqMessage>),
  );
  app.get(
    `${base}/mq-message/detail`,
    {
      config: { permission: 'code:mq_message' },
      schema: {
        tags,
        summary: 'One message with its body and every confirmation of it, oldest first',
        querystring: Type.Object({ id: Id() }),
        response: { 200: envelope(MqMessageDetail) },
      },
    },
    async (req) => ok(await messageDetail(db, scopeOf(req), req.query.id)),
  );
  app.post(
    `${base}/mq-message/retry`,
    {
      config: { permission: 'code:mq_message_retry' },
      schema: {
        tags,
        summary:
          'Delivers given-up messages again with a fresh count of attempts (ids=1,2,3); answers how many',
        querystring: Type.Object({ ids: IdList() }),
        response: { 200: envelope(Type.Integer()) },
      },
    },
    async (req) => {
      const ids = splitIds(req.query.ids);
      const n = await redeliver(db, scopeOf(req), ids);
      app.ctx.mq!.queue.kick();
      return ok(n);
    },
  );

  app.get(
    `${base}/mq-message-data/list`,
    {
      config: { permission: 'code:mq_message_data' },
      schema: {
        tags,
        summary: "A page of the messages' bodies, newest first; filter by topic, body (contains) and time",
        querystring: listQuerySchema(bodies.def.filters!),
        response: { 200: envelope(pageSchema(MqMessageData)) },
      },
    },
    async (req) => ok((await bodies.page(db, scopeOf(req), req.query)) as unknown as Page<MqMessageData>),
  );
  app.get(
    `${base}/mq-message-data/detail`,
    {
      config: { permission: 'code:mq_message_data' },
      schema: {
        tags,
        summary: "One message's body",
        querystring: Type.Object({ id: Id() }),
        response: { 200: envelope(MqMessageData) },
      },
    },
    async (req) => ok((await bodies.detail(db, scopeOf(req), req.query.id)) as unknown as MqMessageData),
  );

  app.get(
    `${base}/mq-confirm/list`,
    {
      config: { permission: 'code:mq_confirm' },
      schema: {
        tags,
        summary:
          "A page of the consumers' answers, newest first; filter by message, consumer, status and time",
        querystring: listQuerySchema(confirms.def.filters!),
        response: { 200: envelope(pageSchema(MqConfirm)) },
      },
    },
    async (req) => ok((await confirms.page(db, scopeOf(req), req.query)) as unknown as Page<MqConfirm>),
  );

  app.get(
    `${base}/mq-relation/list`,
    {
      config: { permission: 'code:mq_relation' },
      schema: {
        tags,
        summary:
          "Every relation: which consumer receives which topic, with the caller's backlog and given-up counts",
        response: { 200: envelope(Type.Array(MqRelation)) },
      },
    },
    async (req) => ok(await relationList(db, scopeOf(req))),
  );
  app.post(
    `${base}/mq-relation/submit`,
    {
      config: { permission: 'code:mq_relation_edit' },
      schema: {
        tags,
        summary:
          'Pauses or resumes a relation, or changes how many deliveries it allows (platform administrator only: it applies to every tenant)',
        body: MqRelationSubmit,
        response: { 200: envelope(MqRelation) },
      },
    },
    async (req) => {
      const r = await submitRelation(db, scopeOf(req), req.body);
      app.ctx.mq!.queue.kick();
      return ok(r);
    },
  );
}

import { Type, type Static } from 'typebox';
import { Id, Nullable } from './common.js';

/**
 * The message queue (docs/mq.md): a business change that others react to writes a message in the same
 * transaction (the outbox); a dispatcher hands it to the broker (RabbitMQ, or in-process), each consumer
 * of its topic confirms it, and a failed consumer is retried until its relation's attempts run out.
 */

/** `status` of a message: waiting (new, or due for a retry), handed to the broker, confirmed by every consumer, given up. */
export const MQ_PENDING = 0;
export const MQ_PUBLISHED = 1;
export const MQ_DONE = 2;
export const MQ_FAILED = 3;
export const MQ_STATUSES = [MQ_PENDING, MQ_PUBLISHED, MQ_DONE, MQ_FAILED] as const;

/** `status` of a confirmation: the consumer did its work, or it threw (see `error`). */
export const MQ_CONFIRM_OK = 1;
export const MQ_CONFIRM_FAILED = 2;

/** `status` of a relation: its consumer receives its topic, or the topic's messages wait until it is resumed. */
export const MQ_RELATION_ON = 1;
export const MQ_RELATION_PAUSED = 0;
/** Most deliveries a relation may allow a message before it is given up. */
export const MQ_MAX_ATTEMPTS = 20;

/** The topics the product writes, and the consumers that react to them (the relations' rows). */
export const MQ_TOPICS = ['sales.offer.sent', 'sales.offer.decided'] as const;
export type MqTopic = (typeof MQ_TOPICS)[number];
export const MQ_CONSUMERS = ['chat.offer-card', 'chat.decision-notice'] as const;
export type MqConsumer = (typeof MQ_CONSUMERS)[number];

/** One message of the outbox: what happened, to whom it is due, how its delivery went. */
export const MqMessage = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  topic: Type.String(),
  businessKey: Type.String(),
  status: Type.Integer(),
  attempts: Type.Integer(),
  nextAttemptTime: Nullable(Type.String()),
  lastError: Nullable(Type.String()),
  createTime: Type.String(),
  publishTime: Nullable(Type.String()),
  finishTime: Nullable(Type.String()),
});
export type MqMessage = Static<typeof MqMessage>;

/** A consumer's answer to one delivery of a message. */
export const MqConfirm = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  messageId: Type.String(),
  topic: Type.String(),
  consumer: Type.String(),
  attempt: Type.Integer(),
  status: Type.Integer(),
  error: Nullable(Type.String()),
  durationMs: Type.Integer(),
  createTime: Type.String(),
});
export type MqConfirm = Static<typeof MqConfirm>;

/** A message's body, kept apart from its row so the queue's lists stay narrow. */
export const MqMessageData = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  topic: Type.String(),
  payload: Type.String({ description: 'the body as JSON text' }),
  size: Type.Integer({ description: 'bytes of the body' }),
  createTime: Type.String(),
});
export type MqMessageData = Static<typeof MqMessageData>;

/** One message with its body and every confirmation of it, oldest first. */
export const MqMessageDetail = Type.Intersect([
  MqMessage,
  Type.Object({ payload: Type.String(), confirms: Type.Array(MqConfirm) }),
]);
export type MqMessageDetail = Static<typeof MqMessageDetail>;

/** Which consumer receives which topic, and how many deliveries a message gets before it is given up. */
export const MqRelation = Type.Object({
  id: Type.String(),
  topic: Type.String(),
  consumer: Type.String(),
  status: Type.Integer(),
  maxAttempts: Type.Integer(),
  /** Messages of the topic not yet settled (waiting or with the broker). */
  backlog: Type.Integer(),
  /** Messages of the topic this consumer gave up on. */
  failed: Type.Integer(),
  updateTime: Nullable(Type.String()),
});
export type MqRelation = Static<typeof MqRelation>;

export const MqRelationSubmit = Type.Object({
  id: Id(),
  status: Type.Union([Type.Literal(MQ_RELATION_ON), Type.Literal(MQ_RELATION_PAUSED)]),
  maxAttempts: Type.Integer({ minimum: 1, maximum: MQ_MAX_ATTEMPTS }),
});
export type MqRelationSubmit = Static<typeof MqRelationSubmit>;

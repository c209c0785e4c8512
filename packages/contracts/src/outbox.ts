import { Type, type Static } from 'typebox';
import { Nullable } from './common.js';

/** A text the development outbox kept instead of sending it. */
export const OutboxSms = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  receiver: Type.String(),
  templateCode: Nullable(Type.String()),
  content: Nullable(Type.String()),
  createTime: Type.String(),
});
export type OutboxSms = Static<typeof OutboxSms>;

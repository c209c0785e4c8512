import { Type, type Static } from 'typebox';
import { Nullable } from './common.js';

/** Channels a notice goes out on (the notice log's `channel`). */
export const NOTICE_CHANNELS = ['sms', 'email', 'site'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];

/** `sendStatus` of a notice log entry: handed to the channel, or refused by it (see `error`). */
export const NOTICE_SENT = 1;
export const NOTICE_FAILED = 2;

/** One notice the platform sent (or tried to): never the code it carried, which is masked before it is logged. */
export const NoticeLog = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  channel: Type.String(),
  receiver: Type.String(),
  templateCode: Nullable(Type.String()),
  content: Type.String(),
  sendStatus: Type.Integer(),
  error: Nullable(Type.String()),
  createTime: Type.String(),
});
export type NoticeLog = Static<typeof NoticeLog>;

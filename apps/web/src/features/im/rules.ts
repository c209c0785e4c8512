import { MEDIA_TAG } from '@forecourt/im-sdk/protocol';
import { TYPES, type Message, type TextPayload } from './sdk';

/** Spec §4/§9: only the sender may revoke (or re-edit text), within 120 s of sending. */
export const REVOKE_WINDOW_S = 120;

type Msg = Pick<Message, 'flow' | 'time' | 'status' | 'isRevoked' | 'type'>;

export const canRevoke = (m: Msg, nowMs = Date.now()) =>
  m.flow === 'out' && m.status === 'success' && !m.isRevoked && nowMs / 1000 - m.time <= REVOKE_WINDOW_S;

export const canReEdit = (m: Msg, nowMs = Date.now()) => m.type === TYPES.MSG_TEXT && canRevoke(m, nowMs);

/** A revoked text of mine can be put back into the box within the same window. */
export const canRestoreRevoked = (m: Msg, nowMs = Date.now()) =>
  m.flow === 'out' && m.isRevoked && m.type === TYPES.MSG_TEXT && nowMs / 1000 - m.time <= REVOKE_WINDOW_S;

/** Which revoke notice a message gets (spec §4): mine, the other party's (one-to-one) or a named sender's (group). */
export function revokeNotice(m: Pick<Message, 'flow' | 'conversationType' | 'from'> & { nick?: string }): {
  key: 'im.revokedSelf' | 'im.revokedPeer' | 'im.revokedBy';
  sender?: string;
} {
  if (m.flow === 'out') return { key: 'im.revokedSelf' };
  if (m.conversationType === TYPES.CONV_GROUP) return { key: 'im.revokedBy', sender: m.nick || m.from };
  return { key: 'im.revokedPeer' };
}

/** Spec §7: the unread push carries the text of a text message, a tag for every other type. */
export type PushType = 'text' | 'image' | 'voice' | 'file' | 'emoji' | 'video' | 'location';

export function unreadPush(
  m: Pick<Message, 'type'> & { payload: unknown },
): { type: PushType; message: string } | undefined {
  const tag = MEDIA_TAG[m.type];
  if (m.type === TYPES.MSG_TEXT)
    return { type: 'text', message: String((m.payload as TextPayload | undefined)?.text ?? '') };
  return tag ? { type: tag, message: tag } : undefined;
}

/** Spec §4: the document title while unread messages exist. */
export const titleWithUnread = (base: string, unread: number, template: (n: string) => string) =>
  unread > 0 ? template(unread > 99 ? '99+' : String(unread)) : base;

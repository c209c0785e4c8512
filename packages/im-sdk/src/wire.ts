/** From the wire shapes to the public ones, and the small derivations both sides agree on. */
import type { WireConversation, WireMessage } from './protocol.js';
import { TYPES, type Conversation, type LastMessage, type Message } from './types.js';

export function toMessage(w: WireMessage): Message {
  const { ver: _ver, ...rest } = w;
  return { ...rest, status: 'success', progress: 1 };
}

/** Copies the server's view of a message onto the object the application already holds. */
export function assignWire(target: Message, w: WireMessage): Message {
  const { ver: _ver, ...rest } = w;
  Object.assign(target, rest, { status: 'success' as const, progress: 1 });
  return target;
}

const TAG: Partial<Record<string, string>> = {
  [TYPES.MSG_IMAGE]: 'image',
  [TYPES.MSG_SOUND]: 'voice',
  [TYPES.MSG_FILE]: 'file',
  [TYPES.MSG_FACE]: 'emoji',
  [TYPES.MSG_VIDEO]: 'video',
  [TYPES.MSG_LOCATION]: 'location',
  [TYPES.MSG_CUSTOM]: 'custom',
  [TYPES.MSG_GRP_TIP]: 'group tip',
  [TYPES.MSG_GRP_SYS_NOTICE]: 'notice',
};

/** The same text the server puts in `lastMessage.messageForShow`. */
export function messageForShow(m: Pick<Message, 'type' | 'payload' | 'isRevoked'>): string {
  if (m.isRevoked) return '';
  const p = m.payload as { text?: unknown };
  if (m.type === TYPES.MSG_TEXT) return String(p?.text ?? '');
  if (m.type === TYPES.MSG_GRP_SYS_NOTICE && typeof p?.text === 'string') return p.text;
  return `[${TAG[m.type] ?? 'message'}]`;
}

export function lastMessageOf(m: Message): LastMessage {
  return {
    lastTime: m.time,
    lastSequence: m.seq,
    messageForShow: messageForShow(m),
    type: m.type,
    isRevoked: m.isRevoked,
    fromAccount: m.from,
    payload: m.payload,
  };
}

/** The public part of a wire conversation, with the unread count the client keeps. */
export function toConversation(w: WireConversation, unreadCount: number): Conversation {
  return {
    conversationID: w.conversationID,
    type: w.type,
    unreadCount,
    userProfile: w.userProfile,
    groupProfile: w.groupProfile,
    lastMessage: { ...w.lastMessage },
    isPinned: w.isPinned,
    messageRemindType: w.messageRemindType,
  };
}

/** Pinned first, then the most recent message first. */
export function byListOrder(a: Conversation, b: Conversation): number {
  if (a.isPinned !== b.isPinned) return a.isPinned ? -1 : 1;
  return (
    b.lastMessage.lastTime - a.lastMessage.lastTime || b.lastMessage.lastSequence - a.lastMessage.lastSequence
  );
}

export const conversationIDOf = (type: 'C2C' | 'GROUP', to: string) => `${type}${to}`;

/** From the wire shapes to the public ones, and the small derivations both sides agree on. */
import { messageForShow, type WireConversation, type WireMessage } from './protocol.js';
import type { Conversation, LastMessage, Message } from './types.js';

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

export function lastMessageOf(m: Message): LastMessage {
  return {
    lastTime: m.time,
    lastSequence: m.seq,
    messageForShow: messageForShow(m.type, m.payload, m.isRevoked),
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

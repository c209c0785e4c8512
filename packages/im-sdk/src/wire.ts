/** From the wire shapes to the public ones, and the small derivations both sides agree on. */
import { messageForShow, type WireConversation, type WireMessage } from './protocol.js';
import type { Conversation, LastMessage, Message } from './types.js';

/**
 * Field by field rather than by spreads: a rest spread copies through a generic path and makes a second
 * object, and this runs for every message a client receives.
 */
export function toMessage(w: WireMessage): Message {
  return {
    ID: w.ID,
    clientMsgId: w.clientMsgId,
    conversationID: w.conversationID,
    conversationType: w.conversationType,
    seq: w.seq,
    type: w.type,
    flow: w.flow,
    time: w.time,
    from: w.from,
    to: w.to,
    nick: w.nick,
    avatar: w.avatar,
    payload: w.payload,
    isRevoked: w.isRevoked,
    revoker: w.revoker,
    isModified: w.isModified,
    isPeerRead: w.isPeerRead,
    status: 'success',
    progress: 1,
  };
}

/**
 * Copies the server's view of a message onto the object the application already holds. Through toMessage,
 * so the fields are listed once: a copy of one plain object is V8's fast path, a rest spread was not.
 */
export function assignWire(target: Message, w: WireMessage): Message {
  return Object.assign(target, toMessage(w));
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

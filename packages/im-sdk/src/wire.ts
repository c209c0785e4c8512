/** From the wire shapes to the public ones, and the small derivations both sides agree on. */
import { messageForShow, type WireConversation, type WireMessage } from './protocol.js';
import type { Conversation, LastMessage, Message } from './types.js';

/**
 * Field by field rather than by spreads: a spread copies through a generic path and makes a second
 * object, and these run for every message a client sends or receives.
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

/** Copies the server's view of a message onto the object the application already holds. */
export function assignWire(target: Message, w: WireMessage): Message {
  target.ID = w.ID;
  target.clientMsgId = w.clientMsgId;
  target.conversationID = w.conversationID;
  target.conversationType = w.conversationType;
  target.seq = w.seq;
  target.type = w.type;
  target.flow = w.flow;
  target.time = w.time;
  target.from = w.from;
  target.to = w.to;
  target.nick = w.nick;
  target.avatar = w.avatar;
  target.payload = w.payload;
  target.isRevoked = w.isRevoked;
  target.revoker = w.revoker;
  target.isModified = w.isModified;
  target.isPeerRead = w.isPeerRead;
  target.status = 'success';
  target.progress = 1;
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

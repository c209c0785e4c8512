/**
 * The `WS /im` wire protocol, shared by the SDK and the server. Frames are JSON objects `{ op, rid?, … }`.
 * Every request carries a `rid` and gets exactly one `res` frame with the same `rid`; pushes carry no rid.
 *
 * Since version 2 a WebSocket message may also hold a JSON array of frames (at most MAX_BATCH_FRAMES),
 * taken in order as if each had come alone: what one side writes in one turn of its event loop goes as one
 * message, which the other side parses and dispatches once. Each side sends arrays only to a peer that has
 * said it takes them: the client by `protocol` in its auth request, the server by `protocol` in the answer.
 *
 * Since version 3 the server takes the frames that arrive while it is still answering an auth after that
 * answer, in order: a client may send its first requests in the same message as its auth (the SDK's first
 * sync), one round trip sooner. A server of version 2 answers them NOT_LOGGED_IN at once, before the auth;
 * the SDK then sends them again once signed in.
 */
import type {
  Conversation,
  Gender,
  GroupMember,
  GroupProfile,
  GroupType,
  KickedOutType,
  Message,
  MessageType,
  Payload,
  UserProfile,
} from './types.js';
import { TYPES } from './types.js';

export const PROTOCOL_VERSION = 3;
/** The first version whose peers take arrays of frames. */
export const BATCH_PROTOCOL = 2;
/** Most frames in one array. */
export const MAX_BATCH_FRAMES = 100;

/** Spec §7's tag of each media type: what an unread push carries instead of the content. */
export const MEDIA_TAG: Partial<Record<string, 'image' | 'voice' | 'file' | 'emoji' | 'video' | 'location'>> =
  {
    [TYPES.MSG_IMAGE]: 'image',
    [TYPES.MSG_SOUND]: 'voice',
    [TYPES.MSG_FILE]: 'file',
    [TYPES.MSG_FACE]: 'emoji',
    [TYPES.MSG_VIDEO]: 'video',
    [TYPES.MSG_LOCATION]: 'location',
  };

/** Tags for the conversation list (the notify module's tag names, and a few more). */
const TAG: Partial<Record<string, string>> = {
  ...MEDIA_TAG,
  [TYPES.MSG_CUSTOM]: 'custom',
  [TYPES.MSG_GRP_TIP]: 'group tip',
  [TYPES.MSG_GRP_SYS_NOTICE]: 'notice',
};

/**
 * `lastMessage.messageForShow`: the text of a text message, else a bracketed tag (clients localize by
 * `lastMessage.type`). The server and the SDK both use this one function, so the list never disagrees.
 */
export function messageForShow(type: string, payload: unknown, isRevoked: boolean): string {
  if (isRevoked) return '';
  const p = payload as { text?: unknown } | null;
  if (type === TYPES.MSG_TEXT) return String(p?.text ?? '');
  if (type === TYPES.MSG_GRP_SYS_NOTICE && typeof p?.text === 'string') return p.text;
  return `[${TAG[type] ?? 'message'}]`;
}

/** Close codes of the chat socket (4000+ are ours). */
export const CLOSE = {
  /** No auth frame within the time limit. */
  AUTH_TIMEOUT: 4001,
  /** The ticket is malformed, expired, or its session ended. */
  AUTH_FAILED: 4003,
  /** Another sign-in of the same user ended this one (see the preceding `kicked` push). */
  KICKED: 4005,
  /** The client does not read fast enough; it reconnects and catches up by seq. */
  SLOW_CONSUMER: 4008,
  /** A frame that is not JSON, or an unknown op before auth. */
  PROTOCOL: 4009,
} as const;

/** A message as the server sends it: the viewer's side (flow, conversationID) plus its change version. */
export type WireMessage = Omit<Message, 'status' | 'progress'> & {
  /** The conversation's change version at the last revoke / edit of this message (0: never changed). */
  ver: number;
};

/** A conversation as the server sends it: the public shape plus the numbers catch-up and unread need. */
export interface WireConversation extends Conversation {
  lastSeq: number;
  readSeq: number;
  /** C2C: how far the peer has read (isPeerRead of own messages); 0 otherwise. */
  peerReadSeq: number;
  /** Highest change version (revokes and edits) of the conversation. */
  ver: number;
  /** Messages up to this seq are hidden for this user (deleted conversation, joined later). */
  clearedSeq: number;
}

/** What a client sends to store a message. */
export interface OutgoingMessage {
  clientMsgId: string;
  to: string;
  conversationType: 'C2C' | 'GROUP';
  type: MessageType;
  payload: Payload;
}

export interface AuthRequest {
  userID: string;
  /** A ticket from getSign, or the resume token of a previous auth. */
  userSig: string;
  /** One per SDK instance (browser page); a reconnect keeps it, so it never kicks itself out. */
  instanceId: string;
  /** 'web' | 'node' | …: the kick-out policy tells pages of one platform from other devices. */
  platform: string;
  lang?: 'zh' | 'en';
  /** The client's protocol version (1 when absent). */
  protocol?: number;
}

export interface AuthResult {
  profile: UserProfile;
  /** Lets this instance reconnect without a new ticket until it expires (renewed by `ticket` pushes). */
  resumeToken: string;
  resumeTtlS: number;
  /** Server clock (ms), so clients can show times and windows without trusting their own clock. */
  serverTime: number;
  /** True when this sign-in ended another instance of the user. */
  repeatLogin: boolean;
  /** The server's protocol version (1 when absent). */
  protocol?: number;
}

export interface SyncRequest {
  /** What the client holds: the highest contiguous seq and change version per conversation. */
  convs: { conversationID: string; seq: number; ver: number }[];
}

export interface SyncResult {
  /** Every visible conversation of the user, with lastSeq/readSeq/ver. */
  conversationList: WireConversation[];
  /** New messages after each given seq, oldest first per conversation. */
  messages: WireMessage[];
  /** Messages at or below the given seq that were revoked or edited after the given version. */
  changed: WireMessage[];
  /** Conversations with more missing messages than one answer carries: fetch history instead. */
  truncated: string[];
}

export interface HistoryRequest {
  conversationID: string;
  /** The ID of the oldest message already shown; omitted for the newest page. */
  nextReqMessageID?: string;
  count?: number;
}

export interface HistoryResult {
  messageList: WireMessage[];
  nextReqMessageID: string;
  isCompleted: boolean;
}

export interface ReadResult {
  conversationID: string;
  readSeq: number;
  lastSeq: number;
  unreadCount: number;
}

export interface ProfileUpdate {
  nick?: string;
  avatar?: string;
  gender?: Gender;
}

export interface GroupCreate {
  name: string;
  type?: GroupType;
  avatar?: string;
  introduction?: string;
  notification?: string;
  memberList?: { userID: string }[];
}

/** Request ops and their argument / result types. */
export interface Ops {
  auth: [AuthRequest, AuthResult];
  ping: [Record<string, never>, { serverTime: number }];
  send: [{ message: OutgoingMessage }, { message: WireMessage }];
  history: [HistoryRequest, HistoryResult];
  read: [{ conversationID: string; seq: number }, ReadResult];
  revoke: [{ messageID: string }, { message: WireMessage }];
  modify: [{ messageID: string; text: string }, { message: WireMessage }];
  convs: [Record<string, never>, { conversationList: WireConversation[] }];
  conv: [{ conversationID: string }, { conversation: WireConversation }];
  convDelete: [{ conversationID: string }, { conversationID: string }];
  convPin: [{ conversationID: string; pinned: boolean }, { conversation: WireConversation }];
  convMute: [{ conversationID: string; muted: boolean }, { conversation: WireConversation }];
  sync: [SyncRequest, SyncResult];
  profile: [Record<string, never>, UserProfile];
  profileUpdate: [ProfileUpdate, UserProfile];
  profiles: [{ userIDList: string[] }, UserProfile[]];
  presence: [{ userIDList: string[] }, { userID: string; online: boolean }[]];
  uploadToken: [{ key: string; kind: 'image' | 'file' | 'sound' | 'video' }, { token: string; key: string }];
  groups: [Record<string, never>, { groupList: GroupProfile[] }];
  group: [{ groupID: string }, { group: GroupProfile }];
  groupCreate: [GroupCreate, { group: GroupProfile }];
  groupUpdate: [
    { groupID: string; name?: string; avatar?: string; introduction?: string; notification?: string },
    { group: GroupProfile },
  ];
  groupMembers: [{ groupID: string; count?: number; offset?: number }, { memberList: GroupMember[] }];
  groupAdd: [
    { groupID: string; userIDList: string[] },
    {
      successUserIDList: string[];
      failureUserIDList: string[];
      existedUserIDList: string[];
      group: GroupProfile;
    },
  ];
  groupRemove: [
    { groupID: string; userIDList: string[]; reason?: string },
    { group: GroupProfile; userIDList: string[] },
  ];
  groupOwner: [{ groupID: string; newOwnerID: string }, { group: GroupProfile }];
  groupQuit: [{ groupID: string }, { groupID: string }];
  groupDismiss: [{ groupID: string }, { groupID: string }];
}
export type Op = keyof Ops;

export type RequestFrame<O extends Op = Op> = { op: O; rid: number } & Ops[O][0];

export type ResponseFrame =
  | { op: 'res'; rid: number; code: 0; data: unknown }
  | { op: 'res'; rid: number; code: number; message: string; data?: Record<string, unknown> };

/** Server pushes. */
export interface Pushes {
  /** A new message in one of the user's conversations (also own messages sent from another instance). */
  msg: WireMessage;
  revoked: WireMessage;
  modified: WireMessage;
  /** The user read a conversation on another instance. */
  read: ReadResult;
  /** The peer of a one-to-one conversation read up to readSeq. */
  peerRead: { conversationID: string; readSeq: number };
  /** A conversation changed other than by a message (deleted, pinned, group profile, membership). */
  conv: { conversationID: string; removed: boolean; conversation?: WireConversation };
  /** The user's group list changed (joined, left, removed, dismissed, profile). */
  group: { groupID: string; event: 'joined' | 'left' | 'updated' | 'dismissed' };
  profile: UserProfile;
  /** Sent right before the socket closes with CLOSE.KICKED. */
  kicked: { type: KickedOutType };
  /** A fresh resume token. */
  ticket: { resumeToken: string; resumeTtlS: number };
}
export type PushOp = keyof Pushes;
export type PushFrame<P extends PushOp = PushOp> = { op: P; data: Pushes[P] };

/**
 * Public surface of the Forecourt chat SDK. It follows the hosted chat SDK the product spec was written
 * against (TIM): the same event and type names, promise results shaped `{ code: 0, data: {...} }`, and
 * rejections carrying `code` and `message`, so the chat screen's logic carries over unchanged.
 */

/** Event names for `chat.on(EVENT.X, handler)`. Values match the hosted SDK's. */
export const EVENT = {
  SDK_READY: 'sdkStateReady',
  SDK_NOT_READY: 'sdkStateNotReady',
  MESSAGE_RECEIVED: 'onMessageReceived',
  MESSAGE_REVOKED: 'onMessageRevoked',
  MESSAGE_MODIFIED: 'onMessageModified',
  MESSAGE_READ_BY_PEER: 'onMessageReadByPeer',
  CONVERSATION_LIST_UPDATED: 'onConversationListUpdated',
  TOTAL_UNREAD_MESSAGE_COUNT_UPDATED: 'onTotalUnreadMessageCountUpdated',
  GROUP_LIST_UPDATED: 'onGroupListUpdated',
  PROFILE_UPDATED: 'onProfileUpdated',
  KICKED_OUT: 'kickedOut',
  NET_STATE_CHANGE: 'netStateChange',
  ERROR: 'error',
} as const;
export type EventName = (typeof EVENT)[keyof typeof EVENT];

/** Constants for conversation, message, network, kick-out, group and gender kinds. */
export const TYPES = {
  CONV_C2C: 'C2C',
  CONV_GROUP: 'GROUP',
  CONV_SYSTEM: '@TIM#SYSTEM',

  MSG_TEXT: 'TIMTextElem',
  MSG_IMAGE: 'TIMImageElem',
  MSG_FILE: 'TIMFileElem',
  MSG_AUDIO: 'TIMSoundElem',
  MSG_SOUND: 'TIMSoundElem',
  MSG_VIDEO: 'TIMVideoFileElem',
  MSG_FACE: 'TIMFaceElem',
  MSG_LOCATION: 'TIMLocationElem',
  /** The hosted SDK's name for MSG_LOCATION. */
  MSG_GEO: 'TIMLocationElem',
  MSG_CUSTOM: 'TIMCustomElem',
  MSG_GRP_TIP: 'TIMGroupTipElem',
  MSG_GRP_SYS_NOTICE: 'TIMGroupSystemNoticeElem',

  NET_STATE_CONNECTED: 'connected',
  NET_STATE_CONNECTING: 'connecting',
  NET_STATE_DISCONNECTED: 'disconnected',

  KICKED_OUT_MULT_ACCOUNT: 'multipleAccount',
  KICKED_OUT_MULT_DEVICE: 'multipleDevice',
  KICKED_OUT_USERSIG_EXPIRED: 'userSigExpired',
  /** Signed out from the server side (sign-out elsewhere, account disabled, session ended). */
  KICKED_OUT_REST_API: 'REST_API_Kick',

  GRP_WORK: 'Private',
  GRP_PUBLIC: 'Public',
  GRP_MEETING: 'ChatRoom',

  GRP_MBR_ROLE_OWNER: 'Owner',
  GRP_MBR_ROLE_ADMIN: 'Admin',
  GRP_MBR_ROLE_MEMBER: 'Member',

  /** Group tip operation types (payload.operationType of a MSG_GRP_TIP). */
  GRP_TIP_MBR_JOIN: 1,
  GRP_TIP_MBR_QUIT: 2,
  GRP_TIP_MBR_KICKED_OUT: 3,
  GRP_TIP_MBR_SET_ADMIN: 4,
  GRP_TIP_MBR_CANCELED_ADMIN: 5,
  GRP_TIP_GRP_PROFILE_UPDATED: 6,
  GRP_TIP_MBR_PROFILE_UPDATED: 7,
  /** Group created (our addition: the first tip of every group). */
  GRP_TIP_GRP_CREATED: 8,
  /** Ownership handed over (our addition). */
  GRP_TIP_OWNER_CHANGED: 9,

  GENDER_UNKNOWN: 'Gender_Type_Unknown',
  GENDER_FEMALE: 'Gender_Type_Female',
  GENDER_MALE: 'Gender_Type_Male',

  MSG_REMIND_ACPT_AND_NOTE: 'AcceptAndNotify',
  MSG_REMIND_ACPT_NOT_NOTE: 'AcceptNotNotify',
} as const;

export type ConversationType = typeof TYPES.CONV_C2C | typeof TYPES.CONV_GROUP | typeof TYPES.CONV_SYSTEM;
export type MessageType =
  | typeof TYPES.MSG_TEXT
  | typeof TYPES.MSG_IMAGE
  | typeof TYPES.MSG_FILE
  | typeof TYPES.MSG_SOUND
  | typeof TYPES.MSG_VIDEO
  | typeof TYPES.MSG_FACE
  | typeof TYPES.MSG_LOCATION
  | typeof TYPES.MSG_CUSTOM
  | typeof TYPES.MSG_GRP_TIP
  | typeof TYPES.MSG_GRP_SYS_NOTICE;
export type NetState =
  typeof TYPES.NET_STATE_CONNECTED | typeof TYPES.NET_STATE_CONNECTING | typeof TYPES.NET_STATE_DISCONNECTED;
export type KickedOutType =
  | typeof TYPES.KICKED_OUT_MULT_ACCOUNT
  | typeof TYPES.KICKED_OUT_MULT_DEVICE
  | typeof TYPES.KICKED_OUT_USERSIG_EXPIRED
  | typeof TYPES.KICKED_OUT_REST_API;
export type GroupType = typeof TYPES.GRP_WORK | typeof TYPES.GRP_PUBLIC | typeof TYPES.GRP_MEETING;
export type GroupRole =
  typeof TYPES.GRP_MBR_ROLE_OWNER | typeof TYPES.GRP_MBR_ROLE_ADMIN | typeof TYPES.GRP_MBR_ROLE_MEMBER;
export type Gender = typeof TYPES.GENDER_UNKNOWN | typeof TYPES.GENDER_FEMALE | typeof TYPES.GENDER_MALE;
export type MessageRemindType = typeof TYPES.MSG_REMIND_ACPT_AND_NOTE | typeof TYPES.MSG_REMIND_ACPT_NOT_NOTE;

/** Error codes carried by rejected promises (`err.code`). */
export const ERROR_CODE = {
  /** The ticket (userSig) is missing, malformed, expired or not for this userID. */
  INVALID_SIG: 70001,
  /** A call that needs a signed-in SDK was made before login or after logout / kick-out. */
  NOT_LOGGED_IN: 2024,
  /** No connection, or it dropped before the answer came. */
  NETWORK: 2800,
  /** No answer within the request time-out. */
  TIMEOUT: 2801,
  /** The caller's input is wrong (empty text, bad conversation id, …); `message` names the problem. */
  INVALID_PARAMETER: 10001,
  /** Text over 12 KB. */
  TEXT_TOO_LONG: 80002,
  /** Too many sends in a short time; retry after `data.retryAfterMs`. */
  RATE_LIMITED: 80003,
  /** File over the size limit of its kind (file, video 100 MB; image, sound 28 MB). */
  FILE_TOO_LARGE: 80004,
  /** Upload to storage failed. */
  UPLOAD_FAILED: 80005,
  /** Only the sender may revoke or edit a message. */
  NOT_SENDER: 20016,
  /** The 120 s revoke / re-edit window has passed. */
  REVOKE_TIME_LIMIT: 20017,
  /** Only text messages can be edited; revoked messages cannot be edited. */
  NOT_EDITABLE: 20018,
  /** Message, conversation, group or user not found (or not visible to the caller). */
  NOT_FOUND: 10010,
  /** The caller is not a member of the group, or lacks the right (only the owner may remove members). */
  FORBIDDEN: 10007,
  /** The system conversation has no send box. */
  SYSTEM_CONVERSATION: 10008,
  /** Anything else went wrong on the server. */
  SERVER: 5000,
} as const;

/** Rejection value of every SDK promise. */
export interface IMError extends Error {
  code: number;
  message: string;
  /** Extra detail, e.g. `{ retryAfterMs }` for RATE_LIMITED. */
  data?: Record<string, unknown>;
}

/** Every SDK promise resolves to this (the hosted SDK's shape). */
export interface IMResponse<T> {
  code: 0;
  data: T;
}

// ---- payloads (spec §3) --------------------------------------------------------------------------

export interface TextPayload {
  text: string;
}
export interface ImageInfo {
  /** 0 original, 1 large, 2 thumbnail (we store one size; all three entries point at it). */
  type: number;
  url: string;
  width: number;
  height: number;
  size: number;
}
export interface ImagePayload {
  uuid: string;
  imageFormat: string;
  imageInfoArray: ImageInfo[];
}
export interface FilePayload {
  uuid: string;
  fileName: string;
  fileUrl: string;
  fileSize: number;
}
export interface SoundPayload {
  uuid: string;
  url: string;
  size: number;
  /** Duration in seconds. */
  second: number;
}
export interface VideoPayload {
  uuid: string;
  videoUrl: string;
  videoSize: number;
  videoSecond: number;
  videoFormat: string;
  thumbUrl: string;
  thumbWidth: number;
  thumbHeight: number;
}
export interface FacePayload {
  index: number;
  data: string;
}
export interface LocationPayload {
  description: string;
  longitude: number;
  latitude: number;
}
/** Custom payload; voice and video calls are `{ data: JSON of { businessID: 'av_call', … } }`. */
export interface CustomPayload {
  data: string;
  description: string;
  extension: string;
}
export interface GroupTipPayload {
  operatorID: string;
  operationType: number;
  userIDList: string[];
  newGroupProfile?: Partial<
    Pick<GroupProfile, 'name' | 'avatar' | 'introduction' | 'notification' | 'ownerID'>
  >;
}
export interface GroupSystemNoticePayload {
  operatorID: string;
  operationType: number;
  title?: string;
  text: string;
  groupProfile?: Pick<GroupProfile, 'groupID' | 'name'>;
  extension?: string;
}

export type Payload =
  | TextPayload
  | ImagePayload
  | FilePayload
  | SoundPayload
  | VideoPayload
  | FacePayload
  | LocationPayload
  | CustomPayload
  | GroupTipPayload
  | GroupSystemNoticePayload;

/** A chat message (spec §3), as the signed-in user sees it. */
export interface Message {
  /** Server id; before the first successful send, a local id. */
  ID: string;
  /** Client-generated, unique per sender; a resend reuses it, so the server never stores it twice. */
  clientMsgId: string;
  conversationID: string;
  conversationType: ConversationType;
  /** Gap-free position in the conversation (0 while unsent). */
  seq: number;
  type: MessageType;
  flow: 'in' | 'out';
  /** Server time in seconds (client time while unsent). */
  time: number;
  from: string;
  /** Peer user id (C2C), group id (GROUP) or the recipient (system). */
  to: string;
  nick: string;
  avatar: string;
  payload: Payload;
  isRevoked: boolean;
  /** Who revoked (the sender); empty when not revoked. */
  revoker: string;
  /** True once the text has been re-edited. */
  isModified: boolean;
  /** One-to-one: the peer has read up to this message. Groups: false. */
  isPeerRead: boolean;
  status: 'unSend' | 'success' | 'fail';
  /** Upload progress 0..1 for media while sending. */
  progress: number;
}

export interface UserProfile {
  userID: string;
  nick: string;
  avatar: string;
  gender: Gender;
  /** Custom field: department name. */
  department: string;
}

export interface GroupSelfInfo {
  role: GroupRole;
  joinTime: number;
  messageRemindType: MessageRemindType;
}

export interface GroupProfile {
  groupID: string;
  name: string;
  type: GroupType;
  avatar: string;
  introduction: string;
  notification: string;
  ownerID: string;
  memberCount: number;
  createTime: number;
  selfInfo: GroupSelfInfo;
}
export type Group = GroupProfile;

export interface GroupMember {
  userID: string;
  nick: string;
  avatar: string;
  role: GroupRole;
  joinTime: number;
}

export interface LastMessage {
  lastTime: number;
  lastSequence: number;
  /** Text for a text message; otherwise a tag such as [image] (localize by `type`). */
  messageForShow: string;
  type: MessageType | '';
  isRevoked: boolean;
  fromAccount: string;
  payload: Payload | null;
}

export interface Conversation {
  conversationID: string;
  type: ConversationType;
  unreadCount: number;
  /** C2C: the peer's profile. */
  userProfile: UserProfile;
  /** GROUP: the group's profile. */
  groupProfile: GroupProfile | null;
  lastMessage: LastMessage;
  isPinned: boolean;
  messageRemindType: MessageRemindType;
}

// ---- calls ---------------------------------------------------------------------------------------

export interface CreateOptions {
  /** Server base URL, e.g. `http://127.0.0.1:3000`; empty in the browser means the page's origin. */
  server?: string;
  /** Reconnect back-off bounds (ms). */
  reconnect?: { minDelayMs?: number; maxDelayMs?: number };
  /** Request time-out (ms), default 15000. */
  timeoutMs?: number;
  /**
   * Headers of the SDK's HTTP calls (media uploads). Default: the product's web client credential
   * (`Authorization: Basic` of saber:saber_secret), which every API request carries (spec §6).
   */
  headers?: Record<string, string>;
  /** Name of this runtime for the kick-out policy (pages of one platform vs other devices); default 'web' in a browser, 'node' otherwise. */
  platform?: string;
  /** Language of server messages in errors; default zh. */
  lang?: 'zh' | 'en';
}

export interface LoginOptions {
  userID: string;
  /** Ticket from GET /api/blade-im/sig/getSign/{userID}. */
  userSig: string;
}

/** A file to upload: a browser File/Blob, an <input type=file>, or raw bytes with a name (Node). */
export type UploadSource =
  Blob | { files: ArrayLike<Blob> } | { name: string; type?: string; data: Uint8Array | ArrayBuffer };

interface CreateBase {
  /** Peer userID (C2C) or groupID (GROUP). */
  to: string;
  conversationType: typeof TYPES.CONV_C2C | typeof TYPES.CONV_GROUP;
  /** Called with 0..1 while the media is uploaded. */
  onProgress?: (progress: number) => void;
}
export interface CreateTextOptions extends CreateBase {
  payload: TextPayload;
}
export interface CreateFileOptions extends CreateBase {
  payload: { file: UploadSource };
}
export interface CreateImageOptions extends CreateBase {
  payload: { file: UploadSource; width?: number; height?: number };
}
export interface CreateAudioOptions extends CreateBase {
  payload: { file: UploadSource; second: number };
}
export interface CreateVideoOptions extends CreateBase {
  payload: { file: UploadSource; second?: number; thumb?: UploadSource };
}
export interface CreateFaceOptions extends CreateBase {
  payload: FacePayload;
}
export interface CreateLocationOptions extends CreateBase {
  payload: LocationPayload;
}
export interface CreateCustomOptions extends CreateBase {
  payload: Partial<CustomPayload> & { data: string };
}

export interface GetMessageListOptions {
  conversationID: string;
  /** From the previous page; omit for the newest page. */
  nextReqMessageID?: string;
  /** Page size, default and maximum 15. */
  count?: number;
}
export interface MessageListResult {
  /** Oldest first within the page (pages walk backwards from the newest). */
  messageList: Message[];
  nextReqMessageID: string;
  isCompleted: boolean;
}

export interface UpdateProfileOptions {
  nick?: string;
  avatar?: string;
  gender?: Gender;
}

export interface CreateGroupOptions {
  name: string;
  type?: GroupType;
  avatar?: string;
  introduction?: string;
  notification?: string;
  memberList?: { userID: string }[];
}

export interface EventPayloads {
  [EVENT.SDK_READY]: undefined;
  [EVENT.SDK_NOT_READY]: undefined;
  [EVENT.MESSAGE_RECEIVED]: Message[];
  [EVENT.MESSAGE_REVOKED]: Message[];
  [EVENT.MESSAGE_MODIFIED]: Message[];
  /** The messages (of the local cache) that turned read by the peer; at least `{conversationID, seq}` of the latest. */
  [EVENT.MESSAGE_READ_BY_PEER]: { conversationID: string; readSeq: number; messageList: Message[] }[];
  [EVENT.CONVERSATION_LIST_UPDATED]: Conversation[];
  [EVENT.TOTAL_UNREAD_MESSAGE_COUNT_UPDATED]: number;
  [EVENT.GROUP_LIST_UPDATED]: Group[];
  [EVENT.PROFILE_UPDATED]: UserProfile[];
  [EVENT.KICKED_OUT]: { type: KickedOutType };
  [EVENT.NET_STATE_CHANGE]: { state: NetState };
  [EVENT.ERROR]: { code: number; message: string };
}

export interface IMEvent<E extends EventName> {
  name: E;
  data: EventPayloads[E];
}
export type Handler<E extends EventName> = (event: IMEvent<E>) => void;

export interface ChatClient {
  readonly EVENT: typeof EVENT;
  readonly TYPES: typeof TYPES;

  login(options: LoginOptions): Promise<IMResponse<{ repeatLogin: boolean }>>;
  logout(): Promise<IMResponse<Record<string, never>>>;
  /** True after SDK_READY until logout / kick-out. */
  isReady(): boolean;
  getNetState(): NetState;
  on<E extends EventName>(event: E, handler: Handler<E>): void;
  off<E extends EventName>(event: E, handler: Handler<E>): void;

  getConversationList(): Promise<IMResponse<{ conversationList: Conversation[] }>>;
  getConversationProfile(conversationID: string): Promise<IMResponse<{ conversation: Conversation }>>;
  deleteConversation(conversationID: string): Promise<IMResponse<{ conversationID: string }>>;
  getTotalUnreadMessageCount(): number;

  getMessageList(options: GetMessageListOptions): Promise<IMResponse<MessageListResult>>;
  createTextMessage(options: CreateTextOptions): Message;
  createImageMessage(options: CreateImageOptions): Message;
  createFileMessage(options: CreateFileOptions): Message;
  createVideoMessage(options: CreateVideoOptions): Message;
  createAudioMessage(options: CreateAudioOptions): Message;
  createFaceMessage(options: CreateFaceOptions): Message;
  createLocationMessage(options: CreateLocationOptions): Message;
  createCustomMessage(options: CreateCustomOptions): Message;
  /** Uploads media (if any), stores the message; resolves with the acknowledged (durable) message. */
  sendMessage(message: Message): Promise<IMResponse<{ message: Message }>>;
  /** Sends a failed message again with the same clientMsgId (the server never stores it twice). */
  resendMessage(message: Message): Promise<IMResponse<{ message: Message }>>;
  revokeMessage(message: Message): Promise<IMResponse<{ message: Message }>>;
  /** Re-edit a text message (sender only, within 120 s): set `message.payload.text` first. */
  modifyMessage(message: Message): Promise<IMResponse<{ message: Message }>>;
  setMessageRead(options: { conversationID: string }): Promise<IMResponse<Record<string, never>>>;

  getMyProfile(): Promise<IMResponse<UserProfile>>;
  updateMyProfile(options: UpdateProfileOptions): Promise<IMResponse<UserProfile>>;
  getUserProfile(options: { userIDList: string[] }): Promise<IMResponse<UserProfile[]>>;

  getGroupList(): Promise<IMResponse<{ groupList: Group[] }>>;
  getGroupProfile(options: { groupID: string }): Promise<IMResponse<{ group: Group }>>;
  createGroup(options: CreateGroupOptions): Promise<IMResponse<{ group: Group }>>;
  updateGroupProfile(
    options: { groupID: string } & Partial<Pick<Group, 'name' | 'avatar' | 'introduction' | 'notification'>>,
  ): Promise<IMResponse<{ group: Group }>>;
  getGroupMemberList(options: {
    groupID: string;
    count?: number;
    offset?: number;
  }): Promise<IMResponse<{ memberList: GroupMember[] }>>;
  addGroupMember(options: { groupID: string; userIDList: string[] }): Promise<
    IMResponse<{
      successUserIDList: string[];
      failureUserIDList: string[];
      existedUserIDList: string[];
      group: Group;
    }>
  >;
  deleteGroupMember(options: {
    groupID: string;
    userIDList: string[];
    reason?: string;
  }): Promise<IMResponse<{ group: Group; userIDList: string[] }>>;
  changeGroupOwner(options: { groupID: string; newOwnerID: string }): Promise<IMResponse<{ group: Group }>>;
  quitGroup(groupID: string): Promise<IMResponse<{ groupID: string }>>;
  dismissGroup(groupID: string): Promise<IMResponse<{ groupID: string }>>;

  /** Accepted for compatibility with the hosted SDK (spec: log level 4); 0 = all … 4 = none. */
  setLogLevel(level: number): void;
  /** Closes the socket and drops all state and handlers. */
  destroy(): Promise<void>;
}

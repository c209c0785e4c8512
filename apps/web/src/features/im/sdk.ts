/**
 * The one door to @forecourt/im-sdk: chat modules import SDK names from here. Everything under
 * features/im is loaded on demand, so the SDK never weighs on the sign-in page or the shell's first load.
 */
export { create as createChatClient, EVENT, TYPES, ERROR_CODE } from '@forecourt/im-sdk';
export type {
  ChatClient,
  Conversation,
  CustomPayload,
  FacePayload,
  FilePayload,
  GroupSystemNoticePayload,
  GroupTipPayload,
  ImagePayload,
  IMError,
  KickedOutType,
  LastMessage,
  LocationPayload,
  Message,
  NetState,
  SoundPayload,
  TextPayload,
  UserProfile,
  VideoPayload,
} from '@forecourt/im-sdk';

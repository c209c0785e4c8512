import { TYPES, type Conversation, type LastMessage } from './sdk';
import { parseCall } from './calls';

/** The name a conversation goes by: the peer's nickname, the group's name, or the system notices. */
export function conversationName(c: Conversation, systemName: string): string {
  if (c.type === TYPES.CONV_SYSTEM) return systemName;
  if (c.type === TYPES.CONV_GROUP) return c.groupProfile?.name || c.groupProfile?.groupID || c.conversationID;
  return c.userProfile?.nick || c.userProfile?.userID || c.conversationID.replace(/^C2C/, '');
}

/** Spec §2: the conversation search matches names containing the typed text (case-insensitive). */
export function filterConversations(list: Conversation[], query: string, systemName: string): Conversation[] {
  const q = query.trim().toLowerCase();
  if (!q) return list;
  return list.filter((c) => conversationName(c, systemName).toLowerCase().includes(q));
}

/** Up (38) and Down (40) move to the neighbouring conversation; nothing past either end. */
export const KEY_UP = 38;
export const KEY_DOWN = 40;

export function neighbour(
  list: Conversation[],
  currentID: string | undefined,
  keyCode: number,
): string | undefined {
  if (!list.length || (keyCode !== KEY_UP && keyCode !== KEY_DOWN)) return undefined;
  const i = list.findIndex((c) => c.conversationID === currentID);
  if (i < 0) return list[0]!.conversationID;
  const j = keyCode === KEY_UP ? i - 1 : i + 1;
  return j >= 0 && j < list.length ? list[j]!.conversationID : undefined;
}

/** Tag keys (under im.preview_tags) of the last message of a conversation, by type. */
const TAGS: Record<string, string> = {
  [TYPES.MSG_IMAGE]: 'image',
  [TYPES.MSG_FILE]: 'file',
  [TYPES.MSG_SOUND]: 'sound',
  [TYPES.MSG_FACE]: 'face',
  [TYPES.MSG_VIDEO]: 'video',
  [TYPES.MSG_LOCATION]: 'location',
  [TYPES.MSG_GRP_TIP]: 'tip',
};

/**
 * The line under a conversation's name: the text of a text message, else a tag in the reader's language
 * (the server's messageForShow is one language for everyone). A call record reads as a call.
 */
export function lastMessageText(
  last: Pick<LastMessage, 'type' | 'messageForShow' | 'payload'> | undefined,
  tag: (key: string) => string,
): string {
  if (!last?.type) return last?.messageForShow ?? '';
  if (last.type === TYPES.MSG_TEXT || last.type === TYPES.MSG_GRP_SYS_NOTICE) return last.messageForShow;
  if (last.type === TYPES.MSG_CUSTOM)
    return tag(
      last.payload && parseCall(last.payload as unknown as Record<string, unknown>) ? 'call' : 'custom',
    );
  return TAGS[last.type] ? tag(TAGS[last.type]!) : last.messageForShow;
}

import { TYPES, type Conversation, type Message } from '../sdk';

/** A whole message with test-friendly defaults: an incoming text from sales2 to sales1, sent just now. */
export const message = (
  over: Partial<Omit<Message, 'payload' | 'type'>> & { type?: string; payload?: object } = {},
): Message =>
  ({
    ID: 'm1',
    clientMsgId: 'c1',
    conversationID: 'C2Csales2',
    conversationType: TYPES.CONV_C2C,
    seq: 1,
    type: TYPES.MSG_TEXT,
    flow: 'in',
    time: Math.floor(Date.now() / 1000),
    from: 'sales2',
    to: 'sales1',
    nick: '李晓梅',
    avatar: '',
    payload: { text: 'hi' },
    isRevoked: false,
    revoker: '',
    isModified: false,
    isPeerRead: false,
    status: 'success',
    progress: 0,
    ...over,
  }) as Message;

type ConvOver = Partial<Omit<Conversation, 'userProfile' | 'lastMessage'>> & {
  userProfile?: Partial<Conversation['userProfile']>;
  lastMessage?: Partial<Conversation['lastMessage']>;
};

/** A one-to-one conversation with `userID`, overridable field by field. */
export const conversation = (userID: string, over: ConvOver = {}): Conversation => ({
  conversationID: `C2C${userID}`,
  type: TYPES.CONV_C2C,
  unreadCount: 0,
  groupProfile: null,
  isPinned: false,
  messageRemindType: TYPES.MSG_REMIND_ACPT_AND_NOTE,
  ...over,
  userProfile: {
    userID,
    nick: userID,
    avatar: '',
    gender: TYPES.GENDER_UNKNOWN,
    department: '',
    ...over.userProfile,
  },
  lastMessage: {
    lastTime: 0,
    lastSequence: 0,
    messageForShow: '',
    type: '',
    isRevoked: false,
    fromAccount: '',
    payload: null,
    ...over.lastMessage,
  },
});

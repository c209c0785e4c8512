import { describe, expect, it } from 'vitest';
import { TYPES, type Conversation } from './sdk';
import { conversation } from './test/fixtures';
import {
  conversationName,
  filterConversations,
  KEY_DOWN,
  KEY_UP,
  lastMessageText,
  neighbour,
} from './conversations';

const c2c = (id: string, nick: string) => conversation(id, { userProfile: { nick } });
const list: Conversation[] = [
  c2c('sales2', 'Li Xiaomei'),
  {
    ...conversation('x'),
    conversationID: 'GROUPg1',
    type: TYPES.CONV_GROUP,
    groupProfile: { groupID: 'g1', name: 'Toyota team' } as Conversation['groupProfile'],
  },
  { ...conversation('x'), conversationID: '@TIM#SYSTEM', type: TYPES.CONV_SYSTEM },
  c2c('resource1', ''),
];

describe('the conversation list', () => {
  it('names each conversation by peer, group or as the system notices', () => {
    expect(list.map((c) => conversationName(c, 'System notices'))).toEqual([
      'Li Xiaomei',
      'Toyota team',
      'System notices',
      'resource1',
    ]);
  });

  it('finds conversations whose name contains the text, in any case', () => {
    expect(filterConversations(list, 'TEAM', 'System notices').map((c) => c.conversationID)).toEqual([
      'GROUPg1',
    ]);
    expect(filterConversations(list, 'xiao', 'System notices')).toHaveLength(1);
    expect(filterConversations(list, '', 'System notices')).toBe(list);
  });

  it('moves up and down with key codes 38 and 40 and stops at the ends', () => {
    expect(neighbour(list, 'GROUPg1', KEY_UP)).toBe('C2Csales2');
    expect(neighbour(list, 'GROUPg1', KEY_DOWN)).toBe('@TIM#SYSTEM');
    expect(neighbour(list, 'C2Csales2', KEY_UP)).toBeUndefined();
    expect(neighbour(list, 'C2Cresource1', KEY_DOWN)).toBeUndefined();
    expect(neighbour(list, undefined, KEY_DOWN)).toBe('C2Csales2');
    expect(neighbour(list, 'GROUPg1', 13)).toBeUndefined();
  });

  it("shows the last text as sent and other kinds as a tag in the reader's language", () => {
    const tag = (k: string) => `<${k}>`;
    const last = (type: string, messageForShow: string, payload: unknown = null) =>
      lastMessageText({ type, messageForShow, payload } as Parameters<typeof lastMessageText>[0], tag);
    expect(last(TYPES.MSG_TEXT, '<b>hi</b>')).toBe('<b>hi</b>');
    expect(last(TYPES.MSG_IMAGE, '[图片]')).toBe('<image>');
    expect(last(TYPES.MSG_FACE, '[表情]')).toBe('<face>');
    expect(last(TYPES.MSG_CUSTOM, '[自定义消息]', { data: '{"businessID":"av_call","duration":5}' })).toBe(
      '<call>',
    );
    expect(last(TYPES.MSG_CUSTOM, '[自定义消息]', { data: 'order 42' })).toBe('<custom>');
    expect(last('', '')).toBe('');
  });
});

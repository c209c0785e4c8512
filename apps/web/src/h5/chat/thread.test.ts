import { describe, expect, it } from 'vitest';
import type { Message } from '@forecourt/im-sdk';
import { canRevoke, isBlank, merge } from './thread';

const msg = (p: Partial<Message>): Message =>
  ({
    ID: 'm',
    clientMsgId: '',
    conversationID: 'C2Csales1',
    conversationType: 'C2C',
    seq: 0,
    type: 'TIMTextElem',
    flow: 'in',
    time: 1000,
    from: 'sales1',
    to: 'cust_1',
    nick: '',
    avatar: '',
    payload: { text: 'x' },
    isRevoked: false,
    revoker: '',
    isModified: false,
    isPeerRead: false,
    status: 'success',
    progress: 0,
    ...p,
  }) as Message;

describe('the mobile chat thread', () => {
  it('orders by seq and keeps unsent messages last', () => {
    const list = merge(
      [],
      [msg({ ID: 'b', seq: 2 }), msg({ ID: 'x', seq: 0, status: 'unSend' }), msg({ ID: 'a', seq: 1 })],
    );
    expect(list.map((m) => m.ID)).toEqual(['a', 'b', 'x']);
  });

  it('replaces an own message in flight with the stored one, matched by client id', () => {
    const local = msg({ ID: 'local-1', clientMsgId: 'c1', from: 'cust_1', flow: 'out', status: 'unSend' });
    const stored = msg({ ID: '900', clientMsgId: 'c1', from: 'cust_1', flow: 'out', seq: 7 });
    const list = merge(merge([msg({ ID: '1', seq: 6 })], [local]), [stored]);
    expect(list.map((m) => m.ID)).toEqual(['1', '900']);
  });

  it('applies a revoke or a repeated push to the message it holds, never adding a second one', () => {
    const list = merge(
      [msg({ ID: '5', seq: 5 })],
      [msg({ ID: '5', seq: 5, isRevoked: true }), msg({ ID: '5', seq: 5, isRevoked: true })],
    );
    expect(list).toHaveLength(1);
    expect(list[0]!.isRevoked).toBe(true);
  });

  it('lets only the sender revoke, within 120 s', () => {
    const mine = msg({ flow: 'out', time: 1000 });
    expect(canRevoke(mine, 1_120_000)).toBe(true);
    expect(canRevoke(mine, 1_121_000)).toBe(false);
    expect(canRevoke(msg({ flow: 'in', time: 1000 }), 1_010_000)).toBe(false);
    expect(canRevoke(msg({ flow: 'out', status: 'fail' }), 1_010_000)).toBe(false);
  });

  it('refuses whitespace-only text', () => {
    expect(isBlank(' \n\t')).toBe(true);
    expect(isBlank(' 你好 ')).toBe(false);
  });
});

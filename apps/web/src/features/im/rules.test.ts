import { describe, expect, it } from 'vitest';
import { TYPES } from './sdk';
import { canReEdit, canRestoreRevoked, canRevoke, revokeNotice, titleWithUnread, unreadPush } from './rules';

const at = 1_800_000_000;
const mine = {
  flow: 'out' as const,
  time: at,
  status: 'success' as const,
  isRevoked: false,
  type: TYPES.MSG_TEXT,
};

describe('chat rules', () => {
  it('lets only the sender revoke, within 120 s of sending', () => {
    expect(canRevoke(mine, (at + 120) * 1000)).toBe(true);
    expect(canRevoke(mine, (at + 121) * 1000)).toBe(false);
    expect(canRevoke({ ...mine, flow: 'in' }, at * 1000)).toBe(false);
    expect(canRevoke({ ...mine, status: 'fail' }, at * 1000)).toBe(false);
    expect(canRevoke({ ...mine, isRevoked: true }, at * 1000)).toBe(false);
  });

  it('lets a text be re-edited in the same window, and no other type', () => {
    expect(canReEdit(mine, (at + 60) * 1000)).toBe(true);
    expect(canReEdit({ ...mine, type: TYPES.MSG_IMAGE }, at * 1000)).toBe(false);
    expect(canReEdit(mine, (at + 121) * 1000)).toBe(false);
    expect(canRestoreRevoked({ ...mine, isRevoked: true }, (at + 100) * 1000)).toBe(true);
    expect(canRestoreRevoked({ ...mine, isRevoked: true }, (at + 130) * 1000)).toBe(false);
  });

  it('words the revoke notice for me, the other party and a group sender', () => {
    expect(revokeNotice({ flow: 'out', conversationType: TYPES.CONV_C2C, from: 'me' }).key).toBe(
      'im.revokedSelf',
    );
    expect(revokeNotice({ flow: 'in', conversationType: TYPES.CONV_C2C, from: 'x' }).key).toBe(
      'im.revokedPeer',
    );
    expect(revokeNotice({ flow: 'in', conversationType: TYPES.CONV_GROUP, from: 'x', nick: 'Wei' })).toEqual({
      key: 'im.revokedBy',
      sender: 'Wei',
    });
  });

  it('pushes the text of a text message and a tag for the other types', () => {
    expect(unreadPush({ type: TYPES.MSG_TEXT, payload: { text: 'hello' } })).toEqual({
      type: 'text',
      message: 'hello',
    });
    expect(unreadPush({ type: TYPES.MSG_SOUND, payload: {} })).toEqual({ type: 'voice', message: 'voice' });
    expect(unreadPush({ type: TYPES.MSG_FACE, payload: {} })?.type).toBe('emoji');
    expect(unreadPush({ type: TYPES.MSG_GEO, payload: {} })?.type).toBe('location');
    expect(unreadPush({ type: TYPES.MSG_CUSTOM, payload: { data: '' } })).toBeUndefined();
  });

  it("titles the page 'New message+N' with a 99+ cap while unread exist", () => {
    const tpl = (n: string) => `New message+${n}`;
    expect(titleWithUnread('Forecourt', 0, tpl)).toBe('Forecourt');
    expect(titleWithUnread('Forecourt', 7, tpl)).toBe('New message+7');
    expect(titleWithUnread('Forecourt', 100, tpl)).toBe('New message+99+');
  });
});

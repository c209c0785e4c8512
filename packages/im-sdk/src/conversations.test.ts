import { describe, expect, it } from 'vitest';
import { CACHE_PER_CONVERSATION, ConversationStore } from './conversations.js';
import { backoffDelay } from './backoff.js';
import type { WireConversation, WireMessage } from './protocol.js';
import { TYPES } from './types.js';

const CONV = 'C2Cpeer';

function msg(seq: number, from = 'peer', extra: Partial<WireMessage> = {}): WireMessage {
  return {
    ID: `id${seq}`,
    clientMsgId: `c${seq}`,
    conversationID: CONV,
    conversationType: TYPES.CONV_C2C,
    seq,
    type: TYPES.MSG_TEXT,
    flow: from === 'me' ? 'out' : 'in',
    time: 1000 + seq,
    from,
    to: from === 'me' ? 'peer' : 'me',
    nick: '',
    avatar: '',
    payload: { text: `t${seq}` },
    isRevoked: false,
    revoker: '',
    isModified: false,
    isPeerRead: false,
    ver: 0,
    ...extra,
  };
}

function summary(
  lastSeq: number,
  readSeq: number,
  unreadCount: number,
  extra: Partial<WireConversation> = {},
) {
  return {
    conversationID: CONV,
    type: TYPES.CONV_C2C,
    unreadCount,
    userProfile: { userID: 'peer', nick: 'Peer', avatar: '', gender: TYPES.GENDER_UNKNOWN, department: '' },
    groupProfile: null,
    lastMessage: {
      lastTime: 1000 + lastSeq,
      lastSequence: lastSeq,
      messageForShow: '',
      type: '',
      isRevoked: false,
      fromAccount: 'peer',
      payload: null,
    },
    isPinned: false,
    messageRemindType: TYPES.MSG_REMIND_ACPT_AND_NOTE,
    lastSeq,
    readSeq,
    peerReadSeq: 0,
    ver: 0,
    clearedSeq: 0,
    ...extra,
  } satisfies WireConversation;
}

const seqs = (r: { delivered: { seq: number }[] }) => r.delivered.map((m) => m.seq);

describe('conversation store', () => {
  it('delivers in seq order: holds a message after a gap until the gap fills, drops duplicates', () => {
    const s = new ConversationStore('me');
    s.applySummaries([summary(2, 2, 0)], 'login');
    expect(seqs(s.accept(msg(4)))).toEqual([]);
    expect(s.gapped()).toEqual([CONV]);
    expect(seqs(s.accept(msg(3)))).toEqual([3, 4]);
    expect(s.gapped()).toEqual([]);
    expect(seqs(s.accept(msg(4)))).toEqual([]);
    expect(seqs(s.accept(msg(2)))).toEqual([]);
    expect(s.positions()).toEqual([{ conversationID: CONV, seq: 4, ver: 0 }]);
  });

  it('counts unread like the server and reconciles a read answer that raced a new message', () => {
    const s = new ConversationStore('me');
    s.applySummaries([summary(5, 3, 2)], 'login');
    expect(s.totalUnread()).toBe(2);
    s.accept(msg(6));
    s.accept(msg(7, 'me'));
    expect(s.totalUnread()).toBe(3);
    // Read up to 6, computed by the server when the last seq was 6; message 8 came in meanwhile.
    s.accept(msg(8));
    s.applyRead({ conversationID: CONV, readSeq: 6, lastSeq: 6, unreadCount: 0 });
    expect(s.totalUnread()).toBe(1);
    // A stale answer (older read position) never rolls the count back.
    s.applyRead({ conversationID: CONV, readSeq: 3, lastSeq: 5, unreadCount: 2 });
    expect(s.totalUnread()).toBe(1);
    // A summary that already counted message 9 (8 and 9 unread; 7 is our own) does not count it again
    // when its push arrives late.
    s.applySummaries([summary(9, 6, 2)], 'later');
    expect(s.totalUnread()).toBe(2);
    s.accept(msg(9));
    expect(s.totalUnread()).toBe(2);
  });

  it('does not count muted conversations in the total', () => {
    const s = new ConversationStore('me');
    s.applySummaries([summary(5, 0, 5, { messageRemindType: TYPES.MSG_REMIND_ACPT_NOT_NOTE })], 'login');
    expect(s.totalUnread()).toBe(0);
    expect(s.list()[0]!.unreadCount).toBe(5);
  });

  it('treats a conversation first seen after sign-in as news: catch up from its visible start', () => {
    const s = new ConversationStore('me');
    s.applySummaries([], 'login');
    const r = s.applySummaries([summary(3, 0, 3, { clearedSeq: 1 })], 'later');
    expect(r.catchUp).toEqual([CONV]);
    expect(s.positions()).toEqual([{ conversationID: CONV, seq: 1, ver: 0 }]);
    expect(seqs(s.accept(msg(2)))).toEqual([2]);
    expect(s.totalUnread()).toBe(3); // the server's count already covers 2 and 3
  });

  it('applies a revoke once, also when it overtakes its message', () => {
    const s = new ConversationStore('me');
    s.applySummaries([summary(1, 1, 0)], 'login');
    expect(s.applyChange(msg(2, 'peer', { isRevoked: true, payload: {} as never, ver: 1 }))).toBeNull();
    const [m] = s.accept(msg(2)).delivered;
    expect(m!.isRevoked).toBe(true);
    expect(s.applyChange(msg(2, 'peer', { isRevoked: true, payload: {} as never, ver: 1 }))).toBeNull();
    expect(s.positions()[0]!.ver).toBe(1);
  });

  it('marks own messages read by the peer once', () => {
    const s = new ConversationStore('me');
    s.applySummaries([summary(0, 0, 0)], 'login');
    s.accept(msg(1, 'me'));
    s.accept(msg(2, 'me'));
    expect(s.applyPeerRead(CONV, 1)!.map((m) => m.seq)).toEqual([1]);
    expect(s.applyPeerRead(CONV, 2)!.map((m) => m.seq)).toEqual([2]);
    expect(s.applyPeerRead(CONV, 2)).toBeNull();
  });

  it('keeps the newest messages for in-place updates, oldest out first, each once', () => {
    const s = new ConversationStore('me');
    s.applySummaries([summary(0, 0, 0)], 'login');
    const n = CACHE_PER_CONVERSATION + 10;
    const sent = [];
    for (let seq = 1; seq <= n; seq++) {
      // An own send: the answer updates the application's object, then the push of it comes again.
      const own = { ...msg(seq, 'me'), ID: `local-${seq}`, seq: 0, status: 'unSend' as const, progress: 0 };
      s.accept(msg(seq, 'me'), own);
      s.accept(msg(seq, 'me'));
      sent.push(own);
    }
    const turned = s.applyPeerRead(CONV, n)!;
    expect(turned.length).toBe(CACHE_PER_CONVERSATION);
    expect(turned[0]!.seq).toBe(11);
    expect(turned.at(-1)).toBe(sent.at(-1));
    const [old, recent] = s.adoptHistory([msg(10, 'me'), msg(n, 'me')]);
    expect(old).not.toBe(sent[9]);
    expect(recent).toBe(sent.at(-1));
  });
});

describe('reconnect back-off', () => {
  it('grows exponentially with jitter inside its bounds', () => {
    expect(backoffDelay(0, 500, 30_000, () => 0)).toBe(250);
    expect(backoffDelay(0, 500, 30_000, () => 1)).toBe(500);
    expect(backoffDelay(3, 500, 30_000, () => 1)).toBe(4000);
    expect(backoffDelay(30, 500, 30_000, () => 0.5)).toBe(22_500);
    const spread = new Set(Array.from({ length: 50 }, () => backoffDelay(4, 500, 30_000)));
    expect(spread.size).toBeGreaterThan(10);
  });
});

describe('conversation store: what the server does not list', () => {
  it('stops waiting for a conversation a sync does not return (left, or never the user’s)', () => {
    const s = new ConversationStore('me');
    s.applySummaries([], 'login');
    s.accept(msg(3));
    expect(s.gapped()).toEqual([CONV]);
    expect(s.anyGapped()).toBe(true);
    s.afterSync([CONV], [], []);
    expect(s.gapped()).toEqual([]);
    expect(s.anyGapped()).toBe(false);
    expect(s.list()).toEqual([]);
  });

  it('pages a long catch-up to the end, skipping only after many pages', () => {
    const s = new ConversationStore('me');
    s.applySummaries([summary(1, 1, 0)], 'login');
    s.accept(msg(500));
    expect(s.afterSync([CONV], [summary(500, 1, 499)], [CONV])).toEqual([CONV]);
    for (let i = 2; i <= 200; i++) s.accept(msg(i));
    expect(s.positions()[0]!.seq).toBe(200);
    for (let i = 0; i < 49; i++) expect(s.afterSync([CONV], [summary(500, 1, 499)], [CONV])).toEqual([CONV]);
    expect(s.afterSync([CONV], [summary(500, 1, 499)], [CONV])).toEqual([]);
    expect(s.gapped()).toEqual([]);
    expect(seqs(s.accept(msg(501)))).toEqual([501]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT } from '@forecourt/im-sdk';
import { dbLabel } from './harness.js';
import { chatServer, signIn, text, waitFor, type ChatServer, type Recorded } from './im-support.js';

describe(`chat with the SDK (${dbLabel})`, () => {
  let t: ChatServer;
  const open: Recorded[] = [];
  const login = async (u: string, o = {}) => {
    const r = await signIn(t, u, o);
    open.push(r);
    return r;
  };
  beforeAll(async () => {
    t = await chatServer({ IM_KICK_POLICY: 'multi-instance' });
  });
  afterAll(async () => {
    for (const r of open) await r.client.destroy();
    await t?.close();
  });

  it('delivers a text to the peer, who sees it in the conversation list with one unread', async () => {
    const a = await login('sales1');
    const b = await login('sales2');
    const m = text(a, 'sales2', 'hello there');
    expect(m.status).toBe('unSend');
    const res = await a.client.sendMessage(m);
    expect(res.code).toBe(0);
    expect(m.status).toBe('success');
    expect(m.seq).toBe(1);
    await waitFor(() => b.received.length === 1, 5000, 'b receives');
    const got = b.received[0]!;
    expect(got).toMatchObject({ ID: m.ID, flow: 'in', from: 'sales1', conversationID: 'C2Csales1', seq: 1 });
    expect(got.payload).toEqual({ text: 'hello there' });
    await waitFor(() => b.client.getTotalUnreadMessageCount() === 1, 5000, 'unread 1');
    const conv = (await b.client.getConversationList()).data.conversationList.find(
      (c) => c.conversationID === 'C2Csales1',
    )!;
    expect(conv.unreadCount).toBe(1);
    expect(conv.lastMessage.messageForShow).toBe('hello there');
    expect(a.received).toHaveLength(0);
    expect(b.events[EVENT.TOTAL_UNREAD_MESSAGE_COUNT_UPDATED]?.at(-1)).toBe(1);
  });
});

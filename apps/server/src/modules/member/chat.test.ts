import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create, ERROR_CODE, EVENT, TYPES, type IMError, type Message } from '@forecourt/im-sdk';
import { call, dbLabel, tokenFor } from '../../../test/harness.js';
import { chatServer, signIn, waitFor, type ChatServer } from '../../../test/im-support.js';
import { customerSignIn } from './testing.js';

const rejection = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: IMError) => e,
  );

describe(`customers in the chat (${dbLabel})`, () => {
  let t: ChatServer;
  const clients: { destroy(): Promise<void> }[] = [];
  beforeAll(async () => {
    t = await chatServer();
  });
  afterAll(async () => {
    for (const c of clients) await c.destroy().catch(() => undefined);
    await t?.close();
  });

  /** The customer's phone: SMS sign-in, the chat ticket, and the SDK signed in with it. */
  async function customer(phone: string) {
    const { accessToken } = await customerSignIn(t, phone);
    const sign = (await call(t, accessToken, { url: '/api/blade-member/h5/im-sign' })).json().data as {
      userID: string;
      userSig: string;
      staff: { userID: string } | null;
    };
    const client = create({ server: t.origin, lang: 'en' });
    clients.push(client);
    const received: Message[] = [];
    const kicked: unknown[] = [];
    client.on(EVENT.MESSAGE_RECEIVED, (e) => received.push(...e.data));
    client.on(EVENT.KICKED_OUT, (e) => kicked.push(e.data));
    await client.login({ userID: sign.userID, userSig: sign.userSig });
    return { client, accessToken, userID: sign.userID, advisor: sign.staff!.userID, received, kicked };
  }
  const textTo = (c: ReturnType<typeof create>, to: string, text: string) =>
    c.sendMessage(c.createTextMessage({ to, conversationType: TYPES.CONV_C2C, payload: { text } }));

  it('chats both ways with the advisor, who sees the customer by name with the masked number', async () => {
    const me = await customer('13701234507'); // 徐海峰, looked after by sales2
    expect(me.advisor).toBe('sales2');
    const advisor = await signIn(t, 'sales2');
    clients.push(advisor.client);
    await textTo(me.client, 'sales2', '帕萨特还有现车吗？');
    await waitFor(() => advisor.received.some((m) => m.from === me.userID), 10_000, 'the advisor receives');
    const conv = (await advisor.client.getConversationList()).data.conversationList.find(
      (c) => c.conversationID === `C2C${me.userID}`,
    );
    expect(conv).toMatchObject({
      unreadCount: 1,
      userProfile: { nick: '徐海峰', department: '137****4507' },
      lastMessage: { messageForShow: '帕萨特还有现车吗？' },
    });
    await textTo(advisor.client, me.userID, '有的，周六可以来试驾');
    await waitFor(() => me.received.some((m) => m.from === 'sales2'), 10_000, 'the customer receives');
    expect(me.received.find((m) => m.from === 'sales2')?.payload).toEqual({ text: '有的，周六可以来试驾' });
  });

  it('keeps customers to their advisor: no other colleague either way, no groups', async () => {
    const me = await customer('15001234510'); // 朱丹丹, looked after by sales2
    const stranger = await signIn(t, 'sales1');
    clients.push(stranger.client);
    const out = await rejection(textTo(me.client, 'sales1', 'hello?'));
    expect(out).toMatchObject({ code: ERROR_CODE.FORBIDDEN, message: 'You cannot chat with this user' });
    expect((await rejection(textTo(stranger.client, me.userID, 'hi'))).code).toBe(ERROR_CODE.FORBIDDEN);
    const group = await rejection(
      stranger.client.createGroup({ name: 'VIP', memberList: [{ userID: me.userID }] }),
    );
    expect(group).toMatchObject({ code: ERROR_CODE.FORBIDDEN });
    expect(
      (await rejection(me.client.createGroup({ name: 'mine', memberList: [{ userID: 'sales2' }] }))).code,
    ).toBe(ERROR_CODE.FORBIDDEN);
    // Handed to another colleague, the customer now talks to them instead.
    const admin = await call(t, await tokenFor(t, 'admin'), {
      method: 'POST',
      url: '/api/blade-member/customer/assign',
      payload: { ids: me.userID.slice('cust_'.length), userId: await userId('sales1') },
    });
    expect(admin.json().code).toBe(200);
    await textTo(me.client, 'sales1', 'hello again');
    expect((await rejection(textTo(me.client, 'sales2', 'still there?'))).code).toBe(ERROR_CODE.FORBIDDEN);
  });

  it("ends the customer's chat when they sign out on the page", async () => {
    const me = await customer('17701234511'); // 胡建华
    await call(t, me.accessToken, { method: 'POST', url: '/api/blade-member/h5/logout' });
    await t.app.ctx.im!.gateway.checkSessions();
    await waitFor(() => me.kicked.length > 0, 10_000, 'the kick-out');
    expect(me.kicked[0]).toEqual({ type: TYPES.KICKED_OUT_REST_API });
  });

  const userId = async (account: string) =>
    String((await t.db.one<{ id: string }>('SELECT id FROM blade_user WHERE account = $1', [account]))!.id);
});

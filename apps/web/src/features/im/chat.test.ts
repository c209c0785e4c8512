import './test/dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { message as antMessage, notification } from 'antd';
import i18n from '@/shared/i18n';
import { ERROR_CODE, EVENT, TYPES, type Conversation, type Message } from '@forecourt/im-sdk';
import { conversation, message } from './test/fixtures';

type Handler = (e: { name: string; data: unknown }) => void;

/** A chat client double: records calls, answers like the SDK (`{ code: 0, data }`), emits on demand. */
class FakeClient {
  handlers = new Map<string, Handler[]>();
  calls: Array<[string, unknown]> = [];
  /** true: the next send fails as a dropped connection; an error: it fails with that error. */
  failNextSend: boolean | Error = false;
  conversations: Conversation[] = [conversation('sales2', { userProfile: { nick: 'Li Xiaomei' } })];
  pages: Array<{ messageList: Message[]; nextReqMessageID: string; isCompleted: boolean }> = [];
  /** History pages are answered once this settles (a slow server). */
  pageGate: Promise<unknown> = Promise.resolve();
  /** Conversation profiles are answered once this settles. */
  profileGate: Promise<unknown> = Promise.resolve();
  private n = 0;
  on(name: string, h: Handler) {
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), h]);
  }
  off() {}
  emit(name: string, data: unknown) {
    for (const h of this.handlers.get(name) ?? []) h({ name, data });
  }
  setLogLevel(l: number) {
    this.calls.push(['setLogLevel', l]);
  }
  private ok<T>(name: string, arg: unknown, data: T) {
    this.calls.push([name, arg]);
    return Promise.resolve({ code: 0 as const, data });
  }
  login(o: unknown) {
    return this.ok('login', o, { repeatLogin: false });
  }
  logout() {
    return this.ok('logout', undefined, {});
  }
  destroy() {
    return Promise.resolve();
  }
  getMyProfile() {
    return this.ok('getMyProfile', undefined, {
      userID: 'sales1',
      nick: 'Wang Jianguo',
      avatar: '',
      gender: TYPES.GENDER_MALE,
      department: 'Sales 1',
    });
  }
  getConversationList() {
    return this.ok('getConversationList', undefined, { conversationList: this.conversations });
  }
  getTotalUnreadMessageCount() {
    return 0;
  }
  async getConversationProfile(id: string) {
    await this.profileGate;
    return this.ok('getConversationProfile', id, {
      conversation: this.conversations.find((c) => c.conversationID === id) ?? conversation(id.slice(3)),
    });
  }
  async getMessageList(o: unknown) {
    await this.pageGate;
    return this.ok(
      'getMessageList',
      o,
      this.pages.shift() ?? { messageList: [], nextReqMessageID: '', isCompleted: true },
    );
  }
  setMessageRead(o: unknown) {
    return this.ok('setMessageRead', o, {});
  }
  private local(type: string, o: { to: string; conversationType: string; payload: object }): Message {
    this.n++;
    return message({
      ID: `local-${this.n}`,
      clientMsgId: `c-${this.n}`,
      conversationID: `C2C${o.to}`,
      type,
      flow: 'out',
      from: 'sales1',
      to: o.to,
      seq: 0,
      status: 'unSend',
      payload: o.payload,
    });
  }
  createTextMessage(o: { to: string; conversationType: string; payload: object }) {
    return this.local(TYPES.MSG_TEXT, o);
  }
  createFaceMessage(o: { to: string; conversationType: string; payload: object }) {
    return this.local(TYPES.MSG_FACE, o);
  }
  createImageMessage(o: { to: string; conversationType: string; payload: object }) {
    return this.local(TYPES.MSG_IMAGE, { ...o, payload: { imageInfoArray: [] } });
  }
  createFileMessage(o: { to: string; conversationType: string; payload: object }) {
    return this.local(TYPES.MSG_FILE, o);
  }
  private deliver(name: string, m: Message) {
    this.calls.push([name, m]);
    if (this.failNextSend) {
      const e = this.failNextSend;
      this.failNextSend = false;
      return Promise.reject(
        e instanceof Error ? e : Object.assign(new Error('connection lost'), { code: 2800 }),
      );
    }
    return Promise.resolve({
      code: 0 as const,
      data: { message: { ...m, ID: `s-${m.clientMsgId}`, seq: 10, status: 'success' as const } },
    });
  }
  sendMessage(m: Message) {
    return this.deliver('sendMessage', m);
  }
  resendMessage(m: Message) {
    return this.deliver('resendMessage', m);
  }
  revokeMessage(m: Message) {
    this.calls.push(['revokeMessage', m]);
    return Promise.reject(Object.assign(new Error('the 120 s window has passed'), { code: 20017 }));
  }
}

let fake: FakeClient;
const posts: Array<[string, unknown]> = [];

vi.mock('@forecourt/im-sdk', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  create: () => fake,
}));
vi.mock('@/shared/http', () => ({
  http: {
    get: vi.fn(async () => 'ticket-1'),
    post: vi.fn(async (url: string, body: unknown) => {
      posts.push([url, body]);
      return true;
    }),
  },
}));

const chat = await import('./chat');
const { useChat } = chat;
const flush = () => new Promise((r) => setTimeout(r, 0));
const shown = () => useChat.getState().history.C2Csales2?.list ?? [];
const shownTexts: string[] = [];
const toasts = () => shownTexts;

describe('the chat client of the web app', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });
  beforeEach(async () => {
    fake = new FakeClient();
    posts.length = 0;
    shownTexts.length = 0;
    for (const kind of ['info', 'success', 'warning', 'error'] as const) {
      vi.spyOn(antMessage, kind).mockImplementation(((text: unknown) => {
        shownTexts.push(String(text));
      }) as never);
      vi.spyOn(notification, kind).mockImplementation(((args: {
        message?: unknown;
        description?: unknown;
      }) => {
        shownTexts.push(`${String(args.message)} ${String(args.description ?? '')}`);
      }) as never);
    }
    vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    await chat.startChat({ account: 'sales1' });
    fake.emit(EVENT.SDK_READY, undefined);
    await flush();
  });
  afterEach(async () => {
    await chat.stopChat();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('signs in with the ticket of getSign, at log level 4, and loads my profile and conversations', () => {
    expect(fake.calls).toContainEqual(['login', { userID: 'sales1', userSig: 'ticket-1' }]);
    expect(fake.calls).toContainEqual(['setLogLevel', 4]);
    expect(useChat.getState().status).toBe('ready');
    expect(useChat.getState().me?.nick).toBe('Wang Jianguo');
    expect(useChat.getState().conversations).toHaveLength(1);
  });

  it('marks a conversation read when it is opened on screen', async () => {
    chat.setVisible(true);
    await chat.openConversation('C2Csales2');
    expect(fake.calls).toContainEqual(['setMessageRead', { conversationID: 'C2Csales2' }]);
    expect(useChat.getState().current?.userProfile.nick).toBe('Li Xiaomei');
  });

  it('marks the open conversation read when its unread count rises while the window is focused', async () => {
    chat.setVisible(true);
    await chat.openConversation('C2Csales2');
    fake.calls.length = 0;
    fake.emit(EVENT.CONVERSATION_LIST_UPDATED, [{ ...fake.conversations[0]!, unreadCount: 1 }]);
    expect(fake.calls).toContainEqual(['setMessageRead', { conversationID: 'C2Csales2' }]);
    // Not on screen: the count stays for the badge.
    chat.setVisible(false);
    fake.calls.length = 0;
    fake.emit(EVENT.CONVERSATION_LIST_UPDATED, [{ ...fake.conversations[0]!, unreadCount: 2 }]);
    expect(fake.calls.filter(([n]) => n === 'setMessageRead')).toEqual([]);
  });

  it('marks the open conversation read when the window regains focus', async () => {
    chat.setVisible(true);
    await chat.openConversation('C2Csales2');
    vi.spyOn(document, 'hasFocus').mockReturnValue(false);
    fake.calls.length = 0;
    fake.emit(EVENT.CONVERSATION_LIST_UPDATED, [{ ...fake.conversations[0]!, unreadCount: 3 }]);
    expect(fake.calls.filter(([n]) => n === 'setMessageRead')).toEqual([]);
    vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    window.dispatchEvent(new Event('focus'));
    expect(fake.calls).toContainEqual(['setMessageRead', { conversationID: 'C2Csales2' }]);
  });

  it('ignores another switch while one is in progress', async () => {
    const first = chat.openConversation('C2Csales2');
    expect(useChat.getState().switching).toBe(true);
    await chat.openConversation('C2Cresource1');
    await first;
    expect(useChat.getState().currentID).toBe('C2Csales2');
    expect(fake.calls.filter(([n]) => n === 'getConversationProfile')).toEqual([
      ['getConversationProfile', 'C2Csales2'],
    ]);
    expect(useChat.getState().switching).toBe(false);
  });

  it('sends to the conversation being opened, not to the one before it, while its profile loads', async () => {
    await chat.openConversation('C2Csales2');
    let answer = () => {};
    fake.profileGate = new Promise<void>((r) => (answer = r));
    const opening = chat.openConversation('C2Cresource1');
    await flush();
    chat.sendText('typed while it opens');
    answer();
    await opening;
    chat.sendText('the price list is out');
    await flush();
    const sentTo = fake.calls.filter(([n]) => n === 'sendMessage').map(([, m]) => (m as Message).to);
    expect(sentTo).toEqual(['resource1', 'resource1']);
    expect(useChat.getState().history.C2Cresource1?.list.map((m) => m.to)).toEqual([
      'resource1',
      'resource1',
    ]);
  });

  it('shows a text at once as unsent, then sent, and pushes the text to the other party', async () => {
    await chat.openConversation('C2Csales2');
    chat.sendText('hello there');
    expect(shown().map((m) => m.status)).toEqual(['unSend']);
    await flush();
    expect(shown().map((m) => [m.status, m.ID])).toEqual([['success', 's-c-1']]);
    expect(posts).toContainEqual([
      '/api/sop-tools/imPc/pushImUnread',
      { fromUser: 'sales1', toUser: 'sales2', message: 'hello there', type: 'text' },
    ]);
  });

  it('pushes a tag instead of the content for other types', async () => {
    await chat.openConversation('C2Csales2');
    chat.sendFace({ key: 'thumbs_up', char: '👍', zh: '赞', en: 'thumbs up' }, 117);
    await flush();
    expect(posts).toContainEqual([
      '/api/sop-tools/imPc/pushImUnread',
      { fromUser: 'sales1', toUser: 'sales2', message: 'emoji', type: 'emoji' },
    ]);
  });

  it('marks a failed send red and resends the same message on request, shown once', async () => {
    await chat.openConversation('C2Csales2');
    fake.failNextSend = true;
    chat.sendText('are you there?');
    await flush();
    expect(shown().map((m) => m.status)).toEqual(['fail']);
    expect(posts.filter(([u]) => u.endsWith('pushImUnread'))).toEqual([]);
    chat.resend(shown()[0]!);
    expect(shown().map((m) => m.status)).toEqual(['unSend']);
    await flush();
    expect(shown().map((m) => m.status)).toEqual(['success']);
    const resent = fake.calls.find(([n]) => n === 'resendMessage')![1] as Message;
    expect(resent.clientMsgId).toBe('c-1');
  });

  it("says 'Upload image failed: …' or 'Upload file failed: …' when storage refuses the upload", async () => {
    await chat.openConversation('C2Csales2');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:local' }));
    fake.failNextSend = Object.assign(new Error('storage is down'), { code: ERROR_CODE.UPLOAD_FAILED });
    await chat.sendFile('image', new File(['x'], 'car.png', { type: 'image/png' }));
    fake.failNextSend = Object.assign(new Error('over 100 MB'), { code: ERROR_CODE.FILE_TOO_LARGE });
    await chat.sendFile('file', new File(['x'], 'offer.pdf', { type: 'application/pdf' }));
    await flush();
    expect(toasts()).toEqual(['Upload image failed: storage is down', 'Upload file failed: over 100 MB']);
    expect(shown().map((m) => m.status)).toEqual(['fail', 'fail']);
  });

  it('applies received messages in batches at most every 200 ms without losing any', async () => {
    await chat.openConversation('C2Csales2');
    vi.useFakeTimers();
    let renders = 0;
    const stop = useChat.subscribe((s, p) => s.history !== p.history && renders++);
    fake.emit(EVENT.MESSAGE_RECEIVED, [message({ ID: 's1', clientMsgId: 'x1', seq: 1 })]);
    vi.advanceTimersByTime(0);
    for (let i = 2; i <= 1000; i++)
      fake.emit(EVENT.MESSAGE_RECEIVED, [message({ ID: `s${i}`, clientMsgId: `x${i}`, seq: i })]);
    vi.advanceTimersByTime(199);
    expect(shown()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    stop();
    expect(shown()).toHaveLength(1000);
    expect(renders).toBe(2);
  });

  it("keeps what arrives while a conversation's first page is on its way: a message and my own send", async () => {
    let answer = () => {};
    fake.pageGate = new Promise<void>((r) => (answer = r));
    // The server read the page before the next message was stored; that message's push comes first.
    fake.pages = [
      {
        messageList: [message({ ID: 's1', clientMsgId: 'x1', seq: 1 })],
        nextReqMessageID: '',
        isCompleted: true,
      },
    ];
    const opening = chat.openConversation('C2Csales2');
    await flush();
    fake.emit(EVENT.MESSAGE_RECEIVED, [message({ ID: 's2', clientMsgId: 'x2', seq: 2 })]);
    chat.sendText('on my way');
    await flush();
    answer();
    await opening;
    expect(shown().map((m) => [m.ID, m.status])).toEqual([
      ['s1', 'success'],
      ['s2', 'success'],
      ['s-c-1', 'success'],
    ]);
  });

  it("pages back through history and says 'There are no more history messages' at the start", async () => {
    fake.pages = [
      {
        messageList: [message({ ID: 's16', clientMsgId: 'x16', seq: 16 })],
        nextReqMessageID: 's16',
        isCompleted: false,
      },
      {
        messageList: [message({ ID: 's15', clientMsgId: 'x15', seq: 15 })],
        nextReqMessageID: '',
        isCompleted: true,
      },
    ];
    await chat.openConversation('C2Csales2');
    await chat.loadMore();
    expect(fake.calls).toContainEqual([
      'getMessageList',
      { conversationID: 'C2Csales2', nextReqMessageID: 's16' },
    ]);
    expect(shown().map((m) => m.ID)).toEqual(['s15', 's16']);
    expect(useChat.getState().history.C2Csales2?.isCompleted).toBe(true);
    await flush();
    expect(toasts().join()).toContain('There are no more history messages');
  });

  it('warns with the error when a revoke fails', async () => {
    await chat.revoke(message({ flow: 'out' }));
    await flush();
    expect(toasts().join()).toContain('Revoke failed: the 120 s window has passed');
  });

  it("titles the page 'New message+N' while unread exist, 99+ at most", async () => {
    if (!document.querySelector('title')) document.head.append(document.createElement('title'));
    fake.emit(EVENT.TOTAL_UNREAD_MESSAGE_COUNT_UPDATED, 3);
    expect(document.title).toBe('New message+3');
    // The shell resetting the title (a language switch) does not hide the unread count.
    document.title = 'Forecourt';
    await flush();
    expect(document.title).toBe('New message+3');
    fake.emit(EVENT.TOTAL_UNREAD_MESSAGE_COUNT_UPDATED, 250);
    expect(document.title).toBe('New message+99+');
    fake.emit(EVENT.TOTAL_UNREAD_MESSAGE_COUNT_UPDATED, 0);
    expect(document.title).not.toContain('new message');
  });

  it('names the reason of a kick-out and asks to log in again', async () => {
    fake.emit(EVENT.KICKED_OUT, { type: TYPES.KICKED_OUT_MULT_ACCOUNT });
    expect(useChat.getState().status).toBe('kicked');
    await flush();
    expect(toasts().join()).toContain('Multiple instances: kicked out, please log in again');
    // The login flag is reset: the next start signs in again.
    await chat.startChat({ account: 'sales1' });
    expect(fake.calls.filter(([n]) => n === 'login')).toHaveLength(2);
  });

  it('keeps the network state for the chat pane and icon, never as a global toast', async () => {
    const before = toasts().length;
    fake.emit(EVENT.NET_STATE_CHANGE, { state: TYPES.NET_STATE_CONNECTING });
    expect(useChat.getState().net).toBe(TYPES.NET_STATE_CONNECTING);
    fake.emit(EVENT.NET_STATE_CHANGE, { state: TYPES.NET_STATE_DISCONNECTED });
    expect(useChat.getState().net).toBe(TYPES.NET_STATE_DISCONNECTED);
    fake.emit(EVENT.NET_STATE_CHANGE, { state: TYPES.NET_STATE_CONNECTED });
    expect(useChat.getState().net).toBe(TYPES.NET_STATE_CONNECTED);
    await flush();
    expect(toasts().length).toBe(before);
  });
});

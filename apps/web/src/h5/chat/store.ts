import { create as createStore } from 'zustand';
import {
  create,
  EVENT,
  TYPES,
  type ChatClient,
  type IMError,
  type IMEvent,
  type KickedOutType,
  type Message,
  type NetState,
} from '@forecourt/im-sdk';
import { createBatcher, type Batcher } from '@/features/im/batcher';
import { h5Api, type ChatTicket } from '../api';
import { merge } from './thread';

export interface Peer {
  userID: string;
  name: string;
  avatar: string | null;
}

interface ChatState {
  phase: 'idle' | 'connecting' | 'ready' | 'kicked' | 'failed' | 'noPeer';
  net: NetState;
  me?: string;
  peer?: Peer;
  messages: Message[];
  nextReqMessageID?: string;
  completed: boolean;
  loadingMore: boolean;
  kicked?: KickedOutType;
  error?: string;
}

const initial: ChatState = {
  phase: 'idle',
  net: TYPES.NET_STATE_CONNECTING,
  messages: [],
  completed: false,
  loadingMore: false,
};

export const useChat = createStore<ChatState>(() => ({ ...initial }));

const errorText = (e: unknown) => (e as IMError | undefined)?.message || String(e);

/**
 * The page's one chat client and its one conversation (the customer with their advisor). Everything the
 * SDK reports goes through `merge`, received messages in batches of at most one per 200 ms (spec §4).
 */
class ChatSession {
  private chat?: ChatClient;
  private batch?: Batcher<Message>;
  private conversationID = '';
  private unbind: Array<() => void> = [];

  async start() {
    await this.stop();
    useChat.setState({ ...initial, phase: 'connecting' });
    let ticket: ChatTicket;
    try {
      ticket = await h5Api.imSign();
    } catch (e) {
      useChat.setState({ phase: 'failed', error: errorText(e) });
      return;
    }
    if (!ticket.staff) {
      useChat.setState({ phase: 'noPeer' });
      return;
    }
    const peer = ticket.staff;
    this.conversationID = `${TYPES.CONV_C2C}${peer.userID}`;
    useChat.setState({ me: ticket.userID, peer });
    const chat = create();
    chat.setLogLevel(4);
    this.chat = chat;
    this.batch = createBatcher<Message>((items) => this.apply(items));
    this.listen(chat, EVENT.SDK_READY, () => void this.ready());
    this.listen(chat, EVENT.NET_STATE_CHANGE, (e) => useChat.setState({ net: e.data.state }));
    this.listen(chat, EVENT.MESSAGE_RECEIVED, (e) => this.batch?.push(this.mine(e.data)));
    this.listen(chat, EVENT.MESSAGE_REVOKED, (e) => this.apply(this.mine(e.data)));
    this.listen(chat, EVENT.MESSAGE_MODIFIED, (e) => this.apply(this.mine(e.data)));
    this.listen(chat, EVENT.MESSAGE_READ_BY_PEER, (e) => {
      const mark = e.data.find((r) => r.conversationID === this.conversationID);
      if (!mark) return;
      // The SDK turns its own message objects read in place, and the list may hold those very objects
      // (an own send's answer): they are already marked, yet must be copied or the screen keeps 'unread'.
      const turned = new Set(mark.messageList);
      useChat.setState((s) => ({
        messages: s.messages.map((m) =>
          m.flow === 'out' && m.seq > 0 && m.seq <= mark.readSeq && (!m.isPeerRead || turned.has(m))
            ? { ...m, isPeerRead: true }
            : m,
        ),
      }));
    });
    this.listen(chat, EVENT.KICKED_OUT, (e) => {
      this.batch?.flush();
      useChat.setState({ phase: 'kicked', kicked: e.data.type });
    });
    const onVisible = () => {
      if (document.visibilityState === 'visible') this.markRead();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', onVisible);
    this.unbind.push(() => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onVisible);
    });
    try {
      await chat.login({ userID: ticket.userID, userSig: ticket.userSig });
    } catch (e) {
      useChat.setState({ phase: 'failed', error: errorText(e) });
    }
  }

  async stop() {
    for (const off of this.unbind.splice(0)) off();
    this.batch?.stop();
    const chat = this.chat;
    this.chat = undefined;
    // Leaving the chat: the client is dropped whether or not it closes cleanly.
    if (chat) await chat.destroy().catch(() => undefined);
    useChat.setState({ ...initial });
  }

  private listen<E extends (typeof EVENT)[keyof typeof EVENT]>(
    chat: ChatClient,
    name: E,
    fn: (e: IMEvent<E>) => void,
  ) {
    chat.on(name, fn);
    this.unbind.push(() => chat.off(name, fn));
  }

  private mine(list: Message[]) {
    return list.filter((m) => m.conversationID === this.conversationID);
  }

  private apply(items: Message[]) {
    if (!items.length) return;
    useChat.setState((s) => ({
      messages: merge(
        s.messages,
        items.map((m) => ({ ...m })),
      ),
    }));
    if (items.some((m) => m.flow === 'in')) this.markRead();
  }

  private async ready() {
    useChat.setState({ phase: 'ready', net: this.chat?.getNetState() ?? TYPES.NET_STATE_CONNECTED });
    if (!useChat.getState().messages.length) await this.more();
    this.markRead();
  }

  /** Spec §4: a conversation is marked read when opened and whenever messages arrive while it is seen. */
  private markRead() {
    if (!this.chat?.isReady() || document.visibilityState !== 'visible') return;
    // A failure only means the mark waits for the next message or opening.
    void this.chat.setMessageRead({ conversationID: this.conversationID }).catch(() => undefined);
  }

  /** One page of history (15, newest first) before what is shown; false when there was nothing more. */
  async more(): Promise<boolean> {
    const chat = this.chat;
    const s = useChat.getState();
    if (!chat || s.loadingMore) return true;
    if (s.completed) return false;
    useChat.setState({ loadingMore: true });
    try {
      const res = await chat.getMessageList({
        conversationID: this.conversationID,
        nextReqMessageID: s.nextReqMessageID,
      });
      useChat.setState((cur) => ({
        messages: merge(cur.messages, res.data.messageList),
        nextReqMessageID: res.data.nextReqMessageID,
        completed: res.data.isCompleted,
      }));
      return true;
    } finally {
      useChat.setState({ loadingMore: false });
    }
  }

  private async deliver(m: Message, resend = false) {
    const chat = this.chat!;
    this.apply([{ ...m, status: 'unSend' }]);
    try {
      const res = await (resend ? chat.resendMessage(m) : chat.sendMessage(m));
      this.apply([res.data.message]);
    } catch (e) {
      this.apply([{ ...m, status: 'fail' }]);
      throw e;
    }
  }

  sendText(text: string) {
    const peer = useChat.getState().peer!;
    return this.deliver(
      this.chat!.createTextMessage({ to: peer.userID, conversationType: TYPES.CONV_C2C, payload: { text } }),
    );
  }

  sendFace(index: number, key: string) {
    const peer = useChat.getState().peer!;
    return this.deliver(
      this.chat!.createFaceMessage({
        to: peer.userID,
        conversationType: TYPES.CONV_C2C,
        payload: { index, data: key },
      }),
    );
  }

  sendImage(file: File) {
    const peer = useChat.getState().peer!;
    // The progress callback may fire before createImageMessage returns the message it belongs to.
    const made: { message?: Message } = {};
    made.message = this.chat!.createImageMessage({
      to: peer.userID,
      conversationType: TYPES.CONV_C2C,
      payload: { file },
      onProgress: (progress) => {
        if (made.message) this.apply([{ ...made.message, status: 'unSend', progress }]);
      },
    });
    return this.deliver(made.message);
  }

  resend(m: Message) {
    return this.deliver(m, true);
  }

  async revoke(m: Message) {
    const res = await this.chat!.revokeMessage(m);
    this.apply([res.data.message]);
  }
}

export const chatSession = new ChatSession();
export { errorText };

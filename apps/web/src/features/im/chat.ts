import { create } from 'zustand';
import { message, notification } from 'antd';
import i18n from '@/shared/i18n';
import './texts';
import {
  createChatClient,
  ERROR_CODE,
  EVENT,
  TYPES,
  type ChatClient,
  type Conversation,
  type IMError,
  type KickedOutType,
  type Message,
  type NetState,
  type ImagePayload,
  type TextPayload,
  type UserProfile,
} from './sdk';
import { createBatcher, type Batcher } from './batcher';
import { keyOf, mergeIncoming, patch, prependPage, upsert, type History } from './history';
import { titleWithUnread, unreadPush } from './rules';
import type { FileKind } from './files';
import type { StickerDef } from './stickers';
import { getUserSig, pushUnread, saveImUser } from './api';

/** Spec §8: the sign-in error code that points at a wrong SDKAPPID. */
export const SDKAPPID_ERROR = 2000;

export interface ChatState {
  /** idle → loggingIn → ready; notReady while the SDK is down; kicked after a kick-out (login flag reset). */
  status: 'idle' | 'loggingIn' | 'ready' | 'notReady' | 'failed' | 'kicked';
  net: NetState;
  kickedType?: KickedOutType;
  /** Why the last sign-in failed (shown in the dialog). */
  loginError?: string;
  me?: UserProfile;
  conversations: Conversation[];
  totalUnread: number;
  currentID?: string;
  /** The open conversation's profile (it may not be in the list yet, e.g. opened from contacts). */
  current?: Conversation;
  history: Record<string, History>;
  /** Arrow-key switching is locked while a switch is in progress (spec §4). */
  switching: boolean;
  /** The chat dialog is on screen (read marking only happens then). */
  visible: boolean;
}

const initial = (): ChatState => ({
  status: 'idle',
  net: TYPES.NET_STATE_CONNECTED,
  conversations: [],
  totalUnread: 0,
  history: {},
  switching: false,
  visible: false,
});

export const useChat = create<ChatState>(initial);

const t = (key: string, opts?: Record<string, unknown>) => i18n.t(key, opts);
const errorText = (e: unknown) => (e as IMError)?.message || String(e);

let client: ChatClient | undefined;
let batcher: Batcher<Message> | undefined;
let account = '';
let starting: Promise<void> | undefined;
/** The SDK's own message objects (by identity), handed back to it for a resend. */
const originals = new Map<string, Message>();
/**
 * Messages of a conversation whose first page is on its way. The server may have answered the page
 * before a message was stored while the message's push gets here before the answer; kept aside, they
 * are merged into the page instead of being dropped for want of a list to go into.
 */
const arriving = new Map<string, Message[]>();

// ---- history helpers -------------------------------------------------------------------------------

function setHistory(conversationID: string, change: (h: History) => History) {
  useChat.setState((s) => {
    const h = s.history[conversationID];
    if (!h) return s;
    const next = change(h);
    return next === h ? s : { history: { ...s.history, [conversationID]: next } };
  });
}

function showLocal(m: Message) {
  if (!useChat.getState().history[m.conversationID]) arriving.get(m.conversationID)?.push(m);
  else setHistory(m.conversationID, (h) => ({ ...h, list: upsert(h.list, m) }));
}

// ---- read marking (spec §4) ------------------------------------------------------------------------

/** Marks the conversation read; failures only mean the badge stays a little longer. */
export function markRead(conversationID: string) {
  // A failure only means the badge stays a little longer.
  void client?.setMessageRead({ conversationID }).catch(() => {});
}

/** Marks the open conversation read if the reader can see it: dialog shown and window focused. */
function markCurrentIfSeen() {
  const s = useChat.getState();
  if (!s.visible || !s.currentID || !document.hasFocus()) return;
  const c = s.conversations.find((x) => x.conversationID === s.currentID);
  if (c && c.unreadCount > 0) markRead(s.currentID);
}

// ---- events ----------------------------------------------------------------------------------------

function applyReceived(batch: Message[]) {
  const byConv = new Map<string, Message[]>();
  for (const m of batch) byConv.set(m.conversationID, [...(byConv.get(m.conversationID) ?? []), m]);
  useChat.setState((s) => {
    const history = { ...s.history };
    for (const [id, list] of byConv) {
      const h = history[id];
      if (h) history[id] = { ...h, list: mergeIncoming(h.list, list) };
      else arriving.get(id)?.push(...list);
    }
    return { history };
  });
  notifyMentions(batch);
}

/** Spec §9: an @-mention of me in a group shows a notice for 3000 ms. */
export const MENTION_NOTICE_MS = 3000;

function notifyMentions(batch: Message[]) {
  const me = useChat.getState().me;
  if (!me) return;
  const marks = [`@${me.userID}`, me.nick ? `@${me.nick}` : ''].filter(Boolean);
  for (const m of batch) {
    if (m.conversationType !== TYPES.CONV_GROUP || m.flow !== 'in' || m.type !== TYPES.MSG_TEXT) continue;
    const text = (m.payload as TextPayload).text ?? '';
    if (!marks.some((x) => text.includes(x))) continue;
    notification.info({
      key: `mention-${m.conversationID}`,
      message: t('im.mentioned', { sender: m.nick || m.from }),
      description: text.slice(0, 100),
      duration: MENTION_NOTICE_MS / 1000,
    });
  }
}

function replaceAll(list: Message[]) {
  for (const m of list) showLocal(m);
}

function wire(c: ChatClient) {
  c.on(EVENT.SDK_READY, () => {
    useChat.setState({ status: 'ready' });
    void afterReady();
  });
  c.on(EVENT.SDK_NOT_READY, () =>
    useChat.setState((s) => (s.status === 'kicked' ? s : { status: 'notReady' })),
  );
  c.on(EVENT.MESSAGE_RECEIVED, (e) => batcher?.push(e.data));
  c.on(EVENT.MESSAGE_REVOKED, (e) => replaceAll(e.data));
  c.on(EVENT.MESSAGE_MODIFIED, (e) => replaceAll(e.data));
  c.on(EVENT.MESSAGE_READ_BY_PEER, (e) => {
    for (const r of e.data) {
      // The SDK turns its own message objects read in place, and the list may hold those very objects
      // (an own send's answer): they are already marked, yet must be copied or the screen keeps 'unread'.
      const turned = new Set(r.messageList);
      setHistory(r.conversationID, (h) => ({
        ...h,
        list: patch(
          h.list,
          (m) => m.flow === 'out' && m.seq > 0 && m.seq <= r.readSeq && (!m.isPeerRead || turned.has(m)),
          (m) => ({ ...m, isPeerRead: true }),
        ),
      }));
    }
  });
  c.on(EVENT.CONVERSATION_LIST_UPDATED, (e) => {
    useChat.setState((s) => ({
      conversations: e.data,
      current: e.data.find((x) => x.conversationID === s.currentID) ?? s.current,
    }));
    // Spec §4: the unread count of the open conversation rose while the window is focused.
    markCurrentIfSeen();
  });
  c.on(EVENT.TOTAL_UNREAD_MESSAGE_COUNT_UPDATED, (e) => useChat.setState({ totalUnread: e.data }));
  c.on(EVENT.PROFILE_UPDATED, (e) => {
    const mine = e.data.find((p) => p.userID === account);
    if (mine) useChat.setState({ me: mine });
  });
  c.on(EVENT.NET_STATE_CHANGE, (e) => {
    // Spec §8 (connected, unstable, unavailable) is shown by the chat pane and the top bar's chat icon,
    // not as a toast: a toast about the chat on the lock screen or after "clear cache" said nothing useful.
    useChat.setState({ net: e.data.state });
  });
  c.on(EVENT.KICKED_OUT, (e) => {
    // Spec §4: the login flag is reset, so opening the chat signs in again.
    starting = undefined;
    useChat.setState({ status: 'kicked', kickedType: e.data.type });
    // Spec §8: the reason, then 'kicked out, please log in again'.
    notification.error({
      key: 'im-kicked',
      message: t('im.title'),
      description: kickedText(e.data.type),
      duration: 0,
    });
  });
}

export const kickedText = (type: KickedOutType | undefined) =>
  t('im.kicked.suffix', { reason: t(`im.kicked.${type ?? TYPES.KICKED_OUT_MULT_ACCOUNT}`) });

async function afterReady() {
  if (!client) return;
  const [profile, list] = await Promise.all([
    client.getMyProfile().then((r) => r.data),
    client.getConversationList().then((r) => r.data.conversationList),
  ]).catch((e: unknown) => {
    void message.error(errorText(e));
    return [undefined, undefined] as const;
  });
  if (profile) useChat.setState({ me: profile });
  if (list) useChat.setState({ conversations: list, totalUnread: client.getTotalUnreadMessageCount() });
}

// ---- start and stop --------------------------------------------------------------------------------

export interface ChatUser {
  /** The chat user id is the staff account. */
  account: string;
}

/**
 * Signs in to chat once per page session. The shell starts it quietly for the unread badge (a failure
 * must not nag on every page); the dialog starts it loudly and shows why it failed.
 */
export function startChat(user: ChatUser, opts: { quiet?: boolean } = {}): Promise<void> {
  if (starting && account === user.account) return starting;
  account = user.account;
  const stale = client;
  client = undefined;
  // The old client is dropped either way; a failure to close it changes nothing for the new one.
  void stale?.destroy().catch(() => {});
  batcher?.stop();
  useChat.setState({ status: 'loggingIn', loginError: undefined });
  starting = (async () => {
    try {
      const c = createChatClient({});
      c.setLogLevel(4);
      client = c;
      batcher = createBatcher(applyReceived);
      wire(c);
      const userSig = await getUserSig(user.account);
      await c.login({ userID: user.account, userSig });
      // The profile copy is refreshed on every sign-in; a missed one only shows the older nickname.
      void saveImUser().catch(() => {});
    } catch (e) {
      starting = undefined;
      const err = e as IMError;
      // Spec §8: code 2000 adds the SDKAPPID hint; other codes show the message with a close button.
      const text = err?.code === SDKAPPID_ERROR ? `${errorText(e)} ${t('im.sdkAppId')}` : errorText(e);
      useChat.setState({ status: 'failed', loginError: text });
      if (opts.quiet) return;
      if (err?.code === SDKAPPID_ERROR) void message.error(text);
      else
        notification.error({ key: 'im-login', message: t('im.loginFailed', { error: text }), duration: 0 });
    }
  })();
  return starting;
}

/** Sign-out of the shell: leave chat and forget everything of this user. */
export async function stopChat() {
  const c = client;
  client = undefined;
  starting = undefined;
  batcher?.stop();
  originals.clear();
  arriving.clear();
  useChat.setState(initial());
  // Signing out ends the chat whatever the server says; the state is already cleared.
  await c?.logout().catch(() => {});
  await c?.destroy().catch(() => {});
}

// ---- conversations ---------------------------------------------------------------------------------

function need(): ChatClient {
  if (!client) throw Object.assign(new Error(t('im.notSignedIn')), { code: ERROR_CODE.NOT_LOGGED_IN });
  return client;
}

/** Opens a conversation: its profile, its newest page (once) and a read mark. Errors are toasts (spec §8). */
export async function openConversation(conversationID: string) {
  const s = useChat.getState();
  if (s.switching) return;
  const loading = !s.history[conversationID];
  if (loading) arriving.set(conversationID, []);
  batcher?.flush();
  useChat.setState({ switching: true, currentID: conversationID });
  try {
    const c = need();
    const conv = (await c.getConversationProfile(conversationID)).data.conversation;
    useChat.setState((st) => (st.currentID === conversationID ? { current: conv } : st));
    if (loading) {
      const page = (await c.getMessageList({ conversationID })).data;
      useChat.setState((st) => ({
        history: {
          ...st.history,
          [conversationID]: st.history[conversationID] ?? {
            list: mergeIncoming(page.messageList, arriving.get(conversationID) ?? []),
            next: page.nextReqMessageID,
            isCompleted: page.isCompleted,
          },
        },
      }));
    }
    if (useChat.getState().visible) markRead(conversationID);
  } catch (e) {
    void message.error(t('im.openFailed', { error: errorText(e) }));
  } finally {
    if (loading) arriving.delete(conversationID);
    useChat.setState({ switching: false });
  }
}

/** The next older page of the open conversation; 'there are no more history messages' at the start. */
export async function loadMore() {
  const { currentID, history } = useChat.getState();
  const h = currentID ? history[currentID] : undefined;
  if (!currentID || !h) return;
  if (h.isCompleted) {
    void message.info(t('im.noMoreHistory'));
    return;
  }
  const page = (await need().getMessageList({ conversationID: currentID, nextReqMessageID: h.next })).data;
  setHistory(currentID, (x) => ({
    list: prependPage(x.list, page.messageList),
    next: page.nextReqMessageID,
    isCompleted: page.isCompleted,
  }));
  if (page.isCompleted) void message.info(t('im.noMoreHistory'));
}

export async function refreshConversations() {
  const list = (await need().getConversationList()).data.conversationList;
  useChat.setState({ conversations: list });
}

/** Spec §8: success and failure messages. */
export async function deleteConversation(conversationID: string) {
  try {
    await need().deleteConversation(conversationID);
    useChat.setState((s) => {
      const { [conversationID]: _gone, ...history } = s.history;
      return {
        conversations: s.conversations.filter((c) => c.conversationID !== conversationID),
        history,
        ...(s.currentID === conversationID ? { currentID: undefined, current: undefined } : {}),
      };
    });
    void message.success(t('im.deleted'));
  } catch (e) {
    void message.error(`${t('im.deleteFailed')}: ${errorText(e)}`);
  }
}

export async function updateProfile(p: { nick?: string; avatar?: string; gender?: UserProfile['gender'] }) {
  try {
    const me = (await need().updateMyProfile(p)).data;
    useChat.setState({ me });
    void message.success(t('im.profileSaved'));
    return true;
  } catch (e) {
    void message.error(errorText(e));
    return false;
  }
}

// ---- sending ---------------------------------------------------------------------------------------

/**
 * Who a new message goes to: the open conversation, named by its id (C2C + user, GROUP + group). Not by
 * `current`, which stays the conversation before until the open one's profile arrives: a message typed
 * during a switch went to the previous conversation.
 */
function target() {
  const { currentID } = useChat.getState();
  for (const type of [TYPES.CONV_C2C, TYPES.CONV_GROUP] as const)
    if (currentID?.startsWith(type) && currentID.length > type.length)
      return { to: currentID.slice(type.length), conversationType: type };
  return undefined;
}

/**
 * Spec §4: shown at once as unsent; on success the other party gets an unread push; on failure, red.
 * `sdkMessage` is the SDK's own object (kept for a resend); `shown` may carry a local preview.
 */
async function deliver(
  sdkMessage: Message,
  send: (m: Message) => ReturnType<ChatClient['sendMessage']>,
  shown = sdkMessage,
) {
  originals.set(keyOf(sdkMessage), sdkMessage);
  showLocal({ ...shown, status: 'unSend' });
  try {
    const sent = (await send(sdkMessage)).data.message;
    originals.delete(keyOf(sdkMessage));
    showLocal(sent);
    const push = unreadPush(sent);
    if (push && sent.conversationType === TYPES.CONV_C2C)
      // The message is sent; the unread push to the console's badge is best effort.
      void pushUnread({ fromUser: account, toUser: sent.to, ...push }).catch(() => {});
  } catch (e) {
    showLocal({ ...shown, status: 'fail' });
    // Spec §8: network errors are shown, except the bare 'Network Error'.
    const text = errorText(e);
    if (text !== 'Network Error') void message.error(failureText(sdkMessage, e));
  }
}

/** Spec §8: a failed upload says 'upload image failed: …' or 'upload file failed: …'; anything else, the SDK's message. */
function failureText(m: Message, e: unknown) {
  const code = (e as IMError)?.code;
  if (code !== ERROR_CODE.UPLOAD_FAILED && code !== ERROR_CODE.FILE_TOO_LARGE) return errorText(e);
  return t(m.type === TYPES.MSG_IMAGE ? 'im.uploadImageFailed' : 'im.uploadFileFailed', {
    error: errorText(e),
  });
}

function created(make: (c: ChatClient, to: ReturnType<typeof target> & object) => Message) {
  const to = target();
  if (!to) return undefined;
  try {
    return make(need(), to);
  } catch (e) {
    void message.error(errorText(e));
    return undefined;
  }
}

const progressOf = (get: () => Message | undefined) => (p: number) => {
  const m = get();
  if (m)
    setHistory(m.conversationID, (h) => ({
      ...h,
      list: patch(
        h.list,
        (x) => keyOf(x) === keyOf(m),
        (x) => ({ ...x, progress: p }),
      ),
    }));
};

export function sendText(text: string) {
  const m = created((c, to) => c.createTextMessage({ ...to, payload: { text } }));
  if (m) void deliver(m, (x) => need().sendMessage(x));
}

export function sendFace(s: StickerDef, index: number) {
  const m = created((c, to) => c.createFaceMessage({ ...to, payload: { index, data: s.key } }));
  if (m) void deliver(m, (x) => need().sendMessage(x));
}

/** The pixel size of an image file, so the receiver can lay the bubble out before it loads. */
async function imageSize(file: File): Promise<{ width?: number; height?: number }> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return {};
  }
}

export async function sendFile(kind: FileKind, file: File) {
  let m: Message | undefined;
  const onProgress = progressOf(() => m);
  let shown: Message | undefined;
  if (kind === 'image') {
    const size = await imageSize(file);
    m = created((c, to) => c.createImageMessage({ ...to, payload: { file, ...size }, onProgress }));
    // Until the upload is done, my own bubble shows the local file.
    if (m && !(m.payload as Partial<ImagePayload>).imageInfoArray?.length) {
      const info = {
        type: 0,
        url: URL.createObjectURL(file),
        width: size.width ?? 0,
        height: size.height ?? 0,
        size: file.size,
      };
      shown = { ...m, payload: { ...(m.payload as ImagePayload), imageInfoArray: [info] } };
    }
  } else if (kind === 'video') {
    m = created((c, to) => c.createVideoMessage({ ...to, payload: { file }, onProgress }));
  } else {
    m = created((c, to) => c.createFileMessage({ ...to, payload: { file }, onProgress }));
  }
  if (m) await deliver(m, (x) => need().sendMessage(x), shown ?? m);
}

/** Clicking the red mark: the same message again (same clientMsgId, so never stored twice). */
export function resend(m: Message) {
  const original = originals.get(keyOf(m)) ?? m;
  void deliver(original, (x) => need().resendMessage(x), m);
}

/** Spec §8: a failed revoke is a warning naming the error. */
export async function revoke(m: Message) {
  try {
    showLocal((await need().revokeMessage(m)).data.message);
  } catch (e) {
    void message.warning(t('im.revokeFailed', { error: errorText(e) }));
  }
}

/** Re-edit: the sent text changes in place for both sides (within the 120 s window). */
export async function modifyText(m: Message, text: string) {
  try {
    const edited = { ...m, payload: { ...(m.payload as TextPayload), text } };
    showLocal((await need().modifyMessage(edited)).data.message);
    return true;
  } catch (e) {
    void message.error(errorText(e));
    return false;
  }
}

// ---- the page title and visibility -----------------------------------------------------------------

const unreadTitle = () =>
  titleWithUnread(t('app.title'), useChat.getState().totalUnread, (n) => t('im.newMessage', { n }));

/** Spec §4: 'new message+N' (99+ cap) while unread messages exist. */
export function syncTitle() {
  const want = unreadTitle();
  if (document.title !== want) document.title = want;
  guardTitle();
}

/** The shell sets the title too (e.g. after a language switch); while messages are unread, ours stays. */
let titleGuard: MutationObserver | undefined;
function guardTitle() {
  const el = document.querySelector('title');
  if (titleGuard || !el || typeof MutationObserver === 'undefined') return;
  titleGuard = new MutationObserver(() => {
    if (useChat.getState().totalUnread > 0) syncTitle();
  });
  titleGuard.observe(el, { childList: true, characterData: true, subtree: true });
}
useChat.subscribe((s, prev) => {
  if (s.totalUnread !== prev.totalUnread) syncTitle();
});
i18n.on('languageChanged', () => queueMicrotask(syncTitle));

/** The dialog tells the store when it is on screen; showing it marks the open conversation read. */
export function setVisible(visible: boolean) {
  useChat.setState({ visible });
  if (visible) markCurrentIfSeen();
  else batcher?.flush();
}

/** Spec §4: regaining focus marks the open conversation read. */
window.addEventListener('focus', () => markCurrentIfSeen());

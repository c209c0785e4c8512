/**
 * The chat client: signs in over the connection, keeps the conversation store current from pushes and
 * syncs, and turns it into the hosted SDK's calls and events.
 */
import type { Op, Ops, PushFrame, SyncResult, WireConversation } from './protocol.js';
import {
  ERROR_CODE,
  EVENT,
  TYPES,
  type ChatClient,
  type Conversation,
  type CreateGroupOptions,
  type CreateOptions,
  type EventName,
  type Group,
  type Handler,
  type IMError,
  type IMResponse,
  type KickedOutType,
  type LoginOptions,
  type Message,
  type MessageListResult,
  type NetState,
  type UpdateProfileOptions,
  type UserProfile,
} from './types.js';
import { Connection } from './connection.js';
import { ConversationStore } from './conversations.js';
import { Emitter } from './emitter.js';
import { imError, notLoggedIn, type Lang } from './errors.js';
import { checkBeforeSend, createMessages } from './factory.js';
import { randomId } from './ids.js';
import { uploadMedia } from './media.js';
import { assignWire } from './wire.js';

const ok = <T>(data: T): IMResponse<T> => ({ code: 0, data });

/** A gap usually closes by itself (a push still in flight): give it this long before asking the server. */
const GAP_WAIT_MS = 200;

const DEFAULT_CLIENT = 'saber:saber_secret';

function origins(server: string | undefined) {
  const loc = (globalThis as { location?: { protocol: string; host: string; origin: string } }).location;
  const http = (server || loc?.origin || '').replace(/\/+$/, '');
  if (!http) throw imError(ERROR_CODE.INVALID_PARAMETER, 'server: the chat server address is required');
  return { http, ws: `${http.replace(/^http/i, 'ws')}/im` };
}

export class Client implements ChatClient {
  readonly EVENT = EVENT;
  readonly TYPES = TYPES;

  private emitter = new Emitter();
  private conn: Connection | null = null;
  private store = new ConversationStore('');
  private ready = false;
  private userID = '';
  private ticket = '';
  private resume = '';
  private readonly instanceId = randomId(16);
  private profile: UserProfile | null = null;
  private clockOffset = 0;
  private sends = new WeakMap<Message, Promise<IMResponse<{ message: Message }>>>();
  private pendingSync: Set<string> | 'all' | null = null;
  private syncRunning = false;
  private syncEarly = false;
  private gapTimer: ReturnType<typeof setTimeout> | undefined;
  private listDirty = false;
  private flushQueued = false;
  private lastTotal = -1;
  private readonly http: string;
  private readonly wsUrl: string;
  private readonly headers: Record<string, string>;
  private readonly lang: Lang;
  private readonly factory = createMessages(() => ({
    userID: this.userID,
    nick: this.profile?.nick ?? '',
    avatar: this.profile?.avatar ?? '',
    now: () => Date.now() + this.clockOffset,
    lang: this.lang,
  }));

  constructor(private readonly opts: CreateOptions = {}) {
    this.lang = opts.lang ?? 'zh';
    const o = origins(opts.server);
    this.http = o.http;
    this.wsUrl = o.ws;
    this.headers = opts.headers ?? { Authorization: `Basic ${btoa(DEFAULT_CLIENT)}` };
  }

  // ---- session ------------------------------------------------------------------------------------

  async login(o: LoginOptions): Promise<IMResponse<{ repeatLogin: boolean }>> {
    if (!o?.userID || !o.userSig)
      throw imError(ERROR_CODE.INVALID_PARAMETER, 'userID and userSig are required to log in');
    if (this.conn) {
      if (this.userID === o.userID && this.ready) return ok({ repeatLogin: false });
      await this.logout();
    }
    this.userID = o.userID;
    this.ticket = o.userSig;
    this.resume = '';
    this.store = new ConversationStore(o.userID);
    const conn = new Connection(
      {
        url: this.wsUrl,
        timeoutMs: this.opts.timeoutMs ?? 15_000,
        minDelayMs: this.opts.reconnect?.minDelayMs ?? 500,
        maxDelayMs: this.opts.reconnect?.maxDelayMs ?? 30_000,
        lang: this.lang,
      },
      {
        authRequest: () => ({
          userID: this.userID,
          userSig: this.resume || this.ticket,
          instanceId: this.instanceId,
          platform: this.opts.platform ?? ('document' in globalThis ? 'web' : 'node'),
          ...(this.opts.lang ? { lang: this.opts.lang } : {}),
        }),
        onAuthed: (r) => {
          this.resume = r.resumeToken;
          this.profile = r.profile;
          this.clockOffset = r.serverTime - Date.now();
        },
        // The catch-up after a reconnect rides with its auth, as the login's first sync does.
        onReconnecting: () => {
          if (this.ready) this.requestSync('all', true);
        },
        onPush: (f) => this.onPush(f),
        onState: (state) => this.emitter.emit(EVENT.NET_STATE_CHANGE, { state }),
        onEnded: (type) => this.onEnded(type),
      },
    );
    this.conn = conn;
    // The first sync goes out in the same message as the auth (protocol 3), not a round trip after it.
    const opening = conn.open();
    const syncing = conn.request('sync', { convs: [] }, { retry: true, early: true });
    syncing.catch(() => {}); // a failed sign-in fails it too, and the sign-in's error is the one reported
    try {
      const auth = await opening;
      const first = await syncing;
      const { delivered } = this.store.applySummaries(first.conversationList, 'login', true);
      this.emitReceived(delivered);
      this.ready = true;
      this.emitter.emit(EVENT.SDK_READY, undefined);
      this.markList();
      this.scheduleGapCheck();
      return ok({ repeatLogin: auth.repeatLogin });
    } catch (e) {
      if (this.conn === conn) {
        conn.close();
        this.conn = null;
      }
      throw e;
    }
  }

  async logout(): Promise<IMResponse<Record<string, never>>> {
    const conn = this.conn;
    this.conn = null;
    const wasReady = this.ready;
    this.ready = false;
    clearTimeout(this.gapTimer);
    conn?.close();
    this.store.clear();
    if (wasReady) this.emitter.emit(EVENT.SDK_NOT_READY, undefined);
    return ok({});
  }

  private onEnded(type: KickedOutType) {
    this.conn = null;
    const wasReady = this.ready;
    this.ready = false;
    clearTimeout(this.gapTimer);
    this.emitter.emit(EVENT.KICKED_OUT, { type });
    if (wasReady) this.emitter.emit(EVENT.SDK_NOT_READY, undefined);
  }

  isReady() {
    return this.ready;
  }

  getNetState(): NetState {
    return this.conn?.netState ?? TYPES.NET_STATE_DISCONNECTED;
  }

  on<E extends EventName>(event: E, handler: Handler<E>) {
    this.emitter.on(event, handler);
  }

  off<E extends EventName>(event: E, handler: Handler<E>) {
    this.emitter.off(event, handler);
  }

  setLogLevel(level: number) {
    void level; // nothing is logged below errors; accepted for the hosted SDK's call
  }

  async destroy() {
    await this.logout();
    this.emitter.clear();
  }

  /**
   * Drops the connection as a network failure would; the client reconnects and catches up. For tests
   * and for pages that learn of a network change before the socket does.
   */
  reconnect(): void {
    this.conn?.drop();
  }

  private request<O extends Op>(op: O, args: Ops[O][0], retry = false, early = false): Promise<Ops[O][1]> {
    if (!this.conn) return Promise.reject(notLoggedIn(this.lang));
    return this.conn.request(op, args, { retry, early });
  }

  // ---- pushes, catch-up and events -----------------------------------------------------------------

  private onPush(f: PushFrame) {
    const s = this.store;
    switch (f.op) {
      case 'msg': {
        const w = f.data as PushFrame<'msg'>['data'];
        const { delivered, quiet } = s.accept(w);
        this.emitReceived(quiet.size ? delivered.filter((m) => !quiet.has(m)) : delivered);
        break;
      }
      case 'revoked':
      case 'modified': {
        const m = s.applyChange(f.data as PushFrame<'revoked'>['data']);
        if (m) this.emitter.emit(f.op === 'revoked' ? EVENT.MESSAGE_REVOKED : EVENT.MESSAGE_MODIFIED, [m]);
        break;
      }
      case 'read':
        s.applyRead(f.data as PushFrame<'read'>['data']);
        break;
      case 'peerRead': {
        const { conversationID, readSeq } = f.data as PushFrame<'peerRead'>['data'];
        const turned = s.applyPeerRead(conversationID, readSeq);
        if (turned)
          this.emitter.emit(EVENT.MESSAGE_READ_BY_PEER, [{ conversationID, readSeq, messageList: turned }]);
        break;
      }
      case 'conv': {
        const d = f.data as PushFrame<'conv'>['data'];
        if (d.removed) s.remove(d.conversationID);
        else if (d.conversation) this.applySummaries([d.conversation]);
        break;
      }
      case 'group':
        if (this.ready)
          void this.getGroupList()
            .then((r) => this.emitter.emit(EVENT.GROUP_LIST_UPDATED, r.data.groupList))
            .catch(() => undefined);
        break;
      case 'profile': {
        const p = f.data as UserProfile;
        if (p.userID === this.userID) this.profile = p;
        this.emitter.emit(EVENT.PROFILE_UPDATED, [p]);
        return;
      }
      case 'ticket':
        this.resume = (f.data as PushFrame<'ticket'>['data']).resumeToken;
        return;
      default:
        return;
    }
    this.markList();
    this.scheduleGapCheck();
  }

  private applySummaries(list: WireConversation[], complete = false) {
    const { delivered, catchUp } = this.store.applySummaries(list, 'later', complete);
    this.emitReceived(delivered);
    if (catchUp.length) this.requestSync(catchUp);
  }

  private emitReceived(list: Message[]) {
    if (list.length) this.emitter.emit(EVENT.MESSAGE_RECEIVED, list);
  }

  /** Something is missing (a gap, or a conversation without its summary): sync it unless it fills in. */
  private scheduleGapCheck() {
    // After every push: a scan that stops at the first gap and builds no list.
    if (this.gapTimer || !this.store.anyGapped()) return;
    this.gapTimer = setTimeout(() => {
      this.gapTimer = undefined;
      const gapped = this.store.gapped();
      if (gapped.length) this.requestSync(gapped);
    }, GAP_WAIT_MS);
  }

  /** `early`: the next sync request may go with the auth about to be sent (see Connection). */
  private requestSync(ids: string[] | 'all', early = false) {
    if (early) this.syncEarly = true;
    if (ids === 'all' || this.pendingSync === 'all') this.pendingSync = 'all';
    else this.pendingSync = new Set([...(this.pendingSync ?? []), ...ids]);
    if (!this.syncRunning) void this.runSync();
  }

  private async runSync() {
    this.syncRunning = true;
    try {
      while (this.pendingSync && this.conn) {
        const what = this.pendingSync;
        this.pendingSync = null;
        const convs = what === 'all' ? this.store.positions() : this.store.positions([...what]);
        const early = this.syncEarly;
        this.syncEarly = false;
        try {
          const r = await this.request('sync', { convs }, true, early);
          this.applySync(
            r,
            convs.map((c) => c.conversationID),
          );
        } catch (e) {
          if ((e as IMError).code === ERROR_CODE.NOT_LOGGED_IN) return;
          // A reconnect syncs everything anyway; otherwise try again shortly.
          if (!this.pendingSync) this.pendingSync = what;
          await new Promise((r) => setTimeout(r, 1000));
        }
      }
    } finally {
      this.syncRunning = false;
    }
  }

  private applySync(r: SyncResult, requested: string[]) {
    const s = this.store;
    const { delivered, catchUp } = s.applySummaries(r.conversationList, 'later', true);
    const quietAll = new Set<Message>();
    for (const w of r.messages) {
      const { delivered: d, quiet } = s.accept(w);
      delivered.push(...d);
      for (const q of quiet) quietAll.add(q);
    }
    const revoked: Message[] = [];
    const modified: Message[] = [];
    for (const w of r.changed) {
      const m = s.applyChange(w);
      if (m) (m.isRevoked ? revoked : modified).push(m);
    }
    const more = s.afterSync(requested, r.conversationList, r.truncated);
    this.emitReceived(delivered.filter((m) => !quietAll.has(m)));
    if (revoked.length) this.emitter.emit(EVENT.MESSAGE_REVOKED, revoked);
    if (modified.length) this.emitter.emit(EVENT.MESSAGE_MODIFIED, modified);
    if (catchUp.length || more.length) this.requestSync([...catchUp, ...more]);
    this.markList();
    this.scheduleGapCheck();
  }

  /** List and total unread events, once per turn however many changes it made. */
  private markList() {
    this.listDirty = true;
    if (this.flushQueued) return;
    this.flushQueued = true;
    queueMicrotask(() => {
      this.flushQueued = false;
      if (!this.ready || !this.listDirty) return;
      this.listDirty = false;
      // The list is rebuilt (and sorted) for each batch of changes: not for a client that never shows it.
      if (this.emitter.listens(EVENT.CONVERSATION_LIST_UPDATED))
        this.emitter.emit(EVENT.CONVERSATION_LIST_UPDATED, this.store.list());
      const total = this.store.totalUnread();
      if (total !== this.lastTotal) {
        this.lastTotal = total;
        this.emitter.emit(EVENT.TOTAL_UNREAD_MESSAGE_COUNT_UPDATED, total);
      }
    });
  }

  // ---- conversations --------------------------------------------------------------------------------

  async getConversationList(): Promise<IMResponse<{ conversationList: Conversation[] }>> {
    const r = await this.request('convs', {}, true);
    this.applySummaries(r.conversationList, true);
    this.markList();
    return ok({ conversationList: this.store.list() });
  }

  async getConversationProfile(conversationID: string): Promise<IMResponse<{ conversation: Conversation }>> {
    const r = await this.request('conv', { conversationID }, true);
    this.applySummaries([r.conversation]);
    this.markList();
    const conversation = this.store.conversation(conversationID);
    if (!conversation) throw imError(ERROR_CODE.NOT_FOUND, 'conversation not found');
    return ok({ conversation });
  }

  async deleteConversation(conversationID: string): Promise<IMResponse<{ conversationID: string }>> {
    await this.request('convDelete', { conversationID });
    this.store.remove(conversationID);
    this.markList();
    return ok({ conversationID });
  }

  getTotalUnreadMessageCount(): number {
    return this.store.totalUnread();
  }

  // ---- messages -------------------------------------------------------------------------------------

  async getMessageList(o: {
    conversationID: string;
    nextReqMessageID?: string;
    count?: number;
  }): Promise<IMResponse<MessageListResult>> {
    const r = await this.request(
      'history',
      {
        conversationID: o.conversationID,
        ...(o.nextReqMessageID ? { nextReqMessageID: o.nextReqMessageID } : {}),
        ...(o.count ? { count: o.count } : {}),
      },
      true,
    );
    return ok({
      messageList: this.store.adoptHistory(r.messageList),
      nextReqMessageID: r.nextReqMessageID,
      isCompleted: r.isCompleted,
    });
  }

  createTextMessage = this.factory.createTextMessage;
  createImageMessage = this.factory.createImageMessage;
  createFileMessage = this.factory.createFileMessage;
  createVideoMessage = this.factory.createVideoMessage;
  createAudioMessage = this.factory.createAudioMessage;
  createFaceMessage = this.factory.createFaceMessage;
  createLocationMessage = this.factory.createLocationMessage;
  createCustomMessage = this.factory.createCustomMessage;

  sendMessage(m: Message): Promise<IMResponse<{ message: Message }>> {
    const running = this.sends.get(m);
    if (running) return running;
    if (m.status === 'success') return Promise.resolve(ok({ message: m }));
    const p = this.send(m).finally(() => this.sends.delete(m));
    this.sends.set(m, p);
    return p;
  }

  resendMessage(m: Message): Promise<IMResponse<{ message: Message }>> {
    return this.sendMessage(m);
  }

  private async send(m: Message): Promise<IMResponse<{ message: Message }>> {
    const s = this.store;
    m.status = 'unSend';
    s.sending.add(m.clientMsgId);
    try {
      if (!this.ready || !this.conn) throw notLoggedIn(this.lang);
      checkBeforeSend(m, this.lang);
      await uploadMedia({ conn: this.conn, origin: this.http, headers: this.headers, lang: this.lang }, m);
      const { message: w } = await this.request(
        'send',
        {
          message: {
            clientMsgId: m.clientMsgId,
            to: m.to,
            conversationType: m.conversationType as 'C2C' | 'GROUP',
            type: m.type,
            payload: m.payload,
          },
        },
        true,
      );
      if (this.store !== s) return ok({ message: assignWire(m, w) });
      const { delivered, quiet } = s.accept(w, m);
      this.emitReceived(delivered.filter((x) => x !== m && !quiet.has(x)));
      this.markList();
      this.scheduleGapCheck();
      return ok({ message: m });
    } catch (e) {
      m.status = 'fail';
      throw e;
    } finally {
      s.sending.delete(m.clientMsgId);
    }
  }

  async revokeMessage(m: Message): Promise<IMResponse<{ message: Message }>> {
    const { message: w } = await this.request('revoke', { messageID: m.ID });
    const updated = this.store.applyChange(w);
    if (updated !== m) assignWire(m, w);
    this.markList();
    return ok({ message: m });
  }

  async modifyMessage(m: Message): Promise<IMResponse<{ message: Message }>> {
    const text = (m.payload as { text?: unknown }).text;
    if (typeof text !== 'string') throw imError(ERROR_CODE.NOT_EDITABLE, 'only text messages can be edited');
    const { message: w } = await this.request('modify', { messageID: m.ID, text });
    const updated = this.store.applyChange(w);
    if (updated !== m) assignWire(m, w);
    this.markList();
    return ok({ message: m });
  }

  async setMessageRead(o: { conversationID: string }): Promise<IMResponse<Record<string, never>>> {
    const seq = this.store.heldSeq(o.conversationID);
    const r = await this.request('read', { conversationID: o.conversationID, seq }, true);
    this.store.applyRead(r);
    this.markList();
    return ok({});
  }

  // ---- profiles -------------------------------------------------------------------------------------

  async getMyProfile(): Promise<IMResponse<UserProfile>> {
    const p = await this.request('profile', {}, true);
    this.profile = p;
    return ok(p);
  }

  async updateMyProfile(o: UpdateProfileOptions): Promise<IMResponse<UserProfile>> {
    const p = await this.request('profileUpdate', o);
    this.profile = p;
    this.emitter.emit(EVENT.PROFILE_UPDATED, [p]);
    return ok(p);
  }

  async getUserProfile(o: { userIDList: string[] }): Promise<IMResponse<UserProfile[]>> {
    return ok(await this.request('profiles', { userIDList: o.userIDList }, true));
  }

  /** Whether each user has a live chat connection (on any server node). */
  async getUserStatus(o: { userIDList: string[] }) {
    return ok({ statusList: await this.request('presence', { userIDList: o.userIDList }, true) });
  }

  // ---- groups ---------------------------------------------------------------------------------------

  async getGroupList(): Promise<IMResponse<{ groupList: Group[] }>> {
    return ok(await this.request('groups', {}, true));
  }

  async getGroupProfile(o: { groupID: string }): Promise<IMResponse<{ group: Group }>> {
    return ok(await this.request('group', { groupID: o.groupID }, true));
  }

  async createGroup(o: CreateGroupOptions): Promise<IMResponse<{ group: Group }>> {
    return ok(await this.request('groupCreate', o));
  }

  async updateGroupProfile(
    o: { groupID: string } & Partial<Pick<Group, 'name' | 'avatar' | 'introduction' | 'notification'>>,
  ): Promise<IMResponse<{ group: Group }>> {
    return ok(await this.request('groupUpdate', o));
  }

  async getGroupMemberList(o: { groupID: string; count?: number; offset?: number }) {
    return ok(await this.request('groupMembers', o, true));
  }

  async addGroupMember(o: { groupID: string; userIDList: string[] }) {
    return ok(await this.request('groupAdd', o));
  }

  async deleteGroupMember(o: { groupID: string; userIDList: string[]; reason?: string }) {
    return ok(await this.request('groupRemove', o));
  }

  async changeGroupOwner(o: { groupID: string; newOwnerID: string }) {
    return ok(await this.request('groupOwner', o));
  }

  async quitGroup(groupID: string) {
    return ok(await this.request('groupQuit', { groupID }));
  }

  async dismissGroup(groupID: string) {
    return ok(await this.request('groupDismiss', { groupID }));
  }
}

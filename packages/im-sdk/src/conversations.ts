/**
 * What the client holds of each conversation, and the two bookkeeping rules that make catch-up exact:
 *
 * - Messages are delivered strictly in seq order. `held` is the highest seq delivered with nothing missing
 *   below it; a message above held + 1 waits in `pending` until the gap is filled (by the push still in
 *   flight, or by a sync), and one at or below `held` is a duplicate and dropped.
 * - Revokes and edits carry the conversation's change version; `ver` is the highest version applied with
 *   none missing below it, which is what a sync asks changes after.
 *
 * Unread counts follow the server's formula without drifting: the server's count is exact for every seq
 * up to the `lastSeq` it was computed at (`countedSeq`); a message from someone else above that adds one.
 */
import type { ReadResult, WireConversation, WireMessage } from './protocol.js';
import { TYPES, type Conversation, type Message } from './types.js';
import { assignWire, byListOrder, lastMessageOf, toConversation, toMessage } from './wire.js';

/**
 * Messages kept per conversation, for updating in place the objects the application holds. Revokes and
 * edits come within 120 s of sending, and the chat screens mark reads by seq, so the newest few hundred
 * are what matters; each kept message is memory the client holds for the whole session.
 */
export const CACHE_PER_CONVERSATION = 256;
const OTHERS_KEPT = 5000;
const LATE_KEPT = 1000;
/** Catch-up answers (of up to 200 messages each) fetched in a row before skipping to the end. */
const MAX_CATCH_UP_PAGES = 50;

class ConvState {
  summary: WireConversation | null = null;
  held = 0;
  ver = 0;
  countedSeq = 0;
  /** lastSeq of the server count last applied. */
  countedAt = 0;
  readSeq = 0;
  peerReadSeq = 0;
  unread = 0;
  /** Seqs of others' messages counted here (above the server's count), for reconciling read results. */
  others: number[] = [];
  pending = new Map<number, WireMessage>();
  verPending = new Set<number>();
  /** The cache: the message of seq s in slot s % CACHE_PER_CONVERSATION (see remember). */
  private slots: (Message | undefined)[] = [];
  /** Consecutive catch-up answers that were cut short. */
  catchUpPages = 0;

  constructor(readonly conversationID: string) {}

  /**
   * Keeps the message object the application holds, for updating it in place, for the newest
   * CACHE_PER_CONVERSATION seqs. Seqs are gap-free, so a seq names a slot and a lookup needs no hashing;
   * a newer message takes the slot of the one CACHE_PER_CONVERSATION before it, never the other way round.
   * (A Map of ids, dropping its first key, cost a busy client an eighth of its CPU: a Map keeps deleted
   * entries until it rehashes, and its first key is found by walking past them.)
   */
  remember(m: Message) {
    if (m.seq <= 0) return;
    if (!this.slots.length) this.slots = new Array<Message | undefined>(CACHE_PER_CONVERSATION);
    const i = m.seq % CACHE_PER_CONVERSATION;
    const held = this.slots[i];
    if (!held || held.seq <= m.seq) this.slots[i] = m;
  }

  /** The cached object of this message, if any. */
  cached(w: { ID: string; seq: number }): Message | undefined {
    const m = this.slots[w.seq % CACHE_PER_CONVERSATION];
    return m && m.ID === w.ID ? m : undefined;
  }

  cachedMessages(): Message[] {
    return this.slots.filter((m) => m !== undefined);
  }

  /** Counts a message of someone else above the server's count (see applyCount). */
  countOther(seq: number) {
    this.unread++;
    this.others.push(seq);
    // Trimmed in steps, not one shift per message: only the newest OTHERS_KEPT matter.
    if (this.others.length >= 2 * OTHERS_KEPT) this.others = this.others.slice(-OTHERS_KEPT);
  }

  /** The server's count (read up to R, computed at last seq L, U unread) plus what arrived after L. */
  applyCount(readSeq: number, lastSeq: number, unread: number) {
    if (readSeq < this.readSeq || (readSeq === this.readSeq && lastSeq < this.countedAt)) return;
    this.readSeq = readSeq;
    this.countedAt = lastSeq;
    this.unread = unread + this.others.filter((s) => s > lastSeq && s > readSeq).length;
    this.countedSeq = Math.max(this.countedSeq, lastSeq);
    this.others = this.others.filter((s) => s > readSeq);
  }

  /** A sync answered every change up to v. */
  raiseVer(v: number) {
    this.ver = Math.max(this.ver, v);
    while (this.verPending.delete(this.ver + 1)) this.ver++;
    for (const p of this.verPending) if (p <= this.ver) this.verPending.delete(p);
  }

  markVer(v: number) {
    if (v <= this.ver) return;
    if (v !== this.ver + 1) {
      this.verPending.add(v);
      return;
    }
    this.ver = v;
    while (this.verPending.delete(this.ver + 1)) this.ver++;
    for (const p of this.verPending) if (p <= this.ver) this.verPending.delete(p);
  }
}

export type Baseline = 'login' | 'later';

const NONE: ReadonlySet<Message> = new Set();

const isGapped = (st: ConvState) => st.pending.size > 0 || st.verPending.size > 0 || !st.summary;

export class ConversationStore {
  private states = new Map<string, ConvState>();
  /** Revokes / edits of messages not delivered yet, applied when they are. */
  private lateChanges = new Map<string, WireMessage>();
  /** Highest change version applied per message id. */
  private msgVer = new Map<string, number>();
  /** clientMsgIds this instance is sending: their messages are not "received" here. */
  readonly sending = new Set<string>();

  constructor(public me: string) {}

  clear() {
    this.states.clear();
    this.lateChanges.clear();
    this.msgVer.clear();
    this.sending.clear();
  }

  has(conversationID: string) {
    return this.states.get(conversationID)?.summary != null;
  }

  private state(conversationID: string): ConvState {
    let st = this.states.get(conversationID);
    if (!st) this.states.set(conversationID, (st = new ConvState(conversationID)));
    return st;
  }

  /**
   * Applies conversation summaries. A conversation first seen at sign-in is held up to its last seq (its
   * history is paged on demand); one first seen later is new to this session, so its messages since
   * the user's visible start are still to be delivered: those are returned for a catch-up sync.
   */
  applySummaries(
    list: WireConversation[],
    baseline: Baseline,
    complete = false,
  ): { catchUp: string[]; delivered: Message[] } {
    const catchUp: string[] = [];
    const delivered: Message[] = [];
    const seen = new Set<string>();
    for (const w of list) {
      seen.add(w.conversationID);
      const st = this.state(w.conversationID);
      if (st.summary === null) {
        // Pushes that came before the sign-in answer and are part of the listed history are not news.
        st.held = Math.max(st.held, baseline === 'login' ? w.lastSeq : w.clearedSeq);
        st.ver = Math.max(st.ver, w.ver);
        st.countedSeq = Math.max(st.countedSeq, w.lastSeq);
        for (const s of st.pending.keys()) if (s <= st.held) st.pending.delete(s);
        if (w.lastSeq > st.held) catchUp.push(w.conversationID);
      }
      const prev = st.summary;
      st.summary = { ...w, lastMessage: { ...w.lastMessage } };
      // Our own view of the last message is newer when a push overtook the summary.
      if (prev && prev.lastMessage.lastSequence > w.lastMessage.lastSequence)
        st.summary.lastMessage = prev.lastMessage;
      st.peerReadSeq = Math.max(st.peerReadSeq, w.peerReadSeq);
      st.applyCount(w.readSeq, w.lastSeq, w.unreadCount);
      this.drain(st, delivered);
    }
    if (complete)
      for (const [id, st] of this.states)
        if (!seen.has(id) && !st.pending.size && st.summary) this.states.delete(id);
    return { catchUp, delivered };
  }

  /**
   * After a sync answer for these conversations: their change versions are current up to the summary's.
   * Returns the conversations whose answer was cut short (more missing than one answer carries): they
   * are synced again from where this answer ended, page after page, so a long absence leaves no gap. Only
   * beyond MAX_CATCH_UP_PAGES does the client skip to the end (the history pages hold the rest).
   */
  afterSync(requested: string[], list: WireConversation[], truncated: string[]): string[] {
    const byId = new Map(list.map((w) => [w.conversationID, w]));
    const cut = new Set(truncated);
    for (const id of requested) {
      const st = this.states.get(id);
      const w = byId.get(id);
      if (st && w) st.raiseVer(w.ver);
      // Not the user's (any more): nothing will ever fill it, so stop waiting (and asking).
      else if (st && !st.summary) this.states.delete(id);
      if (st && !cut.has(id)) st.catchUpPages = 0;
    }
    const again: string[] = [];
    for (const id of cut) {
      const st = this.states.get(id);
      const w = byId.get(id);
      if (!st || !w) continue;
      if (++st.catchUpPages <= MAX_CATCH_UP_PAGES) {
        again.push(id);
        continue;
      }
      st.catchUpPages = 0;
      st.held = Math.max(st.held, w.lastSeq);
      for (const s of st.pending.keys()) if (s <= st.held) st.pending.delete(s);
    }
    return again;
  }

  /**
   * A message from a push, a sync or an own send's answer. Returns the messages that became deliverable,
   * in order (possibly none: a duplicate, or waiting for a gap to fill).
   */
  accept(w: WireMessage, own?: Message): { delivered: Message[]; quiet: ReadonlySet<Message> } {
    const st = this.state(w.conversationID);
    const delivered: Message[] = [];
    if (own) {
      assignWire(own, w);
      st.remember(own);
    }
    if (w.seq <= st.held) {
      // Already delivered (a resend's answer, or a push after a sync found it): refresh the cached copy.
      const m = st.cached(w);
      if (m && !own) assignWire(m, w);
      return { delivered, quiet: NONE };
    }
    const prev = st.pending.get(w.seq);
    if (!prev || prev.ver <= w.ver) st.pending.set(w.seq, w);
    return { delivered, quiet: this.drain(st, delivered) ?? NONE };
  }

  /** Delivers what is in order; returns the own messages among them that are still being sent. */
  private drain(st: ConvState, out: Message[]): Set<Message> | undefined {
    let quiet: Set<Message> | undefined;
    for (;;) {
      const w = st.pending.get(st.held + 1);
      if (!w) break;
      st.pending.delete(w.seq);
      const late = this.lateChanges.get(w.ID);
      const latest = late && late.ver > w.ver ? late : w;
      this.lateChanges.delete(w.ID);
      const cached = st.cached(latest);
      const m = cached ? assignWire(cached, latest) : toMessage(latest);
      if (st.summary?.type === TYPES.CONV_C2C && m.flow === 'out') m.isPeerRead = m.seq <= st.peerReadSeq;
      st.remember(m);
      st.held = w.seq;
      if (st.summary) {
        st.summary.lastSeq = Math.max(st.summary.lastSeq, w.seq);
        if (w.seq >= st.summary.lastMessage.lastSequence) st.summary.lastMessage = lastMessageOf(m);
      }
      if (w.seq > st.countedSeq) {
        if (m.from !== this.me) {
          if (w.seq > st.readSeq) st.countOther(w.seq);
        } else if (st.readSeq === w.seq - 1) st.readSeq = w.seq; // as the server does on storing
        st.countedSeq = w.seq;
      }
      out.push(m);
      if (m.from === this.me && this.sending.has(m.clientMsgId)) (quiet ??= new Set()).add(m);
    }
    return quiet;
  }

  /** A revoke or an edit. Returns the updated message when it is news. */
  applyChange(w: WireMessage): Message | null {
    const st = this.states.get(w.conversationID);
    if (!st) return null;
    st.markVer(w.ver);
    if ((this.msgVer.get(w.ID) ?? 0) >= w.ver) return null;
    this.msgVer.set(w.ID, w.ver);
    if (this.msgVer.size > LATE_KEPT * 10) this.msgVer.delete(this.msgVer.keys().next().value!);
    if (w.seq > st.held) {
      const p = st.pending.get(w.seq);
      if (p && p.ver < w.ver) st.pending.set(w.seq, w);
      else if (!p) {
        this.lateChanges.set(w.ID, w);
        // Changes of messages that never arrive (skipped by a truncated catch-up) must not pile up.
        if (this.lateChanges.size > LATE_KEPT) this.lateChanges.delete(this.lateChanges.keys().next().value!);
      }
      return null;
    }
    const cached = st.cached(w);
    const m = cached ? assignWire(cached, w) : toMessage(w);
    if (!cached) st.remember(m);
    if (st.summary?.type === TYPES.CONV_C2C && m.flow === 'out') m.isPeerRead = m.seq <= st.peerReadSeq;
    if (st.summary && st.summary.lastMessage.lastSequence === w.seq)
      st.summary.lastMessage = lastMessageOf(m);
    return m;
  }

  /** Messages of a history page: the cached objects where the client already has them. */
  adoptHistory(list: WireMessage[]): Message[] {
    return list.map((w) => {
      const st = this.states.get(w.conversationID);
      if (!st) return toMessage(w);
      const cached = st.cached(w);
      if (cached) {
        if ((this.msgVer.get(w.ID) ?? 0) <= w.ver) assignWire(cached, w);
        return cached;
      }
      const m = toMessage(w);
      st.remember(m);
      return m;
    });
  }

  applyRead(r: ReadResult) {
    const st = this.states.get(r.conversationID);
    if (!st) return;
    st.applyCount(r.readSeq, r.lastSeq, r.unreadCount);
    if (st.summary) st.summary.readSeq = Math.max(st.summary.readSeq, r.readSeq);
  }

  /** The peer read up to readSeq: own messages of the cache that turned read. */
  applyPeerRead(conversationID: string, readSeq: number): Message[] | null {
    const st = this.states.get(conversationID);
    if (!st || readSeq <= st.peerReadSeq) return null;
    st.peerReadSeq = readSeq;
    const turned: Message[] = [];
    for (const m of st.cachedMessages())
      if (m.flow === 'out' && m.seq > 0 && m.seq <= readSeq && !m.isPeerRead) {
        m.isPeerRead = true;
        turned.push(m);
      }
    return turned.sort((a, b) => a.seq - b.seq);
  }

  remove(conversationID: string) {
    this.states.delete(conversationID);
  }

  /** Where the client stands, for a sync: every conversation, or the given ones. */
  positions(ids?: string[]) {
    const list = ids
      ? ids.map((id) => this.states.get(id)).filter((s) => s !== undefined)
      : [...this.states.values()];
    return list.map((st) => ({ conversationID: st.conversationID, seq: st.held, ver: st.ver }));
  }

  /** Whether any conversation has something missing (see gapped). */
  anyGapped(): boolean {
    for (const st of this.states.values()) if (isGapped(st)) return true;
    return false;
  }

  /** Conversations with something missing (a seq gap, a change version gap, or no summary yet). */
  gapped(): string[] {
    return [...this.states.values()].filter(isGapped).map((st) => st.conversationID);
  }

  heldSeq(conversationID: string): number {
    return this.states.get(conversationID)?.held ?? 0;
  }

  conversation(conversationID: string): Conversation | undefined {
    const st = this.states.get(conversationID);
    return st?.summary ? toConversation(st.summary, st.unread) : undefined;
  }

  list(): Conversation[] {
    const out: Conversation[] = [];
    for (const st of this.states.values()) if (st.summary) out.push(toConversation(st.summary, st.unread));
    return out.sort(byListOrder);
  }

  /** Unread of every conversation that notifies (muted ones do not count, as in the hosted SDK). */
  totalUnread(): number {
    let n = 0;
    for (const st of this.states.values())
      if (st.summary && st.summary.messageRemindType !== TYPES.MSG_REMIND_ACPT_NOT_NOTE) n += st.unread;
    return n;
  }
}

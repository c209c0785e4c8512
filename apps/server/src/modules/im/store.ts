/**
 * Messages: sending (stored by ./writer.ts: gap-free seq, exactly once per clientMsgId), history, read
 * marks, revoke and re-edit, deleting a conversation, and catch-up after a reconnect.
 */
import { ERROR_CODE, TYPES } from '@forecourt/im-sdk/types';
import type {
  HistoryResult,
  OutgoingMessage,
  ReadResult,
  SyncResult,
  WireConversation,
  WireMessage,
} from '@forecourt/im-sdk/protocol';
import type { Db } from '../../platform/db/index.js';
import { recordRiskHit, scanSensitive } from '../risk/index.js';
import { num, type ImDeps, type Push, type WithPushes } from './deps.js';
import { ImError, invalid, notFoundIm } from './errors.js';
import { assertMayTalk } from './principals.js';
import { storeMessage, type NewMessage, type Stored } from './writer.js';
import {
  MESSAGE_COLS,
  conversationSummary,
  conversationIDFor,
  convById,
  listConversations,
  memberIds,
  memberState,
  memberStates,
  peerOf,
  peerReadSeq,
  resolveConv,
  viewOf,
  type Conv,
  type MessageRow,
} from './convs.js';
import {
  SYNC_CAP,
  checkModify,
  checkRevoke,
  nextReadSeq,
  normalizePayload,
  pageCompleted,
  pageSize,
  parseConversationID,
  unreadOf,
} from './rules.js';

/** Who is acting: the signed-in chat user and the socket they act from. */
export interface Actor {
  tenantId: string;
  userID: string;
  nick: string;
  avatar: string;
  connId?: string;
}

const CLIENT_MSG_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Pushes of a new message to every member, each in their own view. */
export async function newMessagePushes(
  db: Db,
  conv: Conv,
  row: MessageRow,
  skipConn?: string,
): Promise<Push[]> {
  const members = await memberIds(db, conv);
  return members.map((userID) => ({
    userID,
    op: 'msg' as const,
    data: viewOf(conv, row, userID),
    ...(userID === row.sender && skipConn ? { skipConn } : {}),
  }));
}

/** Masks the tenant's sensitive words; a hit is written to the risk diary (after the message is stored). */
async function maskText(db: Db, tenantId: string, text: string) {
  const scan = await scanSensitive(db, tenantId, text);
  return { text: scan.masked, hits: scan.hits, original: text };
}

/**
 * Keeps one client's sends in the order it sent them without waiting for each to commit: a send is handed
 * to the writer only after the one before it (`after`), and tells the next one (`queued`) as soon as it is
 * handed over or has failed. The writer keeps each conversation in the order it was handed sends, so a
 * client with several sends on their way has them stored in order, in one statement when they are close.
 */
export interface SendOrder {
  after: Promise<unknown>;
  queued: () => void;
}

/** Sends a message: validates, masks, stores exactly once, and fans it out to the members. */
export async function sendMessage(
  deps: ImDeps,
  actor: Actor,
  out: OutgoingMessage,
  order?: SendOrder,
): Promise<WithPushes<{ message: WireMessage }>> {
  let storing: Promise<Prepared>;
  try {
    const prepared = await prepareSend(deps, actor, out);
    await order?.after;
    // Stamped now, not while preparing: a conversation's times then never run against its seqs.
    const message = { ...prepared.message, nowMs: deps.clock.now() };
    storing = storeMessage(deps.db, message).then((stored) => ({ ...prepared, stored }));
  } finally {
    order?.queued();
  }
  return finishSend(deps, actor, await storing);
}

interface Prepared {
  conv: Conv;
  message: Omit<NewMessage, 'nowMs'>;
  masked?: Awaited<ReturnType<typeof maskText>>;
  stored?: Stored;
}

async function prepareSend(deps: ImDeps, actor: Actor, out: OutgoingMessage): Promise<Prepared> {
  const { db } = deps;
  if (!CLIENT_MSG_ID.test(out.clientMsgId ?? ''))
    throw invalid('im.badFrame', { op: 'send', detail: 'clientMsgId' });
  if (out.conversationType !== TYPES.CONV_C2C && out.conversationType !== TYPES.CONV_GROUP)
    throw new ImError(ERROR_CODE.SYSTEM_CONVERSATION, 'im.systemConversation');
  const payload = normalizePayload(out.type, out.payload);
  let masked: Awaited<ReturnType<typeof maskText>> | undefined;
  if (out.type === TYPES.MSG_TEXT) {
    masked = await maskText(db, actor.tenantId, String(payload.text));
    payload.text = masked.text;
  }
  const conversationID = out.conversationType === TYPES.CONV_C2C ? `C2C${out.to}` : `GROUP${out.to}`;
  const conv = await resolveConv(db, actor.tenantId, actor.userID, conversationID, true);
  if (!conv) throw notFoundIm('im.noGroup', { groupID: out.to });
  if (conv.kind === 'c2c') await assertMayTalk(db, actor.tenantId, actor.userID, out.to);
  return {
    conv,
    masked,
    message: {
      conv,
      sender: actor.userID,
      clientMsgId: out.clientMsgId,
      type: out.type,
      payload,
      nick: actor.nick,
      avatar: actor.avatar,
    },
  };
}

async function finishSend(
  deps: ImDeps,
  actor: Actor,
  { conv, masked, stored }: Prepared,
): Promise<WithPushes<{ message: WireMessage }>> {
  const { db } = deps;
  if (!stored) throw new ImError(ERROR_CODE.FORBIDDEN, 'im.notMember');
  const message = viewOf(conv, stored.row, actor.userID);
  if (stored.duplicate) return { result: { message }, pushes: [] };
  if (masked?.hits.length)
    await recordRiskHit(
      db,
      { tenantId: actor.tenantId, account: actor.userID },
      {
        source: conv.kind === 'group' ? 'chat-group' : 'chat',
        text: masked.original,
        hits: masked.hits,
        masked: masked.text,
        ref: message.ID,
      },
    );
  return { result: { message }, pushes: await newMessagePushes(db, conv, stored.row, actor.connId) };
}

/** History pages of up to 15, newest first; each page oldest-first, with the cursor to the next. */
export async function history(
  deps: ImDeps,
  actor: Actor,
  q: { conversationID: string; nextReqMessageID?: string; count?: number },
): Promise<HistoryResult> {
  const { db } = deps;
  const conv = await resolveConv(db, actor.tenantId, actor.userID, q.conversationID);
  if (!conv) return { messageList: [], nextReqMessageID: '', isCompleted: true };
  const state = await memberState(db, conv, actor.userID);
  let before = state.lastSeq + 1;
  if (q.nextReqMessageID) {
    if (!/^\d{1,20}$/.test(q.nextReqMessageID))
      throw invalid('im.badFrame', { op: 'history', detail: 'nextReqMessageID' });
    const cursor = await db.one<{ seq: string }>(
      'SELECT seq FROM im_message WHERE id = $1 AND conversation_id = $2',
      [q.nextReqMessageID, conv.id],
    );
    if (!cursor) throw notFoundIm('im.noMessage');
    before = num(cursor.seq);
  }
  const rows = await db.query<MessageRow>(
    `SELECT ${MESSAGE_COLS} FROM im_message WHERE conversation_id = $1 AND seq > $2 AND seq < $3
      ORDER BY seq DESC LIMIT $4`,
    [conv.id, state.clearedSeq, before, pageSize(q.count)],
  );
  rows.reverse();
  const peerRead = await peerReadSeq(db, conv, actor.userID);
  const messageList = rows.map((r) => viewOf(conv, r, actor.userID, peerRead));
  const oldest = messageList[0];
  return {
    messageList,
    nextReqMessageID: oldest?.ID ?? '',
    isCompleted: pageCompleted(oldest?.seq, state.clearedSeq),
  };
}

async function ownAfter(db: Db, convId: string, user: string, readSeq: number) {
  const r = await db.one<{ n: string }>(
    'SELECT count(*) AS n FROM im_message WHERE conversation_id = $1 AND sender = $2 AND seq > $3',
    [convId, user, readSeq],
  );
  return num(r?.n);
}

/**
 * Marks a conversation read up to `seq` (what the client has shown; never past the end, never back).
 * Tells the user's other sockets, and the peer of a one-to-one conversation (isPeerRead).
 */
export async function markRead(
  deps: ImDeps,
  actor: Actor,
  q: { conversationID: string; seq: number },
): Promise<WithPushes<ReadResult>> {
  const { db } = deps;
  const conv = await resolveConv(db, actor.tenantId, actor.userID, q.conversationID);
  if (!conv)
    return {
      result: { conversationID: q.conversationID, readSeq: 0, lastSeq: 0, unreadCount: 0 },
      pushes: [],
    };
  const state = await memberState(db, conv, actor.userID);
  const target = nextReadSeq(state.readSeq, Math.floor(q.seq), state.lastSeq);
  let readSeq = state.readSeq;
  let lastSeq = state.lastSeq;
  if (target > state.readSeq) {
    const r = await db.one<{ read_seq: string; last_seq: string }>(
      `UPDATE im_member m SET read_seq = GREATEST(m.read_seq, LEAST($3::bigint, c.last_seq))
         FROM im_conversation c
        WHERE m.conversation_id = $1 AND m.user_id = $2 AND c.id = m.conversation_id
        RETURNING m.read_seq, c.last_seq`,
      [conv.id, actor.userID, target],
    );
    readSeq = num(r?.read_seq);
    lastSeq = num(r?.last_seq);
  }
  const result: ReadResult = {
    conversationID: q.conversationID,
    readSeq,
    lastSeq,
    unreadCount: unreadOf(lastSeq, readSeq, await ownAfter(db, conv.id, actor.userID, readSeq)),
  };
  const pushes: Push[] = [];
  if (readSeq > state.readSeq) {
    pushes.push({ userID: actor.userID, op: 'read', data: result, skipConn: actor.connId });
    if (conv.kind === 'c2c') {
      const peer = peerOf(conv, actor.userID);
      if (peer !== actor.userID)
        pushes.push({
          userID: peer,
          op: 'peerRead',
          data: { conversationID: conversationIDFor(conv, peer), readSeq },
        });
    }
  }
  return { result, pushes };
}

interface LockedMessage extends MessageRow {
  tenant_id: string;
}

/** The message by id with its conversation, for a member of it; locked for the change that follows. */
async function messageForChange(db: Db, actor: Actor, messageID: string) {
  if (!/^\d{1,20}$/.test(messageID)) throw notFoundIm('im.noMessage');
  const row = await db.one<LockedMessage>(
    `SELECT ${MESSAGE_COLS}, tenant_id FROM im_message WHERE id = $1 AND tenant_id = $2 FOR UPDATE`,
    [messageID, actor.tenantId],
  );
  if (!row) throw notFoundIm('im.noMessage');
  const conv = await convById(db, actor.tenantId, String(row.conversation_id));
  if (!conv) throw notFoundIm('im.noMessage');
  await memberState(db, conv, actor.userID);
  return { row, conv };
}

async function changePushes(
  db: Db,
  conv: Conv,
  row: MessageRow,
  op: 'revoked' | 'modified',
  skipConn?: string,
) {
  const members = await memberIds(db, conv);
  const peerRead = conv.kind === 'c2c' ? await peerReadSeq(db, conv, row.sender) : 0;
  return members.map((userID) => ({
    userID,
    op,
    data: viewOf(conv, row, userID, userID === row.sender ? peerRead : 0),
    ...(userID === row.sender && skipConn ? { skipConn } : {}),
  }));
}

/** Revokes a message: sender only, within 120 s (server time). Every member sees it revoked. */
export async function revoke(
  deps: ImDeps,
  actor: Actor,
  messageID: string,
): Promise<WithPushes<{ message: WireMessage }>> {
  const nowMs = deps.clock.now();
  const { row, conv } = await deps.db.tx(async (t) => {
    const { row, conv } = await messageForChange(t, actor, messageID);
    checkRevoke(
      {
        sender: row.sender,
        type: row.type,
        createdMs: new Date(row.create_time).getTime(),
        isRevoked: row.is_revoked,
      },
      actor.userID,
      nowMs,
    );
    const updated = await t.one<MessageRow>(
      `WITH v AS (UPDATE im_conversation SET change_ver = change_ver + 1 WHERE id = $2 RETURNING change_ver)
       UPDATE im_message SET is_revoked = true, revoke_time = $3, change_ver = v.change_ver FROM v
        WHERE im_message.id = $1 RETURNING ${MESSAGE_COLS.split(', ')
          .map((c) => `im_message.${c}`)
          .join(', ')}`,
      [row.id, conv.id, new Date(nowMs)],
    );
    return { row: updated!, conv };
  });
  const peerRead = await peerReadSeq(deps.db, conv, actor.userID);
  return {
    result: { message: viewOf(conv, row, actor.userID, peerRead) },
    pushes: await changePushes(deps.db, conv, row, 'revoked', actor.connId),
  };
}

/** Re-edits a text message: sender only, not revoked, within 120 s; the new text is masked too. */
export async function modify(
  deps: ImDeps,
  actor: Actor,
  q: { messageID: string; text: string },
): Promise<WithPushes<{ message: WireMessage }>> {
  const nowMs = deps.clock.now();
  const payload = normalizePayload(TYPES.MSG_TEXT, { text: q.text });
  const masked = await maskText(deps.db, actor.tenantId, String(payload.text));
  const { row, conv } = await deps.db.tx(async (t) => {
    const { row, conv } = await messageForChange(t, actor, q.messageID);
    checkModify(
      {
        sender: row.sender,
        type: row.type,
        createdMs: new Date(row.create_time).getTime(),
        isRevoked: row.is_revoked,
      },
      actor.userID,
      nowMs,
    );
    const updated = await t.one<MessageRow>(
      `WITH v AS (UPDATE im_conversation SET change_ver = change_ver + 1 WHERE id = $2 RETURNING change_ver)
       UPDATE im_message SET payload = $3::jsonb, modify_time = $4, change_ver = v.change_ver FROM v
        WHERE im_message.id = $1 RETURNING ${MESSAGE_COLS.split(', ')
          .map((c) => `im_message.${c}`)
          .join(', ')}`,
      [row.id, conv.id, JSON.stringify({ text: masked.text }), new Date(nowMs)],
    );
    return { row: updated!, conv };
  });
  if (masked.hits.length)
    await recordRiskHit(
      deps.db,
      { tenantId: actor.tenantId, account: actor.userID },
      {
        source: conv.kind === 'group' ? 'chat-group' : 'chat',
        text: masked.original,
        hits: masked.hits,
        masked: masked.text,
        ref: String(row.id),
      },
    );
  const peerRead = await peerReadSeq(deps.db, conv, actor.userID);
  return {
    result: { message: viewOf(conv, row, actor.userID, peerRead) },
    pushes: await changePushes(deps.db, conv, row, 'modified', actor.connId),
  };
}

/** Hides a conversation and its history for this user only; a new message brings it back. */
export async function deleteConversation(
  deps: ImDeps,
  actor: Actor,
  conversationID: string,
): Promise<WithPushes<{ conversationID: string }>> {
  const conv = await resolveConv(deps.db, actor.tenantId, actor.userID, conversationID);
  if (conv)
    await deps.db.query(
      `UPDATE im_member m SET cleared_seq = c.last_seq, read_seq = GREATEST(m.read_seq, c.last_seq),
              pinned = false, deleted_at = now()
         FROM im_conversation c WHERE c.id = m.conversation_id AND m.conversation_id = $1 AND m.user_id = $2`,
      [conv.id, actor.userID],
    );
  return {
    result: { conversationID },
    pushes: [
      { userID: actor.userID, op: 'conv', data: { conversationID, removed: true }, skipConn: actor.connId },
    ],
  };
}

/** Pins or mutes a conversation for this user. */
export async function setMemberFlag(
  deps: ImDeps,
  actor: Actor,
  conversationID: string,
  flag: 'pinned' | 'muted',
  value: boolean,
): Promise<WithPushes<{ conversation: WireConversation }>> {
  const conv = await resolveConv(deps.db, actor.tenantId, actor.userID, conversationID, true);
  if (!conv) throw notFoundIm('im.noConversation');
  await memberState(deps.db, conv, actor.userID);
  await deps.db.query(`UPDATE im_member SET ${flag} = $3 WHERE conversation_id = $1 AND user_id = $2`, [
    conv.id,
    actor.userID,
    value,
  ]);
  const conversation = (await conversationSummary(deps.db, conv, actor.userID))!;
  return {
    result: { conversation },
    pushes: [
      {
        userID: actor.userID,
        op: 'conv',
        data: { conversationID, removed: false, conversation },
        skipConn: actor.connId,
      },
    ],
  };
}

/** Opens a conversation (a one-to-one one is made if needed) and returns its summary. */
export async function openConversation(
  deps: ImDeps,
  actor: Actor,
  conversationID: string,
): Promise<WireConversation> {
  const ref = parseConversationID(conversationID);
  const conv = await resolveConv(deps.db, actor.tenantId, actor.userID, conversationID, ref.kind !== 'group');
  if (!conv)
    throw notFoundIm(
      ref.kind === 'group' ? 'im.noGroup' : 'im.noConversation',
      ref.kind === 'group' ? { groupID: ref.groupId } : {},
    );
  await memberState(deps.db, conv, actor.userID);
  return (await conversationSummary(deps.db, conv, actor.userID))!;
}

/**
 * Catch-up after a reconnect: for each conversation the client holds, the messages after its seq (in
 * order) and the revokes / edits after its version; conversations it does not hold come with their
 * summaries only. More than SYNC_CAP missing → `truncated` (the client pages history instead).
 */
export async function sync(
  deps: ImDeps,
  actor: Actor,
  req: { convs: { conversationID: string; seq: number; ver: number }[] },
): Promise<SyncResult> {
  const { db } = deps;
  const conversationList = await listConversations(db, actor.tenantId, actor.userID);
  const held = new Map(req.convs.map((c) => [c.conversationID, c]));
  // Conversations the client holds but that are hidden now (deleted elsewhere) still need their changes.
  const resolved: { conv: Conv; seq: number; ver: number }[] = [];
  for (const h of held.values()) {
    let conv: Conv | undefined;
    try {
      conv = await resolveConv(db, actor.tenantId, actor.userID, h.conversationID);
    } catch {
      continue;
    }
    if (conv)
      resolved.push({ conv, seq: Math.max(0, Math.floor(h.seq)), ver: Math.max(0, Math.floor(h.ver)) });
  }
  const states = await memberStates(
    db,
    resolved.map((r) => r.conv),
    actor.userID,
  );
  const convs: { conv: Conv; seq: number; ver: number; clearedSeq: number }[] = [];
  const peerReads = new Map<string, number>();
  for (const r of resolved) {
    const state = states.get(r.conv.id);
    if (!state) continue; // not a member (any more)
    convs.push({ ...r, clearedSeq: state.clearedSeq });
    peerReads.set(r.conv.id, state.peerReadSeq);
  }
  const messages: WireMessage[] = [];
  const changed: WireMessage[] = [];
  const truncated: string[] = [];
  if (convs.length) {
    const ids = convs.map((c) => c.conv.id);
    const fresh = await db.query<MessageRow & { k: string }>(
      `SELECT m.*, k.cid AS k FROM unnest($1::bigint[], $2::bigint[]) AS k(cid, s)
         CROSS JOIN LATERAL (SELECT ${MESSAGE_COLS} FROM im_message
                              WHERE conversation_id = k.cid AND seq > k.s ORDER BY seq LIMIT ${SYNC_CAP + 1}) m`,
      [ids, convs.map((c) => Math.max(c.seq, c.clearedSeq))],
    );
    const edits = await db.query<MessageRow>(
      `SELECT m.* FROM unnest($1::bigint[], $2::bigint[], $3::bigint[]) AS k(cid, s, v)
         CROSS JOIN LATERAL (SELECT ${MESSAGE_COLS} FROM im_message
                              WHERE conversation_id = k.cid AND change_ver > k.v AND seq <= k.s AND seq > 0
                              ORDER BY seq LIMIT ${SYNC_CAP}) m`,
      [ids, convs.map((c) => c.seq), convs.map((c) => c.ver)],
    );
    const byId = new Map(convs.map((c) => [c.conv.id, c]));
    const count = new Map<string, number>();
    for (const r of fresh) {
      const c = byId.get(String(r.conversation_id))!;
      const n = (count.get(c.conv.id) ?? 0) + 1;
      count.set(c.conv.id, n);
      if (n > SYNC_CAP) {
        truncated.push(conversationIDFor(c.conv, actor.userID));
        continue;
      }
      messages.push(viewOf(c.conv, r, actor.userID, peerReads.get(c.conv.id) ?? 0));
    }
    for (const r of edits) {
      const c = byId.get(String(r.conversation_id))!;
      changed.push(viewOf(c.conv, r, actor.userID, peerReads.get(c.conv.id) ?? 0));
    }
  }
  return { conversationList, messages, changed, truncated };
}

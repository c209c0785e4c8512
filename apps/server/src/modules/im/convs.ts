/**
 * Conversations: finding or making them, what a member sees of them, and how a stored message looks to
 * each viewer.
 */
import { TYPES, type ConversationType, type GroupProfile, type Payload } from '@forecourt/im-sdk/types';
import type { WireConversation, WireMessage } from '@forecourt/im-sdk/protocol';
import type { LRUCache } from 'lru-cache';
import { lru } from '../../platform/lru.js';
import type { Db } from '../../platform/db/index.js';
import { GroupedReadBatcher, SIGN_IN_READS } from '../../platform/db/read-batcher.js';
import type { DB, Selectable } from '../../platform/sql/index.js';
import { newId } from '../../platform/ids.js';
import { ms, num } from './deps.js';
import { ImError, notFoundIm } from './errors.js';
import { ERROR_CODE } from '@forecourt/im-sdk/types';
import { ensureUser } from './profiles.js';
import {
  SYSTEM_CONVERSATION_ID,
  c2cId,
  groupConvId,
  isPeerRead,
  messageForShow,
  pairKey,
  parseConversationID,
  unreadOf,
} from './rules.js';

/** The stored facts of a conversation that views need. */
export interface Conv {
  id: string;
  tenantId: string;
  kind: 'c2c' | 'group' | 'system';
  userA: string | null;
  userB: string | null;
  groupId: string | null;
}

/** snake_case of a camelCase column name: the tuned statements below read columns by their SQL names. */
type Snake<K extends string> = K extends `${infer H}${infer R}`
  ? `${H extends Lowercase<H> ? H : `_${Lowercase<H>}`}${Snake<R>}`
  : K;

/**
 * A table's row as a hand-written statement returns it: snake_case keys, each with the type of the generated
 * schema (int8 as text, timestamps as Dates), so a migration that changes a column changes these types too.
 */
export type RawRow<T extends keyof DB> = {
  [K in keyof Selectable<DB[T]> & string as Snake<K>]: Selectable<DB[T]>[K];
};

export type MessageRow = Pick<
  RawRow<'im_message'>,
  | 'id'
  | 'conversation_id'
  | 'seq'
  | 'sender'
  | 'client_msg_id'
  | 'type'
  | 'payload'
  | 'nick'
  | 'avatar'
  | 'create_time'
  | 'is_revoked'
  | 'modify_time'
  | 'change_ver'
>;

export const MESSAGE_COLS =
  'id, conversation_id, seq, sender, client_msg_id, type, payload, nick, avatar, create_time, is_revoked, modify_time, change_ver';

type ConvRow = Pick<RawRow<'im_conversation'>, 'id' | 'tenant_id' | 'user_a' | 'user_b' | 'group_id'> & {
  kind: Conv['kind'];
};

const toConv = (r: ConvRow): Conv => ({
  id: String(r.id),
  tenantId: r.tenant_id,
  kind: r.kind,
  userA: r.user_a,
  userB: r.user_b,
  groupId: r.group_id === null ? null : String(r.group_id),
});

/** The other member of a one-to-one conversation (oneself in a conversation with oneself). */
export const peerOf = (c: Conv, viewer: string) => (c.userA === viewer ? c.userB! : c.userA!);

/** The conversation id the viewer knows it by. */
export function conversationIDFor(c: Conv, viewer: string): string {
  if (c.kind === 'c2c') return c2cId(peerOf(c, viewer));
  if (c.kind === 'group') return groupConvId(c.groupId!);
  return SYSTEM_CONVERSATION_ID;
}

const typeOf = (c: Conv): ConversationType =>
  c.kind === 'c2c' ? TYPES.CONV_C2C : c.kind === 'group' ? TYPES.CONV_GROUP : TYPES.CONV_SYSTEM;

/**
 * A stored message as one viewer sees it: direction, the viewer's conversation id, and — once revoked —
 * no content for anyone but the sender (who may re-edit it).
 */
export function viewOf(c: Conv, row: MessageRow, viewer: string, peerReadSeq = 0): WireMessage {
  const out = row.sender === viewer;
  const seq = num(row.seq);
  const to =
    c.kind === 'c2c'
      ? row.sender === c.userA
        ? c.userB!
        : c.userA!
      : c.kind === 'group'
        ? c.groupId!
        : (c.userA ?? viewer);
  return {
    ID: String(row.id),
    clientMsgId: row.client_msg_id,
    conversationID: conversationIDFor(c, viewer),
    conversationType: typeOf(c),
    seq,
    type: row.type as WireMessage['type'],
    flow: out ? 'out' : 'in',
    time: Math.floor(ms(row.create_time) / 1000),
    from: row.sender,
    to,
    nick: row.nick,
    avatar: row.avatar,
    payload: (row.is_revoked && !out ? {} : row.payload) as unknown as Payload,
    isRevoked: row.is_revoked,
    revoker: row.is_revoked ? row.sender : '',
    isModified: row.modify_time !== null,
    isPeerRead: c.kind === 'c2c' && out && isPeerRead(seq, peerReadSeq),
    ver: num(row.change_ver),
  };
}

const CONV_COLS = 'id, tenant_id, kind, user_a, user_b, group_id';

export async function convById(db: Db, tenantId: string, id: string): Promise<Conv | undefined> {
  const r = await db.one<ConvRow>(
    `SELECT ${CONV_COLS} FROM im_conversation WHERE id = $1 AND tenant_id = $2`,
    [id, tenantId],
  );
  return r && toConv(r);
}

/**
 * Conversation ids are fixed once made, so a node keeps the pair → conversation lookups of busy pairs
 * (per database: two apps in one process never share them).
 */
const pairCaches = new WeakMap<Db, LRUCache<string, Conv>>();
const PAIR_CACHE_MAX = 100_000;
// Ids never change, so the life only lets pairs that went quiet leave before the bound pushes them out.
const PAIR_CACHE_TTL_MS = 3600_000;

function cacheOf(db: Db) {
  let c = pairCaches.get(db);
  if (!c) pairCaches.set(db, (c = lru(PAIR_CACHE_MAX, PAIR_CACHE_TTL_MS)));
  return c;
}

function remember(db: Db, key: string, c: Conv) {
  cacheOf(db).set(key, c);
}

/** The one-to-one conversation of two users, made (with both members) the first time it is needed. */
export async function c2cConv(
  db: Db,
  tenantId: string,
  me: string,
  peer: string,
  create: boolean,
): Promise<Conv | undefined> {
  const key = pairKey(me, peer);
  const cacheKey = `${tenantId}\n${key}`;
  const hit = cacheOf(db).get(cacheKey);
  if (hit) return hit;
  const found = await db.one<ConvRow>(
    `SELECT ${CONV_COLS} FROM im_conversation WHERE tenant_id = $1 AND kind = 'c2c' AND pair_key = $2`,
    [tenantId, key],
  );
  if (found) {
    const c = toConv(found);
    remember(db, cacheKey, c);
    return c;
  }
  if (!create) return undefined;
  await ensureUser(db, tenantId, peer);
  const [a, b] = me < peer ? [me, peer] : [peer, me];
  const c = await db.tx(async (t) => {
    await t.query(
      `INSERT INTO im_conversation (id, tenant_id, kind, pair_key, user_a, user_b)
       VALUES ($1, $2, 'c2c', $3, $4, $5) ON CONFLICT (tenant_id, kind, pair_key) WHERE pair_key IS NOT NULL DO NOTHING`,
      [newId(), tenantId, key, a, b],
    );
    const row = await t.one<ConvRow>(
      `SELECT ${CONV_COLS} FROM im_conversation WHERE tenant_id = $1 AND kind = 'c2c' AND pair_key = $2`,
      [tenantId, key],
    );
    await t.query(
      `INSERT INTO im_member (conversation_id, tenant_id, user_id) SELECT $1, $2, u FROM unnest($3::varchar[]) u
       ON CONFLICT DO NOTHING`,
      [row!.id, tenantId, [...new Set([a, b])]],
    );
    return toConv(row!);
  });
  remember(db, cacheKey, c);
  return c;
}

/** The user's system conversation (notices), made on first use. */
export async function systemConv(db: Db, tenantId: string, user: string): Promise<Conv> {
  const sel = `SELECT ${CONV_COLS} FROM im_conversation WHERE tenant_id = $1 AND kind = 'system' AND pair_key = $2`;
  const found = await db.one<ConvRow>(sel, [tenantId, user]);
  if (found) return toConv(found);
  return db.tx(async (t) => {
    await t.query(
      `INSERT INTO im_conversation (id, tenant_id, kind, pair_key, user_a)
       VALUES ($1, $2, 'system', $3, $3) ON CONFLICT (tenant_id, kind, pair_key) WHERE pair_key IS NOT NULL DO NOTHING`,
      [newId(), tenantId, user],
    );
    const row = (await t.one<ConvRow>(sel, [tenantId, user]))!;
    await t.query(
      `INSERT INTO im_member (conversation_id, tenant_id, user_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
      [row.id, tenantId, user],
    );
    return toConv(row);
  });
}

export async function groupConv(db: Db, tenantId: string, groupId: string): Promise<Conv | undefined> {
  const r = await db.one<ConvRow>(
    `SELECT c.id, c.tenant_id, c.kind, c.user_a, c.user_b, c.group_id FROM im_group g
       JOIN im_conversation c ON c.id = g.conversation_id
      WHERE g.id = $1 AND g.tenant_id = $2 AND g.dismissed_at IS NULL`,
    [groupId, tenantId],
  );
  return r && toConv(r);
}

/**
 * The conversation a viewer names by its id; `create` makes a one-to-one conversation that does not
 * exist yet (sending, opening a chat with a contact).
 */
export async function resolveConv(
  db: Db,
  tenantId: string,
  viewer: string,
  conversationID: string,
  create = false,
): Promise<Conv | undefined> {
  const ref = parseConversationID(conversationID);
  if (ref.kind === 'c2c') return c2cConv(db, tenantId, viewer, ref.peer, create);
  if (ref.kind === 'group') return groupConv(db, tenantId, ref.groupId);
  return create ? systemConv(db, tenantId, viewer) : lookupSystem(db, tenantId, viewer);
}

async function lookupSystem(db: Db, tenantId: string, user: string) {
  const r = await db.one<ConvRow>(
    `SELECT ${CONV_COLS} FROM im_conversation WHERE tenant_id = $1 AND kind = 'system' AND pair_key = $2`,
    [tenantId, user],
  );
  return r && toConv(r);
}

export interface MemberState {
  readSeq: number;
  clearedSeq: number;
  lastSeq: number;
}

/** The viewer's membership of a conversation, or FORBIDDEN (groups) / NOT_FOUND. */
export async function memberState(db: Db, c: Conv, viewer: string): Promise<MemberState> {
  const r = await db.one<{ read_seq: string; cleared_seq: string; last_seq: string }>(
    `SELECT m.read_seq, m.cleared_seq, c.last_seq FROM im_member m JOIN im_conversation c ON c.id = m.conversation_id
      WHERE m.conversation_id = $1 AND m.user_id = $2`,
    [c.id, viewer],
  );
  if (!r) {
    if (c.kind === 'group') throw new ImError(ERROR_CODE.FORBIDDEN, 'im.notMember');
    throw notFoundIm('im.noConversation');
  }
  return { readSeq: num(r.read_seq), clearedSeq: num(r.cleared_seq), lastSeq: num(r.last_seq) };
}

/**
 * The viewer's membership of many conversations at once, with how far the peer of each one-to-one
 * conversation has read: one query however many conversations a reconnecting client holds.
 */
export async function memberStates(
  db: Db,
  convs: Conv[],
  viewer: string,
): Promise<Map<string, MemberState & { peerReadSeq: number }>> {
  if (!convs.length) return new Map();
  const rows = await db.query<{
    conversation_id: string;
    read_seq: string;
    cleared_seq: string;
    last_seq: string;
    peer_read: string | null;
  }>(
    `SELECT m.conversation_id, m.read_seq, m.cleared_seq, c.last_seq, p.read_seq AS peer_read
       FROM im_member m JOIN im_conversation c ON c.id = m.conversation_id
       LEFT JOIN im_member p ON c.kind = 'c2c' AND p.conversation_id = c.id AND p.user_id <> m.user_id
      WHERE m.conversation_id = ANY($1::bigint[]) AND m.user_id = $2`,
    [convs.map((c) => c.id), viewer],
  );
  return new Map(
    rows.map((r) => [
      String(r.conversation_id),
      {
        readSeq: num(r.read_seq),
        clearedSeq: num(r.cleared_seq),
        lastSeq: num(r.last_seq),
        peerReadSeq: num(r.peer_read),
      },
    ]),
  );
}

/** How far the peer of a one-to-one conversation has read (0 for other kinds). */
export async function peerReadSeq(db: Db, c: Conv, viewer: string): Promise<number> {
  if (c.kind !== 'c2c') return 0;
  const r = await db.one<{ read_seq: string }>(
    'SELECT read_seq FROM im_member WHERE conversation_id = $1 AND user_id = $2',
    [c.id, peerOf(c, viewer)],
  );
  return num(r?.read_seq);
}

/** Every member's user id (recipients of pushes). */
export async function memberIds(db: Db, c: Conv): Promise<string[]> {
  if (c.kind === 'c2c') return [...new Set([c.userA!, c.userB!])];
  if (c.kind === 'system') return [c.userA!];
  const rows = await db.query<{ user_id: string }>(
    'SELECT user_id FROM im_member WHERE conversation_id = $1',
    [c.id],
  );
  return rows.map((r) => r.user_id);
}

// ---- summaries -----------------------------------------------------------------------------------

type ConvCols = RawRow<'im_conversation'>;
type MemberCols = RawRow<'im_member'>;
type MessageCols = RawRow<'im_message'>;
type UserCols = RawRow<'im_user'>;
type GroupCols = RawRow<'im_group'>;
type GroupMemberCols = RawRow<'im_group_member'>;

/** The list's row: the conversation, the viewer's membership, and outer-joined facts under a prefix. */
interface SummaryRow extends ConvRow {
  last_seq: ConvCols['last_seq'];
  change_ver: ConvCols['change_ver'];
  last_time: ConvCols['last_time'];
  read_seq: MemberCols['read_seq'];
  cleared_seq: MemberCols['cleared_seq'];
  pinned: MemberCols['pinned'];
  muted: MemberCols['muted'];
  /** count(*): int8, as text. */
  own_after: string;
  peer_read_seq: MemberCols['read_seq'] | null;
  lm_sender: MessageCols['sender'] | null;
  lm_type: MessageCols['type'] | null;
  lm_payload: MessageCols['payload'] | null;
  lm_revoked: MessageCols['is_revoked'] | null;
  lm_time: MessageCols['create_time'] | null;
  p_nick: UserCols['nick'] | null;
  p_avatar: UserCols['avatar'] | null;
  p_gender: UserCols['gender'] | null;
  p_department: UserCols['department'] | null;
  g_name: GroupCols['name'] | null;
  g_type: GroupCols['type'] | null;
  g_avatar: GroupCols['avatar'] | null;
  g_introduction: GroupCols['introduction'] | null;
  g_notification: GroupCols['notification'] | null;
  g_owner: GroupCols['owner_id'] | null;
  g_create_time: GroupCols['create_time'] | null;
  g_role: GroupMemberCols['role'] | null;
  g_join_time: GroupMemberCols['join_time'] | null;
  /** count(*): int8, as text. */
  g_members: string | null;
}

/**
 * A conversation as its list shows it. Named wherever it runs: planning this seven-table join took
 * PostgreSQL 6–14 ms, some fifty times its execution, and every sign-in's sync runs it, so it is planned
 * once per connection instead. `viewer` is a parameter, or a column of a batch of viewers; the tenant is $1.
 */
const summarySql = (viewer: string) => `
SELECT c.id, c.tenant_id, c.kind, c.user_a, c.user_b, c.group_id, c.last_seq, c.change_ver, c.last_time,
       m.read_seq, m.cleared_seq, m.pinned, m.muted,
       (SELECT count(*) FROM im_message o WHERE o.conversation_id = c.id AND o.sender = ${viewer} AND o.seq > m.read_seq) AS own_after,
       pm.read_seq AS peer_read_seq,
       lm.sender AS lm_sender, lm.type AS lm_type, lm.payload AS lm_payload, lm.is_revoked AS lm_revoked,
       lm.create_time AS lm_time,
       pu.nick AS p_nick, pu.avatar AS p_avatar, pu.gender AS p_gender, pu.department AS p_department,
       g.name AS g_name, g.type AS g_type, g.avatar AS g_avatar, g.introduction AS g_introduction,
       g.notification AS g_notification, g.owner_id AS g_owner, g.create_time AS g_create_time,
       gm.role AS g_role, gm.join_time AS g_join_time,
       (SELECT count(*) FROM im_group_member x WHERE x.group_id = g.id) AS g_members
  FROM im_member m
  JOIN im_conversation c ON c.id = m.conversation_id
  LEFT JOIN im_message lm ON lm.conversation_id = c.id AND lm.seq = c.last_seq AND c.last_seq > 0
  LEFT JOIN im_member pm ON c.kind = 'c2c' AND pm.conversation_id = c.id
        AND pm.user_id = CASE WHEN c.user_a = ${viewer} THEN c.user_b ELSE c.user_a END
  LEFT JOIN im_user pu ON c.kind = 'c2c' AND pu.tenant_id = c.tenant_id
        AND pu.user_id = CASE WHEN c.user_a = ${viewer} THEN c.user_b ELSE c.user_a END
  LEFT JOIN im_group g ON g.id = c.group_id
  LEFT JOIN im_group_member gm ON gm.group_id = g.id AND gm.user_id = ${viewer}
 WHERE m.tenant_id = $1 AND m.user_id = ${viewer}`;
const SUMMARY_SQL = summarySql('$2');

export function groupProfileOf(r: {
  group_id: string | null;
  g_name: string | null;
  g_type: string | null;
  g_avatar: string | null;
  g_introduction: string | null;
  g_notification: string | null;
  g_owner: string | null;
  g_create_time: Date | null;
  g_role: string | null;
  g_join_time: Date | null;
  g_members: string | null;
}): GroupProfile {
  return {
    groupID: String(r.group_id),
    name: r.g_name ?? '',
    type: (r.g_type ?? TYPES.GRP_WORK) as GroupProfile['type'],
    avatar: r.g_avatar ?? '',
    introduction: r.g_introduction ?? '',
    notification: r.g_notification ?? '',
    ownerID: r.g_owner ?? '',
    memberCount: num(r.g_members),
    createTime: Math.floor(ms(r.g_create_time) / 1000),
    selfInfo: {
      role: (r.g_role ?? TYPES.GRP_MBR_ROLE_MEMBER) as GroupProfile['selfInfo']['role'],
      joinTime: Math.floor(ms(r.g_join_time) / 1000),
      messageRemindType: TYPES.MSG_REMIND_ACPT_AND_NOTE,
    },
  };
}

function toSummary(r: SummaryRow, viewer: string): WireConversation {
  const c = toConv(r);
  const lastSeq = num(r.last_seq);
  const readSeq = num(r.read_seq);
  const own = r.lm_sender === viewer;
  const peer = c.kind === 'c2c' ? peerOf(c, viewer) : '';
  return {
    conversationID: conversationIDFor(c, viewer),
    type: typeOf(c),
    unreadCount: unreadOf(lastSeq, readSeq, num(r.own_after)),
    userProfile: {
      userID: peer,
      nick: r.p_nick ?? peer,
      avatar: r.p_avatar ?? '',
      gender: (r.p_gender ?? TYPES.GENDER_UNKNOWN) as WireConversation['userProfile']['gender'],
      department: r.p_department ?? '',
    },
    groupProfile: c.kind === 'group' ? groupProfileOf(r) : null,
    lastMessage: {
      lastTime: Math.floor(ms(r.lm_time ?? r.last_time) / 1000),
      lastSequence: lastSeq,
      messageForShow: r.lm_type ? messageForShow(r.lm_type, r.lm_payload, Boolean(r.lm_revoked)) : '',
      type: (r.lm_type ?? '') as WireConversation['lastMessage']['type'],
      isRevoked: Boolean(r.lm_revoked),
      fromAccount: r.lm_sender ?? '',
      payload: r.lm_type && (!r.lm_revoked || own) ? (r.lm_payload as unknown as Payload) : null,
    },
    isPinned: r.pinned,
    messageRemindType: r.muted ? TYPES.MSG_REMIND_ACPT_NOT_NOTE : TYPES.MSG_REMIND_ACPT_AND_NOTE,
    lastSeq,
    readSeq,
    peerReadSeq: num(r.peer_read_seq),
    ver: num(r.change_ver),
    clearedSeq: num(r.cleared_seq),
  };
}

/**
 * The visible conversations of each viewer (those with messages after what they cleared), pinned first,
 * newest first. One statement for the viewers given: a tenant's sign-ins that arrive together sync in one.
 * The viewers behind a subquery, so that no plan knows how many there are: a plan made for the count it
 * was given is cheaper on paper than the cached one, and PostgreSQL then planned this join again on
 * every call (~3 ms, fifteen times its execution).
 */
async function readConversationLists(
  db: Db,
  tenantId: string,
  viewers: string[],
): Promise<Map<string, WireConversation[]>> {
  const rows = await db.query<SummaryRow & { for_viewer: string }>(
    `SELECT v.viewer AS for_viewer, s.*
       FROM unnest(ARRAY(SELECT unnest($2::varchar[]))) AS v(viewer)
       CROSS JOIN LATERAL (${summarySql('v.viewer')} AND c.last_seq > m.cleared_seq) s
      ORDER BY s.pinned DESC, s.last_time DESC NULLS LAST, s.id DESC`,
    [tenantId, viewers],
    { name: 'im_conversation_lists' },
  );
  const lists = new Map<string, WireConversation[]>(viewers.map((v) => [v, []]));
  for (const r of rows) lists.get(r.for_viewer)?.push(toSummary(r, r.for_viewer));
  return lists;
}

/** Per pool (every caller syncs on the pool, never inside a transaction). */
const listReads = new WeakMap<Db, GroupedReadBatcher<string, WireConversation[]>>();

/** The viewer's visible conversations (those with messages after what they cleared), pinned first, newest first. */
export async function listConversations(
  db: Db,
  tenantId: string,
  viewer: string,
): Promise<WireConversation[]> {
  let reads = listReads.get(db);
  if (!reads)
    listReads.set(
      db,
      (reads = new GroupedReadBatcher((t, vs) => readConversationLists(db, t, vs), SIGN_IN_READS)),
    );
  return (await reads.get(tenantId, viewer)) ?? [];
}

/** One conversation of the viewer, visible or not (opening a conversation shows it even when empty). */
export async function conversationSummary(
  db: Db,
  c: Conv,
  viewer: string,
): Promise<WireConversation | undefined> {
  const [r] = await db.query<SummaryRow>(`${SUMMARY_SQL} AND c.id = $3`, [c.tenantId, viewer, c.id], {
    name: 'im_conversation_summary',
  });
  return r && toSummary(r, viewer);
}

export interface SystemInboxRow {
  id: string;
  text: string;
  time: Date;
  read: boolean;
}

/**
 * A page of the user's system conversation (group notices and the like), newest first, each with the
 * user's read state, and how many are unread: what the shell's notice bell lists under "messages".
 * Reads only; a user who never had a system message has no conversation and gets an empty page.
 */
export async function systemInbox(
  db: Db,
  tenantId: string,
  user: string,
  limit: number,
  offset: number,
): Promise<{ rows: SystemInboxRow[]; total: number; unread: number }> {
  const conv = await lookupSystem(db, tenantId, user);
  if (!conv) return { rows: [], total: 0, unread: 0 };
  const [counts, rows] = await Promise.all([
    db.one<{ total: string; unread: string }>(
      `SELECT count(*) AS total, count(*) FILTER (WHERE m.seq > coalesce(mb.read_seq, 0)) AS unread
         FROM im_message m LEFT JOIN im_member mb ON mb.conversation_id = m.conversation_id AND mb.user_id = $2
        WHERE m.conversation_id = $1 AND m.revoke_time IS NULL AND m.seq > coalesce(mb.cleared_seq, 0)`,
      [conv.id, user],
    ),
    db.query<{ id: string; text: string | null; create_time: Date; read: boolean }>(
      `SELECT m.id::text AS id, m.payload->>'text' AS text, m.create_time, m.seq <= coalesce(mb.read_seq, 0) AS read
         FROM im_message m LEFT JOIN im_member mb ON mb.conversation_id = m.conversation_id AND mb.user_id = $2
        WHERE m.conversation_id = $1 AND m.revoke_time IS NULL AND m.seq > coalesce(mb.cleared_seq, 0)
        ORDER BY m.seq DESC LIMIT $3 OFFSET $4`,
      [conv.id, user, limit, offset],
    ),
  ]);
  return {
    rows: rows.map((r) => ({ id: r.id, text: r.text ?? '', time: r.create_time, read: r.read })),
    total: Number(counts?.total ?? 0),
    unread: Number(counts?.unread ?? 0),
  };
}

/**
 * Storing messages, with group commit: sends that arrive while a write is on its way to the database are
 * stored together by the next statement. Each statement is one round trip and one commit however many
 * messages it holds, which is what a busy node spends its time on; an idle node still writes each message
 * at once. Guarantees, per message, as if stored alone:
 * - the conversation counter and the row are written by one statement, so the seq is taken only when the
 *   row is stored: no gaps, and within a conversation the order is the order the sends reached the node;
 * - a message is stored only while the sender is a member (of a group: checked by the statement; of a
 *   one-to-one conversation: one of its pair);
 * - a (sender, clientMsgId) already stored is not stored again: the earlier row comes back as a duplicate;
 * - the caller hears back only after the commit, so an acknowledged message is durable.
 */
import type { Db } from '../../platform/db/index.js';
import { newId } from '../../platform/ids.js';
import { MESSAGE_COLS, type Conv, type MessageRow } from './convs.js';

export interface NewMessage {
  conv: Conv;
  sender: string;
  clientMsgId: string;
  type: string;
  payload: Record<string, unknown>;
  nick: string;
  avatar: string;
  nowMs: number;
  /** Off for notices the server writes into a user's system conversation. */
  memberCheck?: boolean;
}

/** The stored row (the earlier one when the sender already stored this clientMsgId); undefined: not a member. */
export type Stored = { row: MessageRow; duplicate: boolean } | undefined;

/** Most messages one statement stores (bounds its parameters and the time one write holds its locks). */
export const MAX_BATCH = 500;
/**
 * Statements on their way at once (each takes one connection of the pool while it runs). Two: a statement
 * costs the database nearly as much CPU with a few messages as with many, so at a steady 2,000 sends/s
 * four small statements at once left less of the cores the database shares with the node than two fuller
 * ones (the benchmark's machine 88 % busy against 82 %); sends wait a moment longer for their statement.
 */
export const MAX_IN_FLIGHT = 2;

const isUniqueViolation = (e: unknown, constraint: string) => {
  const err = e as { code?: string; constraint?: string; message?: string };
  return (
    err?.code === '23505' && (err.constraint === constraint || Boolean(err.message?.includes(constraint)))
  );
};

/**
 * Whether the statement must find the sender among the members. A one-to-one conversation's members are its
 * two users, written with it and never removed, so the pair itself answers (`outsider`) and the statement
 * skips that index probe. Groups change members; notices the server writes (memberCheck off) have no member
 * to check.
 */
const probesMember = (m: NewMessage) => m.memberCheck !== false && m.conv.kind !== 'c2c';
const outsider = (m: NewMessage) =>
  m.memberCheck !== false && m.conv.kind === 'c2c' && m.sender !== m.conv.userA && m.sender !== m.conv.userB;

const keyOf = (m: NewMessage) => `${m.conv.tenantId}\n${m.sender}\n${m.clientMsgId}`;

interface Prepared {
  m: NewMessage;
  id: string;
  created: Date;
}

const prepare = (m: NewMessage): Prepared => ({ m, id: newId(), created: new Date(m.nowMs) });

const NICK_MAX = 64;
const AVATAR_MAX = 1000;

/**
 * The stored row, from what the node sent and the seq the database chose. Statements return only the
 * seq: parsing the whole row back (jsonb, timestamps) cost the node and the database more than the
 * insert itself.
 */
const rowOf = ({ m, id, created }: Prepared, seq: string): MessageRow => ({
  id,
  conversation_id: m.conv.id,
  seq,
  sender: m.sender,
  client_msg_id: m.clientMsgId,
  type: m.type,
  payload: m.payload,
  nick: m.nick.slice(0, NICK_MAX),
  avatar: m.avatar.slice(0, AVATAR_MAX),
  create_time: created,
  is_revoked: false,
  modify_time: null,
  change_ver: '0',
});

/** One message, one statement: for writes inside a caller's transaction and for retrying a failed batch. */
async function storeOne(db: Db, m: NewMessage): Promise<Stored> {
  const p = prepare(m);
  const { id, created } = p;
  try {
    const [row] = await db.query<{ seq: string }>(
      `WITH c AS (
         UPDATE im_conversation SET last_seq = last_seq + 1, last_time = $9
          WHERE id = $1 AND tenant_id = $2
            AND ($11::boolean = false OR EXISTS (SELECT 1 FROM im_member WHERE conversation_id = $1 AND user_id = $4))
          RETURNING last_seq
       ), ins AS (
         INSERT INTO im_message (id, tenant_id, conversation_id, seq, sender, client_msg_id, type, payload, nick, avatar, create_time)
         SELECT $3, $2, $1, c.last_seq, $4, $5, $6, $7::jsonb, $8, $10, $9 FROM c
         RETURNING seq
       ), own AS (
         UPDATE im_member SET read_seq = ins.seq FROM ins
          WHERE im_member.conversation_id = $1 AND im_member.user_id = $4 AND im_member.read_seq = ins.seq - 1
       )
       SELECT seq FROM ins`,
      [
        m.conv.id,
        m.conv.tenantId,
        id,
        m.sender,
        m.clientMsgId,
        m.type,
        JSON.stringify(m.payload),
        m.nick.slice(0, NICK_MAX),
        created,
        m.avatar.slice(0, AVATAR_MAX),
        probesMember(m),
      ],
      { name: 'im_store_one' },
    );
    return row && { row: rowOf(p, row.seq), duplicate: false };
  } catch (e) {
    if (!isUniqueViolation(e, 'im_message_client')) throw e;
    const row = await db.one<MessageRow>(
      `SELECT ${MESSAGE_COLS} FROM im_message WHERE tenant_id = $1 AND sender = $2 AND client_msg_id = $3`,
      [m.conv.tenantId, m.sender, m.clientMsgId],
    );
    if (!row) throw e;
    return { row, duplicate: true };
  }
}

/**
 * Stores a batch in one statement. Within a conversation the k-th message of the batch gets the counter's
 * old value + k; the counter moves once per conversation. Skipped (and so not in the result): sends of
 * non-members. A clientMsgId already stored fails the whole statement (im_message_client), which then
 * stored nothing: the caller answers those sends with their earlier rows and stores the rest again. The
 * sender's own message counts as read when they had read everything before it (as in storeOne): a run of
 * the sender's own messages moves read_seq to its end.
 */
async function storeBatch(db: Db, batch: Prepared[]): Promise<Map<string, MessageRow>> {
  const rows = await db.query<{ id: string; seq: string }>(
    `WITH input AS (
       SELECT * FROM unnest($1::int[], $2::bigint[], $3::varchar[], $4::bigint[], $5::varchar[], $6::varchar[],
                            $7::varchar[], $8::text[], $9::varchar[], $10::varchar[], $11::timestamptz[], $12::boolean[])
         AS t(ord, conv, tenant, id, sender, cmid, type, payload, nick, avatar, ts, chk)
     ), ok AS (
       -- LATERAL … LIMIT 1: one index probe per group message (i.chk AND …: none for the others). Left to
       -- itself the planner hashes whole tables for a few hundred messages, which grows with the tables.
       SELECT i.*, row_number() OVER (PARTITION BY i.conv ORDER BY i.ord) AS k
         FROM input i
         LEFT JOIN LATERAL (SELECT true AS yes FROM im_member m
                             WHERE i.chk AND m.conversation_id = i.conv AND m.user_id = i.sender LIMIT 1) member
           ON true
        WHERE NOT i.chk OR member.yes
     ), bump AS (
       -- The conversation's tenant is checked here, where its row is read anyway.
       UPDATE im_conversation c SET last_seq = c.last_seq + g.n, last_time = g.ts
         FROM (SELECT conv, tenant, count(*) AS n, max(ts) AS ts FROM ok GROUP BY conv, tenant) g
        WHERE c.id = g.conv AND c.tenant_id = g.tenant
       RETURNING c.id, c.tenant_id, c.last_seq - g.n AS base
     ), base AS MATERIALIZED (
       -- conversation → old counter, as one object: a lookup per message instead of a join the planner
       -- (expecting one row on each side) would run as a nested loop over both.
       SELECT jsonb_object_agg(id::text || '/' || tenant_id, base) AS of FROM bump
     ), ins AS (
       INSERT INTO im_message (id, tenant_id, conversation_id, seq, sender, client_msg_id, type, payload, nick, avatar, create_time)
       SELECT ok.id, ok.tenant, ok.conv, (base.of ->> (ok.conv::text || '/' || ok.tenant))::bigint + ok.k, ok.sender,
              ok.cmid, ok.type, ok.payload::jsonb, ok.nick, ok.avatar, ok.ts
         FROM ok, base
        WHERE base.of ? (ok.conv::text || '/' || ok.tenant)
       RETURNING id, conversation_id, sender, seq
     ), runs AS (
       -- Seqs of one conversation in a batch are consecutive, so a sender's consecutive seqs form a run.
       SELECT conversation_id, sender, min(seq) AS lo, max(seq) AS hi
         FROM (SELECT conversation_id, sender, seq,
                      seq - row_number() OVER (PARTITION BY conversation_id, sender ORDER BY seq) AS run
                 FROM ins) s
        GROUP BY conversation_id, sender, run
     ), own AS (
       UPDATE im_member m SET read_seq = runs.hi FROM runs
        WHERE m.conversation_id = runs.conversation_id AND m.user_id = runs.sender AND m.read_seq = runs.lo - 1
     )
     SELECT id, seq FROM ins`,
    [
      batch.map((_, i) => i),
      batch.map((p) => p.m.conv.id),
      batch.map((p) => p.m.conv.tenantId),
      batch.map((p) => p.id),
      batch.map((p) => p.m.sender),
      batch.map((p) => p.m.clientMsgId),
      batch.map((p) => p.m.type),
      batch.map((p) => JSON.stringify(p.m.payload)),
      batch.map((p) => p.m.nick.slice(0, NICK_MAX)),
      batch.map((p) => p.m.avatar.slice(0, AVATAR_MAX)),
      batch.map((p) => p.created.toISOString()),
      batch.map((p) => probesMember(p.m)),
    ],
    { name: 'im_store_batch' },
  );
  const seqOf = new Map(rows.map((r) => [String(r.id), r.seq]));
  const stored = new Map<string, MessageRow>();
  for (const p of batch) {
    const seq = seqOf.get(p.id);
    if (seq !== undefined) stored.set(p.id, rowOf(p, seq));
  }
  return stored;
}

/** The rows already stored under these (tenant, sender, clientMsgId), by key. */
async function earlierRows(db: Db, ms: NewMessage[]): Promise<Map<string, MessageRow>> {
  if (!ms.length) return new Map();
  const rows = await db.query<MessageRow & { tenant_id: string }>(
    `SELECT ${MESSAGE_COLS}, tenant_id FROM im_message
      WHERE (tenant_id, sender, client_msg_id) IN
            (SELECT * FROM unnest($1::varchar[], $2::varchar[], $3::varchar[]))`,
    [ms.map((m) => m.conv.tenantId), ms.map((m) => m.sender), ms.map((m) => m.clientMsgId)],
  );
  return new Map(
    rows.map(({ tenant_id, ...row }) => [`${tenant_id}\n${row.sender}\n${row.client_msg_id}`, row]),
  );
}

interface Pending {
  m: NewMessage;
  resolve: (s: Stored) => void;
  reject: (e: unknown) => void;
}

/**
 * The group-commit queue of one database. Up to MAX_IN_FLIGHT statements are on their way at once, each
 * with conversations (and clientMsgIds) no other one has, so they never wait on each other's locks and
 * each conversation's messages are still stored strictly in arrival order.
 */
export class MessageWriter {
  private queue: Pending[] = [];
  private inFlight = 0;
  private scheduled = false;
  private readonly busyConvs = new Set<string>();
  private readonly busyKeys = new Set<string>();

  constructor(private readonly db: Db) {}

  store(m: NewMessage): Promise<Stored> {
    return new Promise((resolve, reject) => {
      this.queue.push({ m, resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      // The sends that arrived in this turn of the event loop go into one statement together.
      setImmediate(() => {
        this.scheduled = false;
        this.pump();
      });
    });
  }

  private pump() {
    while (this.inFlight < MAX_IN_FLIGHT && this.queue.length) {
      const batch = this.nextBatch();
      if (!batch.length) return;
      const convs = [...new Set(batch.map((p) => p.m.conv.id))];
      const keys = batch.map((p) => keyOf(p.m));
      for (const c of convs) this.busyConvs.add(c);
      for (const k of keys) this.busyKeys.add(k);
      this.inFlight++;
      void this.write(batch).finally(() => {
        for (const c of convs) this.busyConvs.delete(c);
        for (const k of keys) this.busyKeys.delete(k);
        this.inFlight--;
        this.pump();
      });
    }
  }

  /**
   * Up to MAX_BATCH in order, leaving for later: conversations another statement is writing (and
   * everything after them in that conversation), and a second send of a clientMsgId already on its way.
   */
  private nextBatch(): Pending[] {
    const batch: Pending[] = [];
    const later: Pending[] = [];
    const keys = new Set<string>();
    const held = new Set<string>();
    let i = 0;
    for (; i < this.queue.length && batch.length < MAX_BATCH; i++) {
      const p = this.queue[i]!;
      const conv = p.m.conv.id;
      const key = keyOf(p.m);
      if (held.has(conv) || this.busyConvs.has(conv) || keys.has(key) || this.busyKeys.has(key)) {
        held.add(conv);
        later.push(p);
      } else {
        keys.add(key);
        batch.push(p);
      }
    }
    this.queue = later.length ? [...later, ...this.queue.slice(i)] : this.queue.slice(i);
    return batch;
  }

  private async write(batch: Pending[]) {
    if (batch.length === 1) {
      const [p] = batch;
      return storeOne(this.db, p!.m).then(p!.resolve, p!.reject);
    }
    const prepared = batch.map((p) => prepare(p.m));
    let stored: Map<string, MessageRow>;
    try {
      stored = await storeBatch(this.db, prepared);
    } catch (e) {
      // The statement stored nothing. Sends stored before (a resend whose answer was lost) get their
      // earlier rows and the rest go again: each round answers at least one send, so this ends.
      if (isUniqueViolation(e, 'im_message_client')) {
        const earlier = await earlierRows(
          this.db,
          batch.map((p) => p.m),
        ).catch(() => new Map<string, MessageRow>());
        if (earlier.size) {
          const rest: Pending[] = [];
          for (const p of batch) {
            const row = earlier.get(keyOf(p.m));
            if (row) p.resolve({ row, duplicate: true });
            else rest.push(p);
          }
          if (rest.length) await this.write(rest);
          return;
        }
      }
      // A deadlock with a group change, one bad row, the database gone: each message is tried on its own,
      // and only its own failure reaches it.
      for (const p of batch) await storeOne(this.db, p.m).then(p.resolve, p.reject);
      return;
    }
    const missing = prepared.filter((p) => !stored.has(p.id)).map((p) => p.m);
    const earlier = await earlierRows(this.db, missing).catch((e: unknown) => e as Error);
    for (const [i, p] of prepared.entries()) {
      const row = stored.get(p.id);
      if (row) batch[i]!.resolve({ row, duplicate: false });
      else if (earlier instanceof Error) batch[i]!.reject(earlier);
      else {
        const dup = earlier.get(keyOf(p.m));
        batch[i]!.resolve(dup && { row: dup, duplicate: true });
      }
    }
  }
}

const writers = new WeakMap<Db, MessageWriter>();

/**
 * Stores one message (see the guarantees above). Inside a caller's transaction it is written there and
 * then, so it commits or rolls back with the rest of that transaction.
 */
export function storeMessage(db: Db, m: NewMessage): Promise<Stored> {
  if (outsider(m)) return Promise.resolve(undefined);
  if (db.inTx) return storeOne(db, m);
  let w = writers.get(db);
  if (!w) writers.set(db, (w = new MessageWriter(db)));
  return w.store(m);
}

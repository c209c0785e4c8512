import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbLabel, type TestApp } from '../../../test/harness.js';
import type { Db } from '../../platform/db/index.js';
import { newId } from '../../platform/ids.js';
import { MESSAGE_COLS, viewOf, type Conv, type MessageRow } from './convs.js';
import { MAX_BATCH, storeMessage, type NewMessage } from './writer.js';

/** Counts the statements sent through a database (the writer's own, and nothing else runs on it). */
function counting(db: Db): Db & { statements: number } {
  const c = Object.create(db) as Db & { statements: number };
  c.statements = 0;
  c.query = (sql, params) => {
    c.statements++;
    return db.query(sql, params);
  };
  c.one = (sql, params) => {
    c.statements++;
    return db.one(sql, params);
  };
  return c;
}

describe(`storing messages with group commit (${dbLabel})`, () => {
  let t: TestApp;
  const tenantId = '000000';

  async function conv(kind: 'c2c' | 'group', members: string[], tenant = tenantId): Promise<Conv> {
    const id = newId();
    const [a, b] = kind === 'c2c' ? members : [null, null];
    await t.db.query(
      `INSERT INTO im_conversation (id, tenant_id, kind, pair_key, user_a, user_b) VALUES ($1, $2, $3, $4, $5, $6)`,
      [id, tenant, kind, kind === 'c2c' ? `${a}\n${b}-${id}` : null, a, b],
    );
    await t.db.query(
      `INSERT INTO im_member (conversation_id, tenant_id, user_id) SELECT $1, $2, u FROM unnest($3::varchar[]) u`,
      [id, tenant, members],
    );
    return { id, tenantId: tenant, kind, userA: a ?? null, userB: b ?? null, groupId: null };
  }

  const msg = (c: Conv, sender: string, clientMsgId: string, text = clientMsgId): NewMessage => ({
    conv: c,
    sender,
    clientMsgId,
    type: 'TIMTextElem',
    payload: { text },
    nick: sender,
    avatar: '',
    nowMs: Date.now(),
  });

  const seqsOf = async (c: Conv) =>
    (
      await t.db.query<{ seq: string; sender: string; client_msg_id: string }>(
        'SELECT seq, sender, client_msg_id FROM im_message WHERE conversation_id = $1 ORDER BY seq',
        [c.id],
      )
    ).map((r) => ({ seq: Number(r.seq), sender: r.sender, id: r.client_msg_id }));

  const readSeq = async (c: Conv, user: string) =>
    Number(
      (await t.db.one<{ read_seq: string }>(
        'SELECT read_seq FROM im_member WHERE conversation_id = $1 AND user_id = $2',
        [c.id, user],
      ))!.read_seq,
    );

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('stores a burst in a few statements, gap-free per conversation and in each sender’s order', async () => {
    const db = counting(t.db);
    const ab = await conv('c2c', ['w-a', 'w-b']);
    const cd = await conv('c2c', ['w-c', 'w-d']);
    const g = await conv('group', ['w-a', 'w-c', 'w-e']);
    const sends: NewMessage[] = [];
    for (let i = 0; i < 100; i++) {
      sends.push(msg(ab, i % 2 ? 'w-a' : 'w-b', `burst-ab-${i}`));
      sends.push(msg(cd, 'w-c', `burst-cd-${i}`));
      sends.push(msg(g, ['w-a', 'w-c', 'w-e'][i % 3]!, `burst-g-${i}`));
    }
    const results = await Promise.all(sends.map((m) => storeMessage(db, m)));
    expect(results.every((r) => r && !r.duplicate)).toBe(true);
    // 300 messages, each alone would be 300 statements.
    expect(db.statements).toBeLessThanOrEqual(4);
    for (const [c, prefix] of [
      [ab, 'burst-ab-'],
      [cd, 'burst-cd-'],
      [g, 'burst-g-'],
    ] as const) {
      const rows = await seqsOf(c);
      expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
      expect(rows.map((r) => r.id)).toEqual(Array.from({ length: 100 }, (_, i) => `${prefix}${i}`));
    }
    const last = await t.db.one<{ last_seq: string }>('SELECT last_seq FROM im_conversation WHERE id = $1', [
      g.id,
    ]);
    expect(Number(last!.last_seq)).toBe(100);
    // Each caller gets its own row back.
    expect(results.map((r) => r!.row.client_msg_id)).toEqual(sends.map((m) => m.clientMsgId));
  });

  it('writes other conversations while one is on its way, and holds that one’s later messages', async () => {
    // A slow database: every statement takes 40 ms; count how many run at once.
    let running = 0;
    let most = 0;
    const slow = Object.create(t.db) as Db;
    slow.query = async (sql, params) => {
      most = Math.max(most, ++running);
      await new Promise((r) => setTimeout(r, 40));
      try {
        return await t.db.query(sql, params);
      } finally {
        running--;
      }
    };
    slow.one = async (sql, params) => (await slow.query(sql, params))[0] as never;
    const a = await conv('c2c', ['w-r', 'w-s']);
    const b = await conv('c2c', ['w-t', 'w-u']);
    const first = storeMessage(slow, msg(a, 'w-r', 'a-1'));
    // a-1 is on its way once its statement runs (a fixed sleep raced the 40 ms on a loaded machine).
    while (running === 0) await new Promise((r) => setTimeout(r, 1));
    const rest = [
      storeMessage(slow, msg(a, 'w-s', 'a-2')),
      storeMessage(slow, msg(b, 'w-t', 'b-1')),
      storeMessage(slow, msg(a, 'w-r', 'a-3')),
      storeMessage(slow, msg(b, 'w-u', 'b-2')),
    ];
    const done: string[] = [];
    await Promise.all([first, ...rest].map((p) => p.then((r) => void done.push(r!.row.client_msg_id))));
    expect(most).toBe(2);
    // b's messages did not wait for a-1; a-2 and a-3 did.
    expect(done.indexOf('b-1')).toBeLessThan(done.indexOf('a-2'));
    expect((await seqsOf(a)).map((r) => [r.seq, r.id])).toEqual([
      [1, 'a-1'],
      [2, 'a-2'],
      [3, 'a-3'],
    ]);
    expect((await seqsOf(b)).map((r) => r.id)).toEqual(['b-1', 'b-2']);
  });

  it('splits a burst larger than one statement takes, keeping the order', async () => {
    const c = await conv('c2c', ['w-f', 'w-g']);
    const n = MAX_BATCH + 50;
    const results = await Promise.all(
      Array.from({ length: n }, (_, i) => storeMessage(t.db, msg(c, 'w-f', `big-${i}`))),
    );
    expect(results.map((r) => Number(r!.row.seq))).toEqual(Array.from({ length: n }, (_, i) => i + 1));
  });

  it('stores a clientMsgId once, also when it is sent twice in one burst or was stored before', async () => {
    const c = await conv('c2c', ['w-h', 'w-i']);
    const first = await storeMessage(t.db, msg(c, 'w-h', 'dup-old', 'first'));
    const [again, x1, x2, y] = await Promise.all([
      storeMessage(t.db, msg(c, 'w-h', 'dup-old', 'changed')),
      storeMessage(t.db, msg(c, 'w-h', 'dup-new', 'one')),
      storeMessage(t.db, msg(c, 'w-h', 'dup-new', 'two')),
      storeMessage(t.db, msg(c, 'w-i', 'dup-new', 'other sender, other message')),
    ]);
    expect(again).toMatchObject({ duplicate: true, row: { id: first!.row.id, payload: { text: 'first' } } });
    expect(x1).toMatchObject({ duplicate: false, row: { payload: { text: 'one' } } });
    expect(x2).toMatchObject({ duplicate: true, row: { id: x1!.row.id } });
    expect(y).toMatchObject({ duplicate: false, row: { sender: 'w-i' } });
    expect((await seqsOf(c)).map((r) => [r.seq, r.id])).toEqual([
      [1, 'dup-old'],
      [2, 'dup-new'],
      [3, 'dup-new'],
    ]);
  });

  it('answers resends of stored messages within a burst with their rows, in three statements, leaving no gap', async () => {
    const c = await conv('c2c', ['w-v', 'w-w']);
    const earlier = await Promise.all([1, 2, 3].map((i) => storeMessage(t.db, msg(c, 'w-v', `re-${i}`))));
    const db = counting(t.db);
    const results = await Promise.all(
      [1, 2, 3].flatMap((i) => [
        storeMessage(db, msg(c, 'w-v', `re-${i}`, 'sent again')),
        storeMessage(db, msg(c, 'w-w', `new-${i}`)),
      ]),
    );
    expect(results.map((r) => r && [r.duplicate, Number(r.row.seq)])).toEqual([
      [true, 1],
      [false, 4],
      [true, 2],
      [false, 5],
      [true, 3],
      [false, 6],
    ]);
    expect(results[0]!.row).toMatchObject({ id: earlier[0]!.row.id, payload: { text: 're-1' } });
    // The statement the resends failed, the lookup of their rows, the statement of the rest.
    expect(db.statements).toBe(3);
    expect((await seqsOf(c)).map((r) => r.id)).toEqual(['re-1', 're-2', 're-3', 'new-1', 'new-2', 'new-3']);
  });

  it('refuses non-members (of a group, or outside a pair) and another tenant’s conversation without leaving a gap', async () => {
    const g = await conv('group', ['w-j', 'w-k']);
    const foreign = await conv('c2c', ['w-j', 'w-k'], '888888');
    const pair = await conv('c2c', ['w-j', 'w-k']);
    const results = await Promise.all([
      storeMessage(t.db, msg(g, 'w-j', 'm-1')),
      storeMessage(t.db, msg(g, 'w-outsider', 'm-2')),
      storeMessage(t.db, msg({ ...foreign, tenantId }, 'w-j', 'm-3')),
      storeMessage(t.db, msg(g, 'w-k', 'm-4')),
      storeMessage(t.db, { ...msg(g, 'system', 'm-5'), memberCheck: false }),
      storeMessage(t.db, msg(pair, 'w-outsider', 'm-6')),
      storeMessage(t.db, msg(pair, 'w-k', 'm-7')),
    ]);
    expect(results.map((r) => r && Number(r.row.seq))).toEqual([1, undefined, undefined, 2, 3, undefined, 1]);
    expect(await seqsOf(foreign)).toEqual([]);
    expect((await seqsOf(pair)).map((r) => r.sender)).toEqual(['w-k']);
  });

  it('counts the sender’s own run of messages as read, and stops at someone else’s', async () => {
    const g = await conv('group', ['w-l', 'w-m']);
    await Promise.all([
      storeMessage(t.db, msg(g, 'w-l', 'r-1')),
      storeMessage(t.db, msg(g, 'w-l', 'r-2')),
      storeMessage(t.db, msg(g, 'w-m', 'r-3')),
      storeMessage(t.db, msg(g, 'w-l', 'r-4')),
    ]);
    expect(await readSeq(g, 'w-l')).toBe(2);
    expect(await readSeq(g, 'w-m')).toBe(0);
  });

  it('keeps one bad message from failing the others sent with it', async () => {
    const c = await conv('c2c', ['w-n', 'w-o']);
    const results = await Promise.allSettled([
      storeMessage(t.db, msg(c, 'w-n', 'ok-1')),
      storeMessage(t.db, { ...msg(c, 'w-n', 'bad'), type: 'x'.repeat(40) }),
      storeMessage(t.db, msg(c, 'w-o', 'ok-2')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await seqsOf(c)).map((r) => [r.seq, r.id])).toEqual([
      [1, 'ok-1'],
      [2, 'ok-2'],
    ]);
  });

  it('hands back the row as stored, alone and in a batch (the statement returns only the seq)', async () => {
    const c = await conv('c2c', ['w-r', 'w-s']);
    const long = { ...msg(c, 'w-r', 'as-1', 'Grüße, 你好 "quoted" \\ <b>'), nick: 'n'.repeat(80) };
    const alone = await storeMessage(t.db, long);
    const burst = await Promise.all(
      ['as-2', 'as-3', 'as-4'].map((id, i) =>
        storeMessage(t.db, {
          ...msg(c, i % 2 ? 'w-s' : 'w-r', id),
          payload: { text: id, n: i, x: [1, null] },
        }),
      ),
    );
    for (const s of [alone, ...burst]) {
      const stored = await t.db.one<MessageRow>(`SELECT ${MESSAGE_COLS} FROM im_message WHERE id = $1`, [
        s!.row.id,
      ]);
      // What the clients see of it (the ack and the pushes) is the same either way.
      for (const viewer of ['w-r', 'w-s'])
        expect(viewOf(c, s!.row, viewer)).toEqual(viewOf(c, stored!, viewer));
    }
    expect(alone!.row.nick).toBe('n'.repeat(64));
  });

  it('writes inside a caller’s transaction, so it rolls back with it', async () => {
    const c = await conv('c2c', ['w-p', 'w-q']);
    await expect(
      t.db.tx(async (tx) => {
        expect(await storeMessage(tx, msg(c, 'w-p', 'tx-1'))).toMatchObject({
          row: { seq: expect.anything() },
        });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await seqsOf(c)).toEqual([]);
    expect(Number((await storeMessage(t.db, msg(c, 'w-p', 'tx-1')))!.row.seq)).toBe(1);
  });
});

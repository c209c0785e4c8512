import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dbLabel, onPostgres, testConfig, testDb, until } from '../../../test/harness.js';
import type { Db } from '../../platform/db/index.js';
import { PostgresDb } from '../../platform/db/postgres.js';
import {
  MessageQueue,
  enqueue,
  envelopeText,
  parseEnvelope,
  retryDelayMs,
  type ConsumerDecl,
  type QueueOptions,
} from './queue.js';
import { MemoryTransport } from './transport.js';

const quiet = { warn: () => {}, error: () => {} };
const FAST: QueueOptions = { pollMs: 50, retryBaseMs: 20, leaseMs: 60_000, batch: 50 };

describe('queue helpers', () => {
  it('backs off doubling from the base, capped at ten minutes', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 5_000))).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(retryDelayMs(30, 5_000)).toBe(600_000);
  });
  it('reads only a well-formed envelope: an id and an attempt, never a body', () => {
    expect(parseEnvelope(envelopeText({ id: '123', attempt: 2 }))).toEqual({ id: '123', attempt: 2 });
    for (const bad of ['', 'null', '{"id":123,"attempt":1}', '{"id":"1; drop","attempt":1}', '{"id":"1"}'])
      expect(parseEnvelope(bad), bad).toBeNull();
  });
});

describe(`the message queue (${dbLabel})`, () => {
  let db: Db;
  let drop: () => Promise<void>;
  const queues: MessageQueue[] = [];
  beforeAll(async () => {
    ({ db, drop } = await testDb(testConfig()));
  });
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((q) => q.close()));
  });
  afterAll(() => drop?.());

  const queueWith = async (consumers: ConsumerDecl[], opts = FAST, on: Db = db) => {
    const q = new MessageQueue(on, new MemoryTransport(), quiet, opts);
    for (const c of consumers) q.consume(c);
    await q.start();
    queues.push(q);
    return q;
  };
  const send = (topic: string, payload: unknown, key = 'k') =>
    db.tx((t) => enqueue(t, { tenantId: '000000', topic, businessKey: key, payload }));
  const message = (id: string) =>
    db.one<{ status: number; attempts: number; last_error: string | null; settled: boolean }>(
      'SELECT status, attempts, last_error, finish_time IS NOT NULL AS settled FROM mq_message WHERE id = $1',
      [id],
    );
  const answers = (id: string) =>
    db.query<{ consumer: string; attempt: number; status: number; error: string | null }>(
      'SELECT consumer, attempt, status, error FROM mq_confirm WHERE message_id = $1 ORDER BY create_time, id',
      [id],
    );

  it('writes nothing when the producer rolls back', async () => {
    const before = (await db.one<{ n: number }>('SELECT count(*)::int AS n FROM mq_message'))!.n;
    await expect(
      db.tx(async (t) => {
        await enqueue(t, { tenantId: '000000', topic: 't.rollback', businessKey: 'x', payload: { a: 1 } });
        throw new Error('the producer failed');
      }),
    ).rejects.toThrow('the producer failed');
    expect((await db.one<{ n: number }>('SELECT count(*)::int AS n FROM mq_message'))!.n).toBe(before);
  });

  it('delivers to every consumer of the topic once, and settles the message when both answered', async () => {
    const seen: string[] = [];
    const q = await queueWith([
      {
        topic: 't.fan',
        consumer: 'test.a',
        handle: async (d) => void seen.push(`a:${JSON.stringify(d.payload)}`),
      },
      {
        topic: 't.fan',
        consumer: 'test.b',
        handle: async (d) => void seen.push(`b:${d.businessKey}:${d.attempt}`),
      },
    ]);
    const id = await send('t.fan', { n: 1 }, 'offer-9');
    await q.deliverNow([id]);
    expect(seen.sort()).toEqual(['a:{"n":1}', 'b:offer-9:1']);
    expect(await message(id)).toMatchObject({ status: 2, attempts: 1, last_error: null, settled: true });
    expect(await answers(id)).toHaveLength(2);
  });

  it('a repeated delivery of a confirmed message does nothing, and a stale attempt is ignored', async () => {
    let calls = 0;
    const q = await queueWith([{ topic: 't.dup', consumer: 'test.dup', handle: async () => void calls++ }]);
    const id = await send('t.dup', {});
    await q.deliverNow([id]);
    expect(calls).toBe(1);
    // The broker hands the same delivery over twice more, and an earlier dispatch's copy once.
    await q.transport.publish('t.dup', envelopeText({ id, attempt: 1 }));
    await q.transport.publish('t.dup', envelopeText({ id, attempt: 1 }));
    await q.transport.publish('t.dup', envelopeText({ id, attempt: 0 }));
    await new Promise((r) => setTimeout(r, 200));
    expect(calls).toBe(1);
    expect((await answers(id)).filter((a) => a.status === 1)).toHaveLength(1);
    expect(await message(id)).toMatchObject({ status: 2 });
  });

  it('retries a failing consumer backing off, and gives the message up after its attempts', async () => {
    await db.query(
      `INSERT INTO mq_relation (id, topic, consumer, max_attempts) VALUES (9901, 't.fail', 'test.fail', 3)`,
    );
    let calls = 0;
    const q = await queueWith([
      {
        topic: 't.fail',
        consumer: 'test.fail',
        handle: async () => {
          calls++;
          throw new Error(`the chat refused (${calls})`);
        },
      },
    ]);
    const id = await send('t.fail', {});
    q.kick();
    await until(async () => (await message(id))!.status === 3);
    expect(calls).toBe(3);
    expect(await message(id)).toMatchObject({
      status: 3,
      attempts: 3,
      last_error: 'test.fail: the chat refused (3)',
      settled: true,
    });
    expect(await answers(id)).toEqual([
      { consumer: 'test.fail', attempt: 1, status: 2, error: 'the chat refused (1)' },
      { consumer: 'test.fail', attempt: 2, status: 2, error: 'the chat refused (2)' },
      { consumer: 'test.fail', attempt: 3, status: 2, error: 'the chat refused (3)' },
    ]);
    // Given up is final for the dispatcher: nothing more happens on its own.
    await new Promise((r) => setTimeout(r, 300));
    expect(calls).toBe(3);
  });

  it('a consumer that fails once succeeds on the retry; the other consumer is not called again', async () => {
    let flaky = 0;
    let steady = 0;
    const q = await queueWith([
      {
        topic: 't.retry',
        consumer: 'test.flaky',
        handle: async () => {
          if (++flaky === 1) throw new Error('not yet');
        },
      },
      { topic: 't.retry', consumer: 'test.steady', handle: async () => void steady++ },
    ]);
    const id = await send('t.retry', {});
    q.kick();
    await until(async () => (await message(id))!.status === 2);
    expect({ flaky, steady }).toEqual({ flaky: 2, steady: 1 });
    const got = await answers(id);
    expect(got.filter((a) => a.consumer === 'test.flaky').map((a) => [a.attempt, a.status])).toEqual([
      [1, 2],
      [2, 1],
    ]);
    // The steady one answers the first delivery it gets (the first, or the retry when the flaky one's
    // failure came first): once either way.
    expect(got.filter((a) => a.consumer === 'test.steady').map((a) => a.status)).toEqual([1]);
  });

  it('a paused relation holds its topic back until it is resumed', async () => {
    await db.query(
      `INSERT INTO mq_relation (id, topic, consumer, status) VALUES (9902, 't.pause', 'test.pause', 0)`,
    );
    let calls = 0;
    const q = await queueWith([
      { topic: 't.pause', consumer: 'test.pause', handle: async () => void calls++ },
    ]);
    const id = await send('t.pause', {});
    await q.deliverNow([id], 300);
    expect(calls).toBe(0);
    expect(await message(id)).toMatchObject({ status: 0, attempts: 0 });
    await db.query(`UPDATE mq_relation SET status = 1 WHERE id = 9902`);
    await q.deliverNow([id]);
    expect(calls).toBe(1);
    expect(await message(id)).toMatchObject({ status: 2 });
  });

  it('a message the broker held past the lease (its node died) is dispatched again', async () => {
    let calls = 0;
    const q = await queueWith(
      [{ topic: 't.lease', consumer: 'test.lease', handle: async () => void calls++ }],
      {
        ...FAST,
        leaseMs: 1_000,
      },
    );
    const id = await send('t.lease', {});
    // As a node that claimed it and died before any consumer answered.
    await db.query(
      `UPDATE mq_message SET status = 1, attempts = 1, publish_time = now() - interval '2 seconds' WHERE id = $1`,
      [id],
    );
    await q.deliverNow([id]);
    expect(calls).toBe(1);
    expect(await message(id)).toMatchObject({ status: 2, attempts: 2 });
  });

  it.runIf(onPostgres)(
    'two nodes on one database: every message reaches its consumer exactly once (real PostgreSQL)',
    async () => {
      const url = new URL(process.env.TEST_DATABASE_URL!);
      // The second node's own connections to the same database.
      const name = (await db.one<{ d: string }>('SELECT current_database() AS d'))!.d;
      url.pathname = `/${name}`;
      const other = await PostgresDb.open(url.toString(), 4);
      try {
        const got = new Map<string, number>();
        const handle = async (d: { id: string }) => {
          await new Promise((r) => setTimeout(r, Math.random() * 5));
          got.set(d.id, (got.get(d.id) ?? 0) + 1);
        };
        const opts = { ...FAST, batch: 7 };
        const a = await queueWith([{ topic: 't.race', consumer: 'test.race', handle }], opts);
        const b = await queueWith([{ topic: 't.race', consumer: 'test.race', handle }], opts, other);
        const ids = await Promise.all(Array.from({ length: 200 }, (_, i) => send('t.race', { i })));
        a.kick();
        b.kick();
        await until(
          async () =>
            (await db.one<{ n: number }>(
              `SELECT count(*)::int AS n FROM mq_message WHERE topic = 't.race' AND status = 2`,
            ))!.n === 200,
          30_000,
        );
        expect(got.size).toBe(200);
        expect([...got.values()].every((n) => n === 1)).toBe(true);
        const confirms = await db.one<{ n: number; distinct: number }>(
          `SELECT count(*)::int AS n, count(DISTINCT message_id)::int AS distinct FROM mq_confirm
            WHERE message_id = ANY($1::bigint[])`,
          [ids],
        );
        expect(confirms).toEqual({ n: 200, distinct: 200 });
      } finally {
        await other.close();
      }
    },
  );
});

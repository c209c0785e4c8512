import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbLabel, testConfig, testDb, until } from '../../../test/harness.js';
import type { Db } from '../../platform/db/index.js';
import { AmqpTransport } from './amqp.js';
import { MessageQueue, enqueue, envelopeText } from './queue.js';

const url = process.env.TEST_AMQP_URL;
const quiet = { warn: () => {}, error: () => {}, info: () => {} };

// On the real RabbitMQ (npm test sets TEST_AMQP_URL and starts the broker when it is stopped).
describe.runIf(url)(`the message queue on RabbitMQ (${dbLabel})`, () => {
  let db: Db;
  let drop: () => Promise<void>;
  let queue: MessageQueue;
  let transport: AmqpTransport;
  const calls = new Map<string, number>();
  let failFirst = true;
  const prefix = `fc-test-${randomBytes(4).toString('hex')}`;
  beforeAll(async () => {
    ({ db, drop } = await testDb(testConfig()));
    // A prefix of its own: the two database projects run this file at once on one broker.
    transport = new AmqpTransport(url!, { prefix, temporary: true }, quiet);
    queue = new MessageQueue(db, transport, quiet, {
      pollMs: 100,
      retryBaseMs: 30,
      leaseMs: 60_000,
      batch: 50,
    });
    const count = (id: string) => calls.set(id, (calls.get(id) ?? 0) + 1);
    queue.consume({ topic: 'r.ok', consumer: 'rtest.ok', handle: async (d) => void count(d.id) });
    queue.consume({
      topic: 'r.flaky',
      consumer: 'rtest.flaky',
      handle: async (d) => {
        count(d.id);
        if (failFirst) {
          failFirst = false;
          throw new Error('refused once');
        }
      },
    });
    await queue.start();
  });
  afterAll(async () => {
    await queue?.close();
    await drop?.();
  });

  const send = (topic: string, payload: unknown) =>
    db.tx((t) => enqueue(t, { tenantId: '000000', topic, businessKey: 'k', payload }));
  const status = async (id: string) =>
    (await db.one<{ status: number }>('SELECT status FROM mq_message WHERE id = $1', [id]))!.status;

  it('carries messages through the broker to their consumer, each confirmed once', async () => {
    const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => send('r.ok', { i })));
    await queue.deliverNow(ids, 10_000);
    for (const id of ids) expect(await status(id), id).toBe(2);
    expect(ids.map((id) => calls.get(id))).toEqual(ids.map(() => 1));
  });

  it('a copy the broker delivers again is answered without calling the consumer twice', async () => {
    const id = await send('r.ok', {});
    await queue.deliverNow([id], 10_000);
    await transport.publish('r.ok', envelopeText({ id, attempt: 1 }));
    await transport.publish('r.ok', envelopeText({ id, attempt: 1 }));
    await new Promise((r) => setTimeout(r, 300));
    expect(calls.get(id)).toBe(1);
    const ok = await db.one<{ n: number }>(
      'SELECT count(*)::int AS n FROM mq_confirm WHERE message_id = $1 AND status = 1',
      [id],
    );
    expect(ok!.n).toBe(1);
  });

  it("a node waiting on its message hears another node's consumer answer it", async () => {
    // A second node on the same database and broker: the only one that consumes r.remote.
    const other = new MessageQueue(db, new AmqpTransport(url!, { prefix, temporary: true }, quiet), quiet, {
      pollMs: 60_000,
      retryBaseMs: 30,
      leaseMs: 60_000,
      batch: 50,
    });
    let handled = 0;
    other.consume({ topic: 'r.remote', consumer: 'rtest.remote', handle: async () => void handled++ });
    await other.start();
    try {
      const id = await send('r.remote', {});
      // Far longer than the test may take: the answer has to come from the table, not the timeout.
      await queue.deliverNow([id], 120_000);
      expect(handled).toBe(1);
      expect(await status(id)).toBe(2);
    } finally {
      await other.close();
    }
  }, 20_000);

  it('a consumer that fails is retried through the table and succeeds', async () => {
    const id = await send('r.flaky', {});
    queue.kick();
    await until(async () => (await status(id)) === 2);
    expect(calls.get(id)).toBe(2);
  });
});

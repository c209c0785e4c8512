import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryBus, RedisBus, type Bus } from './bus.js';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** What a subscriber of `topic` receives for each of `messages`, published in order. */
async function roundTrip(bus: Bus, messages: unknown[]) {
  const topic = `t-${randomBytes(4).toString('hex')}`;
  const got: unknown[] = [];
  const off = await bus.subscribe(topic, (m) => got.push(m));
  for (const m of messages) await bus.publish(topic, m);
  await expect.poll(() => got.length).toBe(messages.length);
  await off();
  return got;
}

const messages = [
  '\nframe {"op":"msg"}',
  'j{"looks":"like json"}',
  { op: 'msg', data: { text: '你好' } },
  '',
];

describe('the bus carries strings as they are and anything else as JSON, in order', () => {
  const buses: Bus[] = [];
  afterAll(async () => {
    for (const b of buses) await b.close();
  });

  it('in process', async () => {
    const bus = new MemoryBus();
    buses.push(bus);
    expect(await roundTrip(bus, messages)).toEqual(messages);
  });

  it('through Redis, between two connections, with commands of one turn pipelined', async () => {
    const prefix = `forecourt-test-${randomBytes(4).toString('hex')}:`;
    const a = await RedisBus.open(redisUrl, prefix);
    const b = await RedisBus.open(redisUrl, prefix);
    buses.push(a, b);
    const topic = 'pipelined';
    const got: unknown[] = [];
    await b.subscribe(topic, (m) => got.push(m));
    // Published in one turn without waiting: they share a write and must still arrive in order.
    const many = Array.from({ length: 200 }, (_, i) => (i % 2 ? { i } : `s${i}`));
    await Promise.all(many.map((m) => a.publish(topic, m)));
    await expect.poll(() => got.length).toBe(many.length);
    expect(got).toEqual(many);
    expect(await roundTrip(a, messages)).toEqual(messages);
  });
});

describe('the bus says when what others publish may not reach this node', () => {
  it('in process: always delivering', () => {
    expect(new MemoryBus().delivering).toBe(true);
  });

  it('through Redis: not delivering while the subscription is down, and says when it resumes', async () => {
    const prefix = `forecourt-test-${randomBytes(4).toString('hex')}:`;
    const a = await RedisBus.open(redisUrl, prefix);
    const b = await RedisBus.open(redisUrl, prefix);
    try {
      const got: unknown[] = [];
      await b.subscribe('gap', (m) => got.push(m));
      expect(b.delivering).toBe(true);
      let resumed = 0;
      b.onResume(() => resumed++);
      // The subscription connection drops; ioredis reconnects by itself.
      const sub = (b as unknown as { sub: import('ioredis').Redis }).sub;
      const whileDown: boolean[] = [];
      sub.once('close', () => whileDown.push(b.delivering));
      sub.disconnect(true);
      await expect.poll(() => resumed, { timeout: 5000 }).toBe(1);
      expect(whileDown).toEqual([false]);
      expect(b.delivering).toBe(true);
      // Subscribed again: what is published now arrives.
      await expect
        .poll(
          async () => {
            await a.publish('gap', 'after');
            return got.includes('after');
          },
          { timeout: 5000 },
        )
        .toBe(true);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { drainOnClose, Inflight } from './inflight.js';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('Inflight', () => {
  it('is drained at once when nothing runs', async () => {
    await expect(new Inflight().drained(1)).resolves.toBe(true);
  });

  it('waits for every piece of work, the failed ones and those started while it waits', async () => {
    const inflight = new Inflight();
    const a = deferred();
    const b = deferred();
    const first = inflight.track(a.promise);
    const failed = inflight.track(Promise.reject(new Error('no'))).catch((e: Error) => e.message);
    let drained = false;
    const waiting = inflight.drained(5_000).then((v) => (drained = v));
    const second = inflight.track(b.promise.then(() => 'b'));
    a.resolve();
    await first;
    await expect(failed).resolves.toBe('no');
    expect(drained).toBe(false);
    expect(inflight.size).toBe(1);
    b.resolve();
    await expect(second).resolves.toBe('b');
    await waiting;
    expect(drained).toBe(true);
    expect(inflight.size).toBe(0);
  });

  it('gives up after its limit, and still counts the work', async () => {
    vi.useFakeTimers();
    try {
      const inflight = new Inflight();
      const never = inflight.track(new Promise(() => {}));
      void never;
      const gaveUp = inflight.drained(1_000);
      await vi.advanceTimersByTimeAsync(1_000);
      await expect(gaveUp).resolves.toBe(false);
      expect(inflight.size).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('drainOnClose', () => {
  const appWith = async (limitMs = 5_000) => {
    const inflight = new Inflight();
    const app = Fastify({ logger: false });
    drainOnClose(app, inflight, limitMs);
    const gate = deferred();
    let reached = false;
    app.get('/slow', async () => {
      reached = true;
      await gate.promise;
      return { done: true };
    });
    app.get('/reply', (_req, reply) => {
      setTimeout(() => void reply.send({ replied: true }), 100);
      return reply;
    });
    app.get('/sync', (_req, reply) => void reply.send({ sync: true }));
    await app.ready();
    return { app, inflight, gate, reached: () => reached };
  };

  it('lets a request that is running finish before the server closes, and refuses new ones meanwhile', async () => {
    const { app, inflight, gate, reached } = await appWith();
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const answer = fetch(`${url}/slow`);
    await vi.waitFor(() => expect(reached()).toBe(true));
    expect(inflight.size).toBe(1);
    let closed = false;
    const closing = app.close().then(() => (closed = true));
    await new Promise((r) => setTimeout(r, 50));
    // Still waiting for the handler: the close has not gone past preClose, and a new caller is turned away.
    expect(closed).toBe(false);
    expect((await fetch(`${url}/sync`, { headers: { connection: 'close' } })).status).toBe(503);
    gate.resolve();
    const res = await answer;
    expect(res.status).toBe(200);
    await expect(res.json()).resolves.toEqual({ done: true });
    await closing;
    expect(closed).toBe(true);
  });

  it('waits for a reply a handler returns until it is sent; a handler that answers at once is not tracked', async () => {
    const { app, inflight } = await appWith();
    const replied = app.inject({ method: 'GET', url: '/reply' });
    await vi.waitFor(() => expect(inflight.size).toBe(1), { interval: 1 });
    await app.close();
    expect((await replied).json()).toEqual({ replied: true });
    const { app: other, inflight: none } = await appWith();
    expect((await other.inject({ method: 'GET', url: '/sync' })).json()).toEqual({ sync: true });
    expect(none.size).toBe(0);
    await other.close();
  });

  it('closes after its limit when a handler never ends', async () => {
    const { app, reached } = await appWith(100);
    void app.inject({ method: 'GET', url: '/slow' }).catch(() => undefined);
    await vi.waitFor(() => expect(reached()).toBe(true));
    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
  });
});

import type { FastifyInstance } from 'fastify';

/**
 * The requests a node is still answering, so that a shutdown lets them finish before the database closes.
 *
 * Why: the HTTP server stops accepting and waits for its connections, but a handler whose caller hung up
 * keeps running with no connection left to wait for (a sign-in between its password check and its
 * session, a save between two statements). Closing the database under it failed it half-way through
 * its work and logged "PGlite is closed" (or a lost pool) for every such request.
 *
 * Guarantees:
 * - `drained()` resolves once every tracked piece of work has settled (resolved or rejected), including
 *   work that started while it waited; it resolves at once when nothing runs.
 * - It never waits past its limit: it answers `false` then, so that a handler that never ends cannot hold
 *   a shutdown (the process manager's own kill timer is the last resort).
 * - `track` returns a promise that settles as the given one does, with the same value or reason.
 */
export class Inflight {
  private running = 0;
  private waiters: Array<() => void> = [];

  /** How many tracked pieces of work have not settled. */
  get size(): number {
    return this.running;
  }

  track<T>(work: PromiseLike<T>): Promise<T> {
    this.running++;
    return Promise.resolve(work).finally(() => {
      if (--this.running === 0) for (const w of this.waiters.splice(0)) w();
    });
  }

  /** True once everything tracked has settled; false when `limitMs` passed first. */
  drained(limitMs: number): Promise<boolean> {
    if (this.running === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== done);
        resolve(false);
      }, limitMs);
      const done = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.waiters.push(done);
    });
  }
}

const isThenable = (v: unknown): v is PromiseLike<unknown> =>
  typeof (v as { then?: unknown } | null)?.then === 'function';

/**
 * Tracks every HTTP handler of `app` registered after this call (an async handler's promise, or the reply
 * it returns, until its answer is sent) and makes `app.close()` wait for them, at most `limitMs`.
 * Fastify answers 503 to new requests from the moment `close()` is called, then runs `preClose`, so
 * nothing new starts while it waits. A websocket route is left out: its handler lives as long as its
 * socket, which the chat gateway's own close ends.
 */
export function drainOnClose(app: FastifyInstance, inflight: Inflight, limitMs: number): void {
  app.addHook('onRoute', (r) => {
    if ((r as { websocket?: boolean }).websocket) return;
    const handler = r.handler;
    r.handler = function (this: unknown, ...args: Parameters<typeof handler>) {
      const answer: unknown = handler.apply(this as never, args);
      return (isThenable(answer) ? inflight.track(answer) : answer) as ReturnType<typeof handler>;
    } as typeof handler;
  });
  app.addHook('preClose', async () => {
    if (!(await inflight.drained(limitMs)))
      app.log.warn({ running: inflight.size }, 'requests still running when the server closed');
  });
}

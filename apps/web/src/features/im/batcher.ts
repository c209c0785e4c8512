/**
 * Spec §4/§9: received chat messages reach the UI at most every 200 ms. Unlike a plain throttle, which
 * would drop the calls in between, this queues every item and hands the whole batch over at once.
 */
export const RECEIVE_BATCH_MS = 200;

export interface Batcher<T> {
  push(items: T[]): void;
  /** Applies what is queued now (e.g. before the dialog closes). */
  flush(): void;
  stop(): void;
}

export function createBatcher<T>(
  apply: (items: T[]) => void,
  wait = RECEIVE_BATCH_MS,
  timers: { set: (f: () => void, ms: number) => unknown; clear: (t: unknown) => void } = {
    set: (f, ms) => setTimeout(f, ms),
    clear: (t) => clearTimeout(t as ReturnType<typeof setTimeout>),
  },
): Batcher<T> {
  let queue: T[] = [];
  let timer: unknown;
  let last = -Infinity;

  const flush = () => {
    if (timer !== undefined) timers.clear(timer);
    timer = undefined;
    if (!queue.length) return;
    const batch = queue;
    queue = [];
    last = Date.now();
    apply(batch);
  };

  return {
    push(items) {
      if (!items.length) return;
      queue.push(...items);
      if (timer !== undefined) return;
      const since = Date.now() - last;
      // The first batch after a quiet spell goes out at once; a burst is then paced every `wait` ms.
      timer = timers.set(flush, since >= wait ? 0 : wait - since);
    },
    flush,
    stop() {
      if (timer !== undefined) timers.clear(timer);
      timer = undefined;
      queue = [];
    },
  };
}

/**
 * Point reads batched: calls that arrive while reads of the same kind are on their way to the database are
 * answered together by the next statement (the chat writer's group commit, for reads). A connect storm —
 * every client of a restarted node signing in again — otherwise costs one round trip, one system call and
 * one statement each, which is most of what the node and the database spend on it. Guarantees:
 * - a lone call runs at once: an idle node waits for nothing (with `gatherTurn`, for one turn of the event
 *   loop, never for a timer);
 * - at most `maxInFlight` statements at once (each holds a connection of the pool), at most `maxBatch`
 *   keys in one;
 * - each call gets its own key's answer, read after the call was made (a call never joins a read already
 *   on its way: that read may predate a change the caller has seen); a key asked twice in one batch is
 *   read once;
 * - a statement that fails fails exactly the calls it carried, and the next batch still runs.
 * A call may carry an argument for its key (what to write, for an upsert batched the same way): of the
 * calls of one key in one batch, the last one's is used, and every one of them gets the key's answer.
 * Only for a pool: a transaction's reads must see its own writes, so they are never batched with others'.
 */

export interface ReadBatchOptions {
  /** Most keys one statement reads (bounds its parameters). */
  maxBatch?: number;
  /** Statements on their way at once. */
  maxInFlight?: number;
  /**
   * A call that finds nothing on its way waits one turn of the event loop (setImmediate) for the calls
   * that arrived with it — requests read from the network together — so that they share its statement.
   * (Otherwise the first of them runs alone and the rest wait for it, then run as a second statement.)
   */
  gatherTurn?: boolean;
}

/**
 * The reads of a sign-in (a chat connection's ticket, record, profile and conversation list, and an HTTP
 * request's session): a connect storm's clients arrive from the network many in one turn, so a read that
 * finds none on its way waits that turn for the others and they share its statement. Measured with 5,600
 * chat clients connecting (bench:im): 7.7–8.0 s → 6.7–6.8 s, the node's CPU −14 %, PostgreSQL's −38 %.
 */
export const SIGN_IN_READS: ReadBatchOptions = { gatherTurn: true };

interface Waiter<V> {
  resolve(v: V | undefined): void;
  reject(e: unknown): void;
}

interface Queued<V, A> {
  waiting: Waiter<V>[];
  arg: A | undefined;
}

/**
 * One kind of read: `read` gets the keys (and each key's argument, in the same order) and returns the
 * answers of the keys it found; a missing key answers undefined.
 */
export class ReadBatcher<K, V, A = never> {
  private queued = new Map<K, Queued<V, A>>();
  private inFlight = 0;
  private turn = false;
  private readonly maxBatch: number;
  private readonly maxInFlight: number;
  private readonly gatherTurn: boolean;

  constructor(
    private readonly read: (keys: K[], args: (A | undefined)[]) => Promise<Map<K, V>>,
    { maxBatch = 500, maxInFlight = 2, gatherTurn = false }: ReadBatchOptions = {},
    private readonly onIdle?: () => void,
  ) {
    this.maxBatch = maxBatch;
    this.maxInFlight = maxInFlight;
    this.gatherTurn = gatherTurn;
  }

  get(key: K, arg?: A): Promise<V | undefined> {
    return new Promise<V | undefined>((resolve, reject) => {
      const q = this.queued.get(key);
      if (q) {
        q.waiting.push({ resolve, reject });
        q.arg = arg;
      } else this.queued.set(key, { waiting: [{ resolve, reject }], arg });
      if (!this.gatherTurn || this.inFlight === this.maxInFlight) this.pump();
      else if (!this.turn) {
        this.turn = true;
        setImmediate(() => {
          this.turn = false;
          this.pump();
        });
      }
    });
  }

  /** Whether nothing is queued or on its way. */
  get idle(): boolean {
    return this.inFlight === 0 && this.queued.size === 0 && !this.turn;
  }

  private pump(): void {
    while (this.inFlight < this.maxInFlight && this.queued.size) {
      const batch = new Map<K, Queued<V, A>>();
      for (const [k, q] of this.queued) {
        if (batch.size === this.maxBatch) break;
        batch.set(k, q);
        this.queued.delete(k);
      }
      this.inFlight++;
      let answers: Promise<Map<K, V>>;
      try {
        answers = this.read(
          [...batch.keys()],
          [...batch.values()].map((q) => q.arg),
        );
      } catch (e) {
        answers = Promise.reject(e);
      }
      answers
        .then(
          (found) => {
            for (const [k, q] of batch) for (const w of q.waiting) w.resolve(found.get(k));
          },
          (e: unknown) => {
            for (const q of batch.values()) for (const w of q.waiting) w.reject(e);
          },
        )
        .finally(() => {
          this.inFlight--;
          this.pump();
          if (this.idle) this.onIdle?.();
        });
    }
  }
}

/**
 * Reads batched within a group (a tenant, a kind of user): one statement reads the keys of one group. A
 * group's batcher lives while it has work, so the groups callers name are not kept.
 */
export class GroupedReadBatcher<K, V, A = never> {
  private groups = new Map<string, ReadBatcher<K, V, A>>();

  constructor(
    private readonly read: (group: string, keys: K[], args: (A | undefined)[]) => Promise<Map<K, V>>,
    private readonly options: ReadBatchOptions = {},
  ) {}

  get(group: string, key: K, arg?: A): Promise<V | undefined> {
    let b = this.groups.get(group);
    if (!b) {
      const made: ReadBatcher<K, V, A> = new ReadBatcher<K, V, A>(
        (keys, args) => this.read(group, keys, args),
        this.options,
        () => {
          if (this.groups.get(group) === made) this.groups.delete(group);
        },
      );
      this.groups.set(group, (b = made));
    }
    return b.get(key, arg);
  }

  /** Groups with work queued or on its way. */
  get size(): number {
    return this.groups.size;
  }
}

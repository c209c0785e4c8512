import {
  MQ_CONFIRM_FAILED,
  MQ_CONFIRM_OK,
  MQ_DONE,
  MQ_FAILED,
  MQ_PENDING,
  MQ_PUBLISHED,
} from '@forecourt/contracts';
import type { Db } from '../../platform/db/index.js';
import { newId } from '../../platform/ids.js';
import type { Transport } from './transport.js';

/**
 * The message queue's guarantees (docs/mq.md):
 * 1. A message exists exactly when its producer's transaction commits: `enqueue` writes it with the
 *    producer's own connection, in the producer's transaction.
 * 2. Every message reaches each consumer of its topic until that consumer succeeds once: a delivery is
 *    repeated after a failure (backing off) and after the broker held it past the lease (a node died); the
 *    broker is never the only copy, the table is.
 * 3. A consumer succeeds at most once per message: a success is a row under a unique index, and a
 *    delivery that finds its success already written does nothing. Consumers are written to be repeatable
 *    (their effect carries a key of the message), because a crash between the effect and its
 *    confirmation repeats the effect's call.
 * 4. A consumer that fails as often as its relation allows gives the message up (status 3) with its last
 *    error; an administrator can deliver it again. A paused relation holds its topic's messages back.
 * 5. Nothing of a payload reaches a log: ids, topics and consumers only.
 */

/** What a producer hands over, inside its transaction. */
export interface Outgoing {
  tenantId: string;
  topic: string;
  /** What the message is about (an offer id): the lists search by it. */
  businessKey: string;
  payload: unknown;
}

/** One delivery of a message to one consumer. */
export interface Delivery<P = unknown> {
  id: string;
  tenantId: string;
  topic: string;
  businessKey: string;
  /** 1 for the first delivery of the message, counted over every dispatch. */
  attempt: number;
  payload: P;
}

export interface ConsumerDecl<P = unknown> {
  topic: string;
  /** Stable name: the relation's key and the broker queue's name. */
  consumer: string;
  handle: (d: Delivery<P>) => Promise<void>;
}

export interface QueueOptions {
  /** How often the dispatcher looks for due messages when nothing kicked it. */
  pollMs: number;
  /** The first retry waits this long; each next one twice as long, up to MAX_RETRY_MS. */
  retryBaseMs: number;
  /** A message the broker has held this long without every consumer's answer is dispatched again. */
  leaseMs: number;
  /** Messages claimed per statement. */
  batch: number;
}

export const DEFAULT_QUEUE_OPTIONS: QueueOptions = {
  pollMs: 1_000,
  retryBaseMs: 5_000,
  leaseMs: 5 * 60_000,
  batch: 50,
};
export const MAX_RETRY_MS = 10 * 60_000;
/** Longest error text kept with a confirmation. */
export const ERROR_MAX = 500;

/** The wait before the delivery after `attempt` failed: doubling from the base, capped. */
export function retryDelayMs(attempt: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempt - 1), MAX_RETRY_MS);
}

/** What travels through the broker: a reference, never the body (the table is the truth; see receive). */
export interface Envelope {
  id: string;
  attempt: number;
}
export const envelopeText = (e: Envelope) => JSON.stringify(e);
export function parseEnvelope(body: string): Envelope | null {
  try {
    const e = JSON.parse(body) as Partial<Envelope>;
    return typeof e.id === 'string' && /^\d{1,19}$/.test(e.id) && Number.isInteger(e.attempt)
      ? { id: e.id, attempt: e.attempt! }
      : null;
  } catch {
    return null;
  }
}

export const errorText = (e: unknown) =>
  (e instanceof Error ? e.message : String(e)).slice(0, ERROR_MAX) || 'error';

/**
 * Writes a message and its body in the caller's transaction (one statement). Returns its id; the caller
 * hands it to `MessageQueue.deliverNow` after the commit so it goes out at once, else the next poll sends it.
 */
export async function enqueue(t: Db, m: Outgoing): Promise<string> {
  const id = newId();
  const body = JSON.stringify(m.payload ?? null);
  await t.query(
    `WITH m AS (
       INSERT INTO mq_message (id, tenant_id, topic, business_key) VALUES ($1, $2, $3, $4) RETURNING id
     )
     INSERT INTO mq_message_data (id, tenant_id, topic, payload, size)
     SELECT m.id, $2, $3, $5, octet_length($5) FROM m`,
    [id, m.tenantId, m.topic, m.businessKey, body],
    { name: 'mq_enqueue' },
  );
  return id;
}

/** The relations of these consumers, created paused-free with the default attempts; an existing one is left as the administrator set it. */
export async function ensureRelations(db: Db, pairs: Array<{ topic: string; consumer: string }>) {
  if (!pairs.length) return;
  await db.query(
    `INSERT INTO mq_relation (id, topic, consumer)
     SELECT * FROM unnest($1::bigint[], $2::varchar[], $3::varchar[])
     ON CONFLICT (topic, consumer) DO NOTHING`,
    [pairs.map(() => newId()), pairs.map((p) => p.topic), pairs.map((p) => p.consumer)],
  );
}

interface Claimed {
  id: string;
  topic: string;
  attempts: number;
  relations: number;
}

interface Held {
  tenant_id: string;
  topic: string;
  business_key: string;
  status: number;
  attempts: number;
  payload: string;
  relation_status: number | null;
  max_attempts: number | null;
  done: boolean;
}

/** How a delivery ended, for whoever waits on the message (deliverNow). */
type Outcome = 'done' | 'failed' | 'retry' | 'partial' | 'skipped';

export class MessageQueue {
  private readonly consumers = new Map<string, ConsumerDecl>();
  private readonly waiters = new Map<string, Set<() => void>>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;
  private readonly inflight = new Set<Promise<unknown>>();

  constructor(
    private readonly db: Db,
    readonly transport: Transport,
    private readonly log: { warn: (o: object, msg: string) => void; error: (o: object, msg: string) => void },
    readonly options: QueueOptions = DEFAULT_QUEUE_OPTIONS,
  ) {}

  /** Declares a consumer; before start(). */
  consume<P>(decl: ConsumerDecl<P>) {
    if (this.consumers.has(decl.consumer)) throw new Error(`consumer ${decl.consumer} declared twice`);
    this.consumers.set(decl.consumer, decl as ConsumerDecl);
  }

  get declared() {
    return [...this.consumers.values()].map(({ topic, consumer }) => ({ topic, consumer }));
  }

  /** Writes the relations, starts receiving, and looks for due messages now and every pollMs. */
  async start() {
    await ensureRelations(this.db, this.declared);
    await this.transport.start(this.declared, (consumer, body) => this.track(this.receive(consumer, body)));
    this.timer = setInterval(() => this.kick(), this.options.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Dispatches what is due, now (again after the current round when one is running). */
  kick() {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.dispatchAll().finally(() => {
      this.running = null;
      if (this.again && !this.closed) {
        this.again = false;
        this.kick();
      }
    });
  }

  /**
   * Sends these just-committed messages at once and waits (at most timeoutMs) until this node has their
   * outcome: the author of a change sees its effect in the answer, and a slow or failed consumer only
   * delays the answer by the timeout, the message staying in the queue.
   */
  async deliverNow(ids: string[], timeoutMs = 3_000) {
    const pending = ids.map(
      (id) =>
        new Promise<void>((resolve) => {
          let set = this.waiters.get(id);
          if (!set) this.waiters.set(id, (set = new Set()));
          set.add(resolve);
        }),
    );
    this.kick();
    let timer: NodeJS.Timeout | undefined;
    let waiting = true;
    await Promise.race([
      Promise.all(pending),
      new Promise<void>((r) => (timer = setTimeout(r, timeoutMs))),
      // Through a broker another node's consumer may answer: the table tells when no answer is awaited.
      this.transport.kind === 'amqp' ? this.settledInTable(ids, () => waiting) : new Promise<void>(() => {}),
    ]);
    waiting = false;
    clearTimeout(timer);
    for (const id of ids) this.waiters.delete(id);
  }

  private async settledInTable(ids: string[], waiting: () => boolean) {
    while (waiting() && !this.closed) {
      await new Promise((r) => setTimeout(r, 50));
      const open = await this.db.one<{ n: number }>(
        `SELECT count(*)::int AS n FROM mq_message
          WHERE id = ANY($1::bigint[]) AND (status = ${MQ_PUBLISHED} OR (status = ${MQ_PENDING} AND attempts = 0))`,
        [ids],
      );
      if (!open?.n) return;
    }
  }

  async close() {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
    await this.transport.close();
    await Promise.allSettled([...this.inflight]);
  }

  private track<T>(p: Promise<T>) {
    this.inflight.add(p);
    void p.finally(() => this.inflight.delete(p));
    return p;
  }

  private settled(id: string, outcome: Outcome) {
    if (outcome === 'partial' || outcome === 'skipped') return;
    const set = this.waiters.get(id);
    if (!set) return;
    this.waiters.delete(id);
    for (const r of set) r();
  }

  private async dispatchAll() {
    try {
      while (!this.closed && (await this.dispatch()) === this.options.batch) {
        /* a full batch: more may be due */
      }
    } catch (e) {
      this.log.error({ err: e }, 'mq dispatch failed');
    }
  }

  /** One round: claims due messages (other nodes skip the locked ones), hands them to the broker. */
  private async dispatch(): Promise<number> {
    const claimed = await this.db.query<Claimed>(
      `UPDATE mq_message m SET status = ${MQ_PUBLISHED}, attempts = m.attempts + 1, publish_time = now()
        WHERE m.id IN (
          SELECT c.id FROM mq_message c
           WHERE ((c.status = ${MQ_PENDING} AND c.next_attempt_time <= now())
                  OR (c.status = ${MQ_PUBLISHED} AND c.publish_time < now() - make_interval(secs => $2)))
             AND NOT EXISTS (SELECT 1 FROM mq_relation r WHERE r.topic = c.topic AND r.status = 0)
           ORDER BY c.next_attempt_time
           LIMIT $1
           FOR UPDATE SKIP LOCKED)
        RETURNING m.id, m.topic, m.attempts,
          (SELECT count(*)::int FROM mq_relation r WHERE r.topic = m.topic) AS relations`,
      [this.options.batch, this.options.leaseMs / 1000],
      { name: 'mq_claim' },
    );
    if (!claimed.length) return 0;
    const nobody = claimed.filter((c) => c.relations === 0).map((c) => String(c.id));
    // A topic nobody consumes is settled at once: there is no answer to wait for.
    if (nobody.length) {
      await this.db.query(
        `UPDATE mq_message SET status = ${MQ_DONE}, finish_time = now() WHERE id = ANY($1::bigint[]) AND status = ${MQ_PUBLISHED}`,
        [nobody],
      );
      for (const id of nobody) this.settled(id, 'done');
    }
    const failed: string[] = [];
    let reason = '';
    await Promise.all(
      claimed
        .filter((c) => c.relations > 0)
        .map(async (c) => {
          try {
            await this.transport.publish(c.topic, envelopeText({ id: String(c.id), attempt: c.attempts }));
          } catch (e) {
            failed.push(String(c.id));
            reason = errorText(e);
          }
        }),
    );
    // The broker refused them (down, or closing): they wait their turn again, nothing is lost.
    if (failed.length) {
      this.log.warn({ count: failed.length }, 'mq publish failed; messages wait for the next round');
      await this.db.query(
        `UPDATE mq_message SET status = ${MQ_PENDING}, next_attempt_time = now() + make_interval(secs => $2),
                last_error = $3
          WHERE id = ANY($1::bigint[]) AND status = ${MQ_PUBLISHED}`,
        [failed, this.options.retryBaseMs / 1000, reason],
      );
    }
    return claimed.length;
  }

  /** One delivery from the broker: never throws (the broker is told "done" either way; the table decides). */
  private async receive(consumer: string, body: string): Promise<void> {
    const env = parseEnvelope(body);
    const decl = this.consumers.get(consumer);
    if (!env || !decl) {
      this.log.warn({ consumer }, 'mq delivery not understood; dropped');
      return;
    }
    let outcome: Outcome = 'skipped';
    try {
      outcome = await this.run(decl, env);
    } catch (e) {
      // The table could not be written: the message stays with the broker's lease and comes again.
      this.log.error({ err: e, id: env.id, consumer }, 'mq delivery could not be recorded');
    }
    this.settled(env.id, outcome);
  }

  private async run(decl: ConsumerDecl, env: Envelope): Promise<Outcome> {
    const m = await this.db.one<Held>(
      `SELECT m.tenant_id, m.topic, m.business_key, m.status, m.attempts, d.payload,
              r.status AS relation_status, r.max_attempts,
              EXISTS (SELECT 1 FROM mq_confirm c
                       WHERE c.message_id = m.id AND c.consumer = $2 AND c.status = ${MQ_CONFIRM_OK}) AS done
         FROM mq_message m
         JOIN mq_message_data d ON d.id = m.id
         LEFT JOIN mq_relation r ON r.topic = m.topic AND r.consumer = $2
        WHERE m.id = $1`,
      [env.id, decl.consumer],
    );
    // Another installation's message on a shared broker, or one removed since: not ours to answer.
    if (!m) return 'skipped';
    if (m.done) return this.confirm(decl, env, m, null, 0);
    // An earlier dispatch's copy, a settled message, or a paused consumer: the current dispatch decides.
    if (m.status !== MQ_PUBLISHED || m.attempts !== env.attempt || m.relation_status !== 1) return 'skipped';
    const started = performance.now();
    let error: string | null = null;
    try {
      await decl.handle({
        id: env.id,
        tenantId: m.tenant_id,
        topic: m.topic,
        businessKey: m.business_key,
        attempt: env.attempt,
        payload: JSON.parse(m.payload) as unknown,
      });
    } catch (e) {
      error = errorText(e);
    }
    return this.confirm(decl, env, m, error, Math.round(performance.now() - started));
  }

  /**
   * Writes the consumer's answer and what it means for the message, with the message row locked: two
   * consumers answering at once see each other's success, so the last one settles the message.
   */
  private async confirm(
    decl: ConsumerDecl,
    env: Envelope,
    m: Held,
    error: string | null,
    durationMs: number,
  ): Promise<Outcome> {
    return this.db.tx(async (t) => {
      const row = await t.one<{ status: number; attempts: number }>(
        'SELECT status, attempts FROM mq_message WHERE id = $1 FOR UPDATE',
        [env.id],
      );
      if (!row) return 'skipped';
      if (error === null) {
        await t.query(
          `INSERT INTO mq_confirm (id, tenant_id, message_id, topic, consumer, attempt, status, duration_ms)
           VALUES ($1, $2, $3, $4, $5, $6, ${MQ_CONFIRM_OK}, $7)
           ON CONFLICT (message_id, consumer) WHERE status = ${MQ_CONFIRM_OK} DO NOTHING`,
          [newId(), m.tenant_id, env.id, m.topic, decl.consumer, env.attempt, durationMs],
        );
        const done = await t.query(
          `UPDATE mq_message m SET status = ${MQ_DONE}, finish_time = now(), last_error = NULL
            WHERE m.id = $1 AND m.status = ${MQ_PUBLISHED}
              AND NOT EXISTS (
                SELECT 1 FROM mq_relation r
                 WHERE r.topic = m.topic AND r.status = 1
                   AND NOT EXISTS (SELECT 1 FROM mq_confirm c
                                    WHERE c.message_id = m.id AND c.consumer = r.consumer
                                      AND c.status = ${MQ_CONFIRM_OK}))
            RETURNING m.id`,
          [env.id],
        );
        return done.length ? 'done' : 'partial';
      }
      await t.query(
        `INSERT INTO mq_confirm (id, tenant_id, message_id, topic, consumer, attempt, status, error, duration_ms)
         VALUES ($1, $2, $3, $4, $5, $6, ${MQ_CONFIRM_FAILED}, $7, $8)`,
        [newId(), m.tenant_id, env.id, m.topic, decl.consumer, env.attempt, error, durationMs],
      );
      if (row.status !== MQ_PUBLISHED || row.attempts !== env.attempt) return 'skipped';
      const giveUp = env.attempt >= (m.max_attempts ?? 1);
      await t.query(
        `UPDATE mq_message SET status = $2, last_error = $3,
                next_attempt_time = now() + make_interval(secs => $4),
                finish_time = CASE WHEN $5::boolean THEN now() END
          WHERE id = $1`,
        [
          env.id,
          giveUp ? MQ_FAILED : MQ_PENDING,
          `${decl.consumer}: ${error}`.slice(0, ERROR_MAX),
          retryDelayMs(env.attempt, this.options.retryBaseMs) / 1000,
          giveUp,
        ],
      );
      if (!giveUp) this.scheduleKick(retryDelayMs(env.attempt, this.options.retryBaseMs));
      return giveUp ? 'failed' : 'retry';
    });
  }

  /** A retry sooner than the next poll is dispatched on time. */
  private scheduleKick(ms: number) {
    if (ms >= this.options.pollMs || this.closed) return;
    setTimeout(() => this.kick(), ms).unref();
  }
}

import type { Redis } from 'ioredis';
import { importPackage } from './packages.js';

/**
 * Fan-out between server nodes. In-process by default; Redis pub/sub when REDIS_URL is set.
 * Nothing depends on the bus alone for correctness: the database stays the truth. A message is read-only
 * once published, for the publisher and every subscriber: in-process, they all share one object.
 * A string is carried as it is (Redis does not wrap it in JSON), so a publisher that already holds the text
 * its subscribers will write to sockets spares every node a parse and a second serialisation.
 */
export interface Bus {
  readonly kind: 'memory' | 'redis';
  /** Resolves with how many subscribers (handlers in memory, nodes over Redis) the message reached. */
  publish(topic: string, message: unknown): Promise<number>;
  subscribe(topic: string, handler: (message: unknown) => void): Promise<() => Promise<void>>;
  /**
   * Whether messages published now reach this node. False while a Redis subscription is down: what
   * other nodes announce meanwhile is lost, so a cache that relies on hearing it must not be trusted.
   */
  readonly delivering: boolean;
  /** Called each time delivery resumes after a gap (messages may have been lost during it). */
  onResume(fn: () => void): void;
  close(): Promise<void>;
}

type Handler = (message: unknown) => void;

class Handlers {
  private map = new Map<string, Set<Handler>>();
  add(topic: string, h: Handler) {
    let set = this.map.get(topic);
    const first = !set;
    if (!set) this.map.set(topic, (set = new Set()));
    set.add(h);
    return first;
  }
  delete(topic: string, h: Handler) {
    const set = this.map.get(topic);
    set?.delete(h);
    if (set && !set.size) {
      this.map.delete(topic);
      return true;
    }
    return false;
  }
  count(topic: string) {
    return this.map.get(topic)?.size ?? 0;
  }
  emit(topic: string, message: unknown) {
    for (const h of this.map.get(topic) ?? []) {
      try {
        h(message);
      } catch {
        /* a failing consumer must not stop the others */
      }
    }
  }
}

const resolved = Promise.resolve();

export class MemoryBus implements Bus {
  readonly kind = 'memory' as const;
  /** In one process nothing is ever lost. */
  readonly delivering = true;
  onResume() {}
  private handlers = new Handlers();
  async publish(topic: string, message: unknown) {
    // Handed over as it is, not copied as Redis would: messages are read-only for everyone (see Bus). A
    // copy per push was a tenth of a busy chat node's work.
    // A promise job, not queueMicrotask: Node wraps each queueMicrotask callback in an AsyncResource, an
    // allocation and a scope switch per push on a node that publishes two pushes per message.
    void resolved.then(() => this.handlers.emit(topic, message));
    return this.handlers.count(topic);
  }
  async subscribe(topic: string, handler: Handler) {
    this.handlers.add(topic, handler);
    return async () => void this.handlers.delete(topic, handler);
  }
  async close() {}
}

/** First character of a Redis bus payload: a string carried as it is, or anything else as JSON. */
const RAW = 's'.charCodeAt(0);
const JSON_TAG = 'j'.charCodeAt(0);

export class RedisBus implements Bus {
  readonly kind = 'redis' as const;
  private handlers = new Handlers();
  private resumed = new Set<() => void>();
  private constructor(
    private readonly pub: Redis,
    private readonly sub: Redis,
    readonly prefix: string,
  ) {
    // ioredis reconnects and subscribes again by itself; whatever was published in between is gone, so
    // those who cache on the strength of hearing every change start over.
    sub.on('ready', () => {
      for (const fn of this.resumed)
        try {
          fn();
        } catch {
          /* one failing listener must not stop the others */
        }
    });
    sub.on('message', (channel: string, text: string) => {
      if (!channel.startsWith(prefix)) return;
      let msg: unknown;
      const tag = text.charCodeAt(0);
      if (tag === RAW) msg = text.slice(1);
      else if (tag === JSON_TAG)
        try {
          msg = JSON.parse(text.slice(1));
        } catch {
          return;
        }
      else return;
      this.handlers.emit(channel.slice(prefix.length), msg);
    });
  }

  static async open(url: string, prefix = 'forecourt:'): Promise<RedisBus> {
    // ioredis is loaded only when REDIS_URL is set: a single node does not pay for it at start.
    const { Redis } = await importPackage<typeof import('ioredis')>('ioredis');
    const opts = { lazyConnect: true, maxRetriesPerRequest: 3 };
    // Commands issued in one turn leave in one write, in order: a chat send's rate check and its two
    // publishes were three writes (and three wake-ups of Redis) each, a fifth of a busy node's time.
    const pub = new Redis(url, { ...opts, enableAutoPipelining: true });
    const sub = new Redis(url, opts);
    await Promise.all([pub.connect(), sub.connect()]);
    return new RedisBus(pub, sub, prefix);
  }

  get delivering() {
    return this.sub.status === 'ready';
  }

  onResume(fn: () => void) {
    this.resumed.add(fn);
  }

  /** The command connection, for shared counters (rate limits, presence). */
  get redis() {
    return this.pub;
  }

  async publish(topic: string, message: unknown) {
    const text = typeof message === 'string' ? 's' + message : 'j' + JSON.stringify(message);
    return this.pub.publish(this.prefix + topic, text);
  }
  async subscribe(topic: string, handler: Handler) {
    if (this.handlers.add(topic, handler)) await this.sub.subscribe(this.prefix + topic);
    return async () => {
      if (this.handlers.delete(topic, handler)) await this.sub.unsubscribe(this.prefix + topic);
    };
  }
  async close() {
    this.sub.disconnect();
    this.pub.disconnect();
  }
}

export async function openBus(redisUrl: string | undefined): Promise<Bus> {
  return redisUrl ? RedisBus.open(redisUrl) : new MemoryBus();
}

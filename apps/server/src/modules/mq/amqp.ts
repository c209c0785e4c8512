import amqp from 'amqplib';
import type { Transport } from './transport.js';

export interface AmqpOptions {
  /** Names the exchange and the queues: two installations on one broker keep apart by it. */
  prefix: string;
  /** Queues and exchange that go away with their last consumer (tests). */
  temporary?: boolean;
  /** Deliveries a consumer works on at once. */
  prefetch?: number;
  reconnectMs?: number;
}

type Log = { warn: (o: object, msg: string) => void; info: (o: object, msg: string) => void };

/**
 * RabbitMQ (AMQP_URL): a topic exchange, one durable queue per consumer bound by its topic, publisher
 * confirms, persistent messages, acknowledgements after the consumer's answer is written. A lost
 * connection is opened again in the background; meanwhile publishing fails and messages wait in the table.
 */
export class AmqpTransport implements Transport {
  readonly kind = 'amqp' as const;
  private conn: amqp.ChannelModel | null = null;
  private pub: amqp.ConfirmChannel | null = null;
  private closing = false;
  private retry: NodeJS.Timeout | null = null;
  private consumers: Array<{ topic: string; consumer: string }> = [];
  private receive: ((consumer: string, body: string) => Promise<void>) | null = null;

  constructor(
    private readonly url: string,
    private readonly opts: AmqpOptions,
    private readonly log: Log,
  ) {}

  get exchange() {
    return `${this.opts.prefix}.mq`;
  }
  queueOf(consumer: string) {
    return `${this.opts.prefix}.mq.${consumer}`;
  }

  async start(
    consumers: Array<{ topic: string; consumer: string }>,
    receive: (consumer: string, body: string) => Promise<void>,
  ) {
    this.consumers = consumers;
    this.receive = receive;
    try {
      await this.connect();
    } catch (e) {
      // The start does not wait for the broker: messages wait in the table until it answers.
      this.log.warn({ err: e }, 'RabbitMQ not reachable; retrying in the background');
      this.reconnectLater();
    }
  }

  private async connect() {
    const conn = await amqp.connect(this.url);
    try {
      const durable = !this.opts.temporary;
      const autoDelete = Boolean(this.opts.temporary);
      const pub = await conn.createConfirmChannel();
      await pub.assertExchange(this.exchange, 'topic', { durable, autoDelete });
      const sub = await conn.createChannel();
      await sub.prefetch(this.opts.prefetch ?? 16);
      for (const c of this.consumers) {
        const q = this.queueOf(c.consumer);
        await sub.assertQueue(q, { durable, autoDelete });
        await sub.bindQueue(q, this.exchange, c.topic);
        await sub.consume(q, (msg) => {
          if (!msg) return;
          void this.receive!(c.consumer, msg.content.toString('utf8')).finally(() => {
            try {
              sub.ack(msg);
            } catch {
              /* the channel closed meanwhile: the broker delivers it again, and the table says it is done */
            }
          });
        });
      }
      conn.on('error', (e: Error) => this.log.warn({ err: e }, 'RabbitMQ connection error'));
      conn.on('close', () => {
        this.conn = null;
        this.pub = null;
        if (!this.closing) this.reconnectLater();
      });
      this.conn = conn;
      this.pub = pub;
      this.log.info({ exchange: this.exchange }, 'RabbitMQ connected');
    } catch (e) {
      await conn.close().catch(() => {});
      throw e;
    }
  }

  private reconnectLater() {
    if (this.closing || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.connect().catch((e: unknown) => {
        this.log.warn({ err: e }, 'RabbitMQ still not reachable');
        this.reconnectLater();
      });
    }, this.opts.reconnectMs ?? 2_000);
    this.retry.unref();
  }

  async publish(topic: string, body: string) {
    const pub = this.pub;
    if (!pub) throw new Error('RabbitMQ is not connected');
    await new Promise<void>((resolve, reject) =>
      pub.publish(
        this.exchange,
        topic,
        Buffer.from(body),
        { persistent: true, contentType: 'application/json' },
        (err) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve()),
      ),
    );
  }

  async close() {
    this.closing = true;
    if (this.retry) clearTimeout(this.retry);
    const conn = this.conn;
    this.conn = null;
    this.pub = null;
    await conn?.close().catch(() => {});
  }
}

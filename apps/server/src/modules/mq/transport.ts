/** Where the dispatcher hands messages and consumers receive them: in this process, or RabbitMQ. */
export interface Transport {
  readonly kind: 'memory' | 'amqp';
  /**
   * Starts receiving for these consumers. `receive` never throws; the broker is told a delivery is done
   * when its promise settles (the table, not the broker, remembers what is left to do).
   */
  start(
    consumers: Array<{ topic: string; consumer: string }>,
    receive: (consumer: string, body: string) => Promise<void>,
  ): Promise<void>;
  /** Resolves once the broker holds the message; rejects when it cannot take it now. */
  publish(topic: string, body: string): Promise<void>;
  close(): Promise<void>;
}

/** One node without a broker: each consumer of the topic gets the message on a later turn of the loop. */
export class MemoryTransport implements Transport {
  readonly kind = 'memory' as const;
  private byTopic = new Map<string, string[]>();
  private receive: ((consumer: string, body: string) => Promise<void>) | null = null;

  async start(
    consumers: Array<{ topic: string; consumer: string }>,
    receive: (consumer: string, body: string) => Promise<void>,
  ) {
    for (const c of consumers) this.byTopic.set(c.topic, [...(this.byTopic.get(c.topic) ?? []), c.consumer]);
    this.receive = receive;
  }

  async publish(topic: string, body: string) {
    const receive = this.receive;
    if (!receive) throw new Error('the in-process queue is closed');
    for (const consumer of this.byTopic.get(topic) ?? []) setImmediate(() => void receive(consumer, body));
  }

  async close() {
    this.receive = null;
  }
}

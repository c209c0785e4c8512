import type { WebSocket } from 'ws';
import type { Bus } from '../../platform/bus.js';

/** Who a notification socket belongs to. */
export interface SocketOwner {
  tenantId: string;
  userId: string;
  account: string;
}

export const userTopic = (tenantId: string, account: string) => `notify:${tenantId}:${account}`;

/**
 * The notification sockets of this node. A user's messages travel over the bus (in-process, or Redis
 * across nodes), so a push reaches the user whichever node holds the socket.
 */
export class NotifyGateway {
  private sockets = new Map<string, Set<WebSocket>>();
  private unsubscribe = new Map<string, () => Promise<void>>();
  constructor(private readonly bus: Bus) {}

  async attach(owner: SocketOwner, socket: WebSocket): Promise<void> {
    const topic = userTopic(owner.tenantId, owner.account);
    let set = this.sockets.get(topic);
    if (!set) {
      set = new Set();
      this.sockets.set(topic, set);
      this.unsubscribe.set(topic, await this.bus.subscribe(topic, (msg) => this.deliverLocal(topic, msg)));
    }
    set.add(socket);
    // A socket closing while the node shuts down finds Redis gone; nothing is left to leave then.
    socket.once('close', () => void this.detach(topic, socket).catch(() => {}));
  }

  private async detach(topic: string, socket: WebSocket) {
    const set = this.sockets.get(topic);
    if (!set) return;
    set.delete(socket);
    if (set.size) return;
    this.sockets.delete(topic);
    await this.unsubscribe.get(topic)?.();
    this.unsubscribe.delete(topic);
  }

  private deliverLocal(topic: string, msg: unknown) {
    const text = JSON.stringify(msg);
    for (const s of this.sockets.get(topic) ?? []) if (s.readyState === s.OPEN) s.send(text);
  }

  /** Sends to every socket of the user, on any node. */
  push(tenantId: string, account: string, msg: { type: string; [k: string]: unknown }) {
    return this.bus.publish(userTopic(tenantId, account), msg);
  }

  async close() {
    for (const set of this.sockets.values()) for (const s of set) s.close(1001, 'server shutting down');
    for (const off of this.unsubscribe.values()) await off();
    this.sockets.clear();
    this.unsubscribe.clear();
  }
}

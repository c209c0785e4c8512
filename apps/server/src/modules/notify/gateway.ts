import type { WebSocket } from 'ws';
import type { Bus } from '../../platform/bus.js';
import type { AuthChange } from '../../platform/auth/events.js';

/** Who a notification socket belongs to, and the sign-in session it stands on. */
export interface SocketOwner {
  tenantId: string;
  userId: string;
  account: string;
  sessionId: string;
  /** A customer on the mobile page: its session is a member_session, checked by liveCustomers. */
  customer?: boolean;
}

export const userTopic = (tenantId: string, account: string) => `notify:${tenantId}:${account}`;

/** Close code of a socket whose session ended after it opened (sign-out, password, disabled, tenant). */
export const SESSION_ENDED = 4003;

/** A backstop for a lost bus message: every socket's session is looked at again this often. */
export const SESSION_CHECK_MS = 60_000;

/**
 * The notification sockets of this node. A user's messages travel over the bus (in-process, or Redis
 * across nodes), so a push reaches the user whichever node holds the socket.
 */
export class NotifyGateway {
  private sockets = new Map<string, Set<WebSocket>>();
  private owners = new Map<WebSocket, SocketOwner>();
  private unsubscribe = new Map<string, () => Promise<void>>();
  private timer: NodeJS.Timeout;

  constructor(
    private readonly bus: Bus,
    /** Of these session ids, the ones that may still act (guard's liveSessions). */
    private readonly live: (sessionIds: string[]) => Promise<Set<string>>,
    private readonly warn: (err: Error, msg: string) => void = () => {},
    /** Of these customer session ids, the ones still signed in. */
    private readonly liveCustomers: (sessionIds: string[]) => Promise<Set<string>> = async () => new Set(),
  ) {
    this.timer = setInterval(() => void this.recheck(() => true), SESSION_CHECK_MS).unref();
  }

  async attach(owner: SocketOwner, socket: WebSocket): Promise<void> {
    const topic = userTopic(owner.tenantId, owner.account);
    let set = this.sockets.get(topic);
    if (!set) {
      set = new Set();
      this.sockets.set(topic, set);
      this.unsubscribe.set(topic, await this.bus.subscribe(topic, (msg) => this.deliverLocal(topic, msg)));
    }
    set.add(socket);
    this.owners.set(socket, owner);
    // A socket closing while the node shuts down finds Redis gone; nothing is left to leave then.
    socket.once('close', () => void this.detach(topic, socket).catch(() => {}));
  }

  private async detach(topic: string, socket: WebSocket) {
    this.owners.delete(socket);
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
    for (const s of this.sockets.get(topic) ?? [])
      if (s.readyState === s.OPEN && this.owners.has(s)) s.send(text);
  }

  /** Sends to every socket of the user, on any node. */
  push(tenantId: string, account: string, msg: { type: string; [k: string]: unknown }) {
    return this.bus.publish(userTopic(tenantId, account), msg);
  }

  /**
   * A change heard on the bus (from any node): the sockets it may concern are closed when their session
   * can no longer act. The socket only needs a signed-in session, so grant and role changes leave it be.
   */
  onAuthChange(c: AuthChange): void {
    if (c.kind === 'session') {
      for (const [s, o] of this.owners) if (o.sessionId === c.id) this.end(s);
    } else if (c.kind === 'user') void this.recheck((o) => o.userId === c.id);
    else if (c.kind === 'tenant') void this.recheck((o) => o.tenantId === c.id);
  }

  /** Looks at the sessions of the sockets `which` picks and closes those that ended. */
  private async recheck(which: (o: SocketOwner) => boolean): Promise<void> {
    const picked = [...this.owners].filter(([, o]) => which(o));
    if (!picked.length) return;
    try {
      const ids = (customer: boolean) => [
        ...new Set(picked.filter(([, o]) => !!o.customer === customer).map(([, o]) => o.sessionId)),
      ];
      const [staff, customers] = await Promise.all([this.live(ids(false)), this.liveCustomers(ids(true))]);
      for (const [s, o] of picked) if (!(o.customer ? customers : staff).has(o.sessionId)) this.end(s);
    } catch (e) {
      this.warn(e as Error, 'notification socket session check failed');
    }
  }

  /** Nothing more is delivered to it from now on, even before the close handshake completes. */
  private end(socket: WebSocket) {
    this.owners.delete(socket);
    socket.close(SESSION_ENDED, 'session ended');
  }

  async close() {
    clearInterval(this.timer);
    for (const set of this.sockets.values()) for (const s of set) s.close(1001, 'server shutting down');
    for (const off of this.unsubscribe.values()) await off();
    this.sockets.clear();
    this.owners.clear();
    this.unsubscribe.clear();
  }
}

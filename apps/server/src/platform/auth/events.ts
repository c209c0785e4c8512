import { randomUUID } from 'node:crypto';
import type { Bus } from '../bus.js';

/**
 * A change to who may do what, announced once it is committed. Every node hears it (the publishing one
 * too) and re-checks what it holds on the strength of an earlier check: open sockets, cached sessions,
 * cached grants.
 * - Caches (`on(fn, { now: true })`) hear a change on the publishing node synchronously, before it goes
 *   on the bus, so the changing request's own node has forgotten before anything else happens.
 * - A publish resolves once the change came back to this node over the bus (or after a second, if it
 *   does not): Redis writes a message to every subscribed node in the one PUBLISH, so when the answer to
 *   the changing request leaves, every other node has been sent the change ahead of any request that
 *   answer can prompt.
 * - While the bus is not delivering (`delivering` false: a Redis subscription down), a lost change
 *   would leave a cache wrong; caches then go to the database, and start empty when delivery resumes
 *   (`onResume`).
 * - The database stays the truth: a lost event costs time bounded by the caches' lifetimes (and the
 *   periodic socket checks), never a wrong answer once they run out.
 */
export type AuthChange =
  /** The session is over (sign-out): its sockets close without a look at the database. */
  | { kind: 'session'; id: string }
  /** blade_user.id: status, roles, departments, password (its other sessions were revoked) or removal. */
  | { kind: 'user'; id: string }
  /** blade_role.id: the role's alias or its removal. */
  | { kind: 'role'; id: string }
  /** Menus granted to roles, or the button codes themselves. */
  | { kind: 'grants' }
  /** blade_tenant.tenant_id: status, expiry or removal. */
  | { kind: 'tenant'; id: string };

export const AUTH_TOPIC = 'auth:changed';

type Listener = (change: AuthChange) => void;

/** How long a publish waits for its own change to come back before answering anyway (bus in trouble). */
const ECHO_WAIT_MS = 1000;

export class AuthEvents {
  private listeners = new Set<Listener>();
  private immediate = new Set<Listener>();
  /** Publishes waiting for their change to come back, by the tag it carries. */
  private echoes = new Map<string, () => void>();
  private off: (() => Promise<void>) | undefined;

  constructor(
    private readonly bus: Bus,
    private readonly warn: (err: Error, msg: string) => void = () => {},
  ) {}

  async start(): Promise<void> {
    this.off ??= await this.bus.subscribe(AUTH_TOPIC, (m) => this.emit(m as AuthChange));
  }

  /**
   * Called for every change heard on the bus; returns the way to stop listening. With `now`, also at once
   * when this node publishes one (so twice here: forgetting must be idempotent).
   */
  on(listener: Listener, opts: { now?: boolean } = {}): () => void {
    this.listeners.add(listener);
    if (opts.now) this.immediate.add(listener);
    return () => {
      this.listeners.delete(listener);
      this.immediate.delete(listener);
    };
  }

  /** Whether changes published elsewhere reach this node now (see the header). */
  get delivering(): boolean {
    return this.bus.delivering;
  }

  /** Called when delivery resumes after a gap in which changes may have been lost. */
  onResume(fn: () => void): void {
    this.bus.onResume(fn);
  }

  sessionEnded(sessionId: string) {
    return this.publish({ kind: 'session', id: String(sessionId) });
  }

  userChanged(...userIds: string[]) {
    return Promise.all(userIds.map((id) => this.publish({ kind: 'user', id: String(id) })));
  }

  roleChanged(...roleIds: string[]) {
    return Promise.all(roleIds.map((id) => this.publish({ kind: 'role', id: String(id) })));
  }

  grantsChanged() {
    return this.publish({ kind: 'grants' });
  }

  tenantChanged(...tenantIds: string[]) {
    return Promise.all(tenantIds.map((id) => this.publish({ kind: 'tenant', id: String(id) })));
  }

  private async publish(change: AuthChange): Promise<void> {
    this.emit(change, this.immediate);
    const tag = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const echoed = new Promise<void>((resolve) => {
      this.echoes.set(tag, resolve);
      timer = setTimeout(resolve, ECHO_WAIT_MS);
      timer.unref();
    });
    try {
      const reached = await this.bus.publish(AUTH_TOPIC, { ...change, tag });
      // Not subscribed here (not started, or the subscription is down): nothing will come back.
      if (this.off && reached > 0 && this.bus.delivering) await echoed;
    } catch (e) {
      // The change is committed already: a bus that is down must not turn it into an error for the caller.
      this.warn(e as Error, 'auth change not announced');
    } finally {
      clearTimeout(timer);
      this.echoes.delete(tag);
    }
  }

  private emit(change: AuthChange & { tag?: unknown }, listeners = this.listeners) {
    if (!change || typeof change !== 'object') return;
    if (listeners === this.listeners && typeof change.tag === 'string') this.echoes.get(change.tag)?.();
    for (const l of listeners) {
      try {
        l(change);
      } catch (e) {
        this.warn(e as Error, 'auth change listener failed');
      }
    }
  }

  async close(): Promise<void> {
    await this.off?.();
    this.off = undefined;
    this.listeners.clear();
    this.immediate.clear();
  }
}

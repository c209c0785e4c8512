import type { Bus } from '../bus.js';

/**
 * A change to who may do what, announced once it is committed. Every node hears it (the publishing one
 * too) and re-checks what it holds on the strength of an earlier check: open sockets, cached grants.
 * The database stays the truth: an event only says where to look again, so a lost one costs time
 * (the periodic socket checks catch up), never correctness of the next request.
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

export class AuthEvents {
  private listeners = new Set<Listener>();
  private off: (() => Promise<void>) | undefined;

  constructor(
    private readonly bus: Bus,
    private readonly warn: (err: Error, msg: string) => void = () => {},
  ) {}

  async start(): Promise<void> {
    this.off ??= await this.bus.subscribe(AUTH_TOPIC, (m) => this.emit(m as AuthChange));
  }

  /** Called for every change heard on the bus; returns the way to stop listening. */
  on(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
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
    // The change is committed already: a bus that is down must not turn it into an error for the caller.
    await this.bus.publish(AUTH_TOPIC, change).catch((e: Error) => this.warn(e, 'auth change not announced'));
  }

  private emit(change: AuthChange) {
    if (!change || typeof change !== 'object') return;
    for (const l of this.listeners) {
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
  }
}

import type { Redis } from 'ioredis';

/**
 * Who is online, across nodes. Each socket is an entry that expires unless its node refreshes it, so a
 * node that dies leaves no one "online" for longer than the TTL.
 */
export interface Presence {
  add(tenantId: string, userID: string, connId: string): Promise<void>;
  remove(tenantId: string, userID: string, connId: string): Promise<void>;
  /** Number of live sockets of the user (all nodes). */
  count(tenantId: string, userID: string): Promise<number>;
  /** Ids of the user's live sockets (all nodes). */
  members(tenantId: string, userID: string): Promise<string[]>;
  /** Keeps this node's sockets alive (called periodically); absent where entries do not expire. */
  refresh?(entries: { tenantId: string; userID: string; connId: string }[]): Promise<void>;
}

export const PRESENCE_TTL_MS = 90_000;

export class MemoryPresence implements Presence {
  private users = new Map<string, Set<string>>();
  async add(tenantId: string, userID: string, connId: string) {
    const k = `${tenantId}\n${userID}`;
    let s = this.users.get(k);
    if (!s) this.users.set(k, (s = new Set()));
    s.add(connId);
  }
  async remove(tenantId: string, userID: string, connId: string) {
    const k = `${tenantId}\n${userID}`;
    const s = this.users.get(k);
    s?.delete(connId);
    if (s && !s.size) this.users.delete(k);
  }
  async count(tenantId: string, userID: string) {
    return this.users.get(`${tenantId}\n${userID}`)?.size ?? 0;
  }
  async members(tenantId: string, userID: string) {
    return [...(this.users.get(`${tenantId}\n${userID}`) ?? [])];
  }
}

/** A sorted set per user: member = socket, score = expiry (ms). */
export class RedisPresence implements Presence {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}
  private key(tenantId: string, userID: string) {
    return `${this.prefix}${tenantId}:${userID}`;
  }
  async add(tenantId: string, userID: string, connId: string) {
    const k = this.key(tenantId, userID);
    await this.redis
      .multi()
      .zadd(k, Date.now() + PRESENCE_TTL_MS, connId)
      .pexpire(k, PRESENCE_TTL_MS)
      .exec();
  }
  async remove(tenantId: string, userID: string, connId: string) {
    await this.redis.zrem(this.key(tenantId, userID), connId);
  }
  async count(tenantId: string, userID: string) {
    return this.redis.zcount(this.key(tenantId, userID), Date.now(), '+inf');
  }
  async members(tenantId: string, userID: string) {
    return this.redis.zrangebyscore(this.key(tenantId, userID), Date.now(), '+inf');
  }
  async refresh(entries: { tenantId: string; userID: string; connId: string }[]) {
    const until = Date.now() + PRESENCE_TTL_MS;
    for (let i = 0; i < entries.length; i += 1000) {
      const p = this.redis.pipeline();
      for (const e of entries.slice(i, i + 1000)) {
        const k = this.key(e.tenantId, e.userID);
        p.zadd(k, until, e.connId).pexpire(k, PRESENCE_TTL_MS).zremrangebyscore(k, '-inf', Date.now());
      }
      await p.exec();
    }
  }
}

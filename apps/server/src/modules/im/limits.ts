import type { Redis } from 'ioredis';
import type { LRUCache } from 'lru-cache';
import { lru } from '../../platform/lru.js';
import { takeToken, type Bucket } from './rules.js';

/** Per-user send rate. In memory on one node; in Redis (one bucket per user for all nodes) with REDIS_URL. */
export interface SendLimiter {
  /** ok, or how long until the next message may be sent. */
  take(key: string, nowMs: number): Promise<{ ok: boolean; retryAfterMs: number }>;
}

export class MemoryLimiter implements SendLimiter {
  // A bucket lives until it would be full again: a full bucket carries no information, so idle users cost
  // nothing (as the Redis keys' PEXPIRE). The bound only matters past that many users sending at once.
  private buckets: LRUCache<string, Bucket>;
  constructor(
    private readonly limits: () => { rate: number; burst: number },
    max = 100_000,
  ) {
    this.buckets = lru(max, 60_000);
  }

  async take(key: string, nowMs: number) {
    const { rate, burst } = this.limits();
    const r = takeToken(this.buckets.get(key), nowMs, rate, burst);
    this.buckets.set(key, r.bucket, { ttl: Math.ceil((burst / rate) * 1000) + 1000 });
    return { ok: r.ok, retryAfterMs: r.retryAfterMs };
  }
}

// The same token bucket as rules.takeToken, atomic in Redis.
const SCRIPT = `
local rate = tonumber(ARGV[1]); local burst = tonumber(ARGV[2]); local now = tonumber(ARGV[3])
local v = redis.call('HMGET', KEYS[1], 't', 'a')
local t = tonumber(v[1]); local a = tonumber(v[2])
if t == nil or a == nil then t = burst; a = now end
t = math.min(burst, t + math.max(0, now - a) / 1000 * rate)
local ok = 0; local retry = 0
if t >= 1 then t = t - 1; ok = 1 else retry = math.ceil((1 - t) / rate * 1000) end
redis.call('HSET', KEYS[1], 't', tostring(t), 'a', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / rate * 1000) + 1000)
return {ok, retry}`;

type TakeToken = (key: string, rate: number, burst: number, nowMs: number) => Promise<[number, number]>;

export class RedisLimiter implements SendLimiter {
  private readonly takeToken: TakeToken;
  constructor(
    redis: Redis,
    private readonly prefix: string,
    private readonly limits: () => { rate: number; burst: number },
  ) {
    // A defined command runs by its SHA (EVALSHA, loading the script once if Redis lacks it) instead of
    // sending and hashing the script with every chat message.
    if (!('forecourtTakeToken' in redis))
      redis.defineCommand('forecourtTakeToken', { numberOfKeys: 1, lua: SCRIPT });
    const r = redis as unknown as { forecourtTakeToken: TakeToken };
    this.takeToken = (...args) => r.forecourtTakeToken(...args);
  }

  async take(key: string, nowMs: number) {
    const { rate, burst } = this.limits();
    const [ok, retry] = await this.takeToken(`${this.prefix}${key}`, rate, burst, nowMs);
    return { ok: ok === 1, retryAfterMs: retry };
  }
}

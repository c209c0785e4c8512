import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/index.js';
import { ClientCache, sha256 } from './guard.js';
import { PermissionCache } from './permissions.js';

/** The entries a cache holds, whatever it is built on (a Map before, an LRU now). */
const sizeOf = (cache: object) => (cache as unknown as { cache: { size: number } }).cache.size;

/** Answers the one known client, and nothing for every other id, without a database. */
const fakeDb = (queries: { n: number }) =>
  ({
    one: async (_sql: string, params: unknown[]) => {
      queries.n++;
      return params[0] === 'saber' ? { secret_hash: sha256('saber_secret') } : undefined;
    },
    query: async () => {
      queries.n++;
      return [];
    },
  }) as unknown as Db;

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

describe('caches keyed by what callers send', () => {
  it('keeps the client cache at its maximum under 100,000 random client ids', async () => {
    const queries = { n: 0 };
    const clients = new ClientCache(fakeDb(queries));
    let admitted = 0;
    for (let i = 0; i < 100_000; i++)
      if (await clients.verifyBasic(basic(randomBytes(12).toString('hex'), 'x'))) admitted++;
    expect(admitted).toBe(0);
    expect(sizeOf(clients)).toBe(1000);
    // The known client still works, and is served from the cache the second time.
    expect(await clients.verifyBasic(basic('saber', 'saber_secret'))).toBe('saber');
    const before = queries.n;
    expect(await clients.verifyBasic(basic('saber', 'saber_secret'))).toBe('saber');
    expect(await clients.verifyBasic(basic('saber', 'wrong'))).toBeNull();
    expect(queries.n).toBe(before);
  });

  it('keeps the permission cache bounded under many role sets', async () => {
    const perms = new PermissionCache(fakeDb({ n: 0 }));
    for (let i = 0; i < 5000; i++) await perms.codes([String(i), String(i + 1)]);
    expect(sizeOf(perms)).toBe(1000);
  });
});

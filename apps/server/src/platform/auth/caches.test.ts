import { randomBytes } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { MemoryBus, type Bus } from '../bus.js';
import type { Db } from '../db/index.js';
import { AuthEvents } from './events.js';
import { ClientCache, SessionCache, sha256 } from './guard.js';
import { PermissionCache } from './permissions.js';
import { TokenError, TokenService } from './tokens.js';

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

interface SessionRow {
  user_id: string;
  tenant_id: string;
  account: string;
  client_id: string;
  role_ids: string[];
  role_aliases: string[];
  dept_id: string | null;
  expires_ms: number | null;
}

/** The session statement's answers from a map (a live session is one in it), counted, optionally held back. */
function sessionDb() {
  const rows = new Map<string, SessionRow>();
  const state = { reads: 0, hold: undefined as Promise<void> | undefined };
  const db = {
    query: async (_sql: string, params: unknown[]) => {
      state.reads++;
      const answer = (params[0] as string[]).flatMap((sid) => {
        const row = rows.get(sid);
        return row ? [{ session_id: sid, ...row }] : [];
      });
      if (state.hold) await state.hold;
      return answer;
    },
  } as unknown as Db;
  const live = (sid: string, over: Partial<SessionRow> = {}) =>
    rows.set(sid, {
      user_id: `u${sid}`,
      tenant_id: '000000',
      account: `a${sid}`,
      client_id: 'saber',
      role_ids: ['11'],
      role_aliases: ['sales'],
      dept_id: '21',
      expires_ms: null,
      ...over,
    });
  return { db, rows, state, live };
}

/** A bus whose subscription is down: nothing published elsewhere arrives. */
const downBus = (): Bus => Object.assign(new MemoryBus(), { delivering: false }) as unknown as Bus;

describe('the session cache', () => {
  it('reads a live session once, then answers from memory, and forgets exactly what a change concerns', async () => {
    const { db, state, live, rows } = sessionDb();
    const events = new AuthEvents(new MemoryBus());
    await events.start();
    const sessions = new SessionCache(db, events);
    for (const sid of ['1', '2', '3']) live(sid);
    live('4', { user_id: 'u1', tenant_id: '700001', role_ids: ['12'] });
    for (const sid of ['1', '2', '3', '4']) expect((await sessions.scope(sid))?.account).toBe(`a${sid}`);
    expect(state.reads).toBe(4);
    for (let i = 0; i < 10; i++) await sessions.scope('2');
    expect(state.reads).toBe(4);

    // Sign-out: the session is gone at once (before the publish resolves), the others stay.
    rows.delete('2');
    const announced = events.sessionEnded('2');
    expect(await sessions.scope('2')).toBeNull();
    await announced;
    expect(state.reads).toBe(5);
    await sessions.scope('1');
    expect(state.reads).toBe(5);

    // A user: every session of theirs, in any tenant.
    await events.userChanged('u1');
    await sessions.scope('1');
    await sessions.scope('4');
    await sessions.scope('3');
    expect(state.reads).toBe(7);

    // A role: the sessions holding it; a tenant: its sessions.
    await events.roleChanged('12');
    await sessions.scope('4');
    await sessions.scope('1');
    expect(state.reads).toBe(8);
    await events.tenantChanged('000000');
    await sessions.scope('1');
    await sessions.scope('3');
    await sessions.scope('4');
    expect(state.reads).toBe(10);
    await events.close();
  });

  it('does not keep a read that began before a change was heard', async () => {
    const { db, state, live } = sessionDb();
    const events = new AuthEvents(new MemoryBus());
    await events.start();
    const sessions = new SessionCache(db, events);
    live('1');
    let release!: () => void;
    state.hold = new Promise((r) => (release = r));
    const pending = sessions.scope('1');
    // The read has the old state; the change is committed and heard while it is on its way.
    await events.userChanged('u1');
    release();
    state.hold = undefined;
    expect(await pending).not.toBeNull();
    await sessions.scope('1');
    expect(state.reads).toBe(2);
    await events.close();
  });

  it('never keeps a refused session, and refuses a kept one once its tenant expires', async () => {
    const { db, state, live, rows } = sessionDb();
    const sessions = new SessionCache(db, new AuthEvents(new MemoryBus()));
    expect(await sessions.scope('9')).toBeNull();
    live('9');
    expect(await sessions.scope('9')).not.toBeNull();
    expect(state.reads).toBe(2);
    // A second of life on a set clock: a machine stalled by other work cannot age it between two reads.
    const T0 = 1_800_000_000_000;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(T0);
      live('8', { expires_ms: T0 + 1000 });
      expect(await sessions.scope('8')).not.toBeNull();
      vi.setSystemTime(T0 + 999);
      expect(await sessions.scope('8')).not.toBeNull();
      expect(state.reads).toBe(3);
      vi.setSystemTime(T0 + 1000);
      expect(await sessions.scope('8')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
    rows.delete('8');
    expect(await sessions.scope('8')).toBeNull();
    expect(await sessions.scope('not-a-session-id')).toBeNull();
  });

  it('reads the sessions first asked for together in one statement, each with its own answer', async () => {
    const { db, state, live } = sessionDb();
    const events = new AuthEvents(new MemoryBus());
    await events.start();
    const sessions = new SessionCache(db, events);
    for (const sid of ['1', '2', '3', '4', '5']) live(sid);
    live('6', { tenant_id: '700001', account: 'other-tenant' });
    // A restarted node's clients, arriving in one turn: one statement for them all.
    const asked = ['1', '2', '3', '4', '5', '6', '3', '404', 'not-a-session-id'];
    const scopes = await Promise.all(asked.map((sid) => sessions.scope(sid)));
    expect(scopes.map((s) => s && [s.sessionId, s.account, s.tenantId])).toEqual([
      ['1', 'a1', '000000'],
      ['2', 'a2', '000000'],
      ['3', 'a3', '000000'],
      ['4', 'a4', '000000'],
      ['5', 'a5', '000000'],
      ['6', 'other-tenant', '700001'],
      ['3', 'a3', '000000'],
      null,
      null,
    ]);
    expect(state.reads).toBe(1);
    // Kept as if read one by one: none of them is read again.
    await Promise.all(['1', '2', '3', '4', '5', '6'].map((sid) => sessions.scope(sid)));
    expect(state.reads).toBe(1);
  });

  it('reads the database on every request while the bus is not delivering', async () => {
    const { db, state, live } = sessionDb();
    const sessions = new SessionCache(db, new AuthEvents(downBus()));
    live('1');
    for (let i = 0; i < 5; i++) expect(await sessions.scope('1')).not.toBeNull();
    expect(state.reads).toBe(5);
  });

  it('stays at its maximum under many sessions, and its scopes cannot be changed by a handler', async () => {
    const { db, live } = sessionDb();
    const sessions = new SessionCache(db, new AuthEvents(new MemoryBus()), { max: 100 });
    for (let i = 0; i < 1000; i++) {
      live(String(i));
      await sessions.scope(String(i));
    }
    expect(sizeOf(sessions)).toBe(100);
    const scope = (await sessions.scope('999'))!;
    expect(() => scope.roleIds.push('1')).toThrow();
    expect(() => Object.assign(scope, { tenantId: '000001' })).toThrow();
  });

  it("checks a token's signature once, and still refuses it once it expires or when altered", async () => {
    // The clock is set, not waited on: a 1-second token signed at x.999 s would be expired a millisecond later.
    const T0 = 1_800_000_000_000;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(T0);
      const sessions = new SessionCache(sessionDb().db, new AuthEvents(new MemoryBus()));
      const tokens = new TokenService('k'.repeat(48), 1, 60);
      const claims = {
        sid: '42',
        uid: '1',
        tid: '000000',
        acc: 'a',
        rids: [],
        ral: [],
        did: null,
        cid: 'saber',
      };
      const token = await tokens.signAccess(claims);
      let verifications = 0;
      const counting = Object.assign(Object.create(tokens) as TokenService, {
        verifyAccess: (t: string) => (verifications++, tokens.verifyAccess(t)),
      });
      expect(await sessions.sessionOf(counting, token)).toBe('42');
      vi.setSystemTime(T0 + 999);
      expect(await sessions.sessionOf(counting, token)).toBe('42');
      expect(verifications).toBe(1);
      await expect(sessions.sessionOf(counting, `${token.slice(0, -2)}xx`)).rejects.toBeInstanceOf(
        TokenError,
      );
      vi.setSystemTime(T0 + 1000);
      await expect(sessions.sessionOf(counting, token)).rejects.toBeInstanceOf(TokenError);
    } finally {
      vi.useRealTimers();
    }
  });
});

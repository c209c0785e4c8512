import { afterEach, describe, expect, it, vi } from 'vitest';
import { messageId, randomId } from './ids.js';

afterEach(() => vi.restoreAllMocks());

describe('randomId', () => {
  it('gives ids of the clientMsgId alphabet and the asked length, never the same twice', () => {
    const ids = Array.from({ length: 20_000 }, () => randomId());
    for (const id of ids.slice(0, 200)) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(randomId(16)).toHaveLength(16);
  });

  it('asks the platform for randomness a pool at a time, not once per id', () => {
    const spy = vi.spyOn(globalThis.crypto, 'getRandomValues');
    for (let i = 0; i < 1000; i++) randomId();
    // 22,000 bytes in pools of 4,096.
    expect(spy.mock.calls.length).toBeGreaterThan(0);
    expect(spy.mock.calls.length).toBeLessThanOrEqual(6);
  });
});

describe('messageId', () => {
  it('gives 22 characters of the clientMsgId alphabet, in the order of their times, never the same twice', () => {
    const t0 = Date.UTC(2026, 10, 25, 15, 0, 0);
    const ids = Array.from({ length: 5_000 }, (_, i) => messageId(t0 + i * 997));
    for (const id of ids.slice(0, 200)) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // Byte order, as the database's index compares them.
    expect([...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(ids);
    const sameMs = Array.from({ length: 5_000 }, () => messageId(t0));
    expect(new Set(sameMs).size).toBe(sameMs.length);
    expect(messageId(Date.UTC(2059, 0, 1)) > messageId(t0)).toBe(true);
  });
});

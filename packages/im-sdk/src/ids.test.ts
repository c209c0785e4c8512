import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomId } from './ids.js';

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

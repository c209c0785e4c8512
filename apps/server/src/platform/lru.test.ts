import { describe, expect, it } from 'vitest';
import { lru } from './lru.js';

describe('lru', () => {
  it('holds at most its bound, dropping the least recently used', () => {
    const c = lru<string, number>(3);
    c.set('a', 1);
    c.set('b', 2);
    c.set('c', 3);
    c.get('a');
    c.set('d', 4);
    expect([...c.keys()].sort()).toEqual(['a', 'c', 'd']);
    for (let i = 0; i < 1000; i++) c.set(`k${i}`, i);
    expect(c.size).toBe(3);
    expect(c.get('k999')).toBe(999);
  });

  // lru-cache reads its own clock (performance.now, kept from its import), so the test waits for real.
  it('forgets an entry once its life is over', async () => {
    const c = lru<string, number>(10, 200);
    c.set('a', 1);
    expect(c.get('a')).toBe(1);
    await new Promise((r) => setTimeout(r, 260));
    expect(c.get('a')).toBeUndefined();
  });
});

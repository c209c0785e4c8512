import { describe, expect, it } from 'vitest';
import { sessionsEnded } from './principals.js';

describe('which sockets’ sessions are over', () => {
  it('ends malformed ids and those the store no longer has, and asks the store only about well-formed ones', async () => {
    const asked: string[][] = [];
    const ended = await sessionsEnded(['11', 'x-1', '12', '13', '99999999999999999999'], async (ids) => {
      asked.push(ids);
      return [{ id: '11' }, { id: 13 }];
    });
    expect(asked).toEqual([['11', '12', '13']]);
    expect([...ended].sort()).toEqual(['12', '99999999999999999999', 'x-1']);
  });

  it('does not ask the store when no id could be a session', async () => {
    let asked = false;
    const ended = await sessionsEnded(['a', 'b'], async () => {
      asked = true;
      return [];
    });
    expect(asked).toBe(false);
    expect([...ended]).toEqual(['a', 'b']);
  });

  it('sorts out a node’s tens of thousands of sockets at once', async () => {
    const ids = Array.from({ length: 50_000 }, (_, i) => String(1_000_000 + i));
    const ended = await sessionsEnded(ids, async (numeric) =>
      numeric.filter((_, i) => i % 2 === 0).map((id) => ({ id })),
    );
    expect(ended.size).toBe(25_000);
    expect(ended.has('1000001')).toBe(true);
    expect(ended.has('1000000')).toBe(false);
  });
});

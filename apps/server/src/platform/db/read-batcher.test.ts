import { describe, expect, it } from 'vitest';
import { GroupedReadBatcher, ReadBatcher } from './read-batcher.js';

/** A read the test answers by hand: each call's keys, and a way to settle it. */
function manualRead() {
  const calls: { keys: string[]; answer(found?: Record<string, string>): void; fail(e: Error): void }[] = [];
  const read = (keys: string[]) =>
    new Promise<Map<string, string>>((resolve, reject) => {
      calls.push({
        keys,
        answer: (found) =>
          resolve(new Map(Object.entries(found ?? Object.fromEntries(keys.map((k) => [k, `v:${k}`]))))),
        fail: reject,
      });
    });
  return { calls, read };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('ReadBatcher', () => {
  it('reads a lone key at once, in a statement of its own', async () => {
    const { calls, read } = manualRead();
    const b = new ReadBatcher(read);
    const a = b.get('a');
    expect(calls.map((c) => c.keys)).toEqual([['a']]);
    calls[0]!.answer();
    expect(await a).toBe('v:a');
    await tick();
    expect(b.idle).toBe(true);
  });

  it('with gatherTurn, shares one statement among the calls of one turn, and the next turn waits for it', async () => {
    const { calls, read } = manualRead();
    const b = new ReadBatcher(read, { maxInFlight: 1, gatherTurn: true });
    const first = ['a', 'b', 'a'].map((k) => b.get(k));
    expect(calls).toHaveLength(0);
    expect(b.idle).toBe(false);
    await tick();
    expect(calls.map((c) => c.keys)).toEqual([['a', 'b']]);
    // A call after the read was sent never joins it: it goes with the next one, once this one ends.
    const later = b.get('a');
    await tick();
    expect(calls).toHaveLength(1);
    calls[0]!.answer();
    expect(await Promise.all(first)).toEqual(['v:a', 'v:b', 'v:a']);
    await tick();
    expect(calls.map((c) => c.keys)).toEqual([['a', 'b'], ['a']]);
    calls[1]!.answer({ a: 'new' });
    expect(await later).toBe('new');
    await tick();
    expect(b.idle).toBe(true);
  });

  it('gathers the keys that arrive while reads are on their way into the next statement', async () => {
    const { calls, read } = manualRead();
    const b = new ReadBatcher(read, { maxInFlight: 1 });
    const first = b.get('a');
    const rest = ['b', 'c', 'd'].map((k) => b.get(k));
    expect(calls).toHaveLength(1);
    calls[0]!.answer();
    await first;
    await tick();
    expect(calls.map((c) => c.keys)).toEqual([['a'], ['b', 'c', 'd']]);
    calls[1]!.answer();
    expect(await Promise.all(rest)).toEqual(['v:b', 'v:c', 'v:d']);
  });

  it('runs at most maxInFlight statements and at most maxBatch keys in each', async () => {
    const { calls, read } = manualRead();
    const b = new ReadBatcher(read, { maxInFlight: 2, maxBatch: 2 });
    const all = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((k) => b.get(k));
    expect(calls.map((c) => c.keys)).toEqual([['a'], ['b']]);
    calls[1]!.answer();
    await tick();
    expect(calls.map((c) => c.keys)).toEqual([['a'], ['b'], ['c', 'd']]);
    calls[0]!.answer();
    await tick();
    expect(calls.map((c) => c.keys)).toEqual([['a'], ['b'], ['c', 'd'], ['e', 'f']]);
    calls[2]!.answer();
    calls[3]!.answer();
    await tick();
    expect(calls.map((c) => c.keys)).toEqual([['a'], ['b'], ['c', 'd'], ['e', 'f'], ['g']]);
    calls[4]!.answer();
    expect(await Promise.all(all)).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((k) => `v:${k}`));
    await tick();
    expect(b.idle).toBe(true);
  });

  it('reads a key asked twice in one batch once, and answers both calls', async () => {
    const { calls, read } = manualRead();
    const b = new ReadBatcher(read, { maxInFlight: 1 });
    void b.get('x');
    const twice = [b.get('a'), b.get('a'), b.get('b')];
    calls[0]!.answer();
    await tick();
    expect(calls[1]!.keys).toEqual(['a', 'b']);
    calls[1]!.answer();
    expect(await Promise.all(twice)).toEqual(['v:a', 'v:a', 'v:b']);
  });

  it('never answers a call with a read that was already on its way when it was made', async () => {
    const { calls, read } = manualRead();
    const b = new ReadBatcher(read, { maxInFlight: 1 });
    const early = b.get('a');
    const late = b.get('a');
    expect(calls).toHaveLength(1);
    calls[0]!.answer({ a: 'before the change' });
    expect(await early).toBe('before the change');
    await tick();
    expect(calls.map((c) => c.keys)).toEqual([['a'], ['a']]);
    calls[1]!.answer({ a: 'after the change' });
    expect(await late).toBe('after the change');
  });

  it("hands each key's argument to the statement, the last call's when a key is asked twice", async () => {
    const seen: [string[], (string | undefined)[]][] = [];
    const b = new ReadBatcher<string, string, string>(
      async (keys, args) => {
        seen.push([keys, args]);
        return new Map(keys.map((k, i) => [k, `${k}=${args[i]}`]));
      },
      { maxInFlight: 1 },
    );
    const calls = [b.get('a', 'first'), b.get('b', 'x'), b.get('a', 'second'), b.get('c')];
    expect(await Promise.all(calls)).toEqual(['a=first', 'b=x', 'a=second', 'c=undefined']);
    expect(seen).toEqual([
      [['a'], ['first']],
      [
        ['b', 'a', 'c'],
        ['x', 'second', undefined],
      ],
    ]);
  });

  it('answers undefined for a key the read did not find', async () => {
    const { calls, read } = manualRead();
    const b = new ReadBatcher(read);
    const p = b.get('gone');
    calls[0]!.answer({});
    expect(await p).toBeUndefined();
  });

  it('fails exactly the calls of a failed statement, and the next batch still runs', async () => {
    const { calls, read } = manualRead();
    const b = new ReadBatcher(read, { maxInFlight: 1 });
    const failing = [b.get('a')];
    const next = [b.get('b'), b.get('c')];
    calls[0]!.fail(new Error('connection lost'));
    await expect(failing[0]).rejects.toThrow('connection lost');
    await tick();
    expect(calls[1]!.keys).toEqual(['b', 'c']);
    calls[1]!.answer();
    expect(await Promise.all(next)).toEqual(['v:b', 'v:c']);
  });

  it('turns a read that throws before its promise into a rejection of its calls', async () => {
    const b = new ReadBatcher<string, string>(() => {
      throw new Error('bad parameters');
    });
    await expect(b.get('a')).rejects.toThrow('bad parameters');
    await tick();
    expect(b.idle).toBe(true);
  });
});

describe('GroupedReadBatcher', () => {
  it('reads each group in statements of its own and keeps no group once its work is done', async () => {
    const seen: [string, string[]][] = [];
    const pending: (() => void)[] = [];
    const g = new GroupedReadBatcher<string, string>(
      (group, keys) =>
        new Promise((resolve) => {
          seen.push([group, keys]);
          pending.push(() => resolve(new Map(keys.map((k) => [k, `${group}/${k}`]))));
        }),
      { maxInFlight: 1 },
    );
    const calls = [g.get('t1', 'a'), g.get('t2', 'a'), g.get('t1', 'b'), g.get('t1', 'c'), g.get('t2', 'b')];
    expect(seen).toEqual([
      ['t1', ['a']],
      ['t2', ['a']],
    ]);
    expect(g.size).toBe(2);
    while (pending.length) {
      pending.shift()!();
      await tick();
    }
    expect(seen).toEqual([
      ['t1', ['a']],
      ['t2', ['a']],
      ['t1', ['b', 'c']],
      ['t2', ['b']],
    ]);
    expect(await Promise.all(calls)).toEqual(['t1/a', 't2/a', 't1/b', 't1/c', 't2/b']);
    expect(g.size).toBe(0);
  });
});

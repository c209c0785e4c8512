import { describe, expect, it } from 'vitest';
import { Rotation } from './rotation.js';

describe('Rotation', () => {
  it('visits every item once per lap, a slice at a time, and starts over after the lap', () => {
    const m = new Map([1, 2, 3, 4, 5].map((k) => [k, `v${k}`]));
    const r = new Rotation(() => m.values());
    expect(r.take(2)).toEqual(['v1', 'v2']);
    expect(r.take(2)).toEqual(['v3', 'v4']);
    expect(r.take(2)).toEqual(['v5']);
    expect(r.take(2)).toEqual(['v1', 'v2']);
  });

  it('skips items removed mid-lap and reaches items added mid-lap in the same lap', () => {
    const m = new Map([1, 2, 3, 4].map((k) => [k, k]));
    const r = new Rotation(() => m.keys());
    expect(r.take(1)).toEqual([1]);
    m.delete(2);
    m.set(9, 9);
    expect(r.take(10)).toEqual([3, 4, 9]);
    expect(r.take(10)).toEqual([1, 3, 4, 9]);
  });

  it('takes fractional shares: each item once per lap of calls, however few items there are', () => {
    const r = new Rotation(() => ['a', 'b', 'c'].values());
    // A sixth of three items per call: one item every other call, the whole lap in six calls.
    const calls = Array.from({ length: 12 }, () => r.takeShare(3 / 6));
    expect(calls).toEqual([[], ['a'], [], ['b'], [], ['c'], [], ['a'], [], ['b'], [], ['c']]);
    expect(r.takeShare(0)).toEqual([]);
    expect(r.takeShare(2.5)).toEqual(['a', 'b']);
    expect(r.takeShare(0.5)).toEqual(['c']);
  });

  it('gives nothing for an empty collection', () => {
    const r = new Rotation(() => new Set<number>().values());
    expect(r.take(5)).toEqual([]);
  });
});

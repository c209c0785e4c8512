import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBatcher, RECEIVE_BATCH_MS } from './batcher';

describe('received message batches', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hands over every message of a burst, at most once per 200 ms', () => {
    const batches: number[][] = [];
    const b = createBatcher<number>((items) => batches.push(items));
    b.push([1]);
    vi.advanceTimersByTime(0);
    expect(batches).toEqual([[1]]);
    for (let i = 2; i <= 500; i++) b.push([i]);
    vi.advanceTimersByTime(RECEIVE_BATCH_MS - 1);
    expect(batches).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(batches).toHaveLength(2);
    expect(batches.flat()).toEqual(Array.from({ length: 500 }, (_, i) => i + 1));
  });

  it('flushes on demand and forgets the queue when stopped', () => {
    const seen: string[] = [];
    const b = createBatcher<string>((items) => seen.push(...items));
    b.push(['a', 'b']);
    b.flush();
    expect(seen).toEqual(['a', 'b']);
    b.push(['c']);
    b.stop();
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual(['a', 'b']);
  });
});

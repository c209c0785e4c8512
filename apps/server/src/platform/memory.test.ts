import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIMITS, MemoryReducer, decide, initialState, youngGenerationBytes, type Sample } from './memory.js';

const MB = 1024 * 1024;
const quiet = (now: number, youngBytes = 128 * MB): Sample => ({ utilisation: 0.02, youngBytes, now });
const busy = (now: number): Sample => ({ utilisation: 0.6, youngBytes: 128 * MB, now });

/** Runs the samples through decide; the times at which it collected. */
function run(samples: Sample[]) {
  let state = initialState();
  const at: number[] = [];
  for (const s of samples) {
    const d = decide(state, s);
    state = d.state;
    if (d.collect) at.push(s.now);
  }
  return at;
}

describe('decide: when a quiet node collects', () => {
  it('collects after the quiet checks in a row, not before', () => {
    const checks = Array.from({ length: LIMITS.quietChecks }, (_, i) => quiet(1000 + i * LIMITS.checkMs));
    expect(run(checks.slice(0, -1))).toEqual([]);
    expect(run(checks)).toEqual([checks.at(-1)!.now]);
  });

  it('a busy check starts the count again', () => {
    const n = LIMITS.quietChecks;
    const samples = [
      ...Array.from({ length: n - 1 }, (_, i) => quiet(i * 2000)),
      busy((n - 1) * 2000),
      ...Array.from({ length: n - 1 }, (_, i) => quiet((n + i) * 2000)),
    ];
    expect(run(samples)).toEqual([]);
    expect(run([...samples, quiet(2 * n * 2000)])).toEqual([2 * n * 2000]);
  });

  it('leaves a young generation no larger than V8 would keep by default alone', () => {
    const small = Array.from({ length: 10 }, (_, i) => quiet(i * 2000, LIMITS.youngBytes));
    expect(run(small)).toEqual([]);
  });

  it('collects at most once per cooldown, however long the node stays quiet', () => {
    const samples = Array.from({ length: 100 }, (_, i) => quiet(i * 2000)); // 200 s
    const at = run(samples);
    expect(at.length).toBe(Math.floor((198_000 - at[0]!) / LIMITS.cooldownMs) + 1);
    for (let i = 1; i < at.length; i++) expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(LIMITS.cooldownMs);
  });

  it('gives back a connect storm within half a minute of a collection made just before it', () => {
    // The start's collection (the seeds' garbage), a storm of 20 s, then quiet: the bench's shape
    // (bench:im), where a one-minute cooldown kept the storm's young generation through its idle phase.
    const n = LIMITS.quietChecks;
    const start = Array.from({ length: n }, (_, i) => quiet((i + 1) * 2000));
    const stormEnd = (n + 11) * 2000;
    const samples = [
      ...start,
      ...Array.from({ length: 10 }, (_, i) => busy((n + 1 + i) * 2000)),
      ...Array.from({ length: 15 }, (_, i) => quiet(stormEnd + i * 2000)),
    ];
    const at = run(samples);
    expect(at[0]).toBe(start.at(-1)!.now);
    expect(at[1]! - at[0]!).toBeLessThanOrEqual(30_000);
    expect(at[1]! - stormEnd).toBeLessThanOrEqual(12_000);
  });

  it('does not take a lull of a few seconds between two loads for a quiet node', () => {
    // bench:im waits ~6 s for its load generators to settle before each load; the collection's pause
    // (0.3–0.5 s with 20,000 sockets) fell on the next load's first second when six quiet seconds sufficed.
    const load = (from: number) => Array.from({ length: 8 }, (_, i) => busy(from + i * 2000));
    const lull = (from: number) => Array.from({ length: 3 }, (_, i) => quiet(from + i * 2000));
    const samples = [...load(0), ...lull(16_000), ...load(22_000), ...lull(38_000), ...load(44_000)];
    expect(run(samples)).toEqual([]);
  });

  it('never collects under load', () => {
    expect(run(Array.from({ length: 100 }, (_, i) => busy(i * 2000)))).toEqual([]);
  });
});

describe('MemoryReducer', () => {
  const reducers: MemoryReducer[] = [];
  afterEach(async () => {
    for (const r of reducers.splice(0)) await r.stop();
    vi.restoreAllMocks();
  });
  const log = () => ({ info: vi.fn(), warn: vi.fn() });

  it("V8's memory-reducing collection gives back a young generation a burst grew", async () => {
    // A burst whose objects live a while (sockets being opened) grows the young generation.
    let keep: object[] = [];
    for (let i = 0; i < 3_000_000; i++) {
      keep.push({ i, s: `x${i}` });
      if (keep.length > 200_000) keep = keep.slice(100_000);
    }
    keep = [];
    const grown = youngGenerationBytes();
    expect(grown).toBeGreaterThan(4 * MB);
    const r = new MemoryReducer(log());
    reducers.push(r);
    const c = await r.collect();
    expect(youngGenerationBytes()).toBeLessThan(grown);
    expect(c.youngMbAfter).toBeLessThan(c.youngMbBefore);
    expect(c.ms).toBeGreaterThanOrEqual(0);
    // Asked again, it runs again: the session stays usable across collections.
    await expect(r.collect()).resolves.toMatchObject({ ms: expect.any(Number) });
  });

  it('a check collects when decide says so and logs what it gave back; a busy one does not', async () => {
    const l = log();
    const r = new MemoryReducer(l);
    reducers.push(r);
    const collect = vi.spyOn(r, 'collect').mockResolvedValue({
      ms: 120,
      rssMbBefore: 380,
      rssMbAfter: 230,
      youngMbBefore: 128,
      youngMbAfter: 1,
    });
    for (let i = 0; i < LIMITS.quietChecks - 1; i++) expect(await r.check(quiet(i * 2000))).toBeUndefined();
    expect(await r.check(busy(LIMITS.quietChecks * 2000))).toBeUndefined();
    expect(collect).not.toHaveBeenCalled();
    for (let i = 0; i < LIMITS.quietChecks - 1; i++) await r.check(quiet((10 + i) * 2000));
    const c = await r.check(quiet(20 * 2000));
    expect(collect).toHaveBeenCalledTimes(1);
    expect(c?.youngMbAfter).toBe(1);
    expect(l.info).toHaveBeenCalledWith(c, expect.stringContaining('young generation given back'));
  });

  it('a failed collection is logged, not thrown, and waits for the cooldown', async () => {
    const l = log();
    const r = new MemoryReducer(l);
    reducers.push(r);
    const collect = vi.spyOn(r, 'collect').mockRejectedValue(new Error('inspector unavailable'));
    for (let i = 0; i < LIMITS.quietChecks; i++) await r.check(quiet(i * 2000));
    expect(collect).toHaveBeenCalledTimes(1);
    expect(l.warn).toHaveBeenCalledTimes(1);
    for (let i = 0; i < LIMITS.quietChecks; i++) await r.check(quiet(10_000 + i * 2000));
    expect(collect).toHaveBeenCalledTimes(1);
  });

  it('stop ends the checks and closes the session, also right after a collection', async () => {
    const r = new MemoryReducer(log(), { ...LIMITS, checkMs: 10 });
    r.start();
    await r.collect();
    await r.stop();
    const check = vi.spyOn(r, 'check');
    await new Promise((res) => setTimeout(res, 50));
    expect(check).not.toHaveBeenCalled();
  });
});

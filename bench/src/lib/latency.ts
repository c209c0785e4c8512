import { performance } from 'node:perf_hooks';

export interface LatencyFigures {
  requests: number;
  reqPerSec: number;
  p50ms: number;
  p95ms: number;
  p99ms: number;
  errors: number;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * `connections` loops fetching the URL for `seconds`; every latency is kept, so any percentile is exact.
 */
export async function measure(
  url: string,
  opts: {
    headers?: Record<string, string>;
    connections?: number;
    seconds?: number;
  } = {},
): Promise<LatencyFigures> {
  const until = performance.now() + (opts.seconds ?? 8) * 1000;
  const times: number[] = [];
  let errors = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: opts.connections ?? 10 }, async () => {
      while (performance.now() < until) {
        const s = performance.now();
        try {
          const res = await fetch(url, { headers: opts.headers });
          await res.arrayBuffer();
          if (res.status !== 200) errors++;
        } catch {
          errors++;
        }
        times.push(performance.now() - s);
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  times.sort((a, b) => a - b);
  const r = (n: number) => Math.round(n * 10) / 10;
  return {
    requests: times.length,
    reqPerSec: Math.round(times.length / elapsed),
    p50ms: r(pct(times, 50)),
    p95ms: r(pct(times, 95)),
    p99ms: r(pct(times, 99)),
    errors,
  };
}

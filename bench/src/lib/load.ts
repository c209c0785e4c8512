import autocannon from 'autocannon';

export interface LoadFigures {
  reqPerSec: number;
  p50ms: number;
  p99ms: number;
  requests: number;
  non2xx: number;
  errors: number;
}

/** Drives one URL with autocannon and keeps the figures we report. */
export async function load(opts: {
  url: string;
  connections?: number;
  seconds?: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}): Promise<LoadFigures> {
  const r = await autocannon({
    url: opts.url,
    connections: opts.connections ?? 10,
    duration: opts.seconds ?? 8,
    method: opts.method ?? 'GET',
    headers: opts.headers,
    body: opts.body,
  });
  return {
    reqPerSec: Math.round(r.requests.average),
    p50ms: r.latency.p50,
    p99ms: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

/**
 * A diagnostic preload for the chat bench's server (`IM_BENCH_SERVER_NODE_FLAGS="--import
 * ./src/lib/loop-watch.mjs"`, from bench/): once a second it appends to LOOP_WATCH_FILE (default
 * loop-watch.log in the system's temporary folder) the event loop's busy share, its longest lag (a 5 ms
 * timer), the collections' time with each one over 10 ms by kind (1 minor, 4 major, 8 incremental, 16
 * weak callbacks), RSS, heap and the young generation's size; and a line of its own for every lag over
 * 30 ms. Wall-clock times, so a bad second of the bench's fixed-rate run can be matched to what the node
 * was doing then.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { PerformanceObserver, performance } from 'node:perf_hooks';
import { setInterval } from 'node:timers';

const file = process.env.LOOP_WATCH_FILE || path.join(os.tmpdir(), 'loop-watch.log');
const log = (s) => fs.appendFileSync(file, `${s}\n`);
let last = process.hrtime.bigint();
let maxLag = 0;
let gcMs = 0;
let long = '';
let elu = performance.eventLoopUtilization();

setInterval(() => {
  const now = process.hrtime.bigint();
  const lag = Number(now - last) / 1e6 - 5;
  if (lag > maxLag) maxLag = lag;
  if (lag > 30) log(`[lag] ${lag.toFixed(1)} ms ending ${new Date().toISOString()}`);
  last = now;
}, 5).unref();

setInterval(() => {
  const busy = performance.eventLoopUtilization(elu).utilization;
  elu = performance.eventLoopUtilization();
  const young = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0;
  const m = process.memoryUsage();
  log(
    `[sec] ${new Date().toISOString()} busy ${(busy * 100).toFixed(0)}% maxLag ${maxLag.toFixed(1)} ms ` +
      `gc ${gcMs.toFixed(0)} ms ${long}rss ${(m.rss / 1e6).toFixed(0)} MB heap ${(m.heapUsed / 1e6).toFixed(0)} MB ` +
      `young ${(young / 2 ** 20).toFixed(0)} MB`,
  );
  maxLag = 0;
  gcMs = 0;
  long = '';
}, 1000).unref();

new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    gcMs += e.duration;
    if (e.duration > 10) long += `k${e.detail?.kind}:${e.duration.toFixed(0)} `;
  }
}).observe({ entryTypes: ['gc'] });

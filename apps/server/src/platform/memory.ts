import type { Session } from 'node:inspector';
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import type { Logger } from 'pino';
import { importPackage } from './packages.js';

/**
 * Gives the young generation back once the node has gone quiet.
 *
 * Why: the server runs with a 64 MB semi-space (node-flags.mjs), so that a busy node's garbage dies young.
 * A burst (a connect storm, a busy minute) grows V8's young generation to its most, two semi-spaces, and
 * V8 shrinks it again only at a collection that finds allocation below ~1 KB/ms. A chat node holding
 * 20,000 idle sockets allocates ~5 KB/ms answering their heartbeats, so it kept some 128 MB it no longer
 * used: a third of its memory, ~3 KB per idle connection (docs/bench.md).
 *
 * Guarantees:
 * - It acts only on a quiet node: the event loop busy less than `quietUtilisation` of the time in each
 *   of `quietChecks` checks in a row, `checkMs` apart (10 s), with a young generation larger than V8's
 *   own default lets it grow (`youngBytes`). A node under load is never paused by it, nor one whose
 *   traffic stopped for a few seconds: the collection pauses a node holding 20,000 sockets for
 *   0.3–0.5 s, and after a 6 s lull it landed on the load that followed (docs/bench.md).
 * - At most once per `cooldownMs`.
 * - What it runs is V8's memory-reducing collection (`Isolate::LowMemoryNotification`): a full
 *   collection that also shrinks the young generation. Node offers no call for it but the inspector
 *   protocol's `HeapProfiler.collectGarbage`, on a session of this process's own (no port is opened, no
 *   domain enabled). Its pause is logged with what it gave back.
 * - The session is closed by `stop`, never from the collection's own callback (that deadlocks V8's
 *   inspector in Node 20).
 */
export interface ReducerLimits {
  checkMs: number;
  quietUtilisation: number;
  quietChecks: number;
  youngBytes: number;
  cooldownMs: number;
}

export const LIMITS: ReducerLimits = {
  checkMs: 2000,
  // A node holding 20,000 idle sockets is busy 3–9 % of the time (heartbeats, presence); one serving
  // 2,000 messages/s, well over half.
  quietUtilisation: 0.15,
  // Ten seconds. With six, a lull of six seconds between two loads (bench:im has one before each) was
  // taken for a quiet node, and the pause fell on the next load's first second (its p99: 438 ms).
  quietChecks: 5,
  // V8's default young generation on 64-bit: two 16 MB semi-spaces.
  youngBytes: 32 * 1024 * 1024,
  // Bounds how often a quiet node pauses; short enough that a storm soon after an earlier collection
  // (one at start: the seeds' garbage) is given back within half a minute of going quiet, not a minute.
  cooldownMs: 20_000,
};

export interface ReducerState {
  /** Quiet checks in a row. */
  quiet: number;
  /** When it last collected (performance.now() ms); -Infinity for never. */
  lastAt: number;
}

export const initialState = (): ReducerState => ({ quiet: 0, lastAt: -Infinity });

export interface Sample {
  /** Share of the last check's interval the event loop was busy, 0–1. */
  utilisation: number;
  /** The young generation's size (both semi-spaces). */
  youngBytes: number;
  now: number;
}

/** Whether to collect now, and the state after this check. */
export function decide(
  state: ReducerState,
  s: Sample,
  limits: ReducerLimits = LIMITS,
): { state: ReducerState; collect: boolean } {
  const quiet = s.utilisation < limits.quietUtilisation ? state.quiet + 1 : 0;
  const collect =
    quiet >= limits.quietChecks &&
    s.youngBytes > limits.youngBytes &&
    s.now - state.lastAt >= limits.cooldownMs;
  return { state: { quiet: collect ? 0 : quiet, lastAt: collect ? s.now : state.lastAt }, collect };
}

export const youngGenerationBytes = (): number =>
  v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0;

export interface Collected {
  ms: number;
  rssMbBefore: number;
  rssMbAfter: number;
  youngMbBefore: number;
  youngMbAfter: number;
}

const mb = (bytes: number) => Math.round(bytes / 104_857.6) / 10;

export class MemoryReducer {
  private state = initialState();
  private timer: NodeJS.Timeout | undefined;
  private session: Session | undefined;
  private running: Promise<Collected> | undefined;
  private elu = performance.eventLoopUtilization();

  constructor(
    private readonly log: Pick<Logger, 'info' | 'warn'>,
    private readonly limits: ReducerLimits = LIMITS,
  ) {}

  start(): void {
    if (this.timer) return;
    this.elu = performance.eventLoopUtilization();
    this.timer = setInterval(() => void this.check(), this.limits.checkMs).unref();
  }

  /** One check (the timer's): collects when `decide` says so. */
  async check(sample: Sample = this.sample()): Promise<Collected | undefined> {
    if (this.running) return undefined;
    const { state, collect } = decide(this.state, sample, this.limits);
    this.state = state;
    if (!collect) return undefined;
    try {
      const c = await this.collect();
      this.log.info(c, 'memory: the young generation given back after a quiet spell');
      return c;
    } catch (e) {
      this.log.warn({ err: e }, 'memory: the quiet collection failed');
      return undefined;
    } finally {
      // The collection's own pause is not the load's: the next check measures from here.
      this.elu = performance.eventLoopUtilization();
    }
  }

  private sample(): Sample {
    const now = performance.eventLoopUtilization();
    const utilisation = performance.eventLoopUtilization(now, this.elu).utilization;
    this.elu = now;
    return { utilisation, youngBytes: youngGenerationBytes(), now: performance.now() };
  }

  /** V8's memory-reducing collection, now. */
  collect(): Promise<Collected> {
    this.running ??= this.connected()
      .then(
        (session) =>
          new Promise<Collected>((resolve, reject) => {
            const t0 = performance.now();
            const rss = process.memoryUsage.rss();
            const young = youngGenerationBytes();
            session.post('HeapProfiler.collectGarbage', (err) => {
              if (err) return reject(err);
              resolve({
                ms: Math.round(performance.now() - t0),
                rssMbBefore: mb(rss),
                rssMbAfter: mb(process.memoryUsage.rss()),
                youngMbBefore: mb(young),
                youngMbAfter: mb(youngGenerationBytes()),
              });
            });
          }),
      )
      .finally(() => (this.running = undefined));
    return this.running;
  }

  /** The session, opened on first use: a Node built without the inspector fails here, not at start. */
  private async connected(): Promise<Session> {
    if (!this.session) {
      const { Session } = await importPackage<typeof import('node:inspector')>('node:inspector');
      const session = new Session();
      session.connect();
      this.session = session;
    }
    return this.session;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => {});
    // Outside the collection's callback (see above).
    await new Promise((r) => setImmediate(r));
    this.session?.disconnect();
    this.session = undefined;
  }
}

/**
 * Chat benchmark (issue 5): N clients against one chat node on PostgreSQL and, in the same run, against a
 * plain Socket.IO relay with no storage (bench/src/im-peer.ts) as the peer. For each server:
 *   (a) N clients connect and sign in, then idle: connect time, and server RSS per idle connection at the
 *       end of the idle period (and 3 s after the connects);
 *   (b) with them still connected, PAIRS sender/receiver pairs send
 *       - as fast as acknowledgements allow (WINDOW in flight per sender) for SECONDS: the ceiling;
 *       - at a fixed RATE messages/s for SECONDS: latency at the target load;
 *     stored (acknowledged) and delivered messages/s, p50/p99 send-to-receive latency;
 *   and, for ours, that the database holds exactly the acknowledged messages.
 * Run with `npm run bench:im -w bench` after `npm run build -w apps/server`. Writes bench/reports/im.json
 * (bench/reports/im-<n>-processes.json with IM_BENCH_SERVER_WORKERS=n).
 *
 * Environment: IM_BENCH_CLIENTS (20000), IM_BENCH_PAIRS (200), IM_BENCH_SECONDS (15), IM_BENCH_RATE (2000),
 * IM_BENCH_WINDOW (4), IM_BENCH_WORKERS (2 load-generator processes of idle clients), IM_BENCH_PAIR_WORKERS
 * (2, of the measured pairs), IM_BENCH_WARM_SECONDS (3), IM_BENCH_IDLE_MS (20,000), IM_BENCH_CLIENT (sdk | raw),
 * IM_BENCH_LOAD_NICE (10: the load generators' CPU priority), BENCH_DATABASE_URL
 * (postgres://postgres@127.0.0.1:5432/postgres), IM_BENCH_PEER=0 (ours only, no report).
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { BenchLogin, ClientKind } from './im-clients.js';
import type { Command, ConnectResult, RunResult } from './im-load.js';
import { benchAccount, createBenchUsers } from './im-setup.js';
import { SERVER_NODE_FLAGS } from '../../apps/server/node-flags.mjs';
import { freePort, startProcess, type Started } from './lib/process.js';
import { cpuSeconds, databaseCpu, databaseCpuSince } from './lib/cpu.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const env = process.env;
// IM_BENCH_SERVER_MAIN: another build of the server (e.g. one with a changed setting) to compare;
// IM_BENCH_SERVER_NODE_FLAGS: Node flags for it beside the ones it runs with (e.g. V8 heap settings);
// IM_BENCH_LOAD_NODE_FLAGS: the same for the load generators (e.g. a profiler preload);
// IM_BENCH_SERVER_STDOUT: a file to copy the server's standard output to (what --trace-gc-nvp prints).
const serverMain = env.IM_BENCH_SERVER_MAIN ?? path.join(root, 'apps/server/dist/main.js');
const REQUESTED = Number(env.IM_BENCH_CLIENTS ?? 20_000);
const PAIRS = Number(env.IM_BENCH_PAIRS ?? 200);
const SECONDS = Number(env.IM_BENCH_SECONDS ?? 15);
const RATE = Number(env.IM_BENCH_RATE ?? 2000);
// Twenty seconds: a node counts as idle once quiet for ten (apps/server/src/platform/memory.ts), and the
// figure is read well after that on every side alike, not in a race with it.
const IDLE_MS = Number(env.IM_BENCH_IDLE_MS ?? 20_000);
/** Seconds of traffic at the fixed rate before the measured runs, on both sides (0: none). */
const WARM_SECONDS = Number(env.IM_BENCH_WARM_SECONDS ?? 3);
const WINDOW = Number(env.IM_BENCH_WINDOW ?? 4);
const WORKERS = Number(env.IM_BENCH_WORKERS ?? 2);
/** Load-generator processes of the measured sender/receiver pairs, apart from the idle clients. */
const PAIR_WORKERS = Number(env.IM_BENCH_PAIR_WORKERS ?? 2);
const CONNECT_CONCURRENCY = Number(env.IM_BENCH_CONNECT_CONCURRENCY ?? 50);
/** Processes of our one node (the server's WORKERS; more than 1 shares fan-out through Redis). */
const SERVER_WORKERS = Number(env.IM_BENCH_SERVER_WORKERS ?? 1);
const REDIS = env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const DRAIN_MS = 10_000;
/** Pause before each run, so the server starts it without the previous phase's garbage and backlog. */
const SETTLE_MS = Number(env.IM_BENCH_SETTLE_MS ?? 5000);
/**
 * CPU priority (nice value) of the load-generator processes, on both sides. They stand for devices that
 * would be elsewhere, yet here they share the node's two cores: at normal priority the server's young
 * collections (about 5 ms of CPU each) took up to 45 ms of wall time whenever a load generator was
 * runnable (6–18 ms at nice 10), and such pauses made the fixed rate's bad seconds. At a lower priority
 * their work yields to the node's and PostgreSQL's, and still runs whenever a core is free; a client's own
 * delays (parsing a push, its collections) are still inside the send-to-receive latency. 0: the old,
 * equal priority.
 */
const LOAD_NICE = Number(env.IM_BENCH_LOAD_NICE ?? 10);
if (!Number.isInteger(LOAD_NICE) || LOAD_NICE < 0 || LOAD_NICE > 19)
  throw new Error(`IM_BENCH_LOAD_NICE must be a whole number from 0 to 19, not "${env.IM_BENCH_LOAD_NICE}"`);
const admin = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const TARGET = { clients: 20_000, storedPerSec: 2000, p99ms: 50 };

if (!fs.existsSync(serverMain)) {
  console.error('The server is not built: run `npm run build -w apps/server` first.');
  process.exit(1);
}

/** Which client drives our server: the SDK once it is implemented, else the same frames over raw `ws`. */
async function ourClientKind(): Promise<ClientKind> {
  const wanted = env.IM_BENCH_CLIENT as ClientKind | undefined;
  if (wanted === 'raw' || wanted === 'sdk') return wanted;
  try {
    const sdk = await import('@forecourt/im-sdk');
    sdk.create({ server: 'http://127.0.0.1:1' });
    return 'sdk';
  } catch {
    return 'raw';
  }
}

// ---- process figures from /proc ------------------------------------------------------------------------

const rssKb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
const fdCount = (pid: number) => fs.readdirSync(`/proc/${pid}/fd`).length;
const fdLimit = (pid: number) =>
  Number(/Max open files\s+\d+\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/limits`, 'utf8'))?.[1] ?? 0);
/** Busy and total jiffies of the whole machine. */
function machineTicks() {
  const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const idle = f[3]! + f[4]!;
  const total = f.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}
/** TCP connections to the server's port that are open right now (sign-ins that later dropped are not). */
function openConnections(url: string): number {
  const port = new URL(url).port;
  const out = execFileSync('ss', ['-Htn', 'state', 'established', `( sport = :${port} )`], {
    encoding: 'utf8',
    // A line per connection: tens of thousands of lines.
    maxBuffer: 256 * 1024 * 1024,
  });
  return out.split('\n').filter((l) => l.trim()).length;
}
/** A server and the processes it forked (the workers of a multi-process node). */
function processTree(pid: number): number[] {
  const kids = fs
    .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
  return [pid, ...kids.flatMap(processTree)];
}
const treeRssKb = (pid: number) => processTree(pid).reduce((a, p) => a + rssKb(p), 0);
const treeCpuSeconds = (pid: number) => processTree(pid).reduce((a, p) => a + cpuSeconds(p), 0);
/**
 * How many more sockets the node can hold: each process that serves sockets may open up to its hard
 * limit. Reserved per process: its database pool, getSign's keep-alive connections and some slack.
 */
function socketCapacity(pid: number, loadGenerators: number): number {
  const tree = processTree(pid);
  const serving = tree.length > 1 ? tree.slice(1) : tree;
  return serving.reduce((a, p) => a + fdLimit(p) - fdCount(p) - 64 - 8 * loadGenerators, 0);
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Node flags from a space-separated setting. */
const flagsOf = (setting: string | undefined) => setting?.split(/\s+/).filter(Boolean) ?? [];

// ---- load-generator processes ------------------------------------------------------------------------

/** CPU seconds the load-generator processes have used so far. */
const loadCpuSeconds = (loaders: Loader[]) => loaders.reduce((a, l) => a + cpuSeconds(l.pid), 0);

/**
 * Node flags of the load generators (both sides' clients run in the same processes).
 * - The idle clients' hold 10,000 clients each, a heap of hundreds of MB, and run with the server's flags
 *   and with garbage collection on their own thread only: they stand for devices elsewhere, and V8's
 *   parallel collector took both cores for a major collection of that heap (up to 158 ms), stalling the
 *   server under test in the middle of the measured runs.
 * - The pairs' stand for the people chatting, a few clients each as in a browser or an app, and keep
 *   V8's default young generation (16 MB): in the server's 64 MB one, every young collection copied the
 *   messages the clients had kept over the last 3 s (the SDK keeps each conversation's recent messages),
 *   pauses of 30–60 ms counted as send-to-receive latency of whichever side was running.
 * - Both expose `gc()`: each collects its garbage in full while settling before a run (see settle in
 *   im-load.ts), not in the middle of one.
 */
const LOAD_FLAGS = {
  idle: [...SERVER_NODE_FLAGS, '--single-threaded-gc', '--expose-gc'],
  pairs: [...SERVER_NODE_FLAGS.filter((f) => !f.startsWith('--max-semi-space-size')), '--expose-gc'],
};

class Loader {
  private readonly proc: ChildProcess;
  constructor(role: keyof typeof LOAD_FLAGS) {
    this.proc = fork(path.join(here, 'im-load.ts'), [], {
      execArgv: [
        '--import',
        'tsx',
        '--max-old-space-size=4096',
        ...LOAD_FLAGS[role],
        ...flagsOf(env.IM_BENCH_LOAD_NODE_FLAGS),
      ],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      // Applied by the process itself to every thread it has (Linux keeps a priority per thread).
      env: { ...env, IM_BENCH_LOAD_NICE: String(LOAD_NICE) },
    });
  }
  get pid() {
    return this.proc.pid!;
  }
  call<T>(c: Command): Promise<T> {
    return new Promise((resolve, reject) => {
      const onExit = (code: number) => reject(new Error(`load generator exited with ${code}`));
      this.proc.once('exit', onExit);
      this.proc.once('message', (r: { error?: string }) => {
        this.proc.off('exit', onExit);
        if (r.error) reject(new Error(r.error));
        else resolve(r as T);
      });
      this.proc.send(c);
    });
  }
  stop() {
    this.proc.kill('SIGTERM');
  }
}

/** A pause, then until every load generator is idle again (at most a minute). */
async function settleAll(loaders: Loader[]) {
  await sleep(SETTLE_MS);
  const r = await Promise.all(
    loaders.map((l) => l.call<{ ms: number; lagP99Ms: number }>({ cmd: 'settle', maxMs: 60_000 })),
  );
  console.log(
    `  load generators idle after ${(SETTLE_MS + Math.max(...r.map((x) => x.ms))) / 1000} s (event-loop delay p99 ${r.map((x) => x.lagP99Ms).join(' / ')} ms)`,
  );
}

/** Splits `items` into `n` interleaved shares. */
const shares = <T>(items: T[], n: number) =>
  Array.from({ length: n }, (_, w) => items.filter((_, i) => i % n === w));

function mergeDrops(list: { count: number; reasons: Record<string, number> }[]) {
  const reasons: Record<string, number> = {};
  for (const d of list) for (const [k, v] of Object.entries(d.reasons)) reasons[k] = (reasons[k] ?? 0) + v;
  return { count: list.reduce((a, d) => a + d.count, 0), reasons };
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
const r1 = (n: number) => Math.round(n * 10) / 10;

interface RunFigures {
  /** Wall-clock span of the run (ISO), to line it up with the server's own logs. */
  from: string;
  to: string;
  offeredPerSec: number | 'max';
  sent: number;
  stored: number;
  failed: number;
  firstError?: string;
  delivered: number;
  lost: number;
  storedPerSec: number;
  deliveredPerSec: number;
  latencyMs: { p50: number; p99: number; max: number };
  /** p99 send-to-receive latency of the messages sent in each second of the run (ms). */
  p99BySecondMs: number[];
  ackMs: { p50: number; p99: number };
  serverCpuPercent: number;
  /**
   * Server CPU per delivered message (ms): what a message costs the server process whatever else the
   * machine is doing (PostgreSQL's own work is not in it).
   */
  serverCpuMsPerMessage: number;
  /** All load-generator processes together (100% = one core). */
  loadGeneratorCpuPercent: number;
  /** The same per delivered message (ms): what the clients' library costs. */
  loadGeneratorCpuMsPerMessage: number;
  /** All PostgreSQL processes (100% = one core); near 0 for the plain relay. */
  databaseCpuPercent: number;
  /** The same per delivered message (ms): what storing a message costs the database. */
  databaseCpuMsPerMessage: number;
  machineBusyPercent: number;
  /** The machine's 1-minute load average at the end of the run (runnable tasks competing for the cores). */
  loadAverage1m: number;
  clientLibraryErrors: number;
  firstClientLibraryError?: string;
  /** Connections dropped after sign-in since the load generators started, by reason. */
  droppedConnections: { count: number; reasons: Record<string, number> };
}

/** CPU milliseconds per message, to 3 decimals. */
const msPerMessage = (cpuSeconds: number, messages: number) =>
  messages ? Math.round((cpuSeconds / messages) * 1e6) / 1000 : NaN;

/** A run of the pairs in `loaders`; the load generators' CPU is read over all of them (`every`). */
async function runLoad(
  loaders: Loader[],
  every: Loader[],
  server: Started,
  tag: string,
  rate: number,
  runSeconds = SECONDS,
): Promise<RunFigures> {
  const cpu0 = treeCpuSeconds(server.proc.pid!);
  const gen0 = loadCpuSeconds(every);
  const db0 = databaseCpu();
  const m0 = machineTicks();
  const from = new Date().toISOString();
  const t0 = performance.now();
  const results = await Promise.all(
    loaders.map((l) =>
      l.call<RunResult>({
        cmd: 'run',
        tag,
        seconds: runSeconds,
        window: rate ? Math.max(WINDOW, 8) : WINDOW,
        rate: rate / loaders.length,
        drainMs: DRAIN_MS,
      }),
    ),
  );
  const wall = (performance.now() - t0) / 1000;
  const m1 = machineTicks();
  const cpu = treeCpuSeconds(server.proc.pid!) - cpu0;
  const gen = loadCpuSeconds(every) - gen0;
  const dbCpu = databaseCpuSince(db0);
  const sum = (k: 'sent' | 'acked' | 'failed' | 'delivered') => results.reduce((a, r) => a + r[k], 0);
  const lat = results.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const ack = results.flatMap((r) => r.ackLatencies).sort((a, b) => a - b);
  const seconds = Math.max(...results.map((r) => r.sendSeconds));
  const stored = sum('acked');
  const delivered = sum('delivered');
  return {
    from,
    to: new Date().toISOString(),
    offeredPerSec: rate || 'max',
    sent: sum('sent'),
    stored,
    failed: sum('failed'),
    firstError: results.find((r) => r.firstError)?.firstError,
    delivered,
    lost: Math.max(0, stored - delivered),
    storedPerSec: Math.round(stored / seconds),
    deliveredPerSec: Math.round(delivered / seconds),
    latencyMs: { p50: r1(pct(lat, 50)), p99: r1(pct(lat, 99)), max: r1(lat.at(-1) ?? NaN) },
    p99BySecondMs: results[0]!.latenciesBySecond.map((_, i) =>
      r1(
        pct(
          results.flatMap((r) => r.latenciesBySecond[i] ?? []).sort((a, b) => a - b),
          99,
        ),
      ),
    ),
    ackMs: { p50: r1(pct(ack, 50)), p99: r1(pct(ack, 99)) },
    serverCpuPercent: Math.round((cpu / wall) * 100),
    loadGeneratorCpuPercent: Math.round((gen / wall) * 100),
    serverCpuMsPerMessage: msPerMessage(cpu, delivered),
    loadGeneratorCpuMsPerMessage: msPerMessage(gen, delivered),
    databaseCpuPercent: Math.round((dbCpu / wall) * 100),
    databaseCpuMsPerMessage: msPerMessage(dbCpu, delivered),
    machineBusyPercent: Math.round(((m1.busy - m0.busy) / (m1.total - m0.total)) * 100),
    loadAverage1m: r1(os.loadavg()[0]!),
    clientLibraryErrors: results.reduce((a, r) => a + r.uncaught, 0),
    droppedConnections: mergeDrops(results.map((r) => r.drops)),
    firstClientLibraryError: results.find((r) => r.firstUncaught)?.firstUncaught,
  };
}

interface SideFigures {
  clientKind: string;
  /** Clients whose sign-in succeeded. */
  signedInClients: number;
  /** TCP connections open at the server before and after the throughput runs (ss). */
  openConnections: { beforeLoad: number; afterLoad: number };
  idleClients: number;
  connectFailed: number;
  connectFirstError?: string;
  connectSeconds: number;
  connectsPerSec: number;
  /** One client's connect and sign-in, while CONNECT_CONCURRENCY per load generator connect at once. */
  connectMs: { p50: number; p99: number };
  /** CPU seconds the connects took, by process: the server (with its workers), the load generators, PostgreSQL. */
  connectCpu: { serverSeconds: number; loadGeneratorSeconds: number; databaseSeconds: number };
  /** Errors thrown from the client library's own event handlers (uncatchable by the caller). */
  clientLibraryErrors: number;
  firstClientLibraryError?: string;
  droppedConnections: { count: number; reasons: Record<string, number> };
  /** Empty; 3 s after the connects; at the end of the idle period (IDLE_MS later); after the load. */
  rssMb: { empty: number; afterConnects: number; idle: number; afterLoad: number };
  /** Connections open when the idle RSS was read. */
  openIdleConnections: number;
  /** The goal's figure: what the node holds per connection once it has been idle IDLE_MS. */
  rssPerIdleConnectionKb: number;
  /** The same, 3 s after the connects ended (a quiet node gives back what the storm grew; see memory.ts). */
  rssPerConnectionAfterConnectsKb: number;
  idleCpu: { serverPercent: number; loadGeneratorPercent: number; seconds: number };
  /** Messages of the warm-up (one per pair) acknowledged. */
  warmUpAcked: number;
  /** The unmeasured run at the fixed rate before the measured ones. */
  warmUpRun?: RunFigures;
  saturation: RunFigures;
  fixedRate: RunFigures;
}

/** Phases (a) and (b) against one started server. */
async function drive(
  kind: ClientKind,
  server: Started,
  idle: BenchLogin[],
  pairs: [BenchLogin, BenchLogin][],
): Promise<SideFigures> {
  const pid = server.proc.pid!;
  const idleLoaders = Array.from({ length: WORKERS }, () => new Loader('idle'));
  // The measured pairs run in processes of their own. Beside 10,000 idle clients a load generator's heap
  // is hundreds of MB, and its garbage collections (pauses of 30–60 ms every few seconds, a major one now
  // and then) were read as send-to-receive latency of whichever side was running; a real client has a
  // heap of its own, and a small one.
  const pairLoaders = Array.from({ length: PAIR_WORKERS }, () => new Loader('pairs'));
  const loaders = [...idleLoaders, ...pairLoaders];
  try {
    await sleep(2000);
    const rssEmpty = treeRssKb(pid);
    // Where the connects' time goes: on 2 cores the load generators' work competes with the server's.
    const connectCpu0 = { server: treeCpuSeconds(pid), load: loadCpuSeconds(loaders), db: databaseCpu() };
    const t0 = performance.now();
    const idleResults = await Promise.all(
      shares(idle, idleLoaders.length).map((users, i) =>
        idleLoaders[i]!.call<ConnectResult>({
          cmd: 'connect',
          kind,
          origin: server.url,
          users,
          concurrency: CONNECT_CONCURRENCY,
        }),
      ),
    );
    const connectSeconds = (performance.now() - t0) / 1000;
    const connectCpu = {
      serverSeconds: r1(treeCpuSeconds(pid) - connectCpu0.server),
      loadGeneratorSeconds: r1(loadCpuSeconds(loaders) - connectCpu0.load),
      databaseSeconds: r1(databaseCpuSince(connectCpu0.db)),
    };
    const idleConnected = idleResults.reduce((a, r) => a + r.connected, 0);
    const connectFailed = idleResults.reduce((a, r) => a + r.failed, 0);
    const connectTimes = idleResults.flatMap((r) => r.times).sort((a, b) => a - b);
    const idleDrops = mergeDrops(idleResults.map((r) => r.drops));
    console.log(
      `  ${idleConnected} idle clients connected in ${connectSeconds.toFixed(1)} s (${connectFailed} failed, ${idleDrops.count} dropped since: ${JSON.stringify(idleDrops.reasons)}); CPU server ${connectCpu.serverSeconds} s, load generators ${connectCpu.loadGeneratorSeconds} s, database ${connectCpu.databaseSeconds} s`,
    );
    await sleep(3000);
    const rssAfterConnects = treeRssKb(pid);
    // Printed here too: a quick run (IM_BENCH_PEER=0) writes no report to read it from.
    console.log(
      `  server RSS ${r1(rssEmpty / 1024)} → ${r1(rssAfterConnects / 1024)} MB 3 s after the connects: ${r1((rssAfterConnects - rssEmpty) / Math.max(1, idleConnected))} KB per idle client`,
    );
    // What holding the clients costs when nobody talks: heartbeats, presence, session checks.
    const idleCpu0 = treeCpuSeconds(pid);
    const idleGen0 = loadCpuSeconds(loaders);
    const idleT0 = performance.now();
    await sleep(IDLE_MS);
    const idleWall = (performance.now() - idleT0) / 1000;
    const idleCpu = {
      serverPercent: Math.round(((treeCpuSeconds(pid) - idleCpu0) / idleWall) * 100),
      loadGeneratorPercent: Math.round(((loadCpuSeconds(loaders) - idleGen0) / idleWall) * 100),
      seconds: r1(idleWall),
    };
    // Read at the end of the idle period, on every side alike: what a node holding idle clients keeps.
    const rssIdle = treeRssKb(pid);
    // Per connection actually open: a client that signed in and dropped holds no server memory.
    const openIdle = openConnections(server.url);
    console.log(
      `  idle for ${idleCpu.seconds} s: server CPU ${idleCpu.serverPercent}%, load generators ${idleCpu.loadGeneratorPercent}%; RSS ${r1(rssIdle / 1024)} MB: ${r1((rssIdle - rssEmpty) / Math.max(1, openIdle))} KB per idle connection`,
    );
    const pairResults = await Promise.all(
      shares(pairs, pairLoaders.length).map((p, i) =>
        pairLoaders[i]!.call<ConnectResult>({
          cmd: 'pairs',
          kind,
          origin: server.url,
          pairs: p,
          concurrency: 50,
        }),
      ),
    );
    const pairFailed = pairResults.reduce((a, r) => a + r.failed, 0);
    if (pairFailed)
      throw new Error(
        `${pairFailed} pairs failed to connect: ${pairResults.find((r) => r.firstError)?.firstError}`,
      );
    const signedIn = idleConnected + pairResults.reduce((a, r) => a + r.connected, 0);
    const openBefore = openConnections(server.url);
    console.log(
      `  ${signedIn} clients signed in, ${openBefore} connections open; sending ${RATE} messages/s for ${SECONDS} s…`,
    );
    // The fixed rate (the run the latency target is read from) goes first, on a server that has settled
    // after the sign-ins; the overload of the ceiling run comes last.
    const warmed = await Promise.all(
      pairLoaders.map((l) =>
        l.call<{ ms: number; acked: number; delivered: number; pairs: number }>({ cmd: 'warm' }),
      ),
    );
    console.log(
      `  warm-up: one message per pair (${warmed.reduce((a, w) => a + w.delivered, 0)}/${warmed.reduce((a, w) => a + w.pairs, 0)} delivered) in ${Math.max(...warmed.map((w) => w.ms))} ms`,
    );
    await settleAll(loaders);
    // Measured runs start on a warm process, as a server that has been up for a while is: the first
    // seconds of traffic are spent compiling the hot paths (on the same two cores) and, for ours, warming
    // each database connection's statements; 15 s runs would otherwise report that start-up as their p99.
    let warmUpRun: RunFigures | undefined;
    if (WARM_SECONDS > 0) {
      warmUpRun = await runLoad(pairLoaders, loaders, server, 'wrm', RATE, WARM_SECONDS);
      console.log(
        `  warm-up run: ${WARM_SECONDS} s at ${RATE}/s, not measured (p99 ${warmUpRun.latencyMs.p99} ms, by second: ${warmUpRun.p99BySecondMs.join(' ')})`,
      );
      await settleAll(loaders);
    }
    const fixedRate = await runLoad(pairLoaders, loaders, server, 'fix', RATE);
    console.log(
      `  fixed rate: ${fixedRate.storedPerSec} acknowledged/s, ${fixedRate.deliveredPerSec} delivered/s, p99 ${fixedRate.latencyMs.p99} ms (by second: ${fixedRate.p99BySecondMs.join(' ')})`,
    );
    console.log(`  sending as fast as acknowledgements allow for ${SECONDS} s…`);
    await settleAll(loaders);
    const saturation = await runLoad(pairLoaders, loaders, server, 'sat', 0);
    console.log(
      `  ceiling: ${saturation.storedPerSec} acknowledged/s, ${saturation.deliveredPerSec} delivered/s, p99 ${saturation.latencyMs.p99} ms; CPU per message: server ${saturation.serverCpuMsPerMessage}, load generators ${saturation.loadGeneratorCpuMsPerMessage}, database ${saturation.databaseCpuMsPerMessage} ms`,
    );
    const rssAfter = treeRssKb(pid);
    const openAfter = openConnections(server.url);
    await Promise.all(loaders.map((l) => l.call({ cmd: 'close' })));
    return {
      clientKind: kind,
      signedInClients: signedIn,
      openConnections: { beforeLoad: openBefore, afterLoad: openAfter },
      idleClients: idleConnected,
      connectFailed,
      connectFirstError: idleResults.find((r) => r.firstError)?.firstError,
      connectSeconds: r1(connectSeconds),
      connectsPerSec: Math.round(idleConnected / connectSeconds),
      connectMs: { p50: r1(pct(connectTimes, 50)), p99: r1(pct(connectTimes, 99)) },
      connectCpu,
      // Counted since each load generator started, so the last run holds the total.
      clientLibraryErrors: fixedRate.clientLibraryErrors,
      droppedConnections: fixedRate.droppedConnections,
      firstClientLibraryError: fixedRate.firstClientLibraryError,
      rssMb: {
        empty: r1(rssEmpty / 1024),
        afterConnects: r1(rssAfterConnects / 1024),
        idle: r1(rssIdle / 1024),
        afterLoad: r1(rssAfter / 1024),
      },
      openIdleConnections: openIdle,
      rssPerIdleConnectionKb: openIdle ? r1((rssIdle - rssEmpty) / openIdle) : NaN,
      rssPerConnectionAfterConnectsKb: idleConnected
        ? r1((rssAfterConnects - rssEmpty) / idleConnected)
        : NaN,
      idleCpu,
      warmUpAcked: warmed.reduce((a, w) => a + w.acked, 0),
      warmUpRun,
      saturation,
      fixedRate,
    };
  } finally {
    for (const l of loaders) l.stop();
  }
}

const pairsOf = (l: BenchLogin[]): [BenchLogin, BenchLogin][] =>
  Array.from({ length: Math.floor(l.length / 2) }, (_, i) => [l[2 * i]!, l[2 * i + 1]!]);

async function adminQuery(sql: string) {
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

interface StoredCheck {
  messages: number;
  acknowledged: number;
  unsettled: number;
  matches: boolean;
}

/** Whether the database (`count`: its rows of the bench's messages) holds exactly what was acknowledged. */
async function storedCheck(side: SideFigures, url: string, count: string): Promise<StoredCheck> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const { rows } = await db.query<{ n: string }>(count).finally(() => db.end());
  const messages = Number(rows[0]!.n);
  const runs = [side.warmUpRun, side.saturation, side.fixedRate].filter((f): f is RunFigures => !!f);
  const acknowledged = side.warmUpAcked + runs.reduce((a, f) => a + f.stored, 0);
  // Sends still unanswered when the bench gave up waiting may or may not have been stored.
  const unsettled = runs.reduce((a, f) => a + f.sent - f.stored - f.failed, 0);
  console.log(
    `  database: ${messages} messages stored, ${acknowledged} acknowledged, ${unsettled} unanswered`,
  );
  return {
    messages,
    acknowledged,
    unsettled,
    matches: messages >= acknowledged && messages <= acknowledged + unsettled,
  };
}

// ---- ours ----------------------------------------------------------------------------------------------

// One node: fan-out and presence in memory.
delete process.env.REDIS_URL;
const kind = await ourClientKind();
const dbName = `forecourt_bench_im_${Date.now()}`;
await adminQuery(`CREATE DATABASE ${dbName}`);
const dbUrl = Object.assign(new URL(admin), { pathname: `/${dbName}` }).toString();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-bench-im-'));
const jwtSecret = randomBytes(36).toString('base64url');
let clients = REQUESTED;
let fdCap = 0;
let ours: SideFigures & { database: StoredCheck };
try {
  const server = await startProcess(
    [...SERVER_NODE_FLAGS, ...flagsOf(env.IM_BENCH_SERVER_NODE_FLAGS), serverMain],
    {
      DATABASE_URL: dbUrl,
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'Admin#Bench2026',
      DEMO_PASSWORD: 'Demo#Bench2026',
      CAPTCHA_MODE: 'off',
      LOG_LEVEL: 'warn',
      JWT_SECRET: jwtSecret,
      // The per-user send limit (default 10/s, burst 30) is policy, not capacity: the ceiling run would
      // measure the limiter. Raised here and only here.
      IM_SEND_RATE: '10000',
      IM_SEND_BURST: '100000',
      ...(SERVER_WORKERS > 1 ? { WORKERS: String(SERVER_WORKERS), REDIS_URL: REDIS } : {}),
    },
    await freePort(),
    '/api/docs/json',
    env.IM_BENCH_SERVER_STDOUT,
  );
  try {
    const pid = server.proc.pid!;
    // Every socket is a file descriptor of a server process; their hard limits cap the clients.
    fdCap = socketCapacity(pid, WORKERS + PAIR_WORKERS);
    if (clients > fdCap) {
      console.log(
        `Each server process may open ${fdLimit(pid)} files (hard limit, not raisable here): ${fdCap} clients at most.`,
      );
      clients = fdCap;
    }
    const idleCount = clients - 2 * PAIRS;
    console.log(
      `\nChat benchmark — ${os.cpus().length} cores, Node ${process.version}; ${clients} clients (${idleCount} idle + ${PAIRS} pairs)`,
    );
    console.log(
      `\nours (${kind === 'sdk' ? '@forecourt/im-sdk' : 'raw protocol frames over ws'}, PostgreSQL${SERVER_WORKERS > 1 ? `, one node of ${SERVER_WORKERS} processes sharing fan-out through Redis` : ''}):`,
    );
    const t = performance.now();
    const users = await createBenchUsers(dbUrl, clients, jwtSecret);
    console.log(`  ${clients} bench users and sessions in ${Math.round(performance.now() - t)} ms`);
    const logins = users.map((u) => ({ userID: u.account, token: u.token }));
    const side = await drive(kind, server, logins.slice(0, idleCount), pairsOf(logins.slice(idleCount)));
    ours = {
      ...side,
      database: await storedCheck(
        side,
        dbUrl,
        `SELECT count(*)::text AS n FROM im_message WHERE tenant_id = '000000' AND sender LIKE 'imb%'`,
      ),
    };
  } finally {
    await server.stop();
  }
} finally {
  await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

// ---- the peers -----------------------------------------------------------------------------------------

// IM_BENCH_PEER=0: ours only, for a quick look while working on the server; no report is written.
if (env.IM_BENCH_PEER === '0') {
  console.log(JSON.stringify({ fixedRate: ours.fixedRate, saturation: ours.saturation }, null, 2));
  process.exit(0);
}
/** Which relays run after ours (IM_BENCH_PEERS, comma-separated; both by default, the report only then). */
const PEERS = (env.IM_BENCH_PEERS ?? 'relay,storing-relay').split(',').map((p) => p.trim());

/** The Socket.IO relay (bench/src/im-peer.ts), storing each message in `storeUrl` first when given. */
async function runRelay(storeUrl?: string): Promise<SideFigures> {
  const relay = await startProcess(
    // The relay gets the server's Node flags too: the same heap settings on both sides.
    [...SERVER_NODE_FLAGS, '--import', 'tsx', path.join(here, 'im-peer.ts')],
    // Set either way, so a RELAY_STORE_URL of the calling shell never turns the plain relay into a storing one.
    { RELAY_STORE_URL: storeUrl ?? '' },
    await freePort(),
    '/',
  );
  try {
    // The relay is one process: it holds what its file limit allows.
    const relayClients = Math.min(clients, socketCapacity(relay.proc.pid!, WORKERS));
    if (relayClients < clients) console.log(`  the relay's one process can hold ${relayClients} clients`);
    const idleCount = relayClients - 2 * PAIRS;
    const logins = Array.from({ length: relayClients }, (_, i) => ({ userID: benchAccount(i + 1) }));
    return await drive('peer', relay, logins.slice(0, idleCount), pairsOf(logins.slice(idleCount)));
  } finally {
    await relay.stop();
  }
}

let peer: SideFigures | undefined;
if (PEERS.includes('relay')) {
  console.log('\nSocket.IO relay peer (no storage):');
  peer = await runRelay();
}

/**
 * The same relay storing each message in PostgreSQL before relaying and acknowledging it: not a target,
 * the price of storage alone on this machine (see im-peer.ts), next to which ours is read.
 */
let storingPeer: (SideFigures & { database: StoredCheck }) | undefined;
if (PEERS.includes('storing-relay')) {
  console.log('\nSocket.IO relay storing in PostgreSQL (a table with a primary key only, group commit):');
  const relayDb = `forecourt_bench_relay_${Date.now()}`;
  await adminQuery(`CREATE DATABASE ${relayDb}`);
  try {
    const relayUrl = Object.assign(new URL(admin), { pathname: `/${relayDb}` }).toString();
    const side = await runRelay(relayUrl);
    storingPeer = {
      ...side,
      database: await storedCheck(side, relayUrl, 'SELECT count(*)::text AS n FROM relay_message'),
    };
  } finally {
    await adminQuery(`DROP DATABASE IF EXISTS ${relayDb} WITH (FORCE)`);
  }
}

// ---- report --------------------------------------------------------------------------------------------

const cpuText = (f: RunFigures) =>
  `${f.serverCpuPercent}% / ${f.loadGeneratorCpuPercent}% / ${f.databaseCpuPercent}% / ${f.machineBusyPercent}% (load ${f.loadAverage1m})`;
const cpuPerMessage = (f: RunFigures) =>
  `${f.serverCpuMsPerMessage} / ${f.loadGeneratorCpuMsPerMessage} / ${f.databaseCpuMsPerMessage} ms`;
const ms = (f: RunFigures) => `${f.latencyMs.p50} / ${f.latencyMs.p99} ms`;
const dropText = (d: SideFigures['droppedConnections']) =>
  `${d.count}${d.count ? ` ${JSON.stringify(d.reasons)}` : ''}`;
const storedText = (d?: StoredCheck) =>
  d ? `${d.messages} stored, ${d.acknowledged} acked, ${d.unsettled} unanswered` : '–';

const columns: [string, SideFigures & { database?: StoredCheck }][] = [['ours (PostgreSQL)', ours]];
if (peer) columns.push(['Socket.IO relay peer', peer]);
if (storingPeer) columns.push(['relay storing in PostgreSQL', storingPeer]);
const lines: [string, (s: SideFigures & { database?: StoredCheck }) => string][] = [
  [
    'client',
    (s) =>
      ({ sdk: '@forecourt/im-sdk', raw: 'raw frames (ws)', peer: 'socket.io-client' })[
        s.clientKind as ClientKind
      ] ?? s.clientKind,
  ],
  ['clients signed in', (s) => String(s.signedInClients)],
  [
    'connections open before / after load',
    (s) => `${s.openConnections.beforeLoad} / ${s.openConnections.afterLoad}`,
  ],
  [
    'idle clients: connect + sign-in (ours: getSign, auth, sync)',
    (s) =>
      `${s.connectSeconds} s (${s.connectsPerSec}/s; one: p50 ${s.connectMs.p50}, p99 ${s.connectMs.p99} ms)`,
  ],
  [
    'connect: CPU server / load gen / database',
    (s) =>
      `${s.connectCpu.serverSeconds} / ${s.connectCpu.loadGeneratorSeconds} / ${s.connectCpu.databaseSeconds} s`,
  ],
  [
    'server RSS empty → 3 s after the connects → idle',
    (s) => `${s.rssMb.empty} → ${s.rssMb.afterConnects} → ${s.rssMb.idle} MB`,
  ],
  [
    'RSS per idle connection (3 s after the connects)',
    (s) =>
      `${s.rssPerIdleConnectionKb} KB (${s.rssPerConnectionAfterConnectsKb} KB; ${s.openIdleConnections} open)`,
  ],
  [
    'idle clients: CPU server / load gen',
    (s) => `${s.idleCpu.serverPercent}% / ${s.idleCpu.loadGeneratorPercent}%`,
  ],
  ['ceiling: acknowledged msg/s', (s) => String(s.saturation.storedPerSec)],
  ['ceiling: delivered msg/s', (s) => String(s.saturation.deliveredPerSec)],
  ['ceiling: send→receive p50 / p99', (s) => ms(s.saturation)],
  ['ceiling: CPU per message server / load gen / database', (s) => cpuPerMessage(s.saturation)],
  ['ceiling: CPU server / load gen / database / machine busy', (s) => cpuText(s.saturation)],
  [`${RATE}/s offered: acknowledged msg/s`, (s) => String(s.fixedRate.storedPerSec)],
  [`${RATE}/s offered: delivered msg/s`, (s) => String(s.fixedRate.deliveredPerSec)],
  [`${RATE}/s offered: send→receive p50 / p99`, (s) => ms(s.fixedRate)],
  ['lost (acked, never delivered)', (s) => String(s.saturation.lost + s.fixedRate.lost)],
  ['failed sends', (s) => String(s.saturation.failed + s.fixedRate.failed)],
  ['database after the runs', (s) => storedText(s.database)],
  ['connections dropped after sign-in', (s) => dropText(s.droppedConnections)],
  [
    'errors thrown inside the client library',
    (s) =>
      String(s.clientLibraryErrors) + (s.firstClientLibraryError ? ` (${s.firstClientLibraryError})` : ''),
  ],
];
const table = [
  ['', ...columns.map(([name]) => name)],
  ...lines.map(([label, f]) => [label, ...columns.map(([, side]) => f(side))]),
];
const widths = table[0]!.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
console.log();
for (const r of table)
  console.log(r.map((cell, i) => (i < r.length - 1 ? cell.padEnd(widths[i]!) : cell)).join(' | '));

if (!peer || !storingPeer) {
  console.log('\nNot every peer ran (IM_BENCH_PEERS): no report written.');
  process.exit(0);
}

const targets = {
  connectedClients: {
    target: `>= ${TARGET.clients} on one node`,
    value: `${ours.openConnections.beforeLoad} open at once (${ours.signedInClients} sign-ins)`,
    met: Math.min(ours.openConnections.beforeLoad, ours.openConnections.afterLoad) >= TARGET.clients,
  },
  storedPerSec: {
    target: `>= ${TARGET.storedPerSec} stored messages/s with p99 < ${TARGET.p99ms} ms (PostgreSQL)`,
    value: `${ours.fixedRate.storedPerSec}/s at ${RATE}/s offered, p99 ${ours.fixedRate.latencyMs.p99} ms; ceiling ${ours.saturation.storedPerSec}/s`,
    met:
      ours.fixedRate.storedPerSec >= TARGET.storedPerSec * 0.98 &&
      ours.fixedRate.latencyMs.p99 < TARGET.p99ms &&
      ours.fixedRate.lost === 0,
  },
  atLeastPeerDelivered: {
    target: "delivered messages/s >= the Socket.IO relay's",
    value: `${ours.saturation.deliveredPerSec}/s vs ${peer.saturation.deliveredPerSec}/s (ceilings; the relay storing in PostgreSQL: ${storingPeer.saturation.deliveredPerSec}/s)`,
    met: ours.saturation.deliveredPerSec >= peer.saturation.deliveredPerSec,
  },
  exactlyAcknowledgedStored: {
    target: 'the database holds every acknowledged message once, nothing else but unanswered sends',
    value: storedText(ours.database),
    met: ours.database.matches,
  },
};
console.log('\nTargets:');
for (const t of Object.values(targets))
  console.log(`  ${t.met ? 'met    ' : 'NOT met'}  ${t.target}: ${t.value}`);

const report = {
  at: new Date().toISOString(),
  cores: os.cpus().length,
  loadAverageAtEnd: os.loadavg().map(r1),
  node: process.version,
  settings: {
    requestedClients: REQUESTED,
    clients,
    serverFdCap: fdCap,
    serverProcesses: SERVER_WORKERS,
    pairs: PAIRS,
    seconds: SECONDS,
    rate: RATE,
    window: WINDOW,
    warmUpSeconds: WARM_SECONDS,
    loadGenerators: { idleClients: WORKERS, pairs: PAIR_WORKERS, nice: LOAD_NICE },
    nodeFlags: {
      server: [...SERVER_NODE_FLAGS, ...flagsOf(env.IM_BENCH_SERVER_NODE_FLAGS)],
      idleLoadGenerators: [...LOAD_FLAGS.idle, ...flagsOf(env.IM_BENCH_LOAD_NODE_FLAGS)],
      pairLoadGenerators: [...LOAD_FLAGS.pairs, ...flagsOf(env.IM_BENCH_LOAD_NODE_FLAGS)],
    },
    sendLimitRaisedTo: '10000/s per user (IM_SEND_RATE), burst 100000',
  },
  ours,
  peer,
  storingPeer,
  targets,
};
fs.mkdirSync(path.join(root, 'bench/reports'), { recursive: true });
const reportName = SERVER_WORKERS > 1 ? `im-${SERVER_WORKERS}-processes.json` : 'im.json';
fs.writeFileSync(path.join(root, 'bench/reports', reportName), JSON.stringify(report, null, 2));
console.log(`\nwritten to bench/reports/${reportName}`);

/**
 * One load-generator process of the chat benchmark (forked by bench/src/im.ts, commands over IPC). It
 * holds idle clients and sender/receiver pairs; a pair's two ends live in the same process, so the
 * send-to-receive latency is read off one clock. Message texts carry the run tag and the send time.
 */
import fs from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import {
  closingAll,
  drops,
  peerConnector,
  rawConnector,
  sdkConnector,
  type BenchClient,
  type ClientKind,
  type Connector,
  ticketOf,
  type BenchLogin,
} from './im-clients.js';

export type Command =
  | { cmd: 'connect'; kind: ClientKind; origin: string; users: BenchLogin[]; concurrency: number }
  | {
      cmd: 'pairs';
      kind: ClientKind;
      origin: string;
      pairs: [BenchLogin, BenchLogin][];
      concurrency: number;
    }
  | {
      cmd: 'run';
      tag: string;
      seconds: number;
      /** Messages in flight per sender (not yet acknowledged). */
      window: number;
      /** Messages/s this process offers in total; 0: every sender sends as fast as its window allows. */
      rate: number;
      drainMs: number;
    }
  | { cmd: 'settle'; maxMs: number }
  | { cmd: 'warm' }
  | { cmd: 'close' };

export interface ConnectResult {
  connected: number;
  failed: number;
  firstError?: string;
  ms: number;
  /** Ticket, connect and sign-in time of each client (ms). */
  times: number[];
  /** Errors no caller could catch (thrown from a client library's event handlers) so far. */
  uncaught: number;
  firstUncaught?: string;
  /** Connections dropped after sign-in so far, by reason. */
  drops: typeof drops;
}

export interface RunResult {
  sent: number;
  acked: number;
  failed: number;
  firstError?: string;
  delivered: number;
  /** Seconds from the first send to the last send. */
  sendSeconds: number;
  /** Send-to-receive latencies (ms) of every delivered message of the run. */
  latencies: number[];
  /** The same, by the second of the run the message was sent in. */
  latenciesBySecond: number[][];
  /** Send-to-acknowledgement latencies (ms). */
  ackLatencies: number[];
  uncaught: number;
  firstUncaught?: string;
  /** Connections dropped after sign-in so far, by reason. */
  drops: typeof drops;
}

let connector: Connector | undefined;
let connectorKey = '';
async function connectorFor(kind: ClientKind, origin: string): Promise<Connector> {
  if (connector && connectorKey === `${kind} ${origin}`) return connector;
  connector =
    kind === 'sdk'
      ? await sdkConnector(origin)
      : kind === 'raw'
        ? rawConnector(origin)
        : peerConnector(origin);
  connectorKey = `${kind} ${origin}`;
  return connector;
}

// The CPU priority the benchmark gives its load generators (see LOAD_NICE in im.ts), for each thread:
// V8's and libuv's threads that exist already, and (inheriting it) every one started later.
const nice = Number(process.env.IM_BENCH_LOAD_NICE ?? 0);
if (nice)
  for (const tid of fs.readdirSync('/proc/self/task')) {
    try {
      os.setPriority(Number(tid), nice);
    } catch (e) {
      // A thread that ended meanwhile has no priority to set; anything else is the setting's fault.
      if ((e as { info?: { code?: string } }).info?.code !== 'ESRCH') throw e;
    }
  }

const idle: BenchClient[] = [];
interface Pair {
  sender: BenchClient;
  to: string;
  inFlight: number;
}
const pairs: Pair[] = [];
const receivers: BenchClient[] = [];

// What the receivers see of the current run.
let runTag = '';
let delivered = 0;
let latencies: number[] = [];
let bySecond: number[][] = [];
let runStart = 0;

function onText(text: string) {
  // "<tag> <n> <sendTime>"
  const sp = text.indexOf(' ');
  if (text.slice(0, sp) !== runTag) return;
  delivered++;
  const sentAt = Number(text.slice(text.lastIndexOf(' ') + 1));
  const latency = performance.now() - sentAt;
  latencies.push(latency);
  (bySecond[Math.max(0, Math.floor((sentAt - runStart) / 1000))] ??= []).push(latency);
}

// Stopped by the bench: an exit of its own, so that a profiler given through IM_BENCH_LOAD_NODE_FLAGS
// (--cpu-prof, --heap-prof) writes its file, as it does only at a process's exit.
process.on('SIGTERM', () => process.exit(0));

// A client library that throws from an event handler must not end the whole load generator: count it.
let uncaught = 0;
let firstUncaught: string | undefined;
process.on('uncaughtException', (e) => {
  uncaught++;
  firstUncaught ??= e.message;
});

/** Runs `fn` over `items` with at most `concurrency` at once; failures are counted, not thrown. */
async function pool<T>(items: T[], concurrency: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  let failed = 0;
  let firstError: string | undefined;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next++]!;
        try {
          await fn(item);
        } catch (e) {
          failed++;
          firstError ??= (e as Error).message;
        }
      }
    }),
  );
  return { failed, firstError };
}

async function connect(c: Extract<Command, { cmd: 'connect' }>): Promise<ConnectResult> {
  const conn = await connectorFor(c.kind, c.origin);
  const t0 = performance.now();
  const times: number[] = [];
  const r = await pool(c.users, c.concurrency, async (u) => {
    const s = performance.now();
    idle.push(await conn(await ticketOf(c.origin, u)));
    times.push(performance.now() - s);
  });
  return {
    connected: c.users.length - r.failed,
    ...r,
    ms: Math.round(performance.now() - t0),
    times,
    uncaught,
    firstUncaught,
    drops,
  };
}

async function connectPairs(c: Extract<Command, { cmd: 'pairs' }>): Promise<ConnectResult> {
  const conn = await connectorFor(c.kind, c.origin);
  const t0 = performance.now();
  const r = await pool(c.pairs, c.concurrency, async ([a, b]) => {
    receivers.push(await conn(await ticketOf(c.origin, b), onText));
    pairs.push({ sender: await conn(await ticketOf(c.origin, a)), to: b.userID, inFlight: 0 });
  });
  return {
    connected: (c.pairs.length - r.failed) * 2,
    ...r,
    ms: Math.round(performance.now() - t0),
    times: [],
    uncaught,
    firstUncaught,
    drops,
  };
}

/**
 * Every pair exchanges one message, so the runs measure traffic in conversations that exist (as between
 * colleagues who have chatted before), not hundreds of conversations opened in the same second.
 */
async function warm(): Promise<{ ms: number; acked: number; delivered: number; pairs: number }> {
  runTag = 'warm';
  delivered = 0;
  const t0 = performance.now();
  const sends = await Promise.allSettled(
    pairs.map((p, i) => p.sender.send(p.to, `warm ${i} ${performance.now().toFixed(3)}`)),
  );
  const acked = sends.filter((r) => r.status === 'fulfilled').length;
  while (delivered < pairs.length && performance.now() - t0 < 60_000)
    await new Promise((r) => setTimeout(r, 20));
  runTag = '';
  return { ms: Math.round(performance.now() - t0), acked, delivered, pairs: pairs.length };
}

async function run(c: Extract<Command, { cmd: 'run' }>): Promise<RunResult> {
  runTag = c.tag;
  delivered = 0;
  latencies = [];
  bySecond = [];
  const ackLatencies: number[] = [];
  let sent = 0;
  let acked = 0;
  let failed = 0;
  let firstError: string | undefined;
  let n = 0;
  const t0 = performance.now();
  runStart = t0;
  const until = t0 + c.seconds * 1000;
  let lastSend = t0;
  // Closed loop: an acknowledgement frees a slot of the sender's window, refilled while time is left.
  const closedLoop = c.rate === 0;

  const fire = (p: Pair) => {
    const at = performance.now();
    lastSend = at;
    sent++;
    p.inFlight++;
    p.sender
      .send(p.to, `${c.tag} ${n++} ${at.toFixed(3)}`)
      .then(
        () => {
          acked++;
          ackLatencies.push(performance.now() - at);
        },
        (e: Error) => {
          failed++;
          firstError ??= e.message;
        },
      )
      .finally(() => {
        p.inFlight--;
        if (closedLoop && performance.now() < until) fire(p);
      });
  };

  if (closedLoop) {
    for (const p of pairs) while (p.inFlight < c.window) fire(p);
    await new Promise((r) => setTimeout(r, c.seconds * 1000));
  } else {
    // Open loop: messages are due at a fixed total rate, spread round-robin over the senders; a due
    // message whose sender's window is full waits for the next free sender (achieved rate shows it).
    let issued = 0;
    let rr = 0;
    await new Promise<void>((resolve) => {
      const tick = setInterval(() => {
        const now = performance.now();
        if (now >= until) {
          clearInterval(tick);
          return resolve();
        }
        const due = Math.floor(((now - t0) / 1000) * c.rate) - issued;
        for (let i = 0; i < due; i++) {
          let tries = 0;
          while (pairs[rr % pairs.length]!.inFlight >= c.window && tries < pairs.length) {
            rr++;
            tries++;
          }
          if (tries === pairs.length) break;
          fire(pairs[rr++ % pairs.length]!);
          issued++;
        }
      }, 2);
    });
  }
  const sendSeconds = (lastSend - t0) / 1000;
  // Settle: every send is acknowledged or fails (a server behind the load works off its backlog)…
  const settleUntil = performance.now() + c.drainMs * 6;
  while (performance.now() < settleUntil && acked + failed < sent)
    await new Promise((r) => setTimeout(r, 20));
  // …then every acknowledged message should still arrive.
  const drainUntil = performance.now() + c.drainMs;
  while (performance.now() < drainUntil && delivered < acked) await new Promise((r) => setTimeout(r, 20));
  runTag = '';
  return {
    sent,
    acked,
    failed,
    firstError,
    delivered,
    sendSeconds,
    latencies,
    latenciesBySecond: Array.from({ length: c.seconds + 1 }, (_, i) => bySecond[i] ?? []),
    ackLatencies,
    uncaught,
    firstUncaught,
    drops,
  };
}

/**
 * Collects this process's garbage in full, then waits until it is idle again (event-loop delay p99 under
 * 20 ms over a second): thousands of clients that just signed in keep their process busy for a while, and
 * a run started then would time the load generator, not the server. The full collection comes here, before
 * a run, so that none falls inside it: a generator of 10,000 idle clients marked its heap for 270–390 ms
 * in the last second of a run, starving the pairs' generators beside it (stalls of 80–140 ms, the run's
 * worst second at 156 ms). The server under test gets no such help.
 */
async function settle(maxMs: number): Promise<{ ms: number; lagP99Ms: number }> {
  const t0 = performance.now();
  (globalThis as { gc?: () => void }).gc?.();
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  let lag = Infinity;
  while (performance.now() - t0 < maxMs) {
    h.reset();
    await new Promise((r) => setTimeout(r, 1000));
    lag = h.percentile(99) / 1e6;
    if (lag < 20) break;
  }
  h.disable();
  return { ms: Math.round(performance.now() - t0), lagP99Ms: Math.round(lag * 10) / 10 };
}

function close() {
  closingAll();
  for (const c of [...idle, ...receivers, ...pairs.map((p) => p.sender)]) c.close();
  idle.length = 0;
  receivers.length = 0;
  pairs.length = 0;
}

process.on('message', (m: Command) => {
  const reply = (r: unknown) => process.send!(r);
  const fail = (e: Error) => reply({ error: e.stack ?? e.message });
  if (m.cmd === 'connect') connect(m).then(reply, fail);
  else if (m.cmd === 'pairs') connectPairs(m).then(reply, fail);
  else if (m.cmd === 'run') run(m).then(reply, fail);
  else if (m.cmd === 'settle') settle(m.maxMs).then(reply, fail);
  else if (m.cmd === 'warm') warm().then(reply, fail);
  else {
    close();
    // Let the close frames go out before the parent stops this process.
    setTimeout(() => reply({ closed: true }), 500);
  }
});

/**
 * CPU time from /proc, for saying what a throughput is made of: each side's server (its main thread apart
 * from its other threads: libuv's pool, where argon2 and file I/O run, and V8's helpers), the database and
 * the load generator. On two shared cores a rate is bound by the sum of these, so the CPU each request
 * costs, side by side, tells where a gap comes from.
 */
import fs from 'node:fs';

const ticks = (stat: string) => {
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(f[11]) + Number(f[12]);
};

/** CPU seconds a process used so far. */
export function cpuSeconds(pid: number): number {
  return ticks(fs.readFileSync(`/proc/${pid}/stat`, 'utf8')) / 100;
}

/**
 * CPU seconds of a process's main thread, and of all its other threads (the process's total less the
 * main thread's: threads that have ended still count there).
 */
export function threadCpu(pid: number): { main: number; others: number } {
  const main = ticks(fs.readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8')) / 100;
  return { main, others: cpuSeconds(pid) - main };
}

/** CPU seconds every PostgreSQL process has used so far, by pid (the server's backends, writers, WAL). */
export function databaseCpu(): Map<number, number> {
  const out = new Map<number, number>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (fs.readFileSync(`/proc/${name}/comm`, 'utf8').trim() === 'postgres')
        out.set(Number(name), cpuSeconds(Number(name)));
    } catch {
      // gone since the listing
    }
  }
  return out;
}

/** CPU seconds PostgreSQL used between two readings (a process started in between counts from zero). */
export const databaseCpuSince = (before: Map<number, number>) =>
  [...databaseCpu()].reduce((a, [pid, s]) => a + s - (before.get(pid) ?? 0), 0);

/** This process's own CPU seconds so far (the load generator, when it runs in the bench's process). */
export const ownCpuSeconds = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/** CPU milliseconds per request of each part, measured around `run` (which returns its request count). */
export interface CpuPerRequest {
  /** The server's main thread. */
  mainMs: number;
  /** The server's other threads (libuv's pool: argon2; V8's helpers: the garbage collector). */
  otherThreadsMs: number;
  /** PostgreSQL's processes (0 on PGlite, which runs in the server's main thread). */
  databaseMs: number;
  /** The load generator (this process). */
  loadMs: number;
}

export async function cpuPerRequest<T>(
  pid: number,
  run: () => Promise<T>,
  requests: (r: T) => number,
): Promise<{ result: T; cpu: CpuPerRequest }> {
  const t0 = threadCpu(pid);
  const db0 = databaseCpu();
  const own0 = ownCpuSeconds();
  const result = await run();
  const t1 = threadCpu(pid);
  const db = databaseCpuSince(db0);
  const own = ownCpuSeconds() - own0;
  const n = Math.max(1, requests(result));
  const ms = (s: number) => Math.round((s / n) * 1e5) / 100;
  return {
    result,
    cpu: {
      mainMs: ms(t1.main - t0.main),
      otherThreadsMs: ms(t1.others - t0.others),
      databaseMs: ms(Math.max(0, db)),
      loadMs: ms(own),
    },
  };
}

/** `main 5.1 + threads 38.2 + database 1.1 = 44.4 ms` (the load generator apart: it drives both sides). */
export const cpuText = (c: CpuPerRequest) =>
  `main ${c.mainMs.toFixed(1)} + threads ${c.otherThreadsMs.toFixed(1)} + database ${c.databaseMs.toFixed(1)} = ${(c.mainMs + c.otherThreadsMs + c.databaseMs).toFixed(1)} ms`;

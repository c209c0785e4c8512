import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import net from 'node:net';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export interface Started {
  proc: ChildProcess;
  url: string;
  /** From spawn to the first answered request. */
  readyMs: number;
  /** What it has written so far, standard output and error together. */
  output: () => string;
  stop: () => Promise<void>;
}

/** Spawns a Node program and waits until GET url+probe answers (any status). */
export async function startProcess(
  args: string[],
  env: Record<string, string>,
  port: number,
  probe = '/',
  /** Where to copy the process's standard output too (V8's --trace-gc writes there). */
  stdoutFile?: string,
): Promise<Started> {
  const t0 = performance.now();
  const proc = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout!.on('data', (d) => (output += d));
  proc.stderr!.on('data', (d) => (output += d));
  if (stdoutFile) proc.stdout!.pipe(fs.createWriteStream(stdoutFile));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`process exited with ${proc.exitCode}:\n${output}`);
    try {
      await fetch(url + probe);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 20));
    }
    if (performance.now() - t0 > 120_000) throw new Error(`not ready after 120 s:\n${output}`);
  }
  const readyMs = Math.round(performance.now() - t0);
  return {
    proc,
    url,
    readyMs,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
      }),
  };
}

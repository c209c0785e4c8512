import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sm2 } from 'sm-crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { BASIC, dbLabel, onPostgres } from './harness.js';

/** The real start: `main.ts` as its own process, the way `npm start` runs the built server. */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });

interface Run {
  proc: ChildProcess;
  out: () => string;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>): Run {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) =>
        !/^(DATABASE_URL|REDIS_URL|WORKERS|ADMIN_PASSWORD|DEMO_PASSWORD|PORT|HOST|DATA_DIR|CAPTCHA_MODE)$/.test(
          k,
        ),
    ),
  );
  const proc = spawn(process.execPath, ['--conditions=@forecourt/source', '--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...base, LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return { proc, out: () => out, exited };
}

async function waitFor(run: Run, text: string, ms = 60_000): Promise<number> {
  const t0 = Date.now();
  while (!run.out().includes(text)) {
    if (run.proc.exitCode !== null) throw new Error(`exited with ${run.proc.exitCode}:\n${run.out()}`);
    if (Date.now() - t0 > ms) throw new Error(`no "${text}" within ${ms} ms:\n${run.out()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return Date.now() - t0;
}

describe(`npm start (${dbLabel})`, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-start-'));
  const env: Record<string, string> = { DATA_DIR: dataDir, CAPTCHA_MODE: 'off' };
  let dbName: string | undefined;
  const runs: Run[] = [];

  afterAll(async () => {
    for (const r of runs) if (r.proc.exitCode === null) r.proc.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (dbName) {
      const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await c.end();
    }
  });

  it('answers on PORT within 60 s of a first start, prints the URL and a generated sign-in once, and stops cleanly', async () => {
    if (onPostgres) {
      dbName = `ft_start_${Date.now()}`;
      const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await c.connect();
      await c.query(`CREATE DATABASE ${dbName}`);
      await c.end();
      const u = new URL(process.env.TEST_DATABASE_URL!);
      u.pathname = `/${dbName}`;
      env.DATABASE_URL = u.toString();
    }
    const port = await freePort();
    const run = start({ ...env, PORT: String(port) });
    runs.push(run);
    const ms = await waitFor(run, `Forecourt is running at http://127.0.0.1:${port}/`);
    expect(ms).toBeLessThan(60_000);
    const out = run.out();
    // Listening on every interface (HOST's default), it names addresses that reach it, not 'localhost'.
    expect(out).not.toContain('localhost');
    expect(out).toContain('Sign in with tenant 000000 and account admin');
    expect(out).toContain('No SMS gateway is configured');
    const password = out.match(/admin password: (\S+)/)?.[1];
    expect(password).toMatch(/^.{16}$/);

    // The generated passwords are kept for the owner only.
    const file = path.join(dataDir, 'initial-passwords.txt');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, 'utf8')).toContain(`admin password: ${password}`);

    // The printed password signs in, and the shell is told it is an initial one.
    const base = `http://127.0.0.1:${port}`;
    const key = (
      (await (
        await fetch(`${base}/api/blade-auth/oauth/public-key`, { headers: { authorization: BASIC } })
      ).json()) as { data: { publicKey: string } }
    ).data.publicKey;
    const q = new URLSearchParams({
      tenantId: '000000',
      username: 'admin',
      password: sm2.doEncrypt(password!, key, 1),
      grant_type: 'password',
      scope: 'all',
    });
    const token = (await (
      await fetch(`${base}/api/blade-auth/oauth/token?${q}`, {
        method: 'POST',
        headers: { authorization: BASIC },
      })
    ).json()) as { access_token: string };
    expect(token.access_token).toBeTruthy();
    const check = (await (
      await fetch(`${base}/api/blade-user/check-password`, {
        headers: { authorization: BASIC, 'blade-auth': `bearer ${token.access_token}` },
      })
    ).json()) as { data: boolean };
    expect(check.data).toBe(true);
    // Every answer carries the request id the logs use, the caller's own when it sent one.
    const res = await fetch(`${base}/api/docs/json`, { headers: { 'x-request-id': 'trace-me-42' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('trace-me-42');

    run.proc.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  });

  it('does not print or change the passwords again on the next start', async () => {
    const port = await freePort();
    const run = start({ ...env, PORT: String(port) });
    runs.push(run);
    await waitFor(run, `Forecourt is running at http://127.0.0.1:${port}/`);
    expect(run.out()).not.toMatch(/admin password: /);
    expect(run.out()).toContain('initial-passwords.txt');
    if (!onPostgres) {
      // One process per embedded data folder: a second start refuses and names the problem.
      const second = start({ ...env, PORT: String(await freePort()) });
      runs.push(second);
      expect(await second.exited).toBe(1);
      expect(second.out()).toMatch(/is in use by another Forecourt process/);
    }
    run.proc.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  });

  if (!onPostgres)
    it('starts again at once on the same data folder after the server was killed, and names HOST’s address', async () => {
      const port = await freePort();
      const first = start({ ...env, PORT: String(port), HOST: '127.0.0.1' });
      runs.push(first);
      await waitFor(first, `Forecourt is running at http://127.0.0.1:${port}/`);
      expect(first.out()).not.toContain('also at');
      first.proc.kill('SIGKILL');
      await first.exited;
      const t0 = Date.now();
      const again = start({ ...env, PORT: String(port), HOST: '127.0.0.1' });
      runs.push(again);
      await waitFor(again, `Forecourt is running at http://127.0.0.1:${port}/`);
      expect(again.out()).not.toMatch(/in use by another Forecourt process/);
      const res = await fetch(`http://127.0.0.1:${port}/api/docs/json`);
      expect(res.status).toBe(200);
      expect(Date.now() - t0).toBeLessThan(60_000);
      // A live owner still refuses a second server.
      const second = start({ ...env, PORT: String(await freePort()) });
      runs.push(second);
      expect(await second.exited).toBe(1);
      expect(second.out()).toMatch(/is in use by another Forecourt process/);
      again.proc.kill('SIGTERM');
      expect(await again.exited).toBe(0);
    });

  const childrenOf = (pid: number) =>
    fs
      .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);

  // Several processes need a database server (PGlite serves one process: refused, see the next test).
  if (onPostgres)
    it('runs one node as several processes on one port (WORKERS), replaces a worker that dies, stops them all', async () => {
      const port = await freePort();
      const run = start({
        ...env,
        PORT: String(port),
        WORKERS: '2',
        REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      });
      runs.push(run);
      await waitFor(run, `Forecourt is running at http://127.0.0.1:${port}/`);
      expect(run.out()).toContain('2 worker processes');
      const workers = childrenOf(run.proc.pid!);
      expect(workers).toHaveLength(2);
      const answered = async () => {
        const codes = await Promise.all(
          Array.from({ length: 20 }, async () => {
            // A new connection each time, so the connections are spread over the workers.
            const r = await fetch(`http://127.0.0.1:${port}/api/docs/json`, {
              headers: { connection: 'close' },
            });
            await r.arrayBuffer();
            return r.status;
          }),
        );
        return codes.every((c) => c === 200);
      };
      expect(await answered()).toBe(true);

      process.kill(workers[0]!, 'SIGKILL');
      await expect
        .poll(() => childrenOf(run.proc.pid!).filter((p) => !workers.includes(p)).length, { timeout: 30_000 })
        .toBe(1);
      await expect.poll(answered, { timeout: 30_000 }).toBe(true);
      expect(childrenOf(run.proc.pid!)).toHaveLength(2);

      run.proc.kill('SIGTERM');
      expect(await run.exited).toBe(0);
    });

  it('refuses several processes without a database server and Redis to share, and says so', async () => {
    const run = start({ ...env, DATABASE_URL: '', PORT: String(await freePort()), WORKERS: '2' });
    runs.push(run);
    expect(await run.exited).toBe(1);
    expect(run.out()).toMatch(/DATABASE_URL: required when WORKERS > 1/);
    expect(run.out()).toMatch(/REDIS_URL: required when WORKERS > 1/);
  });

  it('refuses a bad setting and names the variable', async () => {
    const run = start({ ...env, PORT: 'eighty' });
    runs.push(run);
    expect(await run.exited).toBe(1);
    expect(run.out()).toMatch(/PORT/);
  });
});

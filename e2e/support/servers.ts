import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
export const ADMIN_PASSWORD = 'Admin#E2e2026';
export const DEMO_PASSWORD = 'Demo#E2e2026';

/** What the run's two servers are, as globalSetup hands it to the test workers. */
export interface Servers {
  baseUrl: string;
  captchaUrl: string;
  captchaDb: string;
  /** Generated at the captcha server's first start, so its demo staff have initial passwords. */
  captchaDemoPassword: string;
}
export const SERVERS_ENV = 'FORECOURT_E2E_SERVERS';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });

export async function startServer(env: Record<string, string>): Promise<StartedServer> {
  const main = path.join(root, 'apps/server/dist/main.js');
  if (!fs.existsSync(main) || !fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('The app is not built: run `npm run build` before the end-to-end tests.');
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-e2e-'));
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'DATABASE_URL'));
  const proc = spawn(process.execPath, [main], {
    env: {
      ...base,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      DEMO_PASSWORD,
      LOG_LEVEL: 'warn',
      // Every spec signs in from 127.0.0.1: the per-address limits of the public routes would refuse them.
      RATE_LIMIT: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  const t0 = Date.now();
  while (!out.includes('Forecourt is running')) {
    if (proc.exitCode !== null) throw new Error(`the server stopped:\n${out}`);
    if (Date.now() - t0 > 60_000) throw new Error(`the server did not start within 60 s:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, proc, dataDir };
}

export interface StartedServer {
  url: string;
  proc: ChildProcess;
  dataDir: string;
}

export async function stopServer(s: StartedServer) {
  if (s.proc.exitCode === null) {
    s.proc.kill('SIGTERM');
    await new Promise((r) => s.proc.once('exit', r));
  }
  fs.rmSync(s.dataDir, { recursive: true, force: true });
}

import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

const root = path.resolve(import.meta.dirname, '../..');
export const ADMIN_PASSWORD = 'Admin#E2e2026';
export const DEMO_PASSWORD = 'Demo#E2e2026';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    captchaUrl: string;
    captchaDb: string;
    /** Generated at the captcha server's first start, so its demo staff have initial passwords. */
    captchaDemoPassword: string;
  }
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });

export async function startServer(
  env: Record<string, string>,
): Promise<{ url: string; proc: ChildProcess; dataDir: string }> {
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

export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `ft_e2e_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;

  const main = await startServer({ CAPTCHA_MODE: 'off' });
  const captcha = await startServer({ CAPTCHA_MODE: 'on', DATABASE_URL: u.toString(), DEMO_PASSWORD: '' });
  const generated = fs
    .readFileSync(path.join(captcha.dataDir, 'initial-passwords.txt'), 'utf8')
    .match(/demo staff .* password: (\S+)/)?.[1];
  if (!generated) throw new Error('the captcha server printed no generated demo password');
  project.provide('captchaDemoPassword', generated);
  project.provide('baseUrl', main.url);
  project.provide('captchaUrl', captcha.url);
  project.provide('captchaDb', u.toString());

  return async () => {
    for (const s of [main, captcha]) {
      s.proc.kill('SIGTERM');
      await new Promise((r) => s.proc.once('exit', r));
      fs.rmSync(s.dataDir, { recursive: true, force: true });
    }
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await c.end();
  };
}

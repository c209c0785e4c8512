import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { SERVERS_ENV, startServer, stopServer, type Servers } from './servers';

/**
 * Starts the two servers of the run and hands their addresses to the test workers through the
 * environment (the workers start after this and inherit it). Returns the teardown.
 */
export default async function globalSetup() {
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
  const servers: Servers = {
    baseUrl: main.url,
    captchaUrl: captcha.url,
    captchaDb: u.toString(),
    captchaDemoPassword: generated,
  };
  process.env[SERVERS_ENV] = JSON.stringify(servers);

  return async () => {
    for (const s of [main, captcha]) await stopServer(s);
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await c.end();
  };
}

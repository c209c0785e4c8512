import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadConfig, type Config } from '../src/config.js';
import type { Db } from '../src/platform/db/index.js';
import { PgliteDb } from '../src/platform/db/pglite.js';
import { PostgresDb } from '../src/platform/db/postgres.js';
import { prepareDatabase } from '../src/boot.js';
import { buildApp } from '../src/app.js';
import { MemoryBus, type Bus } from '../src/platform/bus.js';

/**
 * Integration tests run twice: on embedded PGlite, and on the real PostgreSQL server when
 * TEST_DATABASE_URL is set (each test app gets a database of its own, cloned from a migrated template).
 */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
export const dbLabel = onPostgres ? 'postgres' : 'pglite';

export const TEST_ADMIN_PASSWORD = 'Admin#Test2026';
export const TEST_DEMO_PASSWORD = 'Demo#Test2026';
export const CLIENT = 'saber:saber_secret';
export const BASIC = `Basic ${Buffer.from(CLIENT).toString('base64')}`;

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    CAPTCHA_MODE: 'off',
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    DEMO_PASSWORD: TEST_DEMO_PASSWORD,
    DATA_DIR: `${process.env.TMPDIR ?? '/tmp'}/forecourt-test-${randomBytes(4).toString('hex')}`,
    ...env,
  });
}

async function adminQuery(sql: string) {
  const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

const dbUrl = (name: string) => {
  const u = new URL(process.env.TEST_DATABASE_URL!);
  u.pathname = `/${name}`;
  return u.toString();
};

/** A fresh, migrated and seeded database. */
export async function testDb(config: Config): Promise<{ db: Db; drop: () => Promise<void> }> {
  if (!onPostgres) {
    const db = await PgliteDb.open();
    await prepareDatabase(db, config);
    return { db, drop: () => db.close() };
  }
  const name = `ft_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const db = await PostgresDb.open(dbUrl(name), 5);
  await prepareDatabase(db, config);
  return {
    db,
    drop: async () => {
      await db.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  db: Db;
  config: Config;
  bus: Bus;
  close: () => Promise<void>;
}

export async function createTestApp(env: Record<string, string> = {}, bus: Bus = new MemoryBus()): Promise<TestApp> {
  const config = testConfig(env);
  const { db, drop } = await testDb(config);
  const app = await buildApp({ config, db, bus });
  await app.ready();
  return {
    app,
    db,
    config,
    bus,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

/**
 * A signed-in session for tests of other modules, made the way the token endpoint makes one
 * (a session row and an access token), without going through sign-in.
 */
export async function tokenFor(t: TestApp, account: string, tenantId = '000000'): Promise<string> {
  const u = await t.db.one<{ id: string; dept_id: string }>(
    'SELECT id, dept_id FROM blade_user WHERE account = $1 AND tenant_id = $2 AND is_deleted = 0',
    [account, tenantId],
  );
  if (!u) throw new Error(`no user ${tenantId}/${account}`);
  const roles = await t.db.query<{ id: string; role_alias: string }>(
    'SELECT r.id, r.role_alias FROM blade_user_role ur JOIN blade_role r ON r.id = ur.role_id WHERE ur.user_id = $1',
    [u.id],
  );
  const sid = (BigInt(Date.now()) * 1000n + BigInt(Math.floor(Math.random() * 1000))).toString();
  await t.db.query(
    `INSERT INTO auth_session (id, tenant_id, user_id, client_id, grant_type, refresh_jti, refresh_expires_at)
     VALUES ($1, $2, $3, 'saber', 'test', $4, now() + interval '1 day')`,
    [sid, tenantId, u.id, `test-${sid}`],
  );
  return t.app.ctx.tokens.signAccess({
    sid,
    uid: u.id,
    tid: tenantId,
    acc: account,
    rids: roles.map((r) => r.id),
    ral: roles.map((r) => r.role_alias),
    did: u.dept_id.split(',')[0] || null,
    cid: 'saber',
  });
}

type InjectOpts = import('light-my-request').InjectOptions;

/** app.inject with the client header, and the session token when given. */
export function call(t: TestApp, token: string | undefined, opts: InjectOpts & { lang?: 'en' | 'zh' }) {
  const { lang, headers, ...rest } = opts;
  return t.app.inject({
    ...rest,
    headers: {
      authorization: BASIC,
      ...(token ? { 'blade-auth': `bearer ${token}` } : {}),
      ...(lang ? { 'accept-language': lang } : {}),
      ...(headers ?? {}),
    },
  });
}

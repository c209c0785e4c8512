import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadConfig, type Config } from '../src/config.js';
import type { Db } from '../src/platform/db/index.js';
import { newId } from '../src/platform/ids.js';
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
    // Tests send many requests from one address; rate-limits.test.ts turns the limits on.
    RATE_LIMIT: 'off',
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    DEMO_PASSWORD: TEST_DEMO_PASSWORD,
    DATA_DIR: `${process.env.TMPDIR ?? '/tmp'}/forecourt-test-${randomBytes(4).toString('hex')}`,
    ...env,
  });
}

async function adminQuery<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await c.connect();
  try {
    return (await c.query(sql, params)).rows as T[];
  } finally {
    await c.end();
  }
}

const dbUrl = (name: string) => {
  const u = new URL(process.env.TEST_DATABASE_URL!);
  u.pathname = `/${name}`;
  return u.toString();
};

const serverSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory()
        ? sourceFiles(path.join(dir, e.name))
        : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')
          ? [path.join(dir, e.name)]
          : [],
    )
    .sort();
}

/**
 * A migrated, seeded database is the same for every test app of the same server source and seed settings,
 * so it is made once and cloned: a PGlite dump on disk, a template database on the server.
 */
function templateKey(config: Config): string {
  const h = createHash('sha256');
  for (const f of sourceFiles(serverSrc)) h.update(f).update(fs.readFileSync(f));
  h.update(JSON.stringify([config.ADMIN_PASSWORD, config.DEMO_PASSWORD, config.SEED_DEMO]));
  return h.digest('hex').slice(0, 12);
}

const TEMPLATE_DIR = path.join(os.tmpdir(), 'forecourt-test-templates');

/**
 * How old a template may be and still be used. The demo seed writes times relative to when it ran (a
 * notice 3 h old, a vehicle held for another 21 h), and tests read them against the clock: on a machine
 * whose temporary folder or database outlives a run, a template built hours earlier from the same source
 * failed them. A whole run takes well under an hour.
 */
const TEMPLATE_MAX_AGE_MS = 3600_000;

const isFresh = (file: string) => {
  try {
    return Date.now() - fs.statSync(file).mtimeMs < TEMPLATE_MAX_AGE_MS;
  } catch {
    return false;
  }
};

async function pgliteFromTemplate(config: Config): Promise<PgliteDb> {
  const file = path.join(TEMPLATE_DIR, `pglite-${templateKey(config)}.tar`);
  if (isFresh(file)) return PgliteDb.fromDump(new Blob([fs.readFileSync(file)]));
  const db = await PgliteDb.open();
  await prepareDatabase(db, config);
  const dump = Buffer.from(await (await db.dump()).arrayBuffer());
  fs.mkdirSync(TEMPLATE_DIR, { recursive: true });
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(tmp, dump);
  fs.renameSync(tmp, file); // atomic: a concurrent worker sees the whole file or none
  return db;
}

const TWO_HOURS = 2 * 3600_000;

/** The template database of this source (created once under an advisory lock); names carry their birth time. */
async function postgresTemplate(config: Config): Promise<string> {
  const key = templateKey(config);
  const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await c.connect();
  try {
    await c.query('SELECT pg_advisory_lock(724413)');
    const names = (
      await c.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'ft\\_%'")
    ).rows.map((r) => r.datname);
    const born = (n: string) => Number(n.split('_').pop()) * 1000;
    const mine = names
      .filter((n) => n.startsWith(`ft_tpl_${key}_`) && Date.now() - born(n) < TEMPLATE_MAX_AGE_MS)
      .sort((a, b) => born(b) - born(a))[0];
    if (mine) return mine;
    // Leftovers of crashed runs and templates of older sources.
    for (const n of names) {
      if (born(n) && Date.now() - born(n) > TWO_HOURS)
        await c.query(`DROP DATABASE IF EXISTS ${n} WITH (FORCE)`).catch(() => {});
    }
    const building = `ft_build_${key}_${Math.floor(Date.now() / 1000)}`;
    await c.query(`CREATE DATABASE ${building}`);
    const db = await PostgresDb.open(dbUrl(building), 5);
    try {
      await prepareDatabase(db, config);
    } finally {
      await db.close();
    }
    const name = `ft_tpl_${key}_${Math.floor(Date.now() / 1000)}`;
    await c.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    return name;
  } finally {
    await c.query('SELECT pg_advisory_unlock(724413)').catch(() => {});
    await c.end();
  }
}

/**
 * A fresh, migrated and seeded database. poolSize: connections to a PostgreSQL server (1: every statement
 * on one server session).
 */
export async function testDb(
  config: Config,
  { poolSize = 5 }: { poolSize?: number } = {},
): Promise<{ db: Db; drop: () => Promise<void> }> {
  if (!onPostgres) {
    const db = await pgliteFromTemplate(config);
    return { db, drop: () => db.close() };
  }
  const template = await postgresTemplate(config);
  const name = `ft_t${randomBytes(5).toString('hex')}_${Math.floor(Date.now() / 1000)}`;
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  const db = await PostgresDb.open(dbUrl(name), poolSize);
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

export async function createTestApp(
  env: Record<string, string> = {},
  bus: Bus = new MemoryBus(),
): Promise<TestApp> {
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
  // The platform's own ids: unique in this process (a millisecond and a random number collided once
  // PGlite made two of these in the same millisecond: the authorization matrix makes hundreds).
  const sid = newId();
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

/**
 * A second tenant with one active account (with the administrator role of that tenant when asked), for the
 * isolation tests: its token must never reach the first tenant's rows.
 */
export async function otherTenant(
  t: TestApp,
  tenantId: string,
  opts: { administrator?: boolean; account?: string } = {},
): Promise<string> {
  const account = opts.account ?? 'boss';
  const base = Number(tenantId) * 10;
  await t.db.query('INSERT INTO blade_tenant (id, tenant_id, tenant_name) VALUES ($1, $2, $3)', [
    base + 1,
    tenantId,
    `Tenant ${tenantId}`,
  ]);
  await t.db.query(
    'INSERT INTO blade_user (id, tenant_id, account, password, status) VALUES ($1, $2, $3, $4, 1)',
    [base + 2, tenantId, account, 'x'],
  );
  if (opts.administrator !== false) {
    await t.db.query(
      `INSERT INTO blade_role (id, tenant_id, role_name, role_alias) VALUES ($1, $2, '超级管理员', 'administrator')`,
      [base + 3, tenantId],
    );
    await t.db.query('INSERT INTO blade_user_role (user_id, role_id) VALUES ($1, $2)', [base + 2, base + 3]);
  }
  return tokenFor(t, account, tenantId);
}

/** Counts the statements and transactions sent through a Db, for tests that hold a path to its count. */
export function counting(db: Db) {
  // unnamed: statements run without a name, which PGlite parses and plans again on every call.
  const n = { statements: 0, transactions: 0, unnamed: 0 };
  const wrap = (inner: Db): Db => {
    const c = Object.create(inner) as Db;
    c.query = (sql, params, opts) => {
      n.statements++;
      if (!opts?.name) n.unnamed++;
      return inner.query(sql, params, opts);
    };
    c.one = (sql, params) => {
      n.statements++;
      n.unnamed++;
      return inner.one(sql, params);
    };
    c.tx = (fn) => {
      n.transactions++;
      return inner.tx((t) => fn(wrap(t)));
    };
    return c;
  };
  return { db: wrap(db), n };
}

export interface UserRow {
  id: string;
  real_name: string;
  dept_id: string;
  role_id: string;
}

/** A user of the tenant as user administration edits it (departments and roles: comma-separated ids). */
export const userRow = (t: TestApp, account: string, tenantId = '000000') =>
  t.db.one<UserRow>(
    'SELECT id, real_name, dept_id, role_id FROM blade_user WHERE account = $1 AND tenant_id = $2 AND is_deleted = 0',
    [account, tenantId],
  ) as Promise<UserRow>;

export const roleId = async (t: TestApp, alias: string) =>
  (await t.db.one<{ id: string }>(
    "SELECT id FROM blade_role WHERE tenant_id = '000000' AND role_alias = $1 AND is_deleted = 0",
    [alias],
  ))!.id;

/** The administrator changes a user through user administration (roles, status), as the console does. */
export async function editUser(
  t: TestApp,
  admin: string,
  account: string,
  change: { roleIds?: string[]; status?: number },
) {
  const u = await userRow(t, account);
  const res = await call(t, admin, {
    method: 'POST',
    url: '/api/blade-user/submit',
    payload: {
      id: u.id,
      account,
      realName: u.real_name,
      roleIds: change.roleIds ?? u.role_id.split(','),
      deptIds: u.dept_id.split(','),
      ...(change.status === undefined ? {} : { status: change.status }),
    },
  });
  if (res.statusCode !== 200) throw new Error(`editing ${account}: ${res.statusCode} ${res.body}`);
}

/** Waits until the condition holds (a queue's consumer ran, a push arrived), failing after `ms`. */
export async function until(cond: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const t0 = Date.now();
  while (!(await cond())) {
    if (Date.now() - t0 > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * When the local clock (the in-process server's too) is within `marginMs` of midnight, waits until a second
 * past it. For a step whose assertions need the server's "today" to be one day from its start to its end,
 * where the server's answer does not say which day it took: a run crossing midnight in the middle of the
 * step would fail for the clock, not for the code. Real timers: the server's database work runs on them.
 */
export async function clearOfMidnight(marginMs = 15_000) {
  const now = new Date();
  const midnight = new Date(now);
  midnight.setHours(24, 0, 0, 0);
  const left = midnight.getTime() - now.getTime();
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 1_000));
}

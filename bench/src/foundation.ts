/**
 * Foundation benchmark (issue 2): cold start, sign-in p99, authenticated /menu/routes throughput —
 * each beside a bare Fastify peer in the same run. Run with `npm run bench` after `npm run build`.
 * Sign-in and /menu/routes are also measured against the peer right after each of ours (the same minute of
 * a shared machine: the peer measured once, at the end, swung by a quarter between runs minutes apart), and
 * a run whose answers are not all 2xx stops: refusals are not throughput. Each sign-in's CPU, ours and the
 * peer's, is split into the server's main thread, its other threads (argon2 runs in libuv's pool) and
 * PostgreSQL: on two shared cores the rates are bound by their sum, so the split says what the gap is.
 * Three business pages of the demo data are measured on each database too, ours only (PAGES).
 * Writes bench/reports/foundation.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sm2 } from 'sm-crypto';
import { cpuPerRequest, cpuText, type CpuPerRequest } from './lib/cpu.js';
import { load, type LoadFigures } from './lib/load.js';
import { freePort, startProcess } from './lib/process.js';
import { median } from './lib/median.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// BENCH_SERVER_MAIN: another build of the server (an earlier commit's), benched by this harness and peer.
const serverMain = process.env.BENCH_SERVER_MAIN ?? path.join(root, 'apps/server/dist/main.js');
const peerMain = path.join(root, 'bench/src/peers/bare-fastify.mjs');
const PASSWORD = 'Admin#Bench2026';
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
// Both sides get the same unmeasured load before each measured one (as bench:list does): the rate asked
// for is a running node's, and a process's first seconds of a route are also its JIT compiling it, on
// threads of its own that the CPU split counts (far more code on our side than on the peer's).
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
// Starts timed for each start figure (ours' restart, the peer's start); the median is reported. One start
// swung by ±15 % from run to run on a shared machine, as much as a change under test (docs/bench.md).
const STARTS = Math.max(1, Number(process.env.BENCH_STARTS ?? 5));
// Whole milliseconds, as every figure of the report.
const medianMs = (xs: number[]) => Math.round(median(xs));

if (!fs.existsSync(serverMain)) {
  console.error('The server is not built: run `npm run build` first.');
  process.exit(1);
}

interface DbRun {
  database: string;
  coldStartMs: number;
  /** The median of `warmStartsMs`: restarts on the data the first start left. */
  warmStartMs: number;
  warmStartsMs: number[];
  signIn: LoadFigures;
  /** The peer's sign-in (argon2id + 2 JWTs), driven right after ours. */
  signInPeer: LoadFigures;
  /** CPU per sign-in, ours and the peer's, by part (what the gap between the two rates is made of). */
  signInCpu: CpuPerRequest;
  signInPeerCpu: CpuPerRequest;
  menuRoutes: LoadFigures;
  /** The peer's /routes (the same JSON), driven right after ours: the same minute of a shared machine. */
  menuRoutesPeer: LoadFigures;
  /**
   * Business pages of the demo company (ours only: no peer here; compare builds with BENCH_SERVER_MAIN).
   * On PGlite what a page costs is mostly its statements' trips into the embedded database.
   */
  pages: Record<string, LoadFigures>;
}

/** The first page of three lists of the demo data, as the console opens them. */
const PAGES = {
  orders: '/api/blade-sales/order/list?current=1&size=10',
  users: '/api/blade-user/list?current=1&size=10',
  dictTree: '/api/blade-system/dict-biz/list?current=1&size=10',
};

/** A throughput made of refusals is no throughput: every answer of a measured route must be a 2xx. */
function allAnswered(what: string, f: LoadFigures): LoadFigures {
  if (f.non2xx || f.errors) throw new Error(`${what}: ${f.non2xx} non-2xx answers, ${f.errors} errors`);
  return f;
}

/** One of the peer's routes under load, in a peer process of its own, driven like ours; and its CPU. */
async function peerLoad(
  what: string,
  route: string,
  opts: { connections: number; method?: 'POST'; env?: Record<string, string> },
): Promise<{ result: LoadFigures; cpu: CpuPerRequest }> {
  const p = await startProcess([peerMain], opts.env ?? {}, await freePort(), '/hello');
  try {
    if (WARMUP)
      await load({
        url: `${p.url}${route}`,
        method: opts.method,
        connections: opts.connections,
        seconds: WARMUP,
      });
    return await cpuPerRequest(
      p.proc.pid!,
      async () =>
        allAnswered(
          what,
          await load({
            url: `${p.url}${route}`,
            method: opts.method,
            connections: opts.connections,
            seconds: SECONDS,
          }),
        ),
      (f) => f.requests,
    );
  } finally {
    await p.stop();
  }
}

async function runOurs(database: 'pglite' | 'postgres'): Promise<DbRun> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-bench-'));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: PASSWORD,
    DEMO_PASSWORD: 'Demo#Bench2026',
    CAPTCHA_MODE: 'off',
    LOG_LEVEL: 'warn',
    // Sign-in throttling would count the benchmark as an attack; the limits are far above the load here.
    IP_MAX_FAILURES: '1000000',
    // The per-address limits of sign-in (429s) would be measured instead of sign-in itself.
    RATE_LIMIT: 'off',
    // This checkout's web build, whichever build runs (BENCH_SERVER_MAIN): a copy of dist placed elsewhere
    // would find none beside its own folder and start without the web's routes.
    WEB_DIST: path.join(root, 'apps/web/dist'),
  };
  let dropDb: (() => Promise<void>) | undefined;
  if (database === 'postgres') {
    const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const name = `forecourt_bench_${Date.now()}`;
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`CREATE DATABASE ${name}`);
    await c.end();
    const u = new URL(admin);
    u.pathname = `/${name}`;
    env.DATABASE_URL = u.toString();
    dropDb = async () => {
      const d = new pg.Client({ connectionString: admin });
      await d.connect();
      await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await d.end();
    };
  }
  try {
    // A new install's first start finds only what the build made (apps/server/src/launch.ts: its code
    // caches in dist/code-cache-build/, its OpenAPI document): the caches this machine's starts made are
    // removed, so that the first start is timed as a new machine's.
    fs.rmSync(path.join(path.dirname(serverMain), 'code-cache'), { recursive: true, force: true });
    const cold = await startProcess([serverMain], env, await freePort(), '/api/docs/json');
    await cold.stop();
    const warmStartsMs: number[] = [];
    for (let i = 1; i < STARTS; i++) {
      const r = await startProcess([serverMain], env, await freePort(), '/api/docs/json');
      warmStartsMs.push(r.readyMs);
      await r.stop();
    }
    // The last restart is the node the loads below run on.
    const s = await startProcess([serverMain], env, await freePort(), '/api/docs/json');
    warmStartsMs.push(s.readyMs);
    try {
      const headers = {
        Authorization: BASIC,
        'Tenant-Id': '000000',
        'Content-Type': 'application/x-www-form-urlencoded',
      };
      const keyAnswer = (await (
        await fetch(`${s.url}/api/blade-auth/oauth/public-key`, { headers })
      ).json()) as {
        data: { publicKey: string };
      };
      const cipher = sm2.doEncrypt(PASSWORD, keyAnswer.data.publicKey, 1);
      const q = new URLSearchParams({
        tenantId: '000000',
        username: 'admin',
        password: cipher,
        grant_type: 'password',
        scope: 'all',
        type: 'account',
      });
      const tokenUrl = `${s.url}/api/blade-auth/oauth/token?${q}`;
      const first = (await (await fetch(tokenUrl, { method: 'POST', headers })).json()) as {
        access_token?: string;
      };
      if (!first.access_token) throw new Error(`sign-in failed: ${JSON.stringify(first)}`);
      if (WARMUP) await load({ url: tokenUrl, method: 'POST', headers, connections: 4, seconds: WARMUP });
      const { result: signIn, cpu: signInCpu } = await cpuPerRequest(
        s.proc.pid!,
        async () =>
          allAnswered(
            `sign-in on ${database}`,
            await load({ url: tokenUrl, method: 'POST', headers, connections: 4, seconds: SECONDS }),
          ),
        (f) => f.requests,
      );
      const { result: signInPeer, cpu: signInPeerCpu } = await peerLoad('peer sign-in', '/token', {
        connections: 4,
        method: 'POST',
      });
      const authHeaders = { Authorization: BASIC, 'Blade-Auth': `bearer ${first.access_token}` };
      const routesUrl = `${s.url}/api/blade-system/menu/routes`;
      const routes = (await (await fetch(routesUrl, { headers: authHeaders })).json()) as { data: unknown };
      const routesFile = path.join(os.tmpdir(), 'forecourt-bench-routes.json');
      fs.writeFileSync(routesFile, JSON.stringify(routes.data));
      if (WARMUP) await load({ url: routesUrl, headers: authHeaders, connections: 10, seconds: WARMUP });
      const menuRoutes = allAnswered(
        `ours /menu/routes (${database})`,
        await load({ url: routesUrl, headers: authHeaders, connections: 10, seconds: SECONDS }),
      );
      const { result: menuRoutesPeer } = await peerLoad('peer /routes', '/routes', {
        connections: 10,
        env: { PEER_ROUTES_FILE: routesFile },
      });
      const pages: Record<string, LoadFigures> = {};
      for (const [k, route] of Object.entries(PAGES)) {
        const url = `${s.url}${route}`;
        await load({ url, headers: authHeaders, connections: 10, seconds: 1 });
        pages[k] = allAnswered(
          `ours ${route} (${database})`,
          await load({ url, headers: authHeaders, connections: 10, seconds: Math.max(2, SECONDS / 2) }),
        );
      }
      return {
        database,
        coldStartMs: cold.readyMs,
        warmStartMs: medianMs(warmStartsMs),
        warmStartsMs,
        signIn,
        signInPeer,
        signInCpu,
        signInPeerCpu,
        menuRoutes,
        menuRoutesPeer,
        pages,
      };
    } finally {
      await s.stop();
    }
  } finally {
    await dropDb?.();
    // Retried: a server that just exited may still have PGlite files being closed.
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
}

async function runPeer() {
  const env = { PEER_ROUTES_FILE: path.join(os.tmpdir(), 'forecourt-bench-routes.json') };
  const startsMs: number[] = [];
  for (let i = 1; i < STARTS; i++) {
    const r = await startProcess([peerMain], env, await freePort(), '/hello');
    startsMs.push(r.readyMs);
    await r.stop();
  }
  const cold = await startProcess([peerMain], env, await freePort(), '/hello');
  startsMs.push(cold.readyMs);
  try {
    const signIn = await load({ url: `${cold.url}/token`, method: 'POST', connections: 4, seconds: SECONDS });
    const menuRoutes = await load({ url: `${cold.url}/routes`, connections: 10, seconds: SECONDS });
    const hello = await load({ url: `${cold.url}/hello`, connections: 10, seconds: SECONDS });
    // coldStartMs: the median of its starts (the peer keeps no data, so each start is alike).
    return { coldStartMs: medianMs(startsMs), startsMs, signIn, menuRoutes, hello };
  } finally {
    await cold.stop();
  }
}

const ours: DbRun[] = [];
for (const d of (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',') as Array<'pglite' | 'postgres'>)
  ours.push(await runOurs(d));
const peer = await runPeer();

const rows = [
  ...ours.map((o) => [
    `forecourt (${o.database})`,
    `${o.coldStartMs} ms (first start, seeding) / ${o.warmStartMs} ms (median of ${o.warmStartsMs.join(', ')})`,
    `${o.signIn.p99ms} ms p99, ${o.signIn.reqPerSec}/s (peer right after: ${o.signInPeer.p99ms} ms p99, ${o.signInPeer.reqPerSec}/s; ${(o.signIn.reqPerSec / o.signInPeer.reqPerSec).toFixed(2)}×, p99 ${(o.signIn.p99ms / o.signInPeer.p99ms).toFixed(2)}×)`,
    `${o.menuRoutes.reqPerSec}/s, p99 ${o.menuRoutes.p99ms} ms (peer right after: ${o.menuRoutesPeer.reqPerSec}/s, ${(o.menuRoutes.reqPerSec / o.menuRoutesPeer.reqPerSec).toFixed(2)}×)`,
  ]),
  [
    'bare Fastify peer',
    `${peer.coldStartMs} ms (median of ${peer.startsMs.join(', ')})`,
    `${peer.signIn.p99ms} ms p99, ${peer.signIn.reqPerSec}/s (argon2id verify + 2 JWTs)`,
    `${peer.menuRoutes.reqPerSec}/s, p99 ${peer.menuRoutes.p99ms} ms (same JSON, no auth/db)`,
  ],
];
console.log(
  `\nFoundation benchmark — ${os.cpus().length} cores, Node ${process.version}, ${SECONDS} s per load\n`,
);
console.log(['', 'start', 'sign-in', 'GET /menu/routes'].join(' | '));
for (const r of rows) console.log(r.join(' | '));
console.log(`bare Fastify hello: ${peer.hello.reqPerSec}/s`);
console.log(
  "\nCPU per sign-in (the server's main thread + its other threads, where argon2 runs + PostgreSQL):",
);
for (const o of ours)
  console.log(
    `forecourt (${o.database}): ${cpuText(o.signInCpu)}; peer right after: ${cpuText(o.signInPeerCpu)}`,
  );
console.log('\nBusiness pages, 10 connections (ours only; compare builds with BENCH_SERVER_MAIN):');
for (const o of ours)
  console.log(
    `forecourt (${o.database}): ${Object.entries(o.pages)
      .map(([k, f]) => `${k} ${f.reqPerSec}/s p99 ${f.p99ms} ms`)
      .join(', ')}`,
  );
const report = {
  at: new Date().toISOString(),
  cores: os.cpus().length,
  node: process.version,
  seconds: SECONDS,
  ours,
  peer,
};
fs.mkdirSync(path.join(root, 'bench/reports'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench/reports/foundation.json'), JSON.stringify(report, null, 2));
console.log('\nwritten to bench/reports/foundation.json');

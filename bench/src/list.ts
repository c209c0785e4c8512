/**
 * List latency of a 1,000,000-row table on PostgreSQL (issues 4 and 25): business dictionary items under
 * one dictionary, read through GET /api/blade-system/dict-biz/child-list — the first page, a page in the
 * middle and the last page as the UI reaches them (by the cursors of the neighbouring pages), and a
 * search — and, in the same run, the same rows, filters and order through a bare Fastify + pg route as a
 * competent engineer writes it (exact count(*), OFFSET, on the same indexes) as the peer. Each case also
 * prints its CPU per request on both sides (server, PostgreSQL): what each ratio is made of.
 * Run with `npm run bench:list` after `npm run build` (BENCH_ROWS for another size). Writes
 * bench/reports/list.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sm2 } from 'sm-crypto';
import { cpuPerRequest, type CpuPerRequest } from './lib/cpu.js';
import { measure, type LatencyFigures } from './lib/latency.js';
import { freePort, startProcess } from './lib/process.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// BENCH_SERVER_MAIN: another build of the server (an earlier commit's), benched by this harness and peer.
const serverMain = process.env.BENCH_SERVER_MAIN ?? path.join(root, 'apps/server/dist/main.js');
const peerMain = path.join(root, 'bench/src/peers/bare-list.mjs');
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
// Both sides get the same unmeasured warm-up before each case.
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const PASSWORD = 'Admin#Bench2026';
// Terms of 10,000 matches each that no case searches for: each one's first request finds nothing kept
// (our server keeps a search's matches while its table is unchanged: apps/server/src/platform/list-cache.ts).
const NEW_TERMS = ['90 号', '91 号', '92 号', '93 号', '94 号', '95 号', '96 号'];

/** Each term's first page, once, one request at a time: milliseconds each. */
async function newSearches(
  parentId: string,
  url: (qs: string) => string,
  headers: Record<string, string> = {},
) {
  const out: number[] = [];
  for (const term of NEW_TERMS) {
    const t0 = performance.now();
    const res = await fetch(
      url(`current=1&size=10&parentId=${parentId}&dictValue=${encodeURIComponent(term)}`),
      {
        headers,
      },
    );
    const body = (await res.json()) as { data?: { total?: number }; total?: number };
    out.push(performance.now() - t0);
    const total = body.data?.total ?? body.total;
    if (res.status !== 200 || total !== ROWS / 100)
      throw new Error(`search ${term}: ${JSON.stringify(body).slice(0, 200)}`);
  }
  return out;
}
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

if (!fs.existsSync(serverMain)) {
  console.error('The server is not built: run `npm run build` first.');
  process.exit(1);
}

async function adminQuery(sql: string) {
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

// BENCH_REUSE_DB=<name>: a database an earlier run kept (BENCH_KEEP_DB=1), filled and analysed; the run
// skips the insert and keeps it.
const reuse = process.env.BENCH_REUSE_DB;
const name = reuse ?? `forecourt_bench_list_${Date.now()}`;
if (!reuse) await adminQuery(`CREATE DATABASE ${name}`);
const u = new URL(admin);
u.pathname = `/${name}`;
const databaseUrl = u.toString();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-bench-'));
const env = {
  DATABASE_URL: databaseUrl,
  DATA_DIR: dataDir,
  ADMIN_PASSWORD: PASSWORD,
  DEMO_PASSWORD: 'Demo#Bench2026',
  CAPTCHA_MODE: 'off',
  LOG_LEVEL: 'warn',
};

try {
  const s = await startProcess([serverMain], env, await freePort(), '/api/docs/json');
  let parentId: string;
  try {
    // The rows: one dictionary with ROWS items, written straight into the table the endpoint reads.
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const t0 = Date.now();
    if (reuse) parentId = '900000000000000001';
    else {
      const parent = await db.query<{ id: string }>(
        `INSERT INTO blade_dict_biz (id, tenant_id, parent_id, code, dict_key, dict_value, sort)
       VALUES (900000000000000001, '000000', 0, 'bench_items', '-1', 'Bench items', 0) RETURNING id::text`,
      );
      parentId = parent.rows[0]!.id;
      await db.query(
        `INSERT INTO blade_dict_biz (id, tenant_id, parent_id, code, dict_key, dict_value, sort, remark)
       SELECT 900000000000000001 + g, '000000', 900000000000000001, 'bench_items', 'k' || g, '车型 ' || g || ' 号', g % 1000, 'row ' || g
         FROM generate_series(1, ${ROWS}) g`,
      );
      // A live database is vacuumed and analysed by autovacuum after a load like this one; the machine's
      // server runs without it. Without the visibility map a count cannot use an index-only scan, which
      // handicapped the peer's exact count(*) (and our capped counts) against production.
      await db.query('VACUUM ANALYZE blade_dict_biz');
      console.log(`inserted ${ROWS} rows in ${Date.now() - t0} ms`);
    }
    await db.end();

    const headers = { Authorization: BASIC, 'Tenant-Id': '000000' };
    const key = (await (await fetch(`${s.url}/api/blade-auth/oauth/public-key`, { headers })).json()) as {
      data: { publicKey: string };
    };
    const q = new URLSearchParams({
      tenantId: '000000',
      username: 'admin',
      password: sm2.doEncrypt(PASSWORD, key.data.publicKey, 1),
      grant_type: 'password',
      scope: 'all',
      type: 'account',
    });
    const tok = (await (
      await fetch(`${s.url}/api/blade-auth/oauth/token?${q}`, { method: 'POST', headers })
    ).json()) as { access_token: string };
    const auth = { Authorization: BASIC, 'Blade-Auth': `bearer ${tok.access_token}` };

    const base = `current=1&size=10&parentId=${parentId}`;
    const list = async (qs: string) =>
      (
        (await (
          await fetch(`${s.url}/api/blade-system/dict-biz/child-list?${qs}`, { headers: auth })
        ).json()) as {
          data: { total: number; estimated?: boolean; next?: string; records: unknown[] };
        }
      ).data;
    const first = await list(base);
    // An estimate is close, not exact: within a tenth of the rows is what the UI's "about" promises.
    if (!first || Math.abs(first.total - ROWS) > ROWS / 10)
      throw new Error(`child-list answered ${JSON.stringify(first).slice(0, 300)}`);
    const middle = Math.floor(ROWS / 20);
    // The cursor of the page before the middle one, the way the UI holds it after paging there.
    const before = await list(`current=${middle - 1}&size=10&parentId=${parentId}`);
    const search = `current=1&size=10&parentId=${parentId}&dictValue=${encodeURIComponent('99 号')}`;
    const cases = {
      firstPage: { ours: base, peer: base },
      deepPage: {
        ours: `current=${middle}&size=10&parentId=${parentId}&cursor=${before.next}`,
        peer: `current=${middle}&size=10&parentId=${parentId}`,
      },
      lastPage: {
        ours: `current=${Math.ceil(ROWS / 10)}&size=10&parentId=${parentId}&cursor=last`,
        peer: `current=${Math.ceil(ROWS / 10)}&size=10&parentId=${parentId}`,
      },
      search: { ours: search, peer: search },
    };
    console.log(`first page: total ${first.total}${first.estimated ? ' (estimated)' : ''}`);

    // CPU per request by process: on two shared cores the rates are bound by it, so it says what each
    // ratio is made of (the server's work, and PostgreSQL's: the statements each request costs). Each case
    // first runs unmeasured, outside the CPU's window too, so neither side's JIT warm-up lands in its figures.
    const measureCases = async (
      pid: number,
      url: (qs: { ours: string; peer: string }) => string,
      headers = {},
    ) => {
      const figures: Record<string, LatencyFigures> = {};
      const cpu: Record<string, CpuPerRequest> = {};
      for (const [k, qs] of Object.entries(cases)) {
        if (WARMUP) await measure(url(qs), { headers, seconds: WARMUP });
        const m = await cpuPerRequest(
          pid,
          () => measure(url(qs), { headers, seconds: SECONDS }),
          (f) => f.requests,
        );
        figures[k] = m.result;
        cpu[k] = m.cpu;
      }
      return { figures, cpu };
    };
    const { figures: ours, cpu: oursCpu } = await measureCases(
      s.proc.pid!,
      (qs) => `${s.url}/api/blade-system/dict-biz/child-list?${qs.ours}`,
      auth,
    );
    const newOurs = await newSearches(
      parentId,
      (qs) => `${s.url}/api/blade-system/dict-biz/child-list?${qs}`,
      auth,
    );
    await s.stop();

    const peer = await startProcess([peerMain], { DATABASE_URL: databaseUrl }, await freePort(), '/health');
    let theirs: Record<string, LatencyFigures>;
    let theirsCpu: Record<string, CpuPerRequest>;
    let newPeer: number[] = [];
    try {
      ({ figures: theirs, cpu: theirsCpu } = await measureCases(
        peer.proc.pid!,
        (qs) => `${peer.url}/child-list?${qs.peer}`,
      ));
      newPeer = await newSearches(parentId, (qs) => `${peer.url}/child-list?${qs}`);
    } finally {
      await peer.stop();
    }

    console.log(
      `\nList latency, ${ROWS} rows on PostgreSQL — ${os.cpus().length} cores, ${SECONDS} s per case, 10 connections\n`,
    );
    console.log(
      'case | forecourt p50 / p95 / p99 ms, req/s | bare Fastify + pg p50 / p95 / p99 ms, req/s | ratio',
    );
    for (const k of Object.keys(cases)) {
      const o = ours[k]!;
      const p = theirs[k]!;
      console.log(
        `${k} | ${o.p50ms} / ${o.p95ms} / ${o.p99ms}, ${o.reqPerSec}/s | ${p.p50ms} / ${p.p95ms} / ${p.p99ms}, ${p.reqPerSec}/s | ${(o.reqPerSec / Math.max(1, p.reqPerSec)).toFixed(1)}×`,
      );
    }
    const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    console.log(
      `searchNew (one client, a term nobody searched before, ${NEW_TERMS.length} terms of 10,000 matches) | median ${med(newOurs).toFixed(1)} ms (${newOurs.map((x) => x.toFixed(0)).join(', ')}) | median ${med(newPeer).toFixed(1)} ms (${newPeer.map((x) => x.toFixed(0)).join(', ')}) | ${(med(newPeer) / med(newOurs)).toFixed(1)}×`,
    );
    console.log('\nCPU per request, server (all its threads) + PostgreSQL, ms:');
    const server = (c: CpuPerRequest) => c.mainMs + c.otherThreadsMs;
    for (const k of Object.keys(cases)) {
      const o = oursCpu[k]!;
      const p = theirsCpu[k]!;
      console.log(
        `${k} | forecourt ${server(o).toFixed(2)} + ${o.databaseMs.toFixed(2)} | peer ${server(p).toFixed(2)} + ${p.databaseMs.toFixed(2)}`,
      );
    }
    fs.mkdirSync(path.join(root, 'bench/reports'), { recursive: true });
    fs.writeFileSync(
      path.join(root, 'bench/reports/list.json'),
      JSON.stringify(
        {
          at: new Date().toISOString(),
          rows: ROWS,
          ours,
          peer: theirs,
          oursCpu,
          peerCpu: theirsCpu,
          searchNewMs: { ours: newOurs, peer: newPeer },
        },
        null,
        2,
      ),
    );
    console.log('\nwritten to bench/reports/list.json');
  } finally {
    await s.stop();
  }
} finally {
  // BENCH_KEEP_DB=1 keeps the filled database for EXPLAIN ANALYZE afterwards (its name is printed).
  if (process.env.BENCH_KEEP_DB === '1' || reuse) console.log(`kept database ${name}`);
  else await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

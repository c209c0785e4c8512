/**
 * Restarts of two builds of the server on PGlite, alternating: the way to read a change to the start that
 * is smaller than a shared machine's drift between runs (docs/bench.md, twenty-first session). Each build
 * restarts on a data folder of its own, made by its own first start; a restart is timed from spawn to the
 * first answer of /api/docs/json, as the foundation bench times it, and its "ready" log line gives the
 * steps. Prints each restart and the medians.
 *
 * `npm run bench:restart -w bench` after `npm run build`. BENCH_SERVER_MAIN: the other build (an earlier
 * commit built in a worktree, say), required; the second is this checkout's. BENCH_PAIRS: pairs (20).
 * BENCH_FLAGS=start: both run with the Node flags `npm start` gives the server (apps/server/node-flags.mjs,
 * source maps among them); otherwise with none, as the foundation bench starts it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startProcess } from './lib/process.js';
import { median } from './lib/median.js';
import { START_NODE_FLAGS } from '../../apps/server/node-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const other = process.env.BENCH_SERVER_MAIN;
if (!other) {
  console.error('BENCH_SERVER_MAIN: the main.js of the build to compare with this checkout’s.');
  process.exit(1);
}
const builds = { other: path.resolve(other), this: path.join(root, 'apps/server/dist/main.js') };
for (const main of Object.values(builds))
  if (!fs.existsSync(main)) {
    console.error(`${main} is not built: run \`npm run build\` first.`);
    process.exit(1);
  }
const PAIRS = Math.max(1, Number(process.env.BENCH_PAIRS ?? 20));
const flags = process.env.BENCH_FLAGS === 'start' ? START_NODE_FLAGS : [];

type Build = keyof typeof builds;
interface Restart {
  ms: number;
  ready?: number;
  timings: Record<string, number>;
}

async function start(build: Build, dataDir: string): Promise<Restart> {
  const env = {
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: 'Admin#Bench2026',
    DEMO_PASSWORD: 'Demo#Bench2026',
    CAPTCHA_MODE: 'off',
    LOG_LEVEL: 'info', // the "ready" line and its steps
    RATE_LIMIT: 'off',
    // Both serve this checkout's web build: one found beside its own folder (apps/server/src/app.ts) would
    // be none for a copy of dist placed elsewhere, which would then start without the web's routes.
    WEB_DIST: path.join(root, 'apps/web/dist'),
  };
  const s = await startProcess([...flags, builds[build]], env, await freePort(), '/api/docs/json');
  await s.stop();
  const line = s
    .output()
    .split('\n')
    .find((l) => l.includes('"msg":"ready"'));
  const ready = line ? (JSON.parse(line) as { ms?: number; timings?: Record<string, number> }) : {};
  return { ms: s.readyMs, ...(ready.ms !== undefined && { ready: ready.ms }), timings: ready.timings ?? {} };
}

const dirs = {} as Record<Build, string>;
const runs: Record<Build, Restart[]> = { other: [], this: [] };
try {
  for (const b of Object.keys(builds) as Build[]) {
    dirs[b] = fs.mkdtempSync(path.join(os.tmpdir(), `forecourt-restart-${b}-`));
    await start(b, dirs[b]); // the first start: it makes the folder
  }
  for (let i = 0; i < PAIRS; i++)
    for (const b of (i % 2 ? ['this', 'other'] : ['other', 'this']) as Build[]) {
      const r = await start(b, dirs[b]);
      runs[b].push(r);
      console.log(`${b}: ${r.ms} ms, ready ${r.ready} ms, ${JSON.stringify(r.timings)}`);
    }
} finally {
  for (const d of Object.values(dirs)) fs.rmSync(d, { recursive: true, force: true, maxRetries: 10 });
}

const seeds = (t: Record<string, number>) =>
  Object.entries(t)
    .filter(([k]) => k.startsWith('seed'))
    .reduce((n, [, v]) => n + v, 0);
console.log(
  `\n${PAIRS} alternating pairs, medians (other: ${path.relative(root, builds.other)}; Node flags: ${flags.join(' ') || 'none'})`,
);
for (const b of Object.keys(builds) as Build[]) {
  const rs = runs[b];
  const of = (f: (r: Restart) => number | undefined) =>
    median(rs.map(f).filter((v): v is number => v !== undefined));
  console.log(
    `${b}: ${of((r) => r.ms)} ms to the document's answer; ready ${of((r) => r.ready)}, openDb ${of((r) => r.timings.openDb)}, seeds ${of((r) => seeds(r.timings))}, buildApp ${of((r) => r.timings.buildApp)}, listen ${of((r) => r.timings.listen)}`,
  );
}

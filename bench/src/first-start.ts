/**
 * A new install's first start on PGlite, with and without what the build makes for it (V8's code caches in
 * dist/code-cache-build/, the OpenAPI document dist/openapi.json; apps/server/tsup.config.ts), alternating
 * on this checkout's build: each start on a new data folder, with the caches earlier starts made removed,
 * timed from spawn to the first answer of /api/docs/json as the foundation bench times it. The two files
 * are moved aside for the starts without them and always put back. Prints each start and the medians.
 *
 * `npm run bench:first-start -w bench` after `npm run build`. BENCH_PAIRS: pairs (6). BENCH_FLAGS=start:
 * with the Node flags `npm start` gives the server (the build makes a cache for those too).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startProcess } from './lib/process.js';
import { median } from './lib/median.js';
import { START_NODE_FLAGS } from '../../apps/server/node-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = path.join(root, 'apps/server/dist');
const made = ['code-cache-build', 'openapi.json'].map((f) => path.join(dist, f));
for (const f of made)
  if (!fs.existsSync(f)) {
    console.error(`${f} is missing: run \`npm run build\` first.`);
    process.exit(1);
  }
const PAIRS = Math.max(1, Number(process.env.BENCH_PAIRS ?? 6));
const flags = process.env.BENCH_FLAGS === 'start' ? START_NODE_FLAGS : [];

type Kind = 'without' | 'with';
const aside = (f: string) => `${f}.aside`;
function use(kind: Kind) {
  for (const f of made)
    if (kind === 'with' && fs.existsSync(aside(f))) fs.renameSync(aside(f), f);
    else if (kind === 'without' && fs.existsSync(f)) fs.renameSync(f, aside(f));
}

async function firstStart(kind: Kind) {
  use(kind);
  fs.rmSync(path.join(dist, 'code-cache'), { recursive: true, force: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-first-start-'));
  try {
    const env = { DATA_DIR: dataDir, LOG_LEVEL: 'info', CAPTCHA_MODE: 'off', RATE_LIMIT: 'off' };
    const s = await startProcess(
      [...flags, path.join(dist, 'main.js')],
      env,
      await freePort(),
      '/api/docs/json',
    );
    await s.stop();
    const line = s
      .output()
      .split('\n')
      .find((l) => l.includes('"msg":"ready"'));
    const ready = line ? (JSON.parse(line) as { ms?: number; codeCache?: string }) : {};
    return { ms: s.readyMs, ready: ready.ms, codeCache: ready.codeCache };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 10 });
  }
}

const runs: Record<Kind, number[]> = { without: [], with: [] };
try {
  for (let i = 0; i < PAIRS; i++)
    for (const kind of (i % 2 ? ['with', 'without'] : ['without', 'with']) as Kind[]) {
      const r = await firstStart(kind);
      runs[kind].push(r.ms);
      console.log(`${kind}: ${r.ms} ms, ready ${r.ready} ms, code cache ${r.codeCache}`);
    }
} finally {
  use('with');
}
console.log(
  `\n${PAIRS} alternating pairs of first starts (Node flags: ${flags.join(' ') || 'none'}), medians to the document's answer:`,
);
for (const kind of ['without', 'with'] as Kind[])
  console.log(`${kind} what the build made: ${median(runs[kind])} ms`);

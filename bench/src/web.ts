/**
 * Web weight and Lighthouse (issue 3): the JavaScript a browser downloads to show /login and the
 * workbench (bytes and gzip), and Lighthouse performance / accessibility scores (desktop and mobile) of
 * /login and the workbench, in Debian's Chromium (median of LIGHTHOUSE_RUNS runs, default 3). In the
 * same run, a peer: the least a Vite + React + antd sign-in page can be (src/peers/antd-login, built
 * with the shell's Vite), served by a bare static server. Beside them, from the build's manifest
 * (scripts/web-budget.mjs, the check `npm test` runs): the same two pages' JavaScript, and every page of
 * the menu with the JavaScript it brings beyond the workbench, against the issue's budgets. Run with
 * `npm run bench:web` after `npm run build` (WEB_DIST=<dir> measures another build of the shell).
 * Writes bench/reports/web.json.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { freePort, startProcess } from './lib/process.js';
import { BUDGETS, GOALS, overBudget, weigh } from '../../scripts/web-budget.mjs';
import { atPhonePace } from '../../scripts/phone-pace.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// BENCH_SERVER_MAIN: another build of the server (an earlier commit's) serving the same web build.
const serverMain = process.env.BENCH_SERVER_MAIN ?? path.join(root, 'apps/server/dist/main.js');
const PASSWORD = 'Admin#Bench2026';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const webDist = path.resolve(process.env.WEB_DIST ?? path.join(root, 'apps/web/dist'));

if (!fs.existsSync(serverMain) || !fs.existsSync(path.join(webDist, 'index.html'))) {
  console.error('The app is not built: run `npm run build` first.');
  process.exit(1);
}

interface JsWeight {
  files: number;
  bytes: number;
  gzip: number;
  /** Main-thread time of the load (Chromium's TaskDuration and ScriptDuration, ms, unthrottled). */
  mainThreadMs: number;
  scriptMs: number;
}

/**
 * Loads a page and sums the JavaScript it fetched until the network is idle, with the main-thread time
 * the renderer spent on it (machine-dependent: compare it with the peer of the same run).
 */
async function jsWeight(page: Page, url: string, shown: (page: Page) => Promise<unknown>): Promise<JsWeight> {
  const bodies: Array<Promise<Buffer | undefined>> = [];
  const onResponse = (r: import('playwright-core').Response) => {
    if (r.request().resourceType() !== 'script' || r.status() !== 200) return;
    // A redirect or an aborted request has no body.
    bodies.push(r.body().catch(() => undefined));
  };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const metrics = async () => {
    const { metrics: list } = await cdp.send('Performance.getMetrics');
    const get = (name: string) => (list.find((m) => m.name === name)?.value ?? 0) * 1000;
    return { task: get('TaskDuration'), script: get('ScriptDuration') };
  };
  page.on('response', onResponse);
  const before = await metrics();
  await page.goto(url);
  // Until the page shows what it is for (the network can go quiet while the first chunks evaluate,
  // before the page's own chunk is requested), then until the network is idle.
  await shown(page);
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  const after = await metrics();
  await cdp.detach();
  // A navigation to another site starts a new renderer, whose counters start at zero.
  const delta = (a: number, b: number) => Math.round(a >= b ? a - b : a);
  let bytes = 0;
  let gzip = 0;
  let files = 0;
  for (const body of await Promise.all(bodies)) {
    if (!body) continue;
    files++;
    bytes += body.length;
    gzip += zlib.gzipSync(body, { level: 9 }).length;
  }
  return {
    files,
    bytes,
    gzip,
    mainThreadMs: delta(after.task, before.task),
    scriptMs: delta(after.script, before.script),
  };
}

/**
 * How long a page takes to show what it is for at a phone's pace: Lighthouse's mobile conditions applied
 * for real in Chromium (CPU 4× slower, 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up), a warm cache
 * (a user opening it again, as staff do every morning), the median of SHOWN_RUNS loads (default 5).
 * Unlike Lighthouse's score it is not simulated: the requests a page sends early count as early.
 */
const SHOWN_RUNS = Math.max(1, Number(process.env.SHOWN_RUNS ?? 5));
async function shownAtPhonePace(
  context: BrowserContext,
  url: string,
  shown: (page: Page) => Promise<unknown>,
) {
  const times: number[] = [];
  for (let i = 0; i < SHOWN_RUNS; i++) {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await atPhonePace(cdp);
    const t0 = performance.now();
    await page.goto(url);
    await shown(page);
    times.push(Math.round(performance.now() - t0));
    await cdp.detach();
    await page.close();
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { medianMs: sorted[Math.floor((sorted.length - 1) / 2)]!, runs: times };
}

async function signIn(page: Page, base: string) {
  await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
  await page
    .locator('input[autocomplete="username"], input#username, input[name="username"]')
    .first()
    .fill('admin');
  await page.locator('input[type="password"]').first().fill(PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/wel/, { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
}

async function lighthouseOnce(port: number, url: string, form: 'mobile' | 'desktop', run: number) {
  const flags = {
    port,
    output: 'json' as const,
    logLevel: 'error' as const,
    onlyCategories: ['performance', 'accessibility'],
    disableStorageReset: true,
  };
  const result = await lighthouse(url, flags, form === 'desktop' ? desktopConfig : undefined);
  const { categories: c, audits } = result!.lhr;
  // BENCH_LHR_DIR=<dir> keeps each full Lighthouse report, to see what a score is made of.
  if (process.env.BENCH_LHR_DIR) {
    const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${form}-${run}.json`;
    fs.writeFileSync(path.join(process.env.BENCH_LHR_DIR, name), JSON.stringify(result!.lhr));
  }
  const num = (id: string) => Math.round(Number(audits[id]?.numericValue ?? 0));
  // The accessibility audits that did not pass, so a score below 100 says what to fix.
  const a11yFailed = (c.accessibility?.auditRefs ?? [])
    .filter((r) => r.weight > 0 && audits[r.id]?.score !== null && (audits[r.id]?.score ?? 1) < 1)
    .map((r) => r.id);
  return {
    performance: Math.round((c.performance?.score ?? 0) * 100),
    accessibility: Math.round((c.accessibility?.score ?? 0) * 100),
    fcpMs: num('first-contentful-paint'),
    lcpMs: num('largest-contentful-paint'),
    tbtMs: num('total-blocking-time'),
    speedIndexMs: num('speed-index'),
    cls: Number(Number(audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
    a11yFailed,
    // Lighthouse's own CPU score of the machine during the run (its mobile calibration assumes ~1000+).
    benchmarkIndex: Math.round(result!.lhr.environment.benchmarkIndex),
  };
}

/**
 * Lighthouse's scores move with the machine's load (its simulated throttling scales the observed
 * main-thread time), so each page is measured RUNS times (default 3) and the median run by performance
 * is reported, as Lighthouse's own guidance suggests; every run's score is kept beside it.
 */
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
async function lighthouseScores(port: number, url: string, form: 'mobile' | 'desktop') {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await lighthouseOnce(port, url, form, i));
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  return { ...sorted[Math.floor((sorted.length - 1) / 2)]!, runs: runs.map((r) => r.performance) };
}

/** Builds the peer page with the shell's own Vite (same version, same minifier). */
async function buildPeer(outDir: string) {
  const requireFromWeb = createRequire(path.join(root, 'apps/web/package.json'));
  const vite = (await import(pathToFileURL(requireFromWeb.resolve('vite')).href)) as {
    build: (config: object) => Promise<unknown>;
  };
  const react = (await import(pathToFileURL(requireFromWeb.resolve('@vitejs/plugin-react')).href)) as {
    default: () => unknown;
  };
  await vite.build({
    root: path.join(root, 'bench/src/peers/antd-login'),
    configFile: false,
    logLevel: 'warn',
    base: '/',
    plugins: [react.default()],
    build: { outDir, emptyOutDir: true },
  });
}

/** A bare static server for the peer (gzip like the shell's server, so transfer sizes compare). */
function serveStatic(dir: string, port: number): Promise<http.Server> {
  const types: Record<string, string> = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.css': 'text/css',
  };
  const server = http.createServer((req, res) => {
    const file = path.join(dir, path.normalize(decodeURIComponent((req.url ?? '/').split('?')[0]!)));
    const target =
      file.startsWith(dir) && fs.existsSync(file) && fs.statSync(file).isFile()
        ? file
        : path.join(dir, 'index.html');
    const body = fs.readFileSync(target);
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    res.writeHead(200, {
      'content-type': types[path.extname(target)] ?? 'application/octet-stream',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    });
    res.end(gzip ? zlib.gzipSync(body) : body);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-bench-web-'));
const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-bench-profile-'));
const server = await startProcess(
  [serverMain],
  {
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: PASSWORD,
    DEMO_PASSWORD: 'Demo#Bench2026',
    CAPTCHA_MODE: 'off',
    LOG_LEVEL: 'warn',
  },
  await freePort(),
  '/api/docs/json',
);
const peerDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-bench-peer-'));
await buildPeer(peerDir);
const peerPort = await freePort();
const peerServer = await serveStatic(peerDir, peerPort);
const peerUrl = `http://127.0.0.1:${peerPort}/`;
const debugPort = await freePort();
let context: BrowserContext | undefined;
try {
  // A persistent context is the browser's default one, so Lighthouse's tab shares the signed-in storage.
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--remote-debugging-port=${debugPort}`,
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const signInForm = (p: Page) => p.locator('input[type="password"]').first().waitFor();
  const peer = await jsWeight(page, peerUrl, signInForm);
  const peerScores = {
    mobile: await lighthouseScores(debugPort, peerUrl, 'mobile'),
    desktop: await lighthouseScores(debugPort, peerUrl, 'desktop'),
  };
  const login = await jsWeight(page, `${server.url}/login`, signInForm);
  const loginScores = {
    mobile: await lighthouseScores(debugPort, `${server.url}/login`, 'mobile'),
    desktop: await lighthouseScores(debugPort, `${server.url}/login`, 'desktop'),
  };
  await signIn(page, server.url);
  const workbench = await jsWeight(page, `${server.url}/wel/index`, (p) =>
    p
      .getByText(/我的快捷入口|My shortcuts/)
      .first()
      .waitFor(),
  );
  const workbenchShown = (p: Page) =>
    p
      .getByText(/我的快捷入口|My shortcuts/)
      .first()
      .waitFor();
  const atPhonePace = {
    peer: await shownAtPhonePace(context, peerUrl, signInForm),
    workbench: await shownAtPhonePace(context, `${server.url}/wel/index`, workbenchShown),
  };
  const workbenchScores = {
    mobile: await lighthouseScores(debugPort, `${server.url}/wel/index`, 'mobile'),
    desktop: await lighthouseScores(debugPort, `${server.url}/wel/index`, 'desktop'),
  };

  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`\nWeb weight and Lighthouse — Chromium ${(await context.browser()?.version()) ?? ''}\n`);
  console.log(
    'page | JS files | JS bytes | JS gzip | main thread (script) | Lighthouse mobile perf/a11y (TBT, runs) | desktop perf/a11y (TBT)',
  );
  for (const [name, w, s] of [
    ['/login', login, loginScores],
    ['/wel/index', workbench, workbenchScores],
    ['peer: Vite + React + antd sign-in', peer, peerScores],
  ] as const) {
    console.log(
      `${name} | ${w.files} | ${kb(w.bytes)} | ${kb(w.gzip)} | ${w.mainThreadMs} ms (${w.scriptMs} ms) | ${s.mobile.performance}/${s.mobile.accessibility} (${s.mobile.tbtMs} ms, ${s.mobile.runs.join(' ')}) | ${s.desktop.performance}/${s.desktop.accessibility} (${s.desktop.tbtMs} ms)`,
    );
  }
  console.log(
    `\nShown at a phone's pace (CPU 4×, 150 ms round trips, 1.6 Mbit/s; warm cache; median of ${SHOWN_RUNS}): workbench ${atPhonePace.workbench.medianMs} ms (${atPhonePace.workbench.runs.join(' ')}), peer's sign-in ${atPhonePace.peer.medianMs} ms (${atPhonePace.peer.runs.join(' ')})`,
  );
  // Every page of the menu, from the build's chunk graph: what it loads beyond the workbench and the chrome.
  const built = weigh(webDist);
  console.log(
    `\nFrom the build manifest (scripts/web-budget.mjs), JS gzip: /login ${kb(built.login.gzip)} (budget ${kb(BUDGETS.login)}, goal ${kb(GOALS.login)}), workbench ${kb(built.workbench.gzip)} (budget ${kb(BUDGETS.workbench)}, goal ${kb(GOALS.workbench)}), the chrome beside it ${kb(built.chrome.gzip)} (budget ${kb(BUDGETS.chrome)})`,
  );
  console.log(
    `page | JS files beyond the workbench and the chrome | JS bytes | JS gzip (budget ${kb(BUDGETS.page)}, goal ${kb(GOALS.page)})`,
  );
  for (const p of [...built.pages].sort((a, b) => b.gzip - a.gzip))
    console.log(`${p.path} | ${p.files} | ${kb(p.bytes)} | ${kb(p.gzip)}`);
  const over = overBudget(built);
  console.log(over.length ? `over budget: ${over.join('; ')}` : 'all within budget');
  console.log(
    `machine load average (1, 5, 15 min): ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(', ')}`,
  );
  const report = {
    at: new Date().toISOString(),
    cpus: os.cpus().length,
    loadAverage: os.loadavg().map((n) => Number(n.toFixed(2))),
    login: { js: login, lighthouse: loginScores },
    workbench: { js: workbench, lighthouse: workbenchScores, shownAtPhonePace: atPhonePace.workbench },
    manifest: { ...built, budgets: BUDGETS, goals: GOALS, overBudget: over },
    peer: {
      what: 'Vite + React + antd sign-in page (bench/src/peers/antd-login)',
      js: peer,
      lighthouse: peerScores,
      shownAtPhonePace: atPhonePace.peer,
    },
  };
  fs.mkdirSync(path.join(root, 'bench/reports'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench/reports/web.json'), JSON.stringify(report, null, 2));
  console.log('\nwritten to bench/reports/web.json');
} finally {
  await context?.close();
  await server.stop();
  peerServer.close();
  fs.rmSync(peerDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(profile, { recursive: true, force: true });
}

#!/usr/bin/env node
// Builds the web app and the server when their output is missing or older than their sources.
// Used by `npm install` (postinstall) and `npm start`, so a fresh clone starts without a separate build.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const soft = process.argv.includes('--soft'); // postinstall: report a failed build, don't fail the install

function newest(dir) {
  let max = 0;
  if (!fs.existsSync(dir)) return max;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist' || e.name.startsWith('.')) continue;
    const p = path.join(dir, e.name);
    max = Math.max(max, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return max;
}

const mtime = (f) => (fs.existsSync(f) ? fs.statSync(f).mtimeMs : 0);
const shared = ['packages'].map((d) => newest(path.join(root, d)));

const targets = [
  {
    name: 'web',
    out: 'apps/web/dist/index.html',
    entry: 'apps/web/index.html',
    sources: ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts'],
  },
  {
    name: 'server',
    out: 'apps/server/dist/main.js',
    entry: 'apps/server/src/main.ts',
    sources: ['apps/server/src', 'apps/server/tsup.config.ts'],
  },
];

let failed = false;
for (const t of targets) {
  if (!fs.existsSync(path.join(root, t.entry))) {
    process.stdout.write(`${t.name}: nothing to build yet (${t.entry} does not exist)\n`);
    continue;
  }
  const built = mtime(path.join(root, t.out));
  const src = Math.max(
    ...shared,
    ...t.sources.map((s) => {
      const p = path.join(root, s);
      return fs.existsSync(p) && fs.statSync(p).isDirectory() ? newest(p) : mtime(p);
    }),
  );
  if (built && built >= src) continue;
  process.stdout.write(`Building ${t.name}…\n`);
  const r = spawnSync('npm', ['run', 'build', '-w', `apps/${t.name}`], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    failed = true;
    process.stderr.write(`Building ${t.name} failed.\n`);
  }
}
if (failed && !soft) process.exit(1);

#!/usr/bin/env node
// Type-checks every TypeScript project of the repository that has sources (tsc --noEmit, strict).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const projects = [
  'apps/server',
  'apps/web',
  'apps/micro-demo',
  'packages/contracts',
  'packages/im-sdk',
  'e2e',
  'bench',
];
const hasSources = (dir) =>
  fs.existsSync(dir) &&
  fs
    .readdirSync(dir, { withFileTypes: true })
    .some((e) =>
      e.isDirectory()
        ? e.name !== 'node_modules' && e.name !== 'dist' && hasSources(path.join(dir, e.name))
        : /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts'),
    );

let failed = false;
for (const p of projects) {
  const dir = path.join(root, p);
  if (!fs.existsSync(path.join(dir, 'tsconfig.json')) || !hasSources(dir)) {
    console.log(`typecheck ${p}: no TypeScript sources yet`);
    continue;
  }
  const r = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', dir, '--noEmit'],
    { stdio: 'inherit' },
  );
  console.log(`typecheck ${p}: ${r.status === 0 ? 'ok' : 'FAILED'}`);
  if (r.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);

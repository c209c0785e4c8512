/**
 * Run by the build (tsup.config.ts, after bundling): writes dist/pglite-snapshot.tar.gz, the migrated empty
 * database a first start is made from (platform/db/snapshot.ts).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { allMigrations } from './boot.js';
import { SNAPSHOT_FILE, writeSnapshot } from './platform/db/index.js';

const file = path.join(path.dirname(fileURLToPath(import.meta.url)), SNAPSHOT_FILE);
const t = performance.now();
// No top-level await: the build bundles this file as CommonJS, as it does the server (tsup.config.ts).
void writeSnapshot(file, allMigrations()).then(() =>
  process.stdout.write(`database snapshot: ${file} (${Math.round(performance.now() - t)} ms)\n`),
);

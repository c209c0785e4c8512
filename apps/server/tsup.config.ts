import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'tsup';

// Workspace packages ship TypeScript sources, so they are bundled. So are typebox and kysely: pure ESM
// without files of their own to find at run time, and ~950 small modules between them that Node would
// otherwise resolve, read and compile one by one on every start; so are the schema compilers and the
// OpenAPI writer (below). A start opens 527 files from node_modules instead of 1,512 (issue 25 §4).
// Everything else from npm stays external.
export default defineConfig({
  entry: ['src/main.ts', 'src/build-snapshot.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: [
    /^@forecourt\//,
    /^typebox(\/|$)/,
    /^kysely(\/|$)/,
    // Fastify's schema compilers as lazy-schemas.ts imports them, with Ajv and fast-json-stringify, and
    // @fastify/swagger with its YAML writer: ~400 more small CommonJS modules read at every start. None
    // looks for files of its own at run time (Ajv's `require("ajv/dist/runtime/…")` strings are only for
    // its standalone code, which we do not generate).
    /^@fastify\/(ajv-compiler|fast-json-stringify-compiler|merge-json-schemas|swagger)$/,
    /^(ajv|ajv-formats|fast-uri|fast-json-stringify|json-schema-ref-resolver|json-schema-traverse)(\/|$)/,
    /^(json-schema-resolver|fast-deep-equal|require-from-string|rfdc|dequal|yaml)(\/|$)/,
  ],
  // The bundled CommonJS modules require Node's own modules; an ES module has no `require` of its own.
  banner: {
    js: "import { createRequire as __forecourtRequire } from 'node:module'; const require = __forecourtRequire(import.meta.url);",
  },
  esbuildOptions: (o) => void (o.conditions = ['@forecourt/source', 'module']), // their sources, not a stale build
  onSuccess: async () => {
    // The build's id: a hash of what it bundled. A restart of the same build skips the seeds it already
    // ran (src/boot.ts, prepareDatabase); a new build runs them again.
    const hash = createHash('sha256');
    for (const f of fs
      .readdirSync('dist')
      .filter((n) => n.endsWith('.js'))
      .sort())
      hash.update(f).update(fs.readFileSync(path.join('dist', f)));
    fs.writeFileSync('dist/build-id', `${hash.digest('hex').slice(0, 32)}\n`);
    // The migrated empty database a first start is made from (src/platform/db/snapshot.ts).
    execFileSync(process.execPath, ['dist/build-snapshot.js'], { stdio: 'inherit' });
  },
});

import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { build, defineConfig, type Options } from 'tsup';
import { START_NODE_FLAGS } from './node-flags.mjs';

/** An esbuild plugin, as tsup takes it (esbuild is tsup's dependency, not ours). */
type Plugin = NonNullable<Options['esbuildPlugins']>[number];

// Workspace packages ship TypeScript sources, so they are bundled. So is every package a start loads:
// typebox and kysely, Fastify with its plugins and their dependencies, pino, ws, fast-jwt, helmet and the
// rest of the list below. Node would otherwise resolve, read and compile their small CommonJS modules one
// by one at every start. A restart opened 491 files from node_modules; it now opens 23: PGlite and
// argon2, which find their WebAssembly, data and native files beside their own code, and swagger-ui's
// package.json (the plugin below). With the whitespace left out (below), a restart on PGlite took 181 ms
// less (docs/bench.md, twenty-second session). What a start does not load (the S3 client, amqplib,
// ioredis, pg, pdfkit and its fonts, the captcha's fonts, the spreadsheet reader) stays external: each
// is imported when first used.

/**
 * @fastify/swagger-ui serves its static files from the folder beside its own code (`__dirname`), which a
 * bundle does not have: the bundled plugin asks Node where the package is. The build fails if the line
 * it replaces changes in a new version, rather than serving the docs page without its scripts.
 */
const swaggerUiStaticDir: Plugin = {
  name: 'swagger-ui-static-dir',
  setup(build) {
    build.onLoad({ filter: /@fastify[\\/]swagger-ui[\\/]lib[\\/]routes\.js$/ }, async (args) => {
      const text = await fs.promises.readFile(args.path, 'utf8');
      const named = "path.join(__dirname, '..', 'static')";
      if (!text.includes(named))
        throw new Error(`${args.path} no longer names its static folder as ${named}`);
      return {
        contents: text.replace(
          named,
          "path.join(path.dirname(require.resolve('@fastify/swagger-ui/package.json')), 'static')",
        ),
        loader: 'js',
      };
    });
  },
};

/**
 * What a new install's first start would otherwise make itself, made by the build: V8's code cache of the
 * bundle, which a start uses only under the Node flags it was made with (here none, as a bare `node
 * dist/main.js` and the benches start it, and `npm start`'s), and the OpenAPI document. A first start
 * without them compiled every function it ran and built the document (docs/bench.md, twenty-ninth
 * session). Each start runs on the built server's defaults (PGlite, the in-process bus) in a data folder
 * of its own that is removed after (the demo company it seeded, with its passwords, goes with it); the
 * build fails with the server's output if one does not start, answer the document and stop cleanly.
 */
async function firstStartsAtBuild(): Promise<void> {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG'];
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => keep.includes(k)));
  const start = async (flags: readonly string[]) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-build-start-'));
    const port = await new Promise<number>((resolve, reject) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = s.address() as net.AddressInfo;
        s.close(() => resolve(port));
      });
      s.on('error', reject);
    });
    const proc = spawn(process.execPath, [...flags, 'dist/main.js'], {
      env: { ...env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    proc.stdout.on('data', (d) => (out += d));
    proc.stderr.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
    try {
      for (const t0 = Date.now(); ;) {
        if (proc.exitCode !== null || Date.now() - t0 > 120_000) throw new Error('no answer');
        const res = await fetch(`http://127.0.0.1:${port}/api/docs/json`).catch(() => undefined);
        if (res?.ok) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      proc.kill('SIGTERM');
      if ((await exited) !== 0) throw new Error('not stopped cleanly');
      return fs.readFileSync(path.join(dataDir, 'openapi.json'));
    } catch (e) {
      proc.kill('SIGKILL');
      throw new Error(
        `the build's first start of the server (${flags.join(' ') || 'no flags'}): ${(e as Error).message}\n${out}`,
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
    }
  };
  const [document] = await Promise.all([start([]), start(START_NODE_FLAGS)]);
  fs.writeFileSync('dist/openapi.json', document!);
  // tsup's clean empties dist's folders but keeps them.
  fs.rmSync('dist/code-cache-build', { recursive: true, force: true });
  fs.mkdirSync('dist/code-cache-build');
  for (const name of fs.readdirSync('dist/code-cache').filter((n) => n.endsWith('.bin')))
    fs.renameSync(path.join('dist/code-cache', name), path.join('dist/code-cache-build', name));
}

/**
 * The server is one CommonJS bundle, dist/server.cjs, that dist/main.js (src/launch.ts) compiles from
 * V8's code cache: Node 20 has no compile cache for ES modules, nor a way to give one to its loader. A
 * restart on PGlite took 0.11–0.16 s less than the ES-module bundle it replaced, whose 20 chunks the loader
 * linked and parsed at every start (docs/bench.md, twenty-third session). A bundle is `import.meta.url`'s
 * only user here: CommonJS has its own `__filename`.
 */
export default defineConfig({
  entry: ['src/server.ts', 'src/build-snapshot.ts'],
  format: ['cjs'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  define: { 'import.meta.url': '__forecourtImportMetaUrl' },
  banner: { js: "const __forecourtImportMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
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
    // Fastify, its plugins, and the rest of what a start loads; their own dependencies come with them.
    /^(fastify|pino|ws|fast-jwt|helmet|lru-cache|modern-ahocorasick|proper-lockfile)$/,
    /^@fastify\/(formbody|multipart|rate-limit|websocket|type-provider-typebox|static|swagger-ui)$/,
  ],
  esbuildPlugins: [swaggerUiStaticDir],
  // Without the whitespace and comments, the bundle is 3.9 MB instead of 5.4: read, decoded and parsed at
  // every start. Names are kept, and the source maps give a stack trace its TypeScript lines.
  minifyWhitespace: true,
  esbuildOptions: (o) => {
    o.conditions = ['@forecourt/source', 'module']; // their sources, not a stale build
    // A stack trace needs the mappings, not a copy of each source (src/platform/stack-map.ts): 3.3 MB of
    // maps instead of 10.4, read with the first stack trace that needs them.
    o.sourcesContent = false;
    // The packages' licence comments in a file beside the bundle (server.cjs.LEGAL.txt), not at its end:
    // one of them holds a non-ASCII name, and the bundle must be ASCII (see onSuccess).
    o.legalComments = 'linked';
  },
  onSuccess: async () => {
    // An `import()` in the bundle would go through Node's experimental vm loader (src/platform/packages.ts):
    // the one allowed is `importPackage`'s own, for a run from the sources.
    const bundle = fs.readFileSync('dist/server.cjs');
    const imports = bundle.toString('utf8').match(/(?<![\w$.])import\(/g)?.length ?? 0;
    if (imports !== 1)
      throw new Error(
        `dist/server.cjs holds ${imports} import() calls, not 1: load packages with importPackage`,
      );
    // V8 keeps a source with one non-ASCII character as a two-byte string: the 4 MB bundle read into
    // 8 MB, through UTF-8 decoding's slow path, at every start (~2,000 more page faults, ~18 µs each on
    // the slower machines; docs/bench.md, twenty-eighth session). esbuild escapes strings; a regular
    // expression, a template's raw text or a comment it keeps as written.
    const at = bundle.findIndex((b) => b > 0x7f);
    if (at >= 0)
      throw new Error(
        `dist/server.cjs holds a non-ASCII character at byte ${at} (…${bundle.subarray(Math.max(0, at - 60), at + 20).toString()}…): write it as an escape or in a string literal`,
      );
    // The launcher, an ES module (the package's type): src/launch.ts and the two small files it imports.
    await build({
      entry: { main: 'src/launch.ts' },
      format: ['esm'],
      platform: 'node',
      target: 'node20',
      outDir: 'dist',
      clean: false,
      config: false,
      silent: true,
    });
    // The build's id: a hash of what it bundled. A restart of the same build skips the seeds it already
    // ran (src/boot.ts, prepareDatabase), and the launcher's code cache is this build's; a new build runs
    // them again and makes a cache of its own.
    const hash = createHash('sha256');
    for (const f of fs
      .readdirSync('dist')
      .filter((n) => n.endsWith('.js') || n.endsWith('.cjs'))
      .sort())
      hash.update(f).update(fs.readFileSync(path.join('dist', f)));
    fs.writeFileSync('dist/build-id', `${hash.digest('hex').slice(0, 32)}\n`);
    // The migrated empty database a first start is made from (src/platform/db/snapshot.ts).
    execFileSync(process.execPath, ['dist/build-snapshot.cjs'], { stdio: 'inherit' });
    await firstStartsAtBuild();
  },
});

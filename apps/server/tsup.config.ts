import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type Options } from 'tsup';

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
    // Fastify, its plugins, and the rest of what a start loads; their own dependencies come with them.
    /^(fastify|pino|ws|fast-jwt|helmet|lru-cache|modern-ahocorasick|proper-lockfile)$/,
    /^@fastify\/(formbody|multipart|rate-limit|websocket|type-provider-typebox|static|swagger-ui)$/,
  ],
  // The bundled CommonJS modules require Node's own modules; an ES module has no `require` of its own.
  banner: {
    js: "import { createRequire as __forecourtRequire } from 'node:module'; const require = __forecourtRequire(import.meta.url);",
  },
  esbuildPlugins: [swaggerUiStaticDir],
  // Without the whitespace and comments, the bundle is 3.9 MB instead of 5.4: read, decoded and parsed at
  // every start. Names are kept, and the source maps give a stack trace its TypeScript lines.
  minifyWhitespace: true,
  esbuildOptions: (o) => {
    o.conditions = ['@forecourt/source', 'module']; // their sources, not a stale build
    // `npm start` runs with --enable-source-maps, and Node 20 reads and parses every map as its module
    // loads. A stack trace needs the mappings, not a copy of each source: 3.3 MB of maps instead of 10.4.
    o.sourcesContent = false;
  },
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

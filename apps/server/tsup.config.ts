import { execFileSync } from 'node:child_process';
import { defineConfig } from 'tsup';

// Workspace packages ship TypeScript sources, so they are bundled. So are typebox and kysely: pure ESM
// without files of their own to find at run time, and ~950 small modules between them that Node would
// otherwise resolve, read and compile one by one on every start (issue 25 §4: 1,507 → 823 files opened).
// Everything else from npm stays external.
export default defineConfig({
  entry: ['src/main.ts', 'src/build-snapshot.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: [/^@forecourt\//, /^typebox(\/|$)/, /^kysely(\/|$)/],
  esbuildOptions: (o) => void (o.conditions = ['@forecourt/source', 'module']), // their sources, not a stale build
  // The migrated empty database a first start is made from (src/platform/db/snapshot.ts).
  onSuccess: async () => {
    execFileSync(process.execPath, ['dist/build-snapshot.js'], { stdio: 'inherit' });
  },
});

import { execFileSync } from 'node:child_process';
import { defineConfig } from 'tsup';

// Workspace packages ship TypeScript sources, so they are bundled; everything from npm stays external.
export default defineConfig({
  entry: ['src/main.ts', 'src/build-snapshot.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: [/^@forecourt\//],
  esbuildOptions: (o) => void (o.conditions = ['@forecourt/source', 'module']), // their sources, not a stale build
  // The migrated empty database a first start is made from (src/platform/db/snapshot.ts).
  onSuccess: async () => {
    execFileSync(process.execPath, ['dist/build-snapshot.js'], { stdio: 'inherit' });
  },
});

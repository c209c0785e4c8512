import { defineConfig } from 'tsup';

// Workspace packages ship TypeScript sources, so they are bundled; everything from npm stays external.
export default defineConfig({
  entry: ['src/main.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: [/^@forecourt\//],
  esbuildOptions: (o) => void (o.conditions = ['@forecourt/source', 'module']), // their sources, not a stale build
});

import { defineConfig } from 'tsup';

// The package as projects outside this repository install it: ESM and CJS with declarations. `ws` stays a
// dependency (Node 20 has no global WebSocket); browsers and Node ≥ 22 never load it.
export default defineConfig({
  entry: { index: 'src/index.ts', types: 'src/types.ts', protocol: 'src/protocol.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  platform: 'neutral',
  target: 'es2022',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  external: ['ws'],
});

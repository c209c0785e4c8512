import { defineConfig } from 'vite';

/**
 * The sample micro-app, served by the shell's build at /micro/demo/. qiankun evaluates a micro-app's
 * scripts itself (it does not run ES modules), so the bundle is one classic script (iife) that hands
 * its lifecycle functions to the host through a global (src/main.ts). File names keep their hashes:
 * the server caches assets for a year.
 */
export default defineConfig({
  base: '/micro/demo/',
  build: {
    outDir: 'dist',
    modulePreload: false,
    cssCodeSplit: false,
    rollupOptions: { output: { format: 'iife', inlineDynamicImports: true } },
  },
});
